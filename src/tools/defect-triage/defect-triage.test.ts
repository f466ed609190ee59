// Tests for defect-triage: severity and category cues, completeness, priority and refusals (tester tables); cue units, hostile input.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { SHIPPED_GROUPS, categoryOf, contentLoss, docFile, expandContractions, exposure, isMaintenance, lemma, lossOfFunction, requestVerb, severityOf, stripMachineText, tokenize, triage } from './engine.ts';
import { CANDIDATE_GROUPS, CATEGORY_CUES, DEFINITION_GROUPS, SEVERITY_CUES } from './lexicon.ts';
import type { CueGroup } from './lexicon.ts';
import { testTool } from '../kit/tester.ts';
import type { ValidCase } from '../kit/tester.ts';
import tool from './tool.ts';

/** Each row's text, read by `read`, gives the row's answer (the text names the row when it fails). */
function expectAnswers<T>(read: (text: string) => T, rows: readonly (readonly [string, T])[]): void {
  for (const [text, want] of rows) expect(read(text), text).toBe(want);
}

const severityCases: { report: unknown; severity: string; category: string; signal?: string }[] = [
  { report: 'Saving a document corrupts the file', severity: 'critical', category: 'data', signal: 'corrupts' },
  { report: 'All users lose data after the nightly sync', severity: 'critical', category: 'data', signal: 'lose data' },
  { report: 'Stored XSS in the comment field', severity: 'critical', category: 'security', signal: 'xss' },
  { report: 'App crashes when opening settings', severity: 'critical', category: 'crash', signal: 'crashes' },
  { report: 'Editor hangs on large files', severity: 'critical', category: 'crash', signal: 'hangs' },
  { report: { title: 'Export to PDF is broken', description: 'The export button does not work since 2.3, a regression.' }, severity: 'high', category: 'integration' },
  { report: 'Search page is slow with many results', severity: 'medium', category: 'performance' },
  { report: 'Order form misbehaves with two tabs open', severity: 'medium', category: 'ui' },
  { report: 'Typo on the welcome screen', severity: 'low', category: 'ui', signal: 'typo' },
  { report: 'Fix typo in the README', severity: 'low', category: 'docs', signal: 'typo' },
  { report: 'Cosmetic: icon slightly misaligned in the toolbar', severity: 'low', category: 'ui' },
  { report: 'TestQuotaManager.testExpiry is flaky', severity: 'low', category: 'other' },
  { report: 'Reports footer text is grey', severity: 'medium', category: 'other' },
  // Security and data exposure are critical (broken access control, OWASP A01), whatever other words appear.
  {
    report: "Customers see other tenants' invoices in production\nSigning up as a new user, the invoice list shows invoices of another tenant.",
    severity: 'critical',
    category: 'security',
    signal: 'see other tenants',
  },
  { report: 'API returns data of another customer for a guessed order id', severity: 'critical', category: 'security' },
  { report: 'Password reset emails are sent to the wrong user', severity: 'critical', category: 'security' },
  { report: 'Cross-tenant data exposure in the reporting export', severity: 'critical', category: 'security', signal: 'cross tenant' },
  { report: 'Password reset token is logged in plain text', severity: 'critical', category: 'security', signal: 'in plain text' },
  // Loss of user content in other words than "data loss" is Bugzilla's loss of data.
  { report: 'Lost many pages of a file that I saved', severity: 'critical', category: 'data', signal: 'lost many pages' },
  { report: 'My unsaved changes are lost when the session expires', severity: 'critical', category: 'data' },
  { report: 'CSV export is slow\nExporting 10k rows takes 40 seconds.', severity: 'medium', category: 'performance' },
];

