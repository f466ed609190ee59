// acceptance-criteria-validator: per-criterion checks, scoring, set-level gaps, extraction, strictness, errors, hostile input.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { analysisText, maskLiterals } from './checks.ts';
import { extractCriteria, isHeadingPrefix } from '../kit/criteria/extract.ts';
import { VAGUE_LEXICON } from './lexicon.ts';
import { testTool } from '../kit/tester.ts';
import type { ValidCase } from '../kit/tester.ts';
import tool from './tool.ts';

/** The answer as the output schema reads it (request_id dropped). */
const answer = (b: Record<string, unknown>) => tool.output.parse(b);
type Criterion = ReturnType<typeof answer>['criteria'][number];

type Check = keyof Criterion['checks'];
const checkCases: { name: string; ac: string; strictness?: 'normal' | 'strict'; fail: Check[]; vague?: string[]; score: number }[] = [
  { name: 'Given/When/Then with an outcome is clean', ac: 'Given a signed-in user\nWhen they click "Delete"\nThen the record is removed and "Deleted" is shown', fail: [], score: 100 },
  { name: 'EARS event form is clean and has a condition', ac: 'When the password is wrong, an error message is shown', fail: [], score: 100 },
  { name: 'a plain outcome without a condition still scores 100', ac: 'The API returns 404 for an unknown order id', fail: ['clear_condition'], score: 100 },
  { name: 'a performance word without a threshold is not testable', ac: 'The dashboard should load fast', fail: ['testable', 'clear_condition'], vague: ['fast'], score: 65 },
  { name: 'a performance word with a threshold is testable', ac: 'The dashboard should load fast, within 2 s at p95', fail: ['clear_condition'], score: 100 },
  { name: 'a comparative without a baseline is vague', ac: 'Search results should be better', fail: ['testable', 'clear_condition'], vague: ['better'], score: 65 },
  { name: 'a comparative with a baseline is not', ac: 'Search should be faster than the current release', fail: ['clear_condition'], score: 100 },
  { name: 'subjective language and open-ended terms', ac: 'The form should be user-friendly, intuitive etc.', fail: ['testable', 'clear_condition'], vague: ['user-friendly', 'intuitive', 'etc'], score: 65 },
  { name: 'a loophole', ac: 'Errors are logged where applicable', fail: ['testable', 'clear_condition'], vague: ['where applicable'], score: 65 },
  { name: 'a wildcard phrase keeps the actual word', ac: 'Pages should render as fast as possible', fail: ['testable', 'clear_condition'], vague: ['as fast as possible'], score: 65 },
  { name: 'to-be-decided content', ac: 'The export format is TBD', fail: ['testable', 'clear_condition'], vague: ['tbd'], score: 65 },
  { name: 'quoted literals are expected values, not vague wording', ac: 'Then I should see "Easy setup, fast results"', fail: ['clear_condition'], score: 100 },
  { name: 'a task is not an outcome', ac: 'Refactor the export service', fail: ['observable_outcome', 'clear_condition'], score: 55 },
  { name: '"make sure that" still states an outcome', ac: 'Make sure that the invoice total includes VAT', fail: ['clear_condition'], score: 100 },
  { name: 'a fragment is not an outcome', ac: 'Similar behaviour to the inline text editor', fail: ['observable_outcome', 'clear_condition'], score: 55 },
  { name: 'a user story is not a criterion', ac: 'As a user, I want to reset my password so that I can log in again', fail: ['observable_outcome', 'clear_condition'], score: 55 },
  { name: 'a question is not an outcome', ac: 'What happens when the cart is empty?', fail: ['observable_outcome'], score: 60 },
  { name: 'a scenario with no Then states no outcome', ac: 'Given a user\nWhen they open the settings page', fail: ['observable_outcome'], score: 60 },
  { name: 'two When/Then cycles are not atomic', ac: 'Given I am signed in\nWhen I click save\nThen the record is stored\nWhen I click delete\nThen the record is removed', fail: ['atomic'], score: 80 },
  { name: 'two When steps before one Then are not atomic', ac: 'When I open the page\nAnd I press J\nWhen I press K\nThen post 2 is highlighted', fail: ['atomic'], score: 80 },
  { name: 'two requirement sentences are not atomic', ac: 'The report is exported as CSV. An email must be sent to the owner.', fail: ['atomic', 'clear_condition'], score: 75 },
  { name: 'two requirements joined by "and" are not atomic', ac: 'Users can export the report and admins can schedule it', fail: ['atomic', 'clear_condition'], score: 75 },
  { name: 'one requirement with a compound object is atomic', ac: 'The summary shows the total and the tax of the order', fail: ['clear_condition'], score: 100 },
  // AQUSA atomicity: several verbs or action nouns coordinated under one subject are several behaviours.
  { name: 'coordinated verbs joined by "and" are not atomic', ac: 'Users can register and log in and reset passwords.', fail: ['atomic', 'clear_condition'], score: 75 },
  { name: 'a serial list of verbs is not atomic', ac: 'Users can register, log in and reset passwords.', fail: ['atomic', 'clear_condition'], score: 75 },
  { name: 'coordinated action nouns under a feature verb are not atomic', ac: 'The system supports login, logout and password reset.', fail: ['atomic', 'clear_condition'], score: 75 },
  { name: 'a verb and a second verb with its own object are not atomic', ac: 'The user can upload a photo and crop it.', fail: ['atomic', 'clear_condition'], score: 75 },
  { name: 'verbs joined by a slash are not atomic', ac: 'You should be able to add / remove libraries to the project', fail: ['atomic', 'clear_condition'], score: 75 },
  { name: 'coordinated objects of one action are atomic', ac: 'Users can update their name and email.', fail: ['clear_condition'], score: 100 },
  { name: 'a slash between two modifiers of one noun is atomic', ac: 'Admins can control read/write access to shared folders.', fail: ['clear_condition'], score: 100 },
  { name: 'one action with several outcomes is atomic', ac: 'When the password is wrong, an error message is shown and no session is created.', fail: [], score: 100 },
  { name: 'a passive outcome with two participles is atomic', ac: 'The order must be saved and confirmed by email.', fail: ['clear_condition'], score: 100 },
  { name: 'slashes in a web address are not conjunctions', ac: 'Users can open https://example.com/docs/view/upload in a new tab.', fail: ['clear_condition'], score: 100 },
  { name: '"securely" is a quality without a threshold', ac: 'Passwords are stored securely.', fail: ['testable', 'clear_condition'], vague: ['securely'], score: 65 },
  { name: '"should work" claims nothing observable', ac: 'It should work on mobile.', fail: ['testable', 'clear_condition'], vague: ['should work'], score: 65 },
  { name: 'every check failing scores 0, bonus or not', ac: 'Given a nice page\nWhen I click fast\nWhen I click again', fail: ['observable_outcome', 'testable', 'atomic'], score: 0 },
  { name: 'strict: a weak phrase is vague', ac: 'When a file is uploaded, the system should support PDF', strictness: 'strict', fail: ['testable'], vague: ['support'], score: 70 },
  { name: 'strict: a missing condition makes the criterion untestable', ac: 'The API returns 404 for an unknown order id', strictness: 'strict', fail: ['testable', 'clear_condition'], vague: [], score: 65 },
  { name: 'a pronoun after a condition has its antecedent', ac: 'If the upload fails, it should retry', strictness: 'strict', fail: [], score: 100 },
  { name: 'strict: an opening pronoun without antecedent', ac: 'It should be saved when the user clicks "Save"', strictness: 'strict', fail: ['testable'], vague: ['it'], score: 70 },
];

