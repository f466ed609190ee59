// ticket-lint: every SPEC code fires where it should and not on a clean ticket; severities, score, verdict, errors, hostile input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { FINDING_CODES, FINDING_FIELDS } from './rules.ts';
import { testTool } from '../kit/tester.ts';
import type { ValidCase } from '../kit/tester.ts';
import tool from './tool.ts';

/** The answer as the output schema reads it (request_id dropped). */
const answer = (b: Record<string, unknown>) => tool.output.parse(b);
type Body = ReturnType<typeof answer>;
type Finding = Body['findings'][number];
const codes = (b: Record<string, unknown>): string[] => answer(b).findings.map((f) => f.code);

// A story with nothing to find; each case below changes one thing.
const cleanStory = {
  summary: 'Save the shopping cart for later',
  description: 'As a shopper, I want to save my cart so that I can finish checkout on another device. Carts are kept for 30 days.',
  issue_type: 'story',
  acceptance_criteria: ['When I click "Save cart", the cart is stored and "Cart saved" is shown'],
  estimate: 5,
  estimate_unit: 'points',
  priority: 'Medium',
  epic_link: 'SHOP-12',
  assignee: 'dana',
  labels: ['checkout'],
  components: ['web'],
} as const;

const cleanBug = {
  ...cleanStory,
  issue_type: 'bug',
  summary: 'Checkout rejects valid Visa cards',
  description:
    'Steps to reproduce:\n1. Add any item to the cart\n2. Pay with card 4111 1111 1111 1111\nExpected: the order is placed.\nActual: "Card declined" is shown.\nEnvironment: Chrome 126 on macOS 14, production, release 2.4.1.',
  attachments_count: 1,
  acceptance_criteria: undefined,
  epic_link: undefined,
} as const;

const cleanEpic = {
  ...cleanStory,
  issue_type: 'epic',
  summary: 'Saved carts across devices',
  description: 'Shoppers can keep a cart and finish checkout elsewhere, so that fewer carts are abandoned. Scope:\n- save cart\n- restore cart\n- expire carts after 30 days',
  child_count: 3,
  estimate: undefined,
  epic_link: undefined,
  acceptance_criteria: undefined,
} as const;

