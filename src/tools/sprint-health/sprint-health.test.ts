// Tests for sprint-health: the bands of every metric, skipped metrics, ranking, refusals (tester tables); properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { testRandomJson, testTool } from '../kit/tester.ts';
import type { ValidCase } from '../kit/tester.ts';
import tool from './tool.ts';
import type { Output } from './tool.ts';

type MetricName = Output['skipped'][number]['metric'];
/** A metric as the tests read it: any of the value shapes. */
type Metric = { value: Record<string, unknown>; health: string; note: string };

/** The answer as the output schema reads it (request_id dropped), metrics by name. */
function report(b: Record<string, unknown>): Omit<Output, 'metrics'> & { metrics: Partial<Record<MetricName, Metric>> } {
  return tool.output.parse(b);
}

async function ok(body: unknown): Promise<ReturnType<typeof report>> {
  const res = await callTool(tool, body);
  if (!res.ok) throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  return report(res.body);
}

/** n identical sprints built from one template. */
function same(n: number, s: Record<string, unknown>): Record<string, unknown>[] {
  return Array.from({ length: n }, () => ({ ...s }));
}

const healthy = { committed: 40, completed: 38, added: 2, removed: 0, carried_over: 2, bugs_opened: 3, bugs_closed: 4, team_capacity: 45 };

const bandCases: { title: string; sprints: Record<string, unknown>[]; metric: MetricName; health: string | null; avg?: number }[] = [
  { title: 'say/do 69% is bad (over-commitment)', sprints: same(3, { committed: 100, completed: 69 }), metric: 'say_do', health: 'bad', avg: 0.69 },
  { title: 'say/do 75% is warn', sprints: same(3, { committed: 100, completed: 75 }), metric: 'say_do', health: 'warn', avg: 0.75 },
  { title: 'say/do 80% is good', sprints: same(3, { committed: 100, completed: 80 }), metric: 'say_do', health: 'good', avg: 0.8 },
  { title: 'say/do 100% is good', sprints: same(3, { committed: 100, completed: 100 }), metric: 'say_do', health: 'good', avg: 1 },
  { title: 'say/do 105% is warn', sprints: same(3, { committed: 100, completed: 105 }), metric: 'say_do', health: 'warn', avg: 1.05 },
  { title: 'say/do 120% with no added scope is bad (sandbagging)', sprints: same(3, { committed: 100, completed: 120, added: 0 }), metric: 'say_do', health: 'bad', avg: 1.2 },
  { title: 'say/do 120% explained by 20% added scope is only warn', sprints: same(3, { committed: 100, completed: 120, added: 20 }), metric: 'say_do', health: 'warn', avg: 1.2 },
  { title: 'scope change 10% is good', sprints: same(2, { committed: 100, completed: 90, added: 10 }), metric: 'scope_change', health: 'good', avg: 0.1 },
  { title: 'scope change counts removed work: 15% + 5% is warn', sprints: same(2, { committed: 100, completed: 90, added: 15, removed: 5 }), metric: 'scope_change', health: 'warn', avg: 0.2 },
  { title: 'scope change 30% is bad', sprints: same(2, { committed: 100, completed: 90, added: 30 }), metric: 'scope_change', health: 'bad', avg: 0.3 },
  { title: 'carry-over 14% is good', sprints: same(2, { committed: 100, completed: 86, carried_over: 14 }), metric: 'carry_over', health: 'good', avg: 0.14 },
  { title: 'carry-over 20% is warn', sprints: same(2, { committed: 100, completed: 80, carried_over: 20 }), metric: 'carry_over', health: 'warn', avg: 0.2 },
  { title: 'carry-over 21% is bad', sprints: same(2, { committed: 100, completed: 79, carried_over: 21 }), metric: 'carry_over', health: 'bad', avg: 0.21 },
  { title: 'bugs opened = closed is good', sprints: same(2, { committed: 10, completed: 9, bugs_opened: 4, bugs_closed: 4 }), metric: 'bug_ratio', health: 'good', avg: 1 },
  { title: 'bugs opened 1.5x closed is warn', sprints: same(2, { committed: 10, completed: 9, bugs_opened: 6, bugs_closed: 4 }), metric: 'bug_ratio', health: 'warn', avg: 1.5 },
  { title: 'bugs with none closed: closed floors at 1', sprints: same(2, { committed: 10, completed: 9, bugs_opened: 3, bugs_closed: 0 }), metric: 'bug_ratio', health: 'bad', avg: 3 },
  { title: 'no bugs at all is good', sprints: same(2, { committed: 10, completed: 9, bugs_opened: 0, bugs_closed: 0 }), metric: 'bug_ratio', health: 'good', avg: 0 },
  { title: 'steady velocity is stable', sprints: same(5, { committed: 30, completed: 30 }), metric: 'velocity_stability', health: 'good' },
  { title: 'velocity swinging 50% is unstable', sprints: [20, 30, 20, 30, 20].map((c) => ({ committed: 30, completed: c })), metric: 'velocity_stability', health: 'bad' },
  { title: 'velocity falling 25% is bad', sprints: [40, 40, 40, 30, 30, 30].map((c) => ({ committed: 40, completed: c })), metric: 'velocity', health: 'bad' },
  { title: 'velocity falling 15% is warn', sprints: [40, 34].map((c) => ({ committed: 40, completed: c })), metric: 'velocity', health: 'warn' },
  { title: 'commitment 120% of capacity is bad', sprints: same(3, { committed: 48, completed: 48, team_capacity: 40 }), metric: 'velocity', health: 'bad' },
  { title: 'added missing in one sprint: no scope change', sprints: [{ committed: 10, completed: 9, added: 1 }, { committed: 10, completed: 9 }], metric: 'scope_change', health: null },
];