const checkRows: ValidCase[] = checkCases.map((c) => ({
  name: c.name,
  input: { acceptance_criteria: [c.ac], strictness: c.strictness ?? 'normal' },
  check: (b) => {
    const crit = answer(b).criteria[0]!;
    const failed = (Object.keys(crit.checks) as Check[]).filter((k) => !crit.checks[k]).sort();
    expect(failed).toEqual([...c.fail].sort());
    expect(crit.ac_score_0_100).toBe(c.score);
    const rules = crit.problems.map((p) => p.rule).sort();
    expect(rules).toEqual(c.fail.filter((f) => f !== 'clear_condition').sort());
    const testable = crit.problems.find((p) => p.rule === 'testable');
    if (c.vague !== undefined) expect(testable?.vague_terms).toEqual(c.vague);
    for (const p of crit.problems) {
      if (p.rule !== 'testable') expect(p.vague_terms).toBeUndefined();
      expect(p.detail.length).toBeGreaterThan(10);
    }
  },
}));

describe('acceptance-criteria-validator: lexicon', () => {
  it('the lexicon has no duplicate phrase within a mode', () => {
    for (const strict of [false, true]) {
      const phrases = VAGUE_LEXICON.filter((e) => strict || !e.strict).map((e) => `${e.strict}:${e.phrase}`);
      expect(new Set(phrases).size).toBe(phrases.length);
    }
  });
});

