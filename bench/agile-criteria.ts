// Bench: how often each acceptance-criteria and ticket-lint rule fires on real stories, criteria and bugs, with examples.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Strictness } from '../src/tools/acceptance-criteria-validator/checks.ts';
import { assessCriterion } from '../src/tools/acceptance-criteria-validator/checks.ts';
import { LIMITS, validateCriteria } from '../src/tools/acceptance-criteria-validator/engine.ts';
import { extractCriteria } from '../src/tools/kit/criteria/extract.ts';
import type { Ticket } from '../src/tools/ticket-lint/engine.ts';
import { lintTicket } from '../src/tools/ticket-lint/engine.ts';
import { FINDING_CODES } from '../src/tools/ticket-lint/rules.ts';

interface StoryRow {
  id: string;
  dataset: string;
  text: string;
  benefit: string | null;
  has_so_that: boolean;
}

interface CriteriaRow {
  id: string;
  kind: 'gherkin_scenario' | 'jira_acceptance_criteria';
  title: string;
  criteria: string[];
  story_text?: string;
  storypoint?: string;
}

interface BugRow {
  id: string;
  title: string;
  body: string;
  component: string | null;
}

const EXAMPLES = 10;
const SNIPPET = 170;

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as T);
}

function pct(n: number, d: number): string {
  return d === 0 ? '  n/a' : `${((100 * n) / d).toFixed(1).padStart(5)}%`;
}

function snippet(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > SNIPPET ? `${one.slice(0, SNIPPET - 1)}\u2026` : one;
}

/** Ten examples spread evenly over the flagged list, so they do not all come from one project or feature. */
function spread<T>(items: readonly T[], k = EXAMPLES): T[] {
  if (items.length <= k) return [...items];
  const out: T[] = [];
  for (let i = 0; i < k; i++) out.push(items[Math.floor((i * items.length) / k)] as T);
  return out;
}

/** Warn when a rule flags nearly everything or nothing: either the rule or the data needs a look. */
function flag(n: number, d: number): string {
  if (d === 0) return '';
  const share = n / d;
  if (share >= 0.9) return '  <- nearly all';
  if (n === 0) return '  <- none';
  return '';
}

interface RuleTally {
  name: string;
  flagged: { id: string; text: string; note?: string }[];
  total: number;
  comment?: string;
}

function renderTallies(title: string, tallies: readonly RuleTally[]): string[] {
  const lines = [`### ${title}`, ''];
  const width = Math.max(...tallies.map((t) => t.name.length), 10);
  for (const t of tallies) {
    lines.push(`  ${t.name.padEnd(width)}  ${String(t.flagged.length).padStart(4)} / ${String(t.total).padEnd(4)} ${pct(t.flagged.length, t.total)}${flag(t.flagged.length, t.total)}${t.comment ? `  (${t.comment})` : ''}`);
  }
  lines.push('');
  for (const t of tallies) {
    if (t.flagged.length === 0) continue;
    lines.push(`  ${t.name}: examples`);
    for (const ex of spread(t.flagged)) lines.push(`    - [${ex.id}] ${snippet(ex.text)}${ex.note ? `  => ${ex.note}` : ''}`);
    lines.push('');
  }
  return lines;
}

/** One Gherkin scenario as a single criterion: its steps, one per line (the Background is context, not the criterion). */
function scenarioText(row: CriteriaRow): string {
  return row.criteria.join('\n');
}