const codeCases: { name: string; ticket: Record<string, unknown>; code: string; severity: Finding['severity']; field: string; also?: (b: Record<string, unknown>) => void }[] = [
  { name: 'no summary', ticket: { ...cleanStory, summary: undefined }, code: 'summary_missing', severity: 'high', field: 'summary' },
  { name: 'blank summary', ticket: { ...cleanStory, summary: '  ' }, code: 'summary_missing', severity: 'high', field: 'summary' },
  { name: 'two-word summary', ticket: { ...cleanStory, summary: 'Fix cart' }, code: 'summary_too_short', severity: 'medium', field: 'summary' },
  { name: 'summary over Jira\'s 255 characters', ticket: { ...cleanStory, summary: `Save the cart ${'and more '.repeat(30)}` }, code: 'summary_too_long', severity: 'high', field: 'summary' },
  { name: 'summary over one board line', ticket: { ...cleanStory, summary: `Save the cart ${'for later '.repeat(15)}` }, code: 'summary_too_long', severity: 'low', field: 'summary' },
  { name: 'summary in capitals', ticket: { ...cleanStory, summary: 'SAVE THE SHOPPING CART FOR LATER' }, code: 'summary_all_caps', severity: 'low', field: 'summary' },
  { name: 'summary opening with filler', ticket: { ...cleanStory, summary: 'Issue with saving the cart' }, code: 'summary_weak_start', severity: 'low', field: 'summary' },
  { name: 'summary opening with a pronoun after a tag', ticket: { ...cleanStory, summary: '[Cart] This needs to save carts' }, code: 'summary_weak_start', severity: 'low', field: 'summary' },
  { name: 'summary ending with an ellipsis', ticket: { ...cleanStory, summary: 'Save the shopping cart for later when\u2026' }, code: 'summary_trailing_ellipsis', severity: 'low', field: 'summary' },
  { name: 'story without description', ticket: { ...cleanStory, description: undefined }, code: 'description_missing', severity: 'medium', field: 'description' },
  { name: 'bug without description', ticket: { ...cleanBug, description: null }, code: 'description_missing', severity: 'high', field: 'description' },
  { name: 'task without description', ticket: { ...cleanStory, issue_type: 'task', description: '' }, code: 'description_missing', severity: 'low', field: 'description' },
  { name: 'story with a thin description', ticket: { ...cleanStory, description: 'See summary, so that it works.' }, code: 'description_too_short', severity: 'medium', field: 'description' },
  { name: 'story without a benefit', ticket: { ...cleanStory, description: 'As a shopper, I want to save my cart. Carts are kept for 30 days and restored on login.' }, code: 'no_user_value', severity: 'medium', field: 'description' },
  { name: 'epic without children or scope', ticket: { ...cleanEpic, child_count: 0, description: 'Shoppers keep a cart and finish checkout elsewhere, so that fewer carts are abandoned.' }, code: 'epic_no_child_scope', severity: 'medium', field: 'description' },
  { name: 'bug without repro steps', ticket: { ...cleanBug, description: 'Expected: the order is placed. Actual: "Card declined" is shown. Chrome 126 on macOS 14, production.' }, code: 'bug_no_repro', severity: 'high', field: 'description' },
  { name: 'bug without expected behaviour', ticket: { ...cleanBug, description: 'Steps to reproduce:\n1. Add an item\n2. Pay with a Visa card\nActual: "Card declined" is shown. Chrome 126, production.' }, code: 'bug_no_expected_actual', severity: 'medium', field: 'description' },
  { name: 'bug without environment', ticket: { ...cleanBug, description: 'Steps to reproduce:\n1. Add an item\n2. Pay with a Visa card\nExpected: the order is placed. Actual: "Card declined" is shown.' }, code: 'bug_no_environment', severity: 'medium', field: 'description' },
  { name: 'bug without attachment or evidence', ticket: { ...cleanBug, attachments_count: 0 }, code: 'bug_no_attachment', severity: 'low', field: 'attachments_count' },
  {
    name: 'story without criteria',
    ticket: { ...cleanStory, acceptance_criteria: undefined },
    code: 'ac_missing',
    severity: 'high',
    field: 'acceptance_criteria',
    // Any high finding means needs_work even with a high score.
    also: (b) => expect(answer(b)).toMatchObject({ score_0_100: 80, verdict: 'needs_work' }),
  },
  { name: 'story with blank criteria', ticket: { ...cleanStory, acceptance_criteria: ['', '  '] }, code: 'ac_missing', severity: 'high', field: 'acceptance_criteria' },
  { name: 'task without criteria', ticket: { ...cleanStory, issue_type: 'task', acceptance_criteria: null }, code: 'ac_missing', severity: 'medium', field: 'acceptance_criteria' },
  { name: 'story without estimate', ticket: { ...cleanStory, estimate: undefined }, code: 'estimate_missing', severity: 'high', field: 'estimate' },
  { name: 'bug without estimate', ticket: { ...cleanBug, estimate: null }, code: 'estimate_missing', severity: 'medium', field: 'estimate' },
  // Fibonacci 21 is on the scale, though oversized.
  { name: '21 points', ticket: { ...cleanStory, estimate: 21 }, code: 'estimate_oversized', severity: 'medium', field: 'estimate', also: (b) => expect(codes(b)).not.toContain('estimate_mismatch') },
  { name: '24 hours', ticket: { ...cleanStory, issue_type: 'subtask', estimate: 24, estimate_unit: 'hours' }, code: 'estimate_oversized', severity: 'medium', field: 'estimate' },
  { name: '4 points is off the scale', ticket: { ...cleanStory, estimate: 4 }, code: 'estimate_mismatch', severity: 'low', field: 'estimate' },
  { name: '1.1 hours is not a quarter hour', ticket: { ...cleanStory, issue_type: 'task', estimate: 1.1, estimate_unit: 'hours' }, code: 'estimate_mismatch', severity: 'low', field: 'estimate' },
  { name: 'story without priority', ticket: { ...cleanStory, priority: undefined }, code: 'priority_missing', severity: 'low', field: 'priority' },
  { name: 'bug without priority', ticket: { ...cleanBug, priority: '' }, code: 'priority_missing', severity: 'medium', field: 'priority' },
  { name: 'blocker with a thin description', ticket: { ...cleanStory, priority: 'Blocker' }, code: 'urgent_thin_context', severity: 'medium', field: 'priority' },
  { name: 'story without epic', ticket: { ...cleanStory, epic_link: undefined }, code: 'epic_link_missing', severity: 'low', field: 'epic_link' },
  { name: 'story without assignee', ticket: { ...cleanStory, assignee: undefined }, code: 'assignee_missing', severity: 'low', field: 'assignee' },
  { name: 'story without labels', ticket: { ...cleanStory, labels: [] }, code: 'labels_empty', severity: 'low', field: 'labels' },
  { name: 'story without components', ticket: { ...cleanStory, components: undefined }, code: 'components_empty', severity: 'low', field: 'components' },
];

