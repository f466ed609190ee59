// Tests for worklog-guardrail: every rule firing and not firing, configuration, refusals (tester tables); properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTool, makeTestContext } from '../../../test/support/tool-harness.ts';
import { testRandomJson, testTool } from '../kit/tester.ts';
import type { ValidCase } from '../kit/tester.ts';
import { RULE_IDS } from './rules.ts';
import { durationMinutes } from './time.ts';
import tool from './tool.ts';

/** The answer as the output schema reads it (request_id dropped). */
const report = (b: Record<string, unknown>) => tool.output.parse(b);
type Report = ReturnType<typeof report>;

async function ok(body: unknown, ctx = makeTestContext()): Promise<Report> {
  const res = await callTool(tool, body, ctx);
  if (!res.ok) throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  return report(res.body);
}

// 2026-07-20 is a Monday; the test clock says 2026-07-22 (Wednesday).
const AS_OF = '2026-07-22';
const clean = { author: 'ana', date: '2026-07-20', duration: 60, issue_key: 'PAY-1', description: 'Implement refund retries' };
const e = (over: Record<string, unknown>): Record<string, unknown> => ({ ...clean, ...over });

const ruleCases: { title: string; entries: Record<string, unknown>[]; guardrails?: Record<string, unknown>; rules: string[][]; ok?: boolean; also?: (r: Report) => void }[] = [
  { title: 'a clean entry passes', entries: [clean], rules: [[]], ok: true },
  { title: 'end before start', entries: [e({ duration: undefined, start: '10:00', end: '09:00' })], rules: [['non_positive_duration']], ok: false },
  { title: 'zero duration', entries: [e({ duration: 0 })], rules: [['non_positive_duration']] },
  { title: 'negative duration text', entries: [e({ duration: '-30m' })], rules: [['non_positive_duration']] },
  { title: 'duration disagrees with start-end', entries: [e({ start: '09:00', end: '10:00', duration: 90 })], rules: [['duration_mismatch']] },
  { title: 'duration within the tolerance', entries: [e({ start: '09:00', end: '10:00', duration: 60.5 })], guardrails: { rounding: { enabled: false } }, rules: [[]] },
  { title: 'one entry above 8 h', entries: [e({ duration: 540 })], rules: [['hours_per_entry', 'hours_per_day']], ok: true },
  { title: 'the entry that crosses 8 h a day is flagged, not the earlier one', entries: [e({ duration: 300 }), e({ duration: 240, issue_key: 'PAY-2' })], rules: [[], ['hours_per_day']], ok: true,
  // Messages carry the figures.
  also: (r) => expect(r.entries[1]!.violations[0]!.message).toBe('9 h logged on 2026-07-20 up to this entry; the daily limit is 8 h.'),
},
  { title: 'more than 24 h in a day blocks', entries: [e({ duration: 480 }), e({ duration: 480, issue_key: 'PAY-2' }), e({ duration: 540, issue_key: 'PAY-3' })], guardrails: { hours_per_day: { enabled: false }, hours_per_entry: { enabled: false } }, rules: [[], [], ['day_over_24h']], ok: false },
  {
    title: 'the week crosses 40 h on Friday',
    entries: ['2026-07-13', '2026-07-14', '2026-07-15', '2026-07-16', '2026-07-17'].map((date) => e({ date, duration: 510 })),
    guardrails: { hours_per_day: { enabled: false }, hours_per_entry: { enabled: false }, rounding: { enabled: false } },
    rules: [[], [], [], [], ['hours_per_week']],
  },
  {
    title: 'weeks starting on Sunday split a Sunday-to-Saturday run differently',
    entries: ['2026-07-12', '2026-07-13', '2026-07-14', '2026-07-15', '2026-07-16'].map((date) => e({ date, duration: 510 })),
    guardrails: { hours_per_day: { enabled: false }, hours_per_entry: { enabled: false }, rounding: { enabled: false }, weekend: { enabled: false }, hours_per_week: { week_starts_on: 'sunday' } },
    rules: [[], [], [], [], ['hours_per_week']],
  },
  {
    title: 'the same Sunday-first run does not cross 40 h in ISO weeks',
    entries: ['2026-07-12', '2026-07-13', '2026-07-14', '2026-07-15', '2026-07-16'].map((date) => e({ date, duration: 510 })),
    guardrails: { hours_per_day: { enabled: false }, hours_per_entry: { enabled: false }, rounding: { enabled: false }, weekend: { enabled: false } },
    rules: [[], [], [], [], []],
  },
  { title: 'overlapping intervals block', entries: [e({ duration: undefined, start: '09:00', end: '11:00' }), e({ duration: undefined, start: '10:00', end: '12:00', issue_key: 'PAY-2' })], rules: [[], ['overlap']], ok: false },
  { title: 'adjacent intervals do not overlap', entries: [e({ duration: undefined, start: '09:00', end: '10:00' }), e({ duration: undefined, start: '10:00', end: '11:00', issue_key: 'PAY-2' })], rules: [[], []] },
  { title: 'an interval from end and duration overlaps too', entries: [e({ start: '09:00', duration: 120 }), e({ end: '10:30', duration: 60, issue_key: 'PAY-2' })], rules: [[], ['overlap']] },
  { title: 'different authors never overlap', entries: [e({ start: '09:00', duration: 120 }), e({ author: 'ben', start: '09:00', duration: 120 })], rules: [[], []] },
  { title: 'a duplicate blocks (case and spacing ignored)', entries: [clean, e({ author: ' ANA ', description: 'implement  refund retries', issue_key: 'pay-1' })], guardrails: { issue_key_format: { enabled: false } }, rules: [[], ['duplicate']], ok: false },
  { title: 'a future date blocks', entries: [e({ date: '2026-07-23' })], rules: [['future_date']], ok: false },
  { title: 'today is not the future', entries: [e({ date: AS_OF })], rules: [[]] },
  { title: '31 days old is too old; 30 is not', entries: [e({ date: '2026-06-21' }), e({ date: '2026-06-22' })], guardrails: { weekend: { enabled: false } }, rules: [['too_old'], []] },
  { title: 'a closed period blocks', entries: [e({ date: '2026-07-01' }), e({ date: '2026-07-20' })], guardrails: { closed_period: { periods: [{ start: '2026-07-01', end: '2026-07-05' }] } }, rules: [['closed_period'], []] },
  { title: 'locked_before closes earlier dates', entries: [e({ date: '2026-07-09' })], guardrails: { closed_period: { locked_before: '2026-07-10' } }, rules: [['closed_period']] },
  { title: 'Saturday work warns', entries: [e({ date: '2026-07-18' })], rules: [['weekend']], ok: true },
  { title: 'a custom weekend', entries: [e({ date: '2026-07-17' }), e({ date: '2026-07-18' })], guardrails: { weekend: { days: ['fri'] } }, rules: [['weekend'], []] },
  { title: 'a listed holiday warns', entries: [e({ date: '2026-07-14' })], guardrails: { holiday: { dates: ['2026-07-14'] } }, rules: [['holiday']] },
  { title: 'missing and blank descriptions block', entries: [e({ description: undefined }), e({ description: '   ', issue_key: 'PAY-2' })], rules: [['description_missing'], ['description_missing']] },
  { title: 'a short description warns, with a configurable minimum', entries: [e({ description: 'Fix' }), e({ description: 'Fix login', issue_key: 'PAY-2' })], guardrails: { description_too_short: { min_length: 5 } }, rules: [['description_too_short'], []] },
  { title: 'missing issue key blocks', entries: [e({ issue_key: undefined })], rules: [['issue_key_missing']] },
  { title: 'malformed issue keys block', entries: [e({ issue_key: 'pay-1' }), e({ issue_key: 'PAY1', description: 'Other work today' }), e({ issue_key: 'P-1', description: 'Third thing done' })], rules: [['issue_key_format'], ['issue_key_format'], ['issue_key_format']] },
  { title: 'project keys restrict the projects', entries: [e({ issue_key: 'WEB-3' }), e({ issue_key: 'PAY-3' })], guardrails: { issue_key_format: { project_keys: ['PAY'] } }, rules: [['issue_key_format'], []] },
  { title: '50 minutes is not a multiple of 15', entries: [e({ duration: 50 }), e({ duration: 45, issue_key: 'PAY-2' })], rules: [['rounding'], []] },
  { title: 'a 5-minute increment', entries: [e({ duration: 50 }), e({ duration: 52, issue_key: 'PAY-2' })], guardrails: { rounding: { increment_minutes: 5 } }, rules: [[], ['rounding']] },
  { title: 'a disabled rule stays silent', entries: [e({ description: undefined })], guardrails: { description_missing: { enabled: false } }, rules: [[]], ok: true },
  { title: 'a warn rule re-graded to block makes the batch fail', entries: [e({ date: '2026-07-18' })], guardrails: { weekend: { severity: 'block' } }, rules: [['weekend']], ok: false },
  { title: '24:00 is a valid end', entries: [e({ duration: undefined, start: '23:00', end: '24:00' })], rules: [[]] },
];