const extractionCases: { name: string; story: string; want: string[] }[] = [
  {
    name: 'an Acceptance criteria section with bullets, ending at the next heading',
    story: 'As a shopper I want to save my cart.\n\nAcceptance criteria:\n- The cart is stored\n- A message is shown\n\n## Notes\n- not a criterion',
    want: ['The cart is stored', 'A message is shown'],
  },
  {
    name: 'a numbered list with a wrapped continuation line',
    story: 'Acceptance Criteria\n1. The export contains every order\n   of the selected month\n2) Totals match the ledger',
    want: ['The export contains every order of the selected month', 'Totals match the ledger'],
  },
  {
    name: 'a Jira export flattened into one line',
    story: 'As a user, I want inline edit. Acceptance Criteria: * Clicking the field allows inline edit * Escape cancels the edit * Enter saves it',
    want: ['Clicking the field allows inline edit', 'Escape cancels the edit', 'Enter saves it'],
  },
  {
    name: 'a Jira heading without a colon followed by a numbered list',
    story: 'h2. Narrative As a developer, I need X. h2. Acceptance Criteria # The job is registered # The registry is backed by Redis h3. Assumptions # none',
    want: ['The job is registered', 'The registry is backed by Redis'],
  },
  {
    name: 'a bold heading inside the section ends it',
    story: 'Acceptance Criteria: * User can clear the data. *Old Description* Looks like the store is persistent',
    want: ['User can clear the data.'],
  },
  {
    name: 'Gherkin scenarios, one criterion each; the Background is context',
    story: 'Feature: Login\n  Background:\n    Given the site is up\n  Scenario: wrong password\n    Given a user\n    When they log in with a wrong password\n    Then an error is shown\n  Scenario: right password\n    When they log in\n    Then the dashboard is shown',
    want: ['Given a user\nWhen they log in with a wrong password\nThen an error is shown', 'When they log in\nThen the dashboard is shown'],
  },
  {
    name: 'Given after Then starts a new scenario even without a Scenario line',
    story: 'Given A\nWhen B\nThen C\nGiven D\nWhen E\nThen F',
    want: ['Given A\nWhen B\nThen C', 'Given D\nWhen E\nThen F'],
  },
  {
    name: 'without a section: list items only, never the story sentence or prose',
    story: 'As a user, I want exports so that I can share data.\nSome background prose here.\n- CSV export includes headers\n- The file name contains the date',
    want: ['CSV export includes headers', 'The file name contains the date'],
  },
  { name: 'a bare story yields nothing', story: 'As a user, I want exports so that I can share data.', want: [] },
  { name: 'code blocks are skipped', story: 'Acceptance criteria:\n```\n- not this\n```\n- The build passes', want: ['The build passes'] },
  { name: '"acceptance criteria" in prose is not a heading', story: 'We still need to write acceptance criteria for this.\nPlain text.', want: [] },
  { name: 'Definition of done counts as a section', story: 'Definition of done:\n- Docs updated\n- Release notes written', want: ['Docs updated', 'Release notes written'] },
];