const bandRows: ValidCase[] = bandCases.map((c) => ({
  name: c.title,
  input: { sprints: c.sprints },
  check: (b) => {
    const r = report(b);
    const m = r.metrics[c.metric];
    if (c.health === null) {
      expect(m).toBeUndefined();
      expect(r.skipped.map((s) => s.metric)).toContain(c.metric);
      return;
    }
    expect(m?.health).toBe(c.health);
    if (c.avg !== undefined) expect(m?.value.avg).toBe(c.avg);
  },
}));

testTool(tool, {
  valid: [
    ...bandRows,
    {
      name: 'one sprint: velocity is judged without a trend, and there is no stability',
      input: { sprints: [{ committed: 10, completed: 9 }] },
      check: (b) => {
        const r = report(b);
        expect(r.metrics.velocity?.health).toBe('good');
        expect(r.metrics.velocity_stability).toBeUndefined();
        expect(r.skipped.map((s) => s.metric)).toContain('velocity_stability');
      },
    },
    {
      name: "ratio metrics carry exactly SPEC's ratioValue, oldest first",
      input: { sprints: [{ ...healthy, completed: 30 }, healthy, { ...healthy, completed: 40 }] },
      check: (b) => {
        const r = report(b);
        for (const name of ['say_do', 'scope_change', 'carry_over', 'bug_ratio'] as const) {
          const m = r.metrics[name]!;
          expect(Object.keys(m).sort()).toEqual(['health', 'note', 'value']);
          expect(Object.keys(m.value).sort()).toEqual(['avg', 'per_sprint']);
          expect((m.value.per_sprint as number[]).length).toBe(3);
        }
        expect(r.metrics.say_do!.value.per_sprint).toEqual([0.75, 0.95, 1]);
      },
    },
    {
      name: 'a healthy team is good overall with no recommendations',
      input: { sprints: same(4, healthy) },
      output: { overall: { health: 'good', counts: { good: 6, warn: 0, bad: 0 } }, recommendations: [] },
      check: (b) => expect(Object.keys(report(b).metrics)).toEqual(['velocity', 'say_do', 'scope_change', 'carry_over', 'bug_ratio', 'velocity_stability']),
    },
    {
      name: 'two bad metrics make the overall bad, and bad recommendations rank first',
      input: { sprints: same(3, { committed: 100, completed: 60, added: 15, carried_over: 40, bugs_opened: 2, bugs_closed: 2 }) },
      output: { metrics: { say_do: { health: 'bad' }, carry_over: { health: 'bad' }, scope_change: { health: 'warn' } }, overall: { health: 'bad' } },
      check: (b) => {
        const r = report(b);
        expect(r.recommendations.map((x) => [x.rank, x.metric, x.health])).toEqual([
          [1, 'say_do', 'bad'],
          [2, 'carry_over', 'bad'],
          [3, 'scope_change', 'warn'],
        ]);
        expect(r.recommendations[0]!.action).toMatch(/^Commit less/);
      },
    },
    { name: 'one bad metric makes the overall warn', input: { sprints: same(3, { committed: 100, completed: 60 }) }, output: { overall: { health: 'warn' } } },
    {
      name: 'notes name the value and the thresholds',
      input: { sprints: [{ name: 'Alpha', committed: 100, completed: 60 }, { name: 'Beta', committed: 100, completed: 90 }] },
      check: (b) => {
        const note = report(b).metrics.say_do!.note;
        expect(note).toContain('75%');
        expect(note).toContain('80%-100%');
        expect(note).toContain('lowest Alpha at 60%');
      },
    },
    {
      name: 'skipped metrics say which sprints lack the input',
      input: { sprints: [{ committed: 10, completed: 9, carried_over: 1 }, { committed: 10, completed: 9 }, { committed: 10, completed: 9 }] },
      check: (b) => expect(report(b).skipped.find((s) => s.metric === 'carry_over')!.reason).toContain('sprints 1, 2'),
    },
    {
      name: 'stability is skipped when no work was ever completed before',
      input: { sprints: same(3, { committed: 10, completed: 0 }) },
      check: (b) => expect(report(b).skipped.find((s) => s.metric === 'velocity_stability')!.reason).toMatch(/zero/),
    },
    {
      name: 'hostile: 100 sprints at the numeric caps answer',
      input: { sprints: same(100, { name: 'n'.repeat(100), committed: 1e6, completed: 1e6, added: 1e6, removed: 1e6, carried_over: 1e6, bugs_opened: 1e6, bugs_closed: 0, team_capacity: 0.001 }) },
      output: { sprint_count: 100, metrics: { bug_ratio: { value: { avg: 1e6 } }, velocity: { value: { capacity_load: { avg: 1e9 } } } } },
    },
    {
      name: 'hostile: the smallest amounts allowed keep every figure finite',
      input: { sprints: [0.001, 1e6, 0.001, 1e6].map((completed) => ({ committed: 0.001, completed, added: 1e6, removed: 1e6, carried_over: 1e6, team_capacity: 0.001 })), rolling_window: 10 },
      output: { metrics: { say_do: { value: { avg: 500000000.5 } } } },
      check: (b) => {
        expect(JSON.stringify(b)).not.toMatch(/NaN|Infinity/);
        expect(report(b).metrics.velocity!.value.trend_pct).not.toBeNull();
      },
    },
    {
      name: 'hostile: control characters in names are cleaned from notes',
      input: { sprints: [{ name: 'A\n\u0000B\u202e', committed: 10, completed: 1 }, { committed: 10, completed: 9 }] },
      check: (b) => expect(report(b).metrics.say_do!.note).toContain('lowest A B at 10%'),
    },
  ],
  invalid: [
    { name: 'no sprints', input: {}, code: 'sprints_required' },
    { name: 'empty list', input: { sprints: [] }, code: 'sprints_too_short' },
    { name: 'too many sprints', input: { sprints: same(101, { committed: 1, completed: 1 }) }, code: 'sprints_too_long' },
    { name: 'not an array', input: { sprints: { committed: 1 } }, code: 'sprints_must_be_array' },
    { name: 'committed missing', input: { sprints: [{ completed: 1 }] }, code: 'sprints_required', details: { field: 'sprints.0.committed' } },
    { name: 'committed zero', input: { sprints: [{ committed: 0, completed: 0 }] }, code: 'sprints_too_small', details: { field: 'sprints.0.committed' } },
    { name: 'completed negative', input: { sprints: [{ committed: 1, completed: -1 }] }, code: 'sprints_too_small', details: { field: 'sprints.0.completed' } },
    { name: 'committed as a string', input: { sprints: [{ committed: '5', completed: 1 }] }, code: 'sprints_must_be_number', details: { field: 'sprints.0.committed' } },
    { name: 'committed too large', input: { sprints: [{ committed: 1e7, completed: 1 }] }, code: 'sprints_too_large', details: { field: 'sprints.0.committed' } },
    { name: 'fractional bug count', input: { sprints: [{ committed: 1, completed: 1, bugs_opened: 1.5 }] }, code: 'sprints_must_be_integer', details: { field: 'sprints.0.bugs_opened' } },
    { name: 'zero capacity', input: { sprints: [{ committed: 1, completed: 1, team_capacity: 0 }] }, code: 'sprints_too_small', details: { field: 'sprints.0.team_capacity' } },
    // A positive divisor below 0.001 sends a ratio past the largest JSON number (a 500 before).
    { name: 'commitment of the smallest positive number', input: { sprints: [{ committed: Number.MIN_VALUE, completed: 1e6 }] }, code: 'sprints_too_small', details: { field: 'sprints.0.committed' } },
    { name: 'commitment under 0.001', input: { sprints: [{ committed: 0.0009, completed: 1 }] }, code: 'sprints_too_small', details: { field: 'sprints.0.committed' } },
    { name: 'capacity of the smallest positive number', input: { sprints: [{ committed: 1e6, completed: 1e6, team_capacity: Number.MIN_VALUE }] }, code: 'sprints_too_small', details: { field: 'sprints.0.team_capacity' } },
    { name: 'completion between 0 and 0.001 (the trend baseline)', input: { sprints: [{ committed: 1, completed: Number.MIN_VALUE }, { committed: 1, completed: 1e6 }] }, code: 'sprints_too_small', details: { field: 'sprints.0.completed' } },
    { name: 'name too long', input: { sprints: [{ name: 'x'.repeat(101), committed: 1, completed: 1 }] }, code: 'sprints_too_long', details: { field: 'sprints.0.name' } },
    { name: 'unknown unit', input: { sprints: [{ committed: 1, completed: 1 }], unit: 'days' }, code: 'unit_invalid' },
    { name: 'window too small', input: { sprints: [{ committed: 1, completed: 1 }], rolling_window: 1 }, code: 'rolling_window_too_small' },
    { name: 'window not an integer', input: { sprints: [{ committed: 1, completed: 1 }], rolling_window: 2.5 }, code: 'rolling_window_must_be_integer' },
  ],
});