describe('defect-triage: severity and category', () => {

  it('ignores negated cues', () => {
    expect(severityOf('Import no longer crashes but shows a warning', '').severity).not.toBe('critical');
    expect(severityOf('Upload finishes without data loss but slowly', '').severity).not.toBe('critical');
    expect(severityOf("The viewer doesn't crash any more", '').signals).not.toContain('crash');
  });

  it('damps severity cues in dependency bumps', () => {
    expectAnswers(isMaintenance, [
      ['Upgrade jackson-databind to 2.15 due to CVE-2023-1234', true],
      ['[ABFS] Bump netty', true],
      ['Login page crashes', false],
    ]);
    expect(severityOf('Upgrade jackson-databind to 2.15 due to CVE-2023-1234', '').severity).toBe('medium');
    expect(severityOf('Stored XSS in profile page, see CVE-2023-1234', '').severity).toBe('critical');
  });


  it('does not read machine output as severity words', () => {
    const body = 'Steps: run the job.\n{code}\nERROR Exception in thread main java.lang.OutOfMemoryError crash\n{code}\n  at org.foo.Bar(Bar.java:12)\n';
    const { prose, hadTrace } = stripMachineText(body);
    expect(hadTrace).toBe(true);
    expect(prose).not.toContain('OutOfMemoryError');
    expect(prose).not.toContain('org.foo');
    expect(severityOf('Job output differs between runs', body).severity).toBe('medium');
  });

  it('prefers a title cue to a body cue for the category', () => {
    expect(categoryOf('Tooltip text is cut off', 'The data in the table is fine.').category).toBe('ui');
    expect(categoryOf('Strange behaviour', 'The data in the table is lost.').category).toBe('data');
  });

  it('normalises inflections without merging unrelated words', () => {
    expect(['crash', 'crashes', 'crashed', 'crashing'].map(lemma)).toEqual(['crash', 'crash', 'crash', 'crash']);
    expect(lemma('unused')).not.toBe(lemma('unusable'));
    expect(lemma('several')).not.toBe(lemma('severe'));
    expect(lemma('documentation')).not.toBe(lemma('document'));
  });

  it('has well-formed cue tables', () => {
    const phrases = SEVERITY_CUES.map((c) => c.phrase);
    expect(new Set(phrases).size).toBe(phrases.length);
    for (const c of SEVERITY_CUES) expect(['critical', 'major', 'minor']).toContain(c.level);
    for (const list of Object.values(CATEGORY_CUES)) expect(new Set(list).size).toBe(list.length);
  });
});