describe('acceptance-criteria-validator: extraction from a story', () => {
  for (const c of extractionCases) {
    it(c.name, () => {
      expect(extractCriteria(c.story, { maxItems: 100, maxLength: 2000 })).toEqual(c.want);
    });
  }

  it('extraction stops at 100 criteria', () => {
    const story = `Acceptance criteria:\n${Array.from({ length: 150 }, (_, i) => `- Item ${i} is shown`).join('\n')}`;
    expect(extractCriteria(story, { maxItems: 100, maxLength: 2000 })).toHaveLength(100);
  });

  const benchFile = path.resolve(process.cwd(), '../shared/bench/agile/acceptance_criteria.jsonl');
  it.skipIf(!existsSync(benchFile))('agrees with the Jira data set on most criteria (bench data present)', () => {
    const rows = readFileSync(benchFile, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { kind: string; criteria: string[]; story_text?: string })
      .filter((r) => r.kind === 'jira_acceptance_criteria' && r.story_text);
    const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
    let found = 0;
    let total = 0;
    for (const r of rows) {
      const got = extractCriteria(r.story_text as string, { maxItems: 100, maxLength: 2000 }).map(norm);
      for (const w of r.criteria.map(norm)) {
        total++;
        if (got.some((g) => g === w || (w.length > 20 && (g.startsWith(w) || w.startsWith(g))))) found++;
      }
    }
    expect(found / total).toBeGreaterThan(0.85);
  });
});