const t = (ticket: Record<string, unknown>): { ticket: Record<string, unknown> } => ({ ticket });

const codeRows: ValidCase[] = codeCases.map((c) => ({
  name: `${c.name} -> ${c.code} (${c.severity})`,
  input: t(c.ticket),
  check: (b) => {
    const f = answer(b).findings.find((x) => x.code === c.code);
    expect(f).toMatchObject({ severity: c.severity, field: c.field });
    expect(f?.message.length).toBeGreaterThan(10);
    expect(f?.fix.length).toBeGreaterThan(10);
    c.also?.(b);
  },
}));

testTool(tool, {
  valid: [
    {
      name: 'a clean story has no findings and is ready at 100; bug rules do not apply to it',
      input: t(cleanStory),
      output: { findings: [], verdict: 'ready', score_0_100: 100 },
      check: (b) => expect(codes(b).some((c) => c.startsWith('bug_'))).toBe(false),
    },
    { name: 'a clean bug has no findings and is ready at 100', input: t(cleanBug), output: { findings: [], verdict: 'ready', score_0_100: 100 } },
    { name: 'a clean epic has no findings and is ready at 100', input: t(cleanEpic), output: { findings: [], verdict: 'ready', score_0_100: 100 } },
    ...codeRows,
    {
      name: 'rules that do not apply to an epic stay silent',
      input: t({ ...cleanEpic, estimate: undefined, epic_link: undefined, assignee: undefined, acceptance_criteria: undefined }),
      check: (b) => expect(codes(b)).toEqual([]),
    },
    {
      name: 'rules that do not apply to a subtask stay silent',
      input: t({ ...cleanStory, issue_type: 'subtask', acceptance_criteria: undefined, epic_link: undefined, description: 'Wire the save button to the cart API and store the cart id in the session.' }),
      check: (b) => expect(codes(b)).toEqual([]),
    },
    {
      name: 'an acceptance criteria section in the description counts',
      input: t({ ...cleanStory, acceptance_criteria: undefined, description: `${cleanStory.description}\n\nAcceptance criteria:\n- The cart is stored` }),
      check: (b) => expect(codes(b)).not.toContain('ac_missing'),
    },
    {
      name: 'a Given/When/Then scenario in the description counts as criteria',
      input: t({ ...cleanStory, acceptance_criteria: undefined, description: `${cleanStory.description}\nGiven a cart\nWhen I click save\nThen it is stored` }),
      check: (b) => expect(codes(b)).not.toContain('ac_missing'),
    },
    { name: 'criteria given as one text count', input: t({ ...cleanStory, acceptance_criteria: 'The cart is stored.' }), output: { findings: [] } },
    {
      name: 'a pasted stack trace counts as evidence for a bug',
      input: t({ ...cleanBug, attachments_count: 0, description: `${cleanBug.description}\njava.lang.NullPointerException\n    at com.shop.Cart.save(Cart.java:42)` }),
      check: (b) => expect(codes(b)).not.toContain('bug_no_attachment'),
    },
    {
      name: '"unable to reproduce" is not a repro section',
      input: t({ ...cleanBug, description: 'I was unable to reproduce it locally. Expected: works. Actual: fails on Chrome 126.' }),
      check: (b) => expect(codes(b)).toContain('bug_no_repro'),
    },
    ...[20, 0.5, 13].map((estimate): ValidCase => ({ name: `${estimate} points is on the scale (planning poker or Fibonacci)`, input: t({ ...cleanStory, estimate }), check: (b) => expect(codes(b)).not.toContain('estimate_mismatch') })),
    {
      name: 'score is 100 minus 20/8/3 per high/medium/low finding',
      input: t({ ...cleanStory, acceptance_criteria: undefined, estimate: 4, labels: [], components: [] }),
      check: (b) => {
        const r = answer(b);
        const counts = { high: 0, medium: 0, low: 0 };
        for (const f of r.findings) counts[f.severity]++;
        expect(counts).toEqual({ high: 1, medium: 0, low: 3 });
        expect(r.score_0_100).toBe(100 - 20 - 3 * 3);
      },
    },
    { name: 'low findings alone stay ready', input: t({ ...cleanStory, labels: [], components: [], assignee: undefined, epic_link: undefined }), output: { verdict: 'ready', score_0_100: 88 } },
    {
      name: 'a pile of medium findings below 70 is not ready',
      input: t({ ...cleanStory, summary: 'Fix cart', description: 'Cart saving.', estimate: 21, priority: 'Highest' }),
      output: { verdict: 'needs_work' },
      check: (b) => {
        const r = answer(b);
        expect(r.findings.every((f) => f.severity !== 'high')).toBe(true);
        expect(r.score_0_100).toBeLessThan(70);
      },
    },
    { name: 'the score floors at 0', input: t({ issue_type: 'bug' }), output: { score_0_100: 0, verdict: 'needs_work' } },
    {
      name: 'findings are ordered high, medium, low, then by catalogue order',
      input: t({ issue_type: 'story' }),
      check: (b) => {
        const r = answer(b);
        const rank = { high: 0, medium: 1, low: 2 };
        for (let i = 1; i < r.findings.length; i++) {
          const a = r.findings[i - 1] as Finding;
          const c = r.findings[i] as Finding;
          const ordered = rank[a.severity] < rank[c.severity] || (rank[a.severity] === rank[c.severity] && FINDING_CODES.indexOf(a.code) < FINDING_CODES.indexOf(c.code));
          expect(ordered).toBe(true);
        }
      },
    },
    {
      name: 'issue_type defaults to story',
      input: t({ summary: 'Save the cart' }),
      check: (b) => expect(answer(b).findings.find((f) => f.code === 'estimate_missing')?.severity).toBe('high'),
    },
    {
      name: 'hostile: a one-word summary at the 2000-character cap is quoted cut, within the message limit',
      input: t({ ...cleanStory, summary: 'x'.repeat(2000) }),
      check: (b) => {
        const f = answer(b).findings.find((x) => x.code === 'summary_too_short')!;
        expect(f.message.length).toBeLessThan(200);
        expect(f.message).toContain(`"${'x'.repeat(59)}\u2026"`);
      },
    },
    {
      name: 'hostile: control and bidi characters in a quoted summary are removed from the message',
      input: t({ ...cleanStory, summary: 'Fix\u0000\u202e cart' }),
      check: (b) => expect(answer(b).findings.find((x) => x.code === 'summary_too_short')!.message).toBe('The summary "Fix cart" has 2 words; it cannot say what changes and where.'),
    },
  ],
  invalid: [
    { name: 'no ticket', input: {}, code: 'ticket_required' },
    { name: 'ticket is a string', input: { ticket: 'x' }, code: 'ticket_must_be_object' },
    { name: 'unknown issue type', input: { ticket: { issue_type: 'feature' } }, code: 'ticket_invalid', details: { field: 'ticket.issue_type', allowed: ['story', 'bug', 'task', 'epic', 'spike', 'subtask'] } },
    { name: 'unknown estimate unit', input: { ticket: { estimate_unit: 'days' } }, code: 'ticket_invalid', details: { field: 'ticket.estimate_unit', allowed: ['points', 'hours'] } },
    { name: 'summary over 2000 characters', input: { ticket: { summary: 'a'.repeat(2001) } }, code: 'ticket_too_long', details: { field: 'ticket.summary' } },
    { name: 'negative estimate', input: { ticket: { estimate: -1 } }, code: 'ticket_too_small', details: { field: 'ticket.estimate' } },
    { name: 'estimate as text', input: { ticket: { estimate: '5' } }, code: 'ticket_must_be_number', details: { field: 'ticket.estimate' } },
    { name: 'labels as a string', input: { ticket: { labels: 'x' } }, code: 'ticket_must_be_array', details: { field: 'ticket.labels' } },
    { name: 'fractional attachment count', input: { ticket: { attachments_count: 1.5 } }, code: 'ticket_must_be_integer', details: { field: 'ticket.attachments_count' } },
    { name: 'too many labels', input: { ticket: { labels: Array.from({ length: 101 }, () => 'x') } }, code: 'ticket_too_long', details: { field: 'ticket.labels' } },
  ],
});