function criteriaSection(rows: readonly CriteriaRow[], strictness: Strictness): string[] {
  const out: string[] = [];
  const units: { id: string; text: string; kind: CriteriaRow['kind'] }[] = [];
  for (const r of rows) {
    if (r.kind === 'gherkin_scenario') units.push({ id: r.id.replace(/^diaspora:features\//, ''), text: scenarioText(r), kind: r.kind });
    else r.criteria.forEach((c, i) => units.push({ id: `${r.id}#${i}`, text: c, kind: r.kind }));
  }
  const rules = ['observable_outcome', 'testable', 'atomic'] as const;
  const tallies: RuleTally[] = [];
  const recordTallies: RuleTally[] = [];
  const termCounts = new Map<string, number>();
  const byRecord = new Map<string, Set<string>>();
  const noCondition: RuleTally = { name: 'clear_condition absent', flagged: [], total: units.length, comment: 'a bonus, not a problem' };
  for (const rule of rules) tallies.push({ name: rule, flagged: [], total: units.length });
  for (const u of units) {
    const a = assessCriterion(u.text, strictness);
    const record = u.id.split('#')[0] as string;
    for (const p of a.problems) {
      const t = tallies.find((x) => x.name === p.rule) as RuleTally;
      const note = p.vague_terms && p.vague_terms.length > 0 ? `vague: ${p.vague_terms.join(', ')}` : p.rule === 'testable' ? 'no condition' : undefined;
      t.flagged.push({ id: u.id, text: u.text, ...(note ? { note } : {}) });
      const set = byRecord.get(p.rule) ?? new Set<string>();
      set.add(record);
      byRecord.set(p.rule, set);
      for (const term of p.vague_terms ?? []) termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
    }
    if (!a.checks.clear_condition) noCondition.flagged.push({ id: u.id, text: u.text });
  }
  tallies.push(noCondition);
  for (const rule of rules) {
    const ids = byRecord.get(rule) ?? new Set<string>();
    recordTallies.push({ name: rule, flagged: [...ids].map((id) => ({ id, text: '' })), total: rows.length });
  }

  // Set level: each record is one submission (a Gherkin scenario alone, a Jira block); Gherkin scenarios also grouped by feature file.
  const negRecords: RuleTally = { name: 'negative_coverage (per record)', flagged: [], total: rows.length };
  const scores: number[] = [];
  let passes = 0;
  for (const r of rows) {
    const list = r.kind === 'gherkin_scenario' ? [scenarioText(r)] : r.criteria;
    const res = validateCriteria({ acceptance_criteria: list.map((c) => c.slice(0, LIMITS.maxCriterionLength)), strictness });
    scores.push(res.score_0_100);
    if (res.verdict === 'pass') passes++;
    if (res.missing_coverage.some((g) => g.rule === 'negative_coverage')) negRecords.flagged.push({ id: r.id, text: list.join(' | ') });
  }
  const features = new Map<string, string[]>();
  for (const r of rows) {
    if (r.kind !== 'gherkin_scenario') continue;
    const f = r.id.split(':')[1] ?? r.id;
    const l = features.get(f) ?? [];
    l.push(scenarioText(r));
    features.set(f, l);
  }
  const negFeatures: RuleTally = { name: 'negative_coverage (Gherkin, per feature file)', flagged: [], total: features.size };
  for (const [f, list] of [...features.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const res = validateCriteria({ acceptance_criteria: list, strictness });
    if (res.missing_coverage.some((g) => g.rule === 'negative_coverage')) negFeatures.flagged.push({ id: f, text: list.map((s) => s.split('\n')[0]).join(' | ') });
  }
  const gher = units.filter((u) => u.kind === 'gherkin_scenario').length;
  out.push(
    `## acceptance-criteria-validator on ${rows.length} real criteria records (strictness ${strictness})`,
    '',
    `Units: ${units.length} criteria = ${gher} Gherkin scenarios (one criterion each) + ${units.length - gher} Jira acceptance-criteria lines from ${rows.length - rows.filter((r) => r.kind === 'gherkin_scenario').length} blocks.`,
    '',
  );
  out.push(...renderTallies('Per criterion (share of the criteria that fail the check)', tallies));
  out.push('### Per record (share of the 281 records with at least one criterion failing the check)', '');
  for (const t of recordTallies) out.push(`  ${t.name.padEnd(20)} ${String(t.flagged.length).padStart(4)} / ${t.total} ${pct(t.flagged.length, t.total)}${flag(t.flagged.length, t.total)}`);
  out.push('');
  out.push(...renderTallies('Set level', [negRecords, negFeatures]));
  const mean = scores.reduce((s, x) => s + x, 0) / Math.max(1, scores.length);
  out.push(`  records: mean score_0_100 ${mean.toFixed(1)}, verdict pass ${pct(passes, rows.length)}`, '');
  const top = [...termCounts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 20);
  out.push(`  most frequent vague terms: ${top.map(([t, n]) => `${t} ${n}`).join(', ')}`, '');
  return out;
}

/** The issue-18 sentences: several behaviours under one subject, and their atomic counterparts. */
const ATOMIC_PROBES: readonly { text: string; atomic: boolean }[] = [
  { text: 'Users can register and log in and reset passwords.', atomic: false },
  { text: 'Users can register, log in and reset passwords.', atomic: false },
  { text: 'The system supports login, logout and password reset.', atomic: false },
  { text: 'The user can upload a photo and crop it.', atomic: false },
  { text: 'Users can update their name and email.', atomic: true },
  { text: 'The summary shows the total and the tax of the order.', atomic: true },
  { text: 'When the password is wrong, an error message is shown and no session is created.', atomic: true },
];

/**
 * The atomic check alone (AQUSA's atomicity: one feature per requirement), on criteria that are not Gherkin
 * scenarios and on the user stories: how often it fires, with examples to read by hand.
 */
function atomicSection(rows: readonly CriteriaRow[], stories: readonly StoryRow[]): string[] {
  const jiraUnits = rows.filter((r) => r.kind === 'jira_acceptance_criteria').flatMap((r) => r.criteria.map((c, i) => ({ id: `${r.id}#${i}`, text: c })));
  const gherkin = rows.filter((r) => r.kind === 'gherkin_scenario').map((r) => ({ id: r.id.replace(/^diaspora:features\//, ''), text: scenarioText(r) }));
  const tally = (name: string, units: readonly { id: string; text: string }[]): RuleTally => {
    const t: RuleTally = { name, flagged: [], total: units.length };
    for (const u of units) {
      const p = assessCriterion(u.text, 'normal').problems.find((x) => x.rule === 'atomic');
      if (p) t.flagged.push({ id: u.id, text: u.text, note: p.detail.slice(0, 90) });
    }
    return t;
  };
  const probes = ATOMIC_PROBES.map((p) => {
    const atomic = !assessCriterion(p.text, 'normal').problems.some((x) => x.rule === 'atomic');
    return `  ${atomic === p.atomic ? 'ok  ' : 'MISS'} ${p.atomic ? 'atomic    ' : 'non-atomic'} ${p.text}`;
  });
  return [
    '## atomic (AQUSA atomicity: coordinated verbs or action nouns under one subject), normal mode',
    '',
    ...probes,
    '',
    ...renderTallies('How often it fires', [
      tally('Jira acceptance-criteria lines', jiraUnits),
      tally('Gherkin scenarios (one When per scenario)', gherkin),
      tally('user stories (the whole sentence)', stories.map((s) => ({ id: s.id, text: s.text }))),
    ]),
  ];
}

function normalise(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

function extractionSection(rows: readonly CriteriaRow[]): string[] {
  const jira = rows.filter((r) => r.kind === 'jira_acceptance_criteria' && typeof r.story_text === 'string');
  let sameCount = 0;
  let found = 0;
  let expected = 0;
  let matched = 0;
  let none = 0;
  const misses: RuleTally = { name: 'extraction disagrees with the data set', flagged: [], total: jira.length };
  for (const r of jira) {
    const got = extractCriteria(r.story_text as string, { maxItems: LIMITS.maxCriteria, maxLength: LIMITS.maxCriterionLength });
    const want = r.criteria.map(normalise);
    const have = got.map(normalise);
    expected += want.length;
    found += got.length;
    if (got.length === 0) none++;
    if (got.length === r.criteria.length) sameCount++;
    let m = 0;
    for (const w of want) if (have.some((h) => h === w || (w.length > 20 && (h.startsWith(w) || w.startsWith(h))))) m++;
    matched += m;
    if (m !== want.length || got.length !== want.length) misses.flagged.push({ id: r.id, text: r.story_text as string, note: `data ${want.length} / extracted ${got.length} / matching ${m}` });
  }
  return [
    `## Extraction from the story text of ${jira.length} Jira issues (against the data set's own criteria split)`,
    '',
    `  same number of criteria: ${sameCount} / ${jira.length} ${pct(sameCount, jira.length)}`,
    `  data-set criteria found (exact or prefix match): ${matched} / ${expected} ${pct(matched, expected)}; extracted ${found} in all; nothing extracted for ${none}`,
    '',
    ...renderTallies('Disagreements (read by eye: the data set was split by its own script, sometimes wrongly)', [misses]),
  ];
}

function storiesSection(stories: readonly StoryRow[]): string[] {
  const out: string[] = [`## ${stories.length} real user stories`, ''];
  // Validator: a bare story has no criteria to extract, so empty_set is the right answer; any extraction is a false positive.
  const extracted: RuleTally = { name: 'validator: criteria extracted from a bare story (should be ~0)', flagged: [], total: stories.length };
  const vagueNormal: RuleTally = { name: 'validator testable lexicon (normal) on the story sentence', flagged: [], total: stories.length };
  const vagueStrict: RuleTally = { name: 'validator testable lexicon (strict) on the story sentence', flagged: [], total: stories.length };
  for (const s of stories) {
    const res = validateCriteria({ story: s.text });
    if (res.ac_count > 0) extracted.flagged.push({ id: s.id, text: s.text, note: res.criteria.map((c) => c.ac).join(' | ') });
    for (const [tally, mode] of [
      [vagueNormal, 'normal'],
      [vagueStrict, 'strict'],
    ] as const) {
      const p = assessCriterion(s.text, mode).problems.find((x) => x.rule === 'testable' && (x.vague_terms?.length ?? 0) > 0);
      if (p) tally.flagged.push({ id: s.id, text: s.text, note: `vague: ${(p.vague_terms ?? []).join(', ')}` });
    }
  }
  out.push(...renderTallies('acceptance-criteria-validator (stories given as `story`)', [extracted, vagueNormal, vagueStrict]));

  // ticket-lint: the story is both summary and description (backlogs hold it in either); structural fields are filled
  // with neutral values so that only the text rules speak, because the data set has no such fields.
  const neutral: Ticket = { estimate: 3, estimate_unit: 'points', priority: 'Medium', epic_link: 'BENCH-1', assignee: 'bench', labels: ['bench'], components: ['bench'], acceptance_criteria: ['bench'] };
  const codes = new Map<string, RuleTally>();
  for (const c of FINDING_CODES) codes.set(c, { name: c, flagged: [], total: stories.length });
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const s of stories) {
    const res = lintTicket({ ...neutral, issue_type: 'story', summary: s.text, description: s.text });
    const flagged = new Set(res.findings.map((f) => f.code));
    for (const f of res.findings) codes.get(f.code)?.flagged.push({ id: s.id, text: s.text, note: f.message });
    const labelledNoValue = !s.benefit;
    if (flagged.has('no_user_value') && labelledNoValue) tp++;
    else if (flagged.has('no_user_value')) fp++;
    else if (labelledNoValue) fn++;
  }
  const textRules = ['summary_too_short', 'summary_too_long', 'summary_all_caps', 'summary_weak_start', 'summary_trailing_ellipsis', 'description_too_short', 'no_user_value'];
  out.push(...renderTallies('ticket-lint (story as summary and description; structural fields neutral)', textRules.map((c) => codes.get(c) as RuleTally)));
  out.push(
    `  no_user_value against the data set's benefit annotation: precision ${pct(tp, tp + fp)}, recall ${pct(tp, tp + fn)} (tp ${tp}, fp ${fp}, fn ${fn})`,
    '  Not measurable on stories (the data has no such field, so they would fire on every story by construction): description_missing,',
    '  ac_missing, estimate_*, priority_missing, urgent_thin_context, epic_link_missing, assignee_missing, labels_empty, components_empty;',
    '  the Jira issues and bug reports below exercise the estimate and bug rules.',
    '',
  );
  return out;
}

function jiraTicketsSection(rows: readonly CriteriaRow[]): string[] {
  const jira = rows.filter((r) => r.kind === 'jira_acceptance_criteria');
  const codes = new Map<string, RuleTally>();
  for (const c of FINDING_CODES) codes.set(c, { name: c, flagged: [], total: jira.length });
  const neutral: Ticket = { priority: 'Medium', epic_link: 'BENCH-1', assignee: 'bench', labels: ['bench'], components: ['bench'] };
  for (const r of jira) {
    const sp = Number(r.storypoint);
    const res = lintTicket({ ...neutral, issue_type: 'story', summary: r.title, description: r.story_text ?? null, acceptance_criteria: r.criteria, estimate: Number.isFinite(sp) ? sp : null });
    for (const f of res.findings) codes.get(f.code)?.flagged.push({ id: r.id, text: `${r.title} :: ${r.story_text ?? ''}`, note: f.message });
  }
  const used = ['summary_too_short', 'summary_too_long', 'summary_all_caps', 'summary_weak_start', 'summary_trailing_ellipsis', 'description_too_short', 'no_user_value', 'ac_missing', 'estimate_missing', 'estimate_oversized', 'estimate_mismatch'];
  for (const c of ['ac_missing', 'estimate_missing']) (codes.get(c) as RuleTally).comment = 'every record has it by construction of the data set';
  return [`## ticket-lint on ${jira.length} real Jira issues (title, description, criteria, story points; other fields neutral)`, '', ...renderTallies('Rules that read these fields', used.map((c) => codes.get(c) as RuleTally))];
}

function bugsSection(bugs: readonly BugRow[]): string[] {
  const withBody = bugs.filter((b) => b.body.trim().length > 0);
  const neutral: Ticket = { priority: 'Medium', assignee: 'bench', labels: ['bench'], estimate: 3 };
  const tally = (list: readonly BugRow[]): Map<string, RuleTally> => {
    const codes = new Map<string, RuleTally>();
    for (const c of FINDING_CODES) codes.set(c, { name: c, flagged: [], total: list.length });
    for (const b of list) {
      const res = lintTicket({ ...neutral, issue_type: 'bug', summary: b.title, description: b.body, components: b.component ? [b.component] : ['bench'] });
      for (const f of res.findings) codes.get(f.code)?.flagged.push({ id: b.id, text: `${b.title} :: ${b.body}`, note: f.message });
    }
    return codes;
  };
  const all = tally(bugs);
  const bodied = tally(withBody);
  const used = ['summary_too_short', 'summary_too_long', 'summary_all_caps', 'summary_weak_start', 'summary_trailing_ellipsis', 'description_missing', 'description_too_short', 'bug_no_repro', 'bug_no_expected_actual', 'bug_no_environment', 'bug_no_attachment'];
  const lines = [
    `## ticket-lint on ${bugs.length} real bug reports (${withBody.length} with a body: the Bugzilla exports carry only the title; attachments unknown, so absent)`,
    '',
    `  Chaparro et al. 2017: about 35% of real reports state the expected behaviour. Second column: the ${withBody.length} reports with a body.`,
    '',
  ];
  for (const c of used) {
    const a = all.get(c) as RuleTally;
    const b = bodied.get(c) as RuleTally;
    lines.push(`  ${c.padEnd(26)} ${String(a.flagged.length).padStart(4)} / ${a.total} ${pct(a.flagged.length, a.total)}${flag(a.flagged.length, a.total).padEnd(16)}   ${String(b.flagged.length).padStart(4)} / ${b.total} ${pct(b.flagged.length, b.total)}${flag(b.flagged.length, b.total)}`);
  }
  lines.push('');
  for (const c of used) {
    const t = all.get(c) as RuleTally;
    if (t.flagged.length === 0) continue;
    lines.push(`  ${c}: examples`);
    for (const ex of spread(t.flagged)) lines.push(`    - [${ex.id}] ${snippet(ex.text)}${ex.note ? `  => ${ex.note}` : ''}`);
    lines.push('');
  }
  return lines;
}

/** The printable report; the lead's `npm run bench:agile` prints it next to the other agile figures. */
export async function run(): Promise<string> {
  const dir = path.resolve(process.cwd(), '../shared/bench/agile');
  const storiesFile = path.join(dir, 'user_stories.jsonl');
  const criteriaFile = path.join(dir, 'acceptance_criteria.jsonl');
  if (!existsSync(storiesFile) || !existsSync(criteriaFile)) return `agile criteria bench skipped: ${dir} not found`;
  const stories = readJsonl<StoryRow>(storiesFile);
  const criteria = readJsonl<CriteriaRow>(criteriaFile);
  const bugsFile = path.join(dir, 'bugs.jsonl');
  const bugs = existsSync(bugsFile) ? readJsonl<BugRow>(bugsFile) : [];
  const started = performance.now();
  const lines = [
    '# Agile criteria and ticket rules on real data',
    '',
    ...criteriaSection(criteria, 'normal'),
    ...criteriaSection(criteria, 'strict'),
    ...atomicSection(criteria, stories),
    ...extractionSection(criteria),
    ...storiesSection(stories),
    ...jiraTicketsSection(criteria),
    ...(bugs.length > 0 ? bugsSection(bugs) : []),
  ];
  lines.push(`(computed in ${((performance.now() - started) / 1000).toFixed(2)} s)`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (r) => console.log(r),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