testTool(tool, {
  valid: [
    ...checkRows,
    {
      name: 'strict widens the lexicon: "some" is not vague in normal mode',
      input: { acceptance_criteria: ['When the import finishes, some rows are highlighted'], strictness: 'normal' },
      check: (b) => expect(answer(b).criteria[0]!.checks.testable).toBe(true),
    },
    {
      name: 'strict widens the lexicon: "some" is vague in strict mode',
      input: { acceptance_criteria: ['When the import finishes, some rows are highlighted'], strictness: 'strict' },
      check: (b) => {
        const strict = answer(b).criteria[0]!;
        expect(strict.checks.testable).toBe(false);
        expect(strict.problems[0]?.vague_terms).toEqual(['some']);
      },
    },
    {
      name: 'every lexicon category names its source in the problem detail',
      input: { acceptance_criteria: ['The page should be user-friendly'], strictness: 'normal' },
      check: (b) => expect(answer(b).criteria[0]!.problems[0]?.detail).toMatch(/Femmer et al\. 2017/),
    },
    {
      name: 'set: score is the rounded mean minus 15 per gap; verdict pass only when clean and covered',
      input: { acceptance_criteria: ['When the password is wrong, an error message is shown', 'The dashboard should load fast'] },
      output: { ac_count: 2, missing_coverage: [], score_0_100: Math.round((100 + 65) / 2), verdict: 'needs_work' },
      check: (b) => expect(answer(b).issues.map((i) => i.index)).toEqual([1]),
    },
    {
      name: 'set: a happy path only has a negative_coverage gap worth 15 points',
      input: { acceptance_criteria: ['When I click "Download", the invoice PDF is downloaded'] },
      output: { score_0_100: 85, verdict: 'needs_work' },
      check: (b) => {
        const r = answer(b);
        expect(r.criteria[0]?.ac_score_0_100).toBe(100);
        expect(r.missing_coverage.map((g) => g.rule)).toEqual(['negative_coverage']);
      },
    },
    {
      name: 'set: clean and covered criteria pass',
      input: { acceptance_criteria: ['When I click "Download", the invoice PDF is downloaded', 'If the invoice does not exist, the API returns 404'] },
      output: { verdict: 'pass', score_0_100: 100, issues: [] },
    },
    ...([
      ['an invalid input', 'When the email is invalid, the form is not submitted'],
      ['a permission denial', 'When a guest opens /admin, access is denied'],
      ['a timeout', 'If the payment provider times out after 10 s, the order stays pending and a timeout message is shown'],
      ['an empty state', 'When the list is empty, the text "No orders yet" is shown'],
      ['an HTTP error status', 'A request without a token gets 401'],
      ['a negated outcome', "The user can't delete another user's post"],
    ] as const).map(([name, ac]): ValidCase => ({ name: `set: ${name} counts as negative coverage`, input: { acceptance_criteria: [ac] }, check: (b) => expect(answer(b).missing_coverage).toEqual([]) })),
    ...[{}, { acceptance_criteria: [] }, { story: '   ' }, { acceptance_criteria: [], strictness: 'strict' }].map(
      (body): ValidCase => ({
        name: `set: nothing submitted (${JSON.stringify(body)}): 200 with ac_count 0, needs_work, an empty_set gap and score 0`,
        input: body,
        output: { ac_count: 0, verdict: 'needs_work', score_0_100: 0, criteria: [], issues: [] },
        check: (b) => expect(answer(b).missing_coverage.map((g) => g.rule)).toEqual(['empty_set']),
      }),
    ),
    {
      name: 'set: a story with nothing to extract: empty_set whose detail says so',
      input: { story: 'As a user, I want to export my data so that I can move to another tool.' },
      output: { ac_count: 0 },
      check: (b) => {
        const r = answer(b);
        expect(r.missing_coverage[0]?.rule).toBe('empty_set');
        expect(r.missing_coverage[0]?.detail).toMatch(/found in the story/);
      },
    },
    {
      name: 'set: issues is exactly the criteria with problems, in order',
      input: { acceptance_criteria: ['Refactor it', 'When X fails, an error is shown', 'Nice UI', 'The API returns 200'] },
      check: (b) => {
        const r = answer(b);
        expect(r.criteria.map((c) => c.index)).toEqual([0, 1, 2, 3]);
        expect(r.issues).toEqual(r.criteria.filter((c) => c.problems.length > 0).map(({ index, ac, problems }) => ({ index, ac, problems })));
      },
    },
    {
      name: 'set: submitted criteria win over the story',
      input: { acceptance_criteria: ['When I log in with a wrong password, an error is shown'], story: 'Acceptance criteria:\n- one\n- two' },
      output: { ac_count: 1 },
      check: (b) => expect(answer(b).criteria[0]?.ac).toMatch(/wrong password/),
    },
    ...extractionCases.map((c): ValidCase => ({ name: `extraction: ${c.name}`, input: { story: c.story }, check: (b) => expect(answer(b).criteria.map((x) => x.ac)).toEqual(c.want) })),
  ],
  invalid: [
    { name: 'body is not an object', input: ['x'], code: 'body_must_be_object' },
    { name: 'acceptance_criteria is a string', input: { acceptance_criteria: 'x' }, code: 'acceptance_criteria_must_be_array' },
    { name: 'a criterion is a number', input: { acceptance_criteria: [1] }, code: 'acceptance_criteria_must_be_string', details: { field: 'acceptance_criteria.0' } },
    { name: 'a criterion is empty', input: { acceptance_criteria: [''] }, code: 'acceptance_criteria_too_short', details: { field: 'acceptance_criteria.0' } },
    { name: 'a criterion is over 2000 characters', input: { acceptance_criteria: ['a'.repeat(2001)] }, code: 'acceptance_criteria_too_long', details: { field: 'acceptance_criteria.0' } },
    { name: 'more than 100 criteria', input: { acceptance_criteria: Array.from({ length: 101 }, () => 'x') }, code: 'acceptance_criteria_too_long' },
    { name: 'story is a number', input: { story: 5 }, code: 'story_must_be_string' },
    { name: 'story over 20000 characters', input: { story: 'a'.repeat(20001) }, code: 'story_too_long' },
    { name: 'unknown strictness', input: { strictness: 'lenient' }, code: 'strictness_invalid', details: { allowed: ['normal', 'strict'] } },
  ],
});