describe('ticket-lint: the catalogue', () => {
  it('every SPEC code is exercised by the table', () => {
    expect(new Set(codeCases.map((c) => c.code))).toEqual(new Set(FINDING_CODES));
  });

  it('codes and fields are exactly SPEC\'s', () => {
    expect([...FINDING_CODES].sort()).toEqual(
      [
        'summary_missing', 'summary_too_short', 'summary_too_long', 'summary_all_caps', 'summary_weak_start', 'summary_trailing_ellipsis',
        'description_missing', 'description_too_short', 'no_user_value', 'epic_no_child_scope', 'bug_no_repro', 'bug_no_expected_actual',
        'bug_no_environment', 'bug_no_attachment', 'ac_missing', 'estimate_missing', 'estimate_oversized', 'estimate_mismatch',
        'priority_missing', 'urgent_thin_context', 'epic_link_missing', 'assignee_missing', 'labels_empty', 'components_empty',
      ].sort(),
    );
    expect([...FINDING_FIELDS].sort()).toEqual(
      ['summary', 'description', 'acceptance_criteria', 'estimate', 'priority', 'epic_link', 'assignee', 'labels', 'components', 'attachments_count'].sort(),
    );
  });
});

describe('ticket-lint: hostile input', () => {
  const hostile: [string, unknown][] = [
    ['description at the cap of repeated "at a.b("', { ticket: { issue_type: 'bug', description: 'at a.b('.repeat(7142) } }],
    ['description at the cap of digits and dots', { ticket: { issue_type: 'bug', description: '1.'.repeat(25000) } }],
    ['description at the cap of "when i "', { ticket: { issue_type: 'bug', description: 'when i '.repeat(7142) } }],
    ['description at the cap of acceptance headings', { ticket: { description: 'Acceptance criteria:\n'.repeat(2380) } }],
    ['summary at the cap of capitals and ellipses', { ticket: { summary: 'A...'.repeat(500) } }],
    ['control characters', { ticket: { summary: '\u0000\u001b[1mFIX\u0007', description: '\u0000'.repeat(100), priority: '\u0000' } }],
    ['criteria list at the cap', { ticket: { acceptance_criteria: Array.from({ length: 100 }, () => 'x'.repeat(2000)) } }],
  ];
  for (const [name, body] of hostile) {
    it(name, async () => {
      const r = await callTool(tool, body);
      expect([200, 400]).toContain(r.status);
    });
  }

  it('random tickets never throw and keep the score in range', async () => {
    const ticket = fc.record(
      {
        summary: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
        description: fc.option(fc.string({ maxLength: 1000 }), { nil: undefined }),
        issue_type: fc.constantFrom('story', 'bug', 'task', 'epic', 'spike', 'subtask'),
        estimate: fc.option(fc.double({ min: 0, max: 1000, noNaN: true }), { nil: undefined }),
        estimate_unit: fc.constantFrom('points', 'hours'),
        priority: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
        labels: fc.option(fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }), { nil: undefined }),
        attachments_count: fc.option(fc.nat(10), { nil: undefined }),
        child_count: fc.option(fc.nat(10), { nil: undefined }),
      },
      { requiredKeys: ['issue_type'] },
    );
    await fc.assert(
      fc.asyncProperty(ticket, async (t) => {
        const r = await callTool(tool, { ticket: t });
        expect(r.status).toBe(200);
        const b = answer(r.body);
        expect(b.score_0_100).toBeGreaterThanOrEqual(0);
        expect(b.score_0_100).toBeLessThanOrEqual(100);
        expect(new Set(b.findings.map((f) => f.code)).size).toBe(b.findings.length);
        if (b.findings.some((f) => f.severity === 'high')) expect(b.verdict).toBe('needs_work');
      }),
      { numRuns: 200 },
    );
  });
});