describe('defect-triage: title shape, negation, workarounds and cut-points', () => {
  it('reads a lost core action in the title as a major loss of function', () => {
    expectAnswers(lossOfFunction, [
      ['Cannot save file. Error saving subfile content.xml', 'not save'],
      ["EGit doesn't allow pull, staging or push", 'not allow'],
      ['Printing with 4.1 is not possible in OS/2', 'not possible'],
      ['Unable to log in after password reset', 'unable to log in'],
      ['The wizard should not allow empty names', null],
      ['Search results load slowly', null],
    ]);
    const s = severityOf('EGit does not allow push with shared folders', '');
    expect(s.severity).toBe('high');
    expect(s.signals).toContain('not allow');
    expect(severityOf('Upgrade netty: old version does not build on JDK 21', '').severity).toBe('medium');
  });

  it('recognises a request for new behaviour in the title, a group measured but not shipped', () => {
    expectAnswers(requestVerb, [
      ['Add option to downgrade S3A rejection of Syncable to warning', 'add'],
      ['[ABFS] Support infinite lease dirs', 'support'],
      ['S3A to support user-specified content encoding', 'to support'],
      ['ABFS: configure output stream thread pool', 'configure'],
      ['Crash when saving a file', null],
      ['Editor hangs on large files', null],
    ]);
    // It lowered one source and raised another when held out, so it is not shipped.
    expect(SHIPPED_GROUPS.has('request')).toBe(false);
    expect(severityOf('Add an option to show line numbers', '').severity).toBe('medium');
    const withRequest = new Set<CueGroup>([...SHIPPED_GROUPS, 'request']);
    const s = severityOf('Add an option to show line numbers', '', { groups: withRequest });
    expect(s.severity).toBe('low');
    expect(s.signals).toContain('add');
    // A request does not hide a real failure named next to it.
    expect(severityOf('Add a guard: editor crashes on empty files', '', { groups: withRequest }).severity).toBe('critical');
    // Nor does a request read as an exposure: asking for access is not a leak.
    expect(severityOf("Allow admins to view other users' profiles", '').severity).toBe('medium');
  });

  it('negates a cue past auxiliaries and fillers, not past a clause boundary or two content words', () => {
    expect(severityOf('The viewer does not seem to crash any more', '').signals).not.toContain('crash');
    expect(severityOf('Import finished with no more hangs', '').severity).not.toBe('critical');
    expect(severityOf('Startup takes long, no data loss', '').severity).not.toBe('critical');
    expect(severityOf('Not sure why, the editor crashes on paste', '').severity).toBe('critical');
    expect(severityOf('No idea what happens but the editor crashes', '').severity).toBe('critical');
  });

  it('treats "no workaround" as aggravating and an easy workaround as mitigating', () => {
    const base = severityOf('Export drops the footer', '').score;
    expect(severityOf('Export drops the footer', 'There is no workaround.').score).toBeGreaterThan(base);
    expect(severityOf('Export drops the footer', 'An easy workaround is to export twice.').score).toBeLessThan(base);
    expect(severityOf('Export drops the footer', 'There is no workaround.').signals).toContain('no workaround');
  });

  it('keeps NPEs and quoted CVEs in dependency bumps at medium', () => {
    expect(severityOf('NPE in RebasePlanIndexer', '').severity).toBe('medium');
    const body = 'The current version has CVE-2023-1 (denial of service), a memory leak and an OOM; vulnerability rated critical.';
    expect(severityOf('Update wildfly openssl to 2.1.3', body).severity).toBe('medium');
    expect(severityOf('Wildfly openssl leaks memory until OOM', body).severity).toBe('critical');
  });

  it('reads documentation files, security classes and crash synonyms the lexicon names', () => {
    expectAnswers(docFile, [
      ['fsdatainputstreambuilder.md refers to an old release', 'fsdatainputstreambuilder.md'],
      ['See (README.md), please', 'README.md'],
      ['Version 1.2 is out', null],
    ]);
    expect(severityOf('Path traversal in the upload handler', '').severity).toBe('critical');
    expect(severityOf('Scheduler spins in an infinite loop on empty queues', '').severity).toBe('critical');
    expect(severityOf('Inconsistent capitalization of the Save button label', '').severity).toBe('low');
  });

  it('lets the strongest level of evidence decide, without a score cut-point', () => {
    // Critical evidence outranks minor evidence in the same title.
    expect(severityOf('Typo in the config key makes the server crash', '').severity).toBe('critical');
    // However many lesser complaints pile up, they stay at their level.
    expect(severityOf('Broken export, does not work, not working, unusable', '').severity).toBe('high');
    // The title decides when it carries evidence; the body is read when it carries none.
    expect(severityOf('Typo in the dialog title', 'Clicking it later made the app crash.').severity).toBe('low');
    expect(severityOf('Strange behaviour after paste', 'The editor crashes.').severity).toBe('critical');
    expect(severityOf('Strange behaviour after paste', 'The editor crashes.', { body: 'title_only' }).severity).toBe('medium');
    expect(severityOf('Strange behaviour after paste', '').signals).toEqual([]);
  });

  it('ships the definition groups and the candidates that held on every source', () => {
    for (const g of DEFINITION_GROUPS) expect(SHIPPED_GROUPS.has(g)).toBe(true);
    expect([...SHIPPED_GROUPS].filter((g) => CANDIDATE_GROUPS.includes(g)).sort()).toEqual(['dependency_bump', 'test_only']);
    const groups = new Set(SEVERITY_CUES.map((c) => c.group));
    for (const g of groups) expect([...DEFINITION_GROUPS, ...CANDIDATE_GROUPS]).toContain(g);
  });

  it('finds exposure only when someone else\'s data is the object of an access', () => {
    expectAnswers((text) => exposure(tokenize(text)), [
      ["the dashboard lists invoices of another tenant", 'lists another tenant'],
      ["Users can see other users' private files", 'see other users'],
      ['Other users see wrong totals', null],
      ["Users cannot see other users' posts", null],
      ["A user should not see other tenants' data", 'see other tenants'],
      ['Switch to another account, then open the list', null],
    ]);
  });

  it('finds lost user content in its own words, not lost borders or negations', () => {
    expectAnswers((text) => contentLoss(tokenize(text)), [
      ['Lost images while editing a Writer file', 'lost images'],
      ['All my changes were lost', 'changes were lost'],
      ['image border lost when saving', null],
      ['No changes are lost any more', null],
    ]);
  });
});