const ruleRows: ValidCase[] = ruleCases.map((c) => ({
  name: c.title,
  input: { as_of: AS_OF, entries: c.entries, ...(c.guardrails ? { guardrails: c.guardrails } : {}) },
  check: (b) => {
    const r = report(b);
    expect(r.entries.map((x) => x.violations.map((v) => v.rule))).toEqual(c.rules);
    if (c.ok !== undefined) expect(r.ok).toBe(c.ok);
    c.also?.(r);
  },
}));

const FORMS = [90, '90m', '1h 30m', '1h30m', '1.5h', 'PT1H30M', 'pt1h30m', '1:30'];

testTool(tool, {
  valid: [
    ...ruleRows,
    {
      name: 'durations in every accepted form resolve to minutes',
      input: { as_of: AS_OF, entries: FORMS.map((duration, i) => e({ duration, issue_key: `PAY-${i + 1}` })) },
      check: (b) => expect(report(b).entries.map((x) => x.minutes)).toEqual([90, 90, 90, 90, 90, 90, 90, 90]),
    },
    {
      name: 'summary counts per rule, totals add up, ok follows blocking violations',
      input: { as_of: AS_OF, entries: [clean, e({ date: '2026-07-23' }), e({ description: 'Fix', issue_key: 'PAY-9' })] },
      output: { ok: false, summary: { future_date: 1, description_too_short: 1 }, totals: { entries: 3, entries_with_violations: 2, blocked_entries: 1, block_violations: 1, warn_violations: 1, minutes: 180 } },
      check: (b) => {
        const r = report(b);
        expect(Object.keys(r.summary)).toEqual([...RULE_IDS]);
        expect(r.totals).toEqual({ entries: 3, entries_with_violations: 2, blocked_entries: 1, block_violations: 1, warn_violations: 1, minutes: 180 });
      },
    },
    {
      name: 'ids are echoed, null when absent, and indexes follow input order',
      input: { as_of: AS_OF, entries: [e({ id: 'a' }), e({ issue_key: 'PAY-7' })] },
      check: (b) => expect(report(b).entries.map((x) => [x.index, x.id])).toEqual([[0, 'a'], [1, null]]),
    },
    {
      name: 'as_of defaults to the request date from ctx.now(), not the wall clock',
      input: { entries: [e({ date: '2026-07-23' })] },
      output: { as_of: '2026-07-22' },
      check: (b) => expect(report(b).entries[0]!.violations.map((v) => v.rule)).toEqual(['future_date']),
    },
    {
      name: 'as_of follows a later ctx.now()',
      input: { entries: [e({ date: '2026-07-23' })] },
      context: { now: () => new Date('2026-07-24T00:30:00Z') },
      output: { as_of: '2026-07-24' },
      check: (b) => expect(report(b).entries[0]!.violations).toEqual([]),
    },
    {
      name: 'the effective guardrails are echoed with defaults filled in',
      input: { as_of: AS_OF, entries: [clean], guardrails: { hours_per_day: { limit_hours: 10 } } },
      check: (b) => {
        const g = report(b).guardrails;
        expect(g.hours_per_day).toEqual({ enabled: true, severity: 'warn', limit_hours: 10 });
        expect(g.hours_per_week).toEqual({ enabled: true, severity: 'warn', limit_hours: 40, week_starts_on: 'monday' });
      },
    },
    {
      name: 'hostile: control characters in quoted text are removed from messages',
      input: { as_of: AS_OF, entries: [e({ description: 'a\u0000\n\u202eb' })] },
      check: (b) => expect(report(b).entries[0]!.violations[0]!.message).toBe('Description "a b" has 5 characters; at least 10 are expected.'),
    },
    {
      name: 'hostile: characters are counted and quoted as code points (an emoji is one)',
      input: { as_of: AS_OF, entries: [e({ description: '\u{1F600}'.repeat(3) }), e({ description: '\u{1F600}'.repeat(45), issue_key: 'PAY-2' })], guardrails: { description_too_short: { min_length: 50 } } },
      check: (b) => {
        const r = report(b);
        expect(r.entries[0]!.violations[0]!.message).toBe(`Description "${'\u{1F600}'.repeat(3)}" has 3 characters; at least 50 are expected.`);
        expect(r.entries[1]!.violations[0]!.message).toBe(`Description "${'\u{1F600}'.repeat(39)}\u2026" has 45 characters; at least 50 are expected.`);
      },
    },
    {
      name: 'hostile: duplicates compare fields, not their concatenation: a separator in one field does not shift into the next',
      input: { as_of: AS_OF, entries: [e({ issue_key: 'PAY-1', description: '60|Fix the retries' }), e({ issue_key: 'PAY-1|60', description: 'Fix the retries' })], guardrails: { issue_key_format: { enabled: false } } },
      output: { summary: { duplicate: 0 } },
    },
  ],
  invalid: [
    { name: 'no entries', input: {}, code: 'entries_required' },
    { name: 'empty entries', input: { entries: [] }, code: 'entries_too_short' },
    { name: 'too many entries', input: { entries: Array.from({ length: 2001 }, () => clean) }, code: 'entries_too_long' },
    { name: 'author missing', input: { entries: [e({ author: undefined })] }, code: 'entries_required', details: { field: 'entries.0.author' } },
    { name: 'author blank', input: { entries: [e({ author: '  ' })] }, code: 'entries_too_short', details: { field: 'entries.0.author' } },
    { name: 'date not in YYYY-MM-DD', input: { entries: [e({ date: '20/07/2026' })] }, code: 'entries_invalid', details: { field: 'entries.0.date' } },
    { name: 'date not on the calendar', input: { entries: [e({ date: '2026-02-30' })] }, code: 'entries_invalid', details: { field: 'entries.0.date' } },
    { name: 'start out of range', input: { entries: [e({ start: '25:00' })] }, code: 'entries_invalid', details: { field: 'entries.0.start' } },
    { name: 'duration text unreadable', input: { entries: [e({ duration: 'soon' })] }, code: 'entries_invalid', details: { field: 'entries.0.duration' } },
    { name: 'duration too large', input: { entries: [e({ duration: 20000 })] }, code: 'entries_too_large', details: { field: 'entries.0.duration' } },
    { name: 'neither duration nor start and end', input: { entries: [e({ duration: undefined, start: '09:00' })] }, code: 'entries_duration_required', details: { field: 'entries.0' } },
    { name: 'description too long', input: { entries: [e({ description: 'x'.repeat(2001) })] }, code: 'entries_too_long', details: { field: 'entries.0.description' } },
    { name: 'as_of not a date', input: { entries: [clean], as_of: 'yesterday' }, code: 'as_of_invalid' },
    { name: 'daily limit above 24 h', input: { entries: [clean], guardrails: { hours_per_day: { limit_hours: 30 } } }, code: 'guardrails_too_large', details: { field: 'guardrails.hours_per_day.limit_hours' } },
    { name: 'unknown weekday', input: { entries: [clean], guardrails: { weekend: { days: ['saturday'] } } }, code: 'guardrails_invalid', details: { field: 'guardrails.weekend.days.0' } },
    { name: 'lower-case project key', input: { entries: [clean], guardrails: { issue_key_format: { project_keys: ['pay'] } } }, code: 'guardrails_invalid', details: { field: 'guardrails.issue_key_format.project_keys.0' } },
    { name: 'unknown severity', input: { entries: [clean], guardrails: { overlap: { severity: 'error' } } }, code: 'guardrails_invalid', details: { field: 'guardrails.overlap.severity' } },
    { name: 'guardrails not an object', input: { entries: [clean], guardrails: [] }, code: 'guardrails_must_be_object' },
  ],
});