const sprintArb = fc.record(
  {
    committed: fc.integer({ min: 1, max: 500 }),
    completed: fc.integer({ min: 0, max: 600 }),
    added: fc.integer({ min: 0, max: 200 }),
    removed: fc.integer({ min: 0, max: 200 }),
    carried_over: fc.integer({ min: 0, max: 200 }),
    bugs_opened: fc.integer({ min: 0, max: 50 }),
    bugs_closed: fc.integer({ min: 0, max: 50 }),
    team_capacity: fc.integer({ min: 1, max: 600 }),
  },
  { requiredKeys: ['committed', 'completed'] },
);

describe('sprint-health: properties', () => {
  it('ratios do not depend on the unit scale, and avg is the mean of per_sprint', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sprintArb, { minLength: 1, maxLength: 12 }), async (sprints) => {
        const base = await ok({ sprints });
        const scaled = await ok({ sprints: sprints.map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, k.startsWith('bugs') ? v : v * 4]))) });
        for (const name of ['say_do', 'scope_change', 'carry_over'] as const) {
          expect(scaled.metrics[name]?.value).toEqual(base.metrics[name]?.value);
          const m = base.metrics[name];
          if (m) {
            const per = m.value.per_sprint as number[];
            expect(per.length).toBe(sprints.length);
            expect(Math.abs((m.value.avg as number) - per.reduce((a, b) => a + b, 0) / per.length)).toBeLessThan(0.002);
          }
        }
        expect(scaled.overall).toEqual(base.overall);
        expect(base.recommendations.map((r) => r.rank)).toEqual(base.recommendations.map((_, i) => i + 1));
      }),
      { numRuns: 150 },
    );
  });
});

describe('sprint-health: hostile input', () => {
  it('any amounts within the bounds, subnormal ones included: a 200 or sprints_too_small, never a throw', async () => {
    const amount = fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constantFrom(0, Number.MIN_VALUE, 0.001, 1e6));
    const sprint = fc.record({ committed: amount, completed: amount, added: amount, team_capacity: amount }, { requiredKeys: ['committed', 'completed'] });
    await fc.assert(
      fc.asyncProperty(fc.array(sprint, { minLength: 1, maxLength: 8 }), fc.integer({ min: 2, max: 10 }), async (sprints, rolling_window) => {
        const res = await callTool(tool, { sprints, rolling_window });
        if (res.status !== 200) expect(res.body.error).toBe('sprints_too_small');
      }),
      { numRuns: 200 },
    );
  });
});

testRandomJson(tool, ['sprints', 'unit']);