describe('defect-triage: priority', () => {
  it('breaks ties by input order', () => {
    const t = triage(['Button label wrong colour', 'Button label wrong colour']);
    expect(t.map((x) => x.priority)).toEqual([1, 2]);
  });
});

/** The triaged reports of an answer, as the output schema reads them. */
const triaged = (b: Record<string, unknown>) => tool.output.parse(b).triaged;
const first = (b: Record<string, unknown>) => triaged(b)[0]!;

const severityRows: ValidCase[] = severityCases.map((c) => ({
  name: `${typeof c.report === 'string' ? c.report : (c.report as { title: string }).title} -> ${c.severity}/${c.category}`,
  input: { reports: [c.report] },
  check: (b) => {
    const t = first(b);
    expect(t.severity).toBe(c.severity);
    expect(t.category).toBe(c.category);
    if (c.signal) expect(t.signals.severity).toContain(c.signal);
    if (c.category !== 'other') expect(t.signals.category.length).toBeGreaterThan(0);
    else expect(t.signals.category).toEqual([]);
  },
}));

testTool(tool, {
  valid: [
    ...severityRows,
    {
      name: 'completeness: a full structured report misses nothing',
      input: { reports: [{ id: 42, title: 'Checkout total ignores discount', steps: ['Add a discounted item', 'Open checkout'], expected: 'Total is 90.00', actual: 'Total is 100.00', environment: 'Firefox 128, Ubuntu 24.04' }] },
      output: { triaged: [{ id: '42', has_repro: true, missing_info: [] }] },
    },
    {
      name: 'completeness: a bare title misses everything',
      input: { reports: ['Checkout total ignores discount'] },
      output: { triaged: [{ has_repro: false, missing_info: ['no_repro_steps', 'no_expected_vs_actual', 'no_environment'] }] },
    },
    {
      name: 'completeness: finds steps, expected vs actual and environment in free text',
      input: { reports: ['Totals wrong on checkout\nSteps to reproduce:\n1. Add a discounted item\n2. Open checkout\nExpected 90.00 but it shows 100.00.\nVersion 3.4.1 on Windows 11.'] },
      output: { triaged: [{ has_repro: true, missing_info: [] }] },
    },
    {
      name: 'completeness: accepts numbered steps without a heading',
      input: { reports: [{ title: 'Cart empties', description: '1) open the cart\n2) reload the page\nThe cart should keep its items.' }] },
      output: { triaged: [{ has_repro: true, missing_info: ['no_environment'] }] },
    },
    {
      name: 'priority: ranks the batch by urgency and keeps input order in the output',
      input: { reports: ['Typo in footer', 'Server crashes on start', { id: 'B', title: 'Export is broken' }, 'Search results load slowly'] },
      check: (b) => {
        const t = triaged(b);
        expect(t.map((x) => x.index)).toEqual([0, 1, 2, 3]);
        expect(t.map((x) => x.priority)).toEqual([4, 1, 2, 3]);
        expect(new Set(t.map((x) => x.priority)).size).toBe(4);
      },
    },
    {
      name: 'priority: ranks a cross-tenant exposure above a slow export: severity first, then security first',
      input: { reports: ['CSV export is slow\nExporting 10k rows takes 40 seconds.', 'Search results load slowly', 'New users see invoices of another tenant in production', 'Typo in footer'] },
      check: (b) => {
        const t = triaged(b);
        expect(t.map((x) => `${x.severity}/${x.category}`)).toEqual(['medium/performance', 'medium/performance', 'critical/security', 'low/docs']);
        expect(t.map((x) => x.priority)).toEqual([2, 3, 1, 4]);
      },
    },
    { name: 'priority: gives priority 1 to a single report', input: { reports: ['Typo in footer'] }, output: { triaged: [{ priority: 1 }] } },
  ],
  invalid: [
    { name: 'reports missing', input: {}, code: 'reports_required' },
    { name: 'reports empty', input: { reports: [] }, code: 'reports_too_short' },
    { name: 'reports not an array', input: { reports: 'crash' }, code: 'reports_must_be_array' },
    { name: 'too many reports', input: { reports: new Array(201).fill('x') }, code: 'reports_too_long' },
    { name: 'blank string report', input: { reports: ['   '] }, code: 'reports_too_short', details: { field: 'reports.0' } },
    { name: 'string report too long', input: { reports: ['a'.repeat(20_001)] }, code: 'reports_too_long', details: { field: 'reports.0' } },
    { name: 'object without title', input: { reports: [{ description: 'x' }] }, code: 'reports_invalid', details: { field: 'reports.0' } },
    { name: 'number as a report', input: { reports: [5] }, code: 'reports_invalid', details: { field: 'reports.0' } },
    { name: 'title too long', input: { reports: [{ title: 'a'.repeat(501) }] }, code: 'reports_too_long', details: { field: 'reports.0.title' } },
    { name: 'too many steps', input: { reports: [{ title: 'x', steps: new Array(51).fill('s') }] }, code: 'reports_invalid', details: { field: 'reports.0' } },
    { name: 'body not an object', input: 'crash', code: 'body_must_be_object' },
  ],
});