describe('worklog-guardrail: duration text', () => {
  it('every accepted form reads as 90 minutes; a bare number in a string is refused', () => {
    for (const f of ['90', ...FORMS.filter((x) => typeof x === 'string')]) expect(durationMinutes(f as string), String(f)).toBe(f === '90' ? null : 90);
  });
});

const entryArb = fc.record(
  {
    id: fc.string({ maxLength: 5 }),
    author: fc.constantFrom('ana', 'ben', 'Ana'),
    date: fc.constantFrom('2026-07-13', '2026-07-18', '2026-07-20', '2026-07-22', '2026-07-25', '2026-05-01'),
    start: fc.constantFrom('08:00', '09:30', '10:00', '13:15'),
    duration: fc.oneof(fc.integer({ min: -60, max: 900 }), fc.constantFrom('1h', '45m', 'PT2H', '1:15')),
    issue_key: fc.constantFrom('PAY-1', 'pay-1', 'OPS-22', ''),
    description: fc.constantFrom('', 'Fix', 'Implement refund retries', 'implement refund retries'),
  },
  { requiredKeys: ['author', 'date', 'duration'] },
);

describe('worklog-guardrail: properties', () => {
  it('summary and totals agree with the entries, and ok means no blocking violation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { minLength: 1, maxLength: 30 }), async (entries) => {
        const r = await ok({ as_of: AS_OF, entries });
        const all = r.entries.flatMap((x) => x.violations);
        expect(Object.values(r.summary).reduce((a, b) => a + b, 0)).toBe(all.length);
        expect(r.totals.block_violations + r.totals.warn_violations).toBe(all.length);
        expect(r.ok).toBe(!all.some((v) => v.severity === 'block'));
        expect(r.entries.map((x) => x.index)).toEqual(entries.map((_, i) => i));
      }),
      { numRuns: 150 },
    );
  });

  it('with every rule disabled nothing fires', async () => {
    const off = Object.fromEntries(RULE_IDS.map((id) => [id, { enabled: false }]));
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { minLength: 1, maxLength: 20 }), async (entries) => {
        const r = await ok({ as_of: AS_OF, entries, guardrails: off });
        expect(r.ok).toBe(true);
        expect(r.totals.entries_with_violations).toBe(0);
      }),
      { numRuns: 50 },
    );
  });
});

describe('worklog-guardrail: hostile input', () => {
  it('2000 overlapping entries of one person on one day answer quickly', async () => {
    const entries = Array.from({ length: 2000 }, (_, i) => e({ start: `${String(8 + (i % 10)).padStart(2, '0')}:00`, duration: 90, issue_key: `PAY-${i + 1}`, description: 'd'.repeat(2000) }));
    const started = performance.now();
    const r = await ok({ as_of: AS_OF, entries });
    expect(r.summary.overlap).toBeGreaterThan(1900);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('pathological duration strings are refused fast', async () => {
    for (const duration of ['1'.repeat(20), '1h'.repeat(10), 'PT'.padEnd(20, '1'), '1.1.1.1.1.1.1.1.1h', ' - ']) {
      const res = await callTool(tool, { as_of: AS_OF, entries: [e({ duration })] });
      expect(res.status, duration).toBe(400);
    }
  });
});

testRandomJson(tool, ['entries', 'guardrails']);