describe('acceptance-criteria-validator: hostile input', () => {
  const hostile: [string, unknown][] = [
    ['100 criteria at the length cap', { acceptance_criteria: Array.from({ length: 100 }, (_, i) => `${'When it is fast and easy and '.repeat(60)}${i}`.slice(0, 2000)) }],
    ['a story at the cap made of headings', { story: 'Acceptance criteria:\n'.repeat(952).slice(0, 20000) }],
    ['a story at the cap made of list markers', { story: '* '.repeat(10000) }],
    ['a story at the cap made of Gherkin keywords', { story: 'Given When Then And\n'.repeat(1000) }],
    ['a story at the cap of unclosed quotes and bold', { story: '"*h1. '.repeat(3333) }],
    ['control characters and NULs', { acceptance_criteria: ['\u0000\u0007When\u001b[31m the \u0000 user clicks, then \u0008 it is shown'], story: '\u0000\u0001' }],
    ['one enormous word', { acceptance_criteria: ['a'.repeat(2000)] }],
    ['only punctuation', { acceptance_criteria: ['?!?!...---***'] }],
    ['whitespace only', { acceptance_criteria: [' \n\t '] }],
  ];
  for (const [name, body] of hostile) {
    it(name, async () => {
      const r = await callTool(tool, body);
      expect([200, 400]).toContain(r.status);
    });
  }

  it('random text never throws and keeps scores in range', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ minLength: 1, maxLength: 300 }), { maxLength: 8 }), fc.string({ maxLength: 2000 }), fc.boolean(), async (list, story, strict) => {
        const r = await callTool(tool, { acceptance_criteria: list, story, strictness: strict ? 'strict' : 'normal' });
        expect(r.status).toBe(200);
        const b = answer(r.body);
        expect(b.score_0_100).toBeGreaterThanOrEqual(0);
        expect(b.score_0_100).toBeLessThanOrEqual(100);
        expect(b.issues.length).toBeLessThanOrEqual(b.criteria.length);
        for (const c of b.criteria) expect(Object.keys(c.checks).sort()).toEqual(['atomic', 'clear_condition', 'observable_outcome', 'testable']);
      }),
      { numRuns: 150 },
    );
  });
});

describe('acceptance-criteria-validator: linear scans in place of backtracking regexes', () => {
  // The regexes these scans replace, kept here as the reference for what they must answer.
  const OLD_LITERALS = /"[^"\n]{0,500}"|\u201c[^\u201d\n]{0,500}\u201d|`[^`\n]{0,500}`|\{\{[^}\n]{0,500}\}\}|\|[^\n]{0,2000}\|/g;
  const OLD_HEADING_PREFIX = /^[\s#>*_=.\d]*(?:h[1-6]\.\s*)?[\s*_]*$/;
  const delimiters = fc.constantFrom('"', '\u201c', '\u201d', '`', '{', '}', '|', '\n', ' ', 'a', 'When', 'h2.', '*', '_', '#', '1', '.', 'x', '>');
  const text = (max: number): fc.Arbitrary<string> => fc.array(delimiters, { maxLength: max }).map((a) => a.join(''));

  it('maskLiterals answers what the literal regex answered', () => {
    fc.assert(
      fc.property(text(60), (t) => {
        expect(maskLiterals(t)).toBe(t.replace(OLD_LITERALS, ' '));
      }),
      { numRuns: 400 },
    );
    const long = `"${'a'.repeat(600)}" and "b" | ${'c'.repeat(2100)} | d |`;
    expect(maskLiterals(long)).toBe(long.replace(OLD_LITERALS, ' '));
  });

  it('isHeadingPrefix answers what the heading regex answered', () => {
    fc.assert(
      fc.property(text(30), (t) => {
        expect(isHeadingPrefix(t)).toBe(OLD_HEADING_PREFIX.test(t));
      }),
      { numRuns: 400 },
    );
  });

  it('stays fast on the inputs that made the regexes backtrack', () => {
    // The heading regex took about 1 s on 20 000 blanks and a letter; the scan takes well under a millisecond.
    const blanks = `${' '.repeat(20_000)}x`;
    let t0 = performance.now();
    expect(isHeadingPrefix(blanks)).toBe(false);
    expect(isHeadingPrefix(`${' *'.repeat(10_000)}x`)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(100);
    // A label followed by blanks and no terminator: two adjacent \s* made this quadratic.
    t0 = performance.now();
    expect(analysisText(`ac${' '.repeat(1990)}x`)).toBe(`ac x`);
    expect(maskLiterals(`{{${'{{'.repeat(1000)}`)).toBe(`{{${'{{'.repeat(1000)}`);
    expect(maskLiterals('|'.repeat(2000) + 'a'.repeat(2000))).toBe(` ${'a'.repeat(2000)}`);
    expect(performance.now() - t0).toBeLessThan(100);
  });
});