describe('defect-triage: hostile input', () => {
  it('answers quickly on inputs at the caps and on pathological text', async () => {
    const t0 = performance.now();
    const nasty = [
      '{code'.repeat(4_000),
      '```'.repeat(6_000),
      '{noformat}'.repeat(2_000),
      'not '.repeat(5_000),
      'a'.repeat(20_000),
      '1. '.repeat(6_000),
      'at x.y('.repeat(2_800),
      '\u0000\u202e\uffff'.repeat(6_000),
      "can't won't doesn't ".repeat(1_000),
      'given when then '.repeat(1_200),
    ];
    const reports = Array.from({ length: 200 }, (_, i) => {
      const text = nasty[i % nasty.length] ?? '';
      return { id: `R-${i}`, title: text.slice(0, 500) || 'x', description: text.slice(0, 20_000), steps: text.slice(0, 10_000), expected: text.slice(0, 5_000), actual: text.slice(0, 5_000) };
    });
    const res = await callTool(tool, { reports });
    expect(res.status).toBe(200);
    expect(triaged(res.body).length).toBe(200);
    expect(performance.now() - t0).toBeLessThan(15_000);
  });
});

const bugs = path.resolve(process.cwd(), '../shared/bench/agile/bugs.jsonl');

describe.skipIf(!existsSync(bugs))('defect-triage: bugs.jsonl', () => {
  it('beats the naive keyword baseline (macro-F1 0.28) on the labelled reports', () => {
    const rows = readFileSync(bugs, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { title: string; body: string | null; severity: string });
    const out = triage(rows.map((r) => ({ title: r.title, description: r.body ?? '' })));
    const labels = ['critical', 'high', 'medium', 'low'];
    const f1 = labels.map((l) => {
      const tp = rows.filter((r, i) => r.severity === l && out[i]?.severity === l).length;
      const fp = rows.filter((r, i) => r.severity !== l && out[i]?.severity === l).length;
      const fn = rows.filter((r, i) => r.severity === l && out[i]?.severity !== l).length;
      return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
    });
    expect(f1.reduce((a, b) => a + b, 0) / labels.length).toBeGreaterThan(0.3);
  });
});

describe('defect-triage: the tokeniser', () => {
  // The regular expression the character scan replaced, kept as the reference for its answers.
  const reference = (text: string): { stem: string; raw: string }[] => {
    const t = expandContractions(text);
    const out: { stem: string; raw: string }[] = [];
    for (const m of t.matchAll(/[\p{L}\p{N}]+|[.,;:!?()[\]{}\n]/gu)) {
      const w = m[0];
      if (w.length === 1 && !/[\p{L}\p{N}]/u.test(w)) {
        if (out.length > 0 && out[out.length - 1]?.stem !== '|') out.push({ stem: '|', raw: w });
        continue;
      }
      if (w.length > 60) continue;
      out.push({ stem: lemma(w), raw: w });
    }
    return out;
  };
  it('splits text exactly as the word regex did', () => {
    const pieces = fc.constantFrom('crash', 'Crashes', "can't", ' ', '.', ',', '\n', '\r', 'é', 'ß', '日本', '𝒳', '\u0301', '3', '-', "'", 'a'.repeat(61), '(', '[', '{', '}', ']', ')', ':', ';', '!', '?');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(tokenize(text)).toEqual(reference(text));
      }),
      { numRuns: 500 },
    );
  });
});
