// Tests for sprint-health: the bands of every metric, skipped metrics, ranking, validation codes, determinism, hostile input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import tool from './tool.ts';

type Metric = { value: Record<string, unknown>; health: string; note: string };
type Report = {
  sprint_count: number;
  metrics: Record<string, Metric | undefined>;
  skipped: { metric: string; reason: string }[];
  overall: { health: string; counts: Record<string, number> };
  recommendations: { rank: number; metric: string; health: string; action: string; why: string }[];
};

async function ok(body: unknown): Promise<Report> {
  const res = await callTool(tool, body);
  if (!res.ok) throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as Report;
}

/** n identical sprints built from one template. */
function same(n: number, s: Record<string, unknown>): Record<string, unknown>[] {
  return Array.from({ length: n }, () => ({ ...s }));
}

const healthy = { committed: 40, completed: 38, added: 2, removed: 0, carried_over: 2, bugs_opened: 3, bugs_closed: 4, team_capacity: 45 };

describe('sprint-health: metric bands', () => {
  const cases: { title: string; sprints: Record<string, unknown>[]; metric: string; health: string | null; avg?: number }[] = [
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
    { title: 'one sprint: velocity is judged without a trend', sprints: [{ committed: 10, completed: 9 }], metric: 'velocity', health: 'good' },
    { title: 'one sprint: no stability', sprints: [{ committed: 10, completed: 9 }], metric: 'velocity_stability', health: null },
    { title: 'added missing in one sprint: no scope change', sprints: [{ committed: 10, completed: 9, added: 1 }, { committed: 10, completed: 9 }], metric: 'scope_change', health: null },
  ];
  for (const c of cases) {
    it(c.title, async () => {
      const r = await ok({ sprints: c.sprints });
      const m = r.metrics[c.metric];
      if (c.health === null) {
        expect(m).toBeUndefined();
        expect(r.skipped.map((s) => s.metric)).toContain(c.metric);
        return;
      }
      expect(m?.health).toBe(c.health);
      if (c.avg !== undefined) expect(m?.value.avg).toBe(c.avg);
    });
  }
});

describe('sprint-health: shapes, ranking, overall', () => {
  it('ratio metrics carry exactly SPEC\'s ratioValue, oldest first', async () => {
    const r = await ok({ sprints: [{ ...healthy, completed: 30 }, healthy, { ...healthy, completed: 40 }] });
    for (const name of ['say_do', 'scope_change', 'carry_over', 'bug_ratio']) {
      const m = r.metrics[name]!;
      expect(Object.keys(m).sort()).toEqual(['health', 'note', 'value']);
      expect(Object.keys(m.value).sort()).toEqual(['avg', 'per_sprint']);
      expect((m.value.per_sprint as number[]).length).toBe(3);
    }
    expect(r.metrics.say_do!.value.per_sprint).toEqual([0.75, 0.95, 1]);
  });

  it('a healthy team is good overall with no recommendations', async () => {
    const r = await ok({ sprints: same(4, healthy) });
    expect(Object.keys(r.metrics)).toEqual(['velocity', 'say_do', 'scope_change', 'carry_over', 'bug_ratio', 'velocity_stability']);
    expect(r.overall.health).toBe('good');
    expect(r.overall.counts).toEqual({ good: 6, warn: 0, bad: 0 });
    expect(r.recommendations).toEqual([]);
  });

  it('two bad metrics make the overall bad, and bad recommendations rank first', async () => {
    const r = await ok({ sprints: same(3, { committed: 100, completed: 60, added: 15, carried_over: 40, bugs_opened: 2, bugs_closed: 2 }) });
    expect(r.metrics.say_do!.health).toBe('bad');
    expect(r.metrics.carry_over!.health).toBe('bad');
    expect(r.metrics.scope_change!.health).toBe('warn');
    expect(r.overall.health).toBe('bad');
    expect(r.recommendations.map((x) => [x.rank, x.metric, x.health])).toEqual([
      [1, 'say_do', 'bad'],
      [2, 'carry_over', 'bad'],
      [3, 'scope_change', 'warn'],
    ]);
    expect(r.recommendations[0]!.action).toMatch(/^Commit less/);
  });

  it('one bad metric makes the overall warn', async () => {
    const r = await ok({ sprints: same(3, { committed: 100, completed: 60 }) });
    expect(r.overall.health).toBe('warn');
  });

  it('notes name the value and the thresholds', async () => {
    const r = await ok({ sprints: [{ name: 'Alpha', committed: 100, completed: 60 }, { name: 'Beta', committed: 100, completed: 90 }] });
    expect(r.metrics.say_do!.note).toContain('75%');
    expect(r.metrics.say_do!.note).toContain('80%-100%');
    expect(r.metrics.say_do!.note).toContain('lowest Alpha at 60%');
  });

  it('skipped metrics say which sprints lack the input', async () => {
    const r = await ok({ sprints: [{ committed: 10, completed: 9, carried_over: 1 }, { committed: 10, completed: 9 }, { committed: 10, completed: 9 }] });
    expect(r.skipped.find((s) => s.metric === 'carry_over')!.reason).toContain('sprints 1, 2');
  });

  it('stability is skipped when no work was ever completed before', async () => {
    const r = await ok({ sprints: same(3, { committed: 10, completed: 0 }) });
    expect(r.skipped.find((s) => s.metric === 'velocity_stability')!.reason).toMatch(/zero/);
  });
});

describe('sprint-health: invalid requests', () => {
  const cases: { title: string; body: unknown; error: string; field?: string }[] = [
    { title: 'no sprints', body: {}, error: 'sprints_required' },
    { title: 'empty list', body: { sprints: [] }, error: 'sprints_too_short' },
    { title: 'too many sprints', body: { sprints: same(101, { committed: 1, completed: 1 }) }, error: 'sprints_too_long' },
    { title: 'not an array', body: { sprints: { committed: 1 } }, error: 'sprints_must_be_array' },
    { title: 'committed missing', body: { sprints: [{ completed: 1 }] }, error: 'sprints_required', field: 'sprints.0.committed' },
    { title: 'committed zero', body: { sprints: [{ committed: 0, completed: 0 }] }, error: 'sprints_too_small', field: 'sprints.0.committed' },
    { title: 'completed negative', body: { sprints: [{ committed: 1, completed: -1 }] }, error: 'sprints_too_small', field: 'sprints.0.completed' },
    { title: 'committed as a string', body: { sprints: [{ committed: '5', completed: 1 }] }, error: 'sprints_must_be_number', field: 'sprints.0.committed' },
    { title: 'committed too large', body: { sprints: [{ committed: 1e7, completed: 1 }] }, error: 'sprints_too_large', field: 'sprints.0.committed' },
    { title: 'fractional bug count', body: { sprints: [{ committed: 1, completed: 1, bugs_opened: 1.5 }] }, error: 'sprints_must_be_integer', field: 'sprints.0.bugs_opened' },
    { title: 'zero capacity', body: { sprints: [{ committed: 1, completed: 1, team_capacity: 0 }] }, error: 'sprints_too_small', field: 'sprints.0.team_capacity' },
    // A positive divisor below 0.001 sends a ratio past the largest JSON number (a 500 before).
    { title: 'commitment of the smallest positive number', body: { sprints: [{ committed: Number.MIN_VALUE, completed: 1e6 }] }, error: 'sprints_too_small', field: 'sprints.0.committed' },
    { title: 'commitment under 0.001', body: { sprints: [{ committed: 0.0009, completed: 1 }] }, error: 'sprints_too_small', field: 'sprints.0.committed' },
    { title: 'capacity of the smallest positive number', body: { sprints: [{ committed: 1e6, completed: 1e6, team_capacity: Number.MIN_VALUE }] }, error: 'sprints_too_small', field: 'sprints.0.team_capacity' },
    { title: 'completion between 0 and 0.001 (the trend baseline)', body: { sprints: [{ committed: 1, completed: Number.MIN_VALUE }, { committed: 1, completed: 1e6 }] }, error: 'sprints_too_small', field: 'sprints.0.completed' },
    { title: 'name too long', body: { sprints: [{ name: 'x'.repeat(101), committed: 1, completed: 1 }] }, error: 'sprints_too_long', field: 'sprints.0.name' },
    { title: 'unknown unit', body: { sprints: [{ committed: 1, completed: 1 }], unit: 'days' }, error: 'unit_invalid' },
    { title: 'window too small', body: { sprints: [{ committed: 1, completed: 1 }], rolling_window: 1 }, error: 'rolling_window_too_small' },
    { title: 'window not an integer', body: { sprints: [{ committed: 1, completed: 1 }], rolling_window: 2.5 }, error: 'rolling_window_must_be_integer' },
  ];
  for (const c of cases) {
    it(c.title, async () => {
      const res = await callTool(tool, c.body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(c.error);
      if (c.field) expect(res.body.field).toBe(c.field);
    });
  }
});

describe('sprint-health: examples', () => {
  for (const ex of tool.examples) {
    it(ex.title, async () => {
      const res = await callTool(tool, ex.input);
      expect(res.ok).toBe(true);
      expect(res.body).toEqual(ex.output);
    });
  }
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

describe('sprint-health: determinism and properties', () => {
  it('same input twice gives the same output', async () => {
    const body = { sprints: [healthy, { ...healthy, completed: 20 }, { ...healthy, added: 30 }] };
    expect(await ok(body)).toEqual(await ok(body));
  });

  it('ratios do not depend on the unit scale, and avg is the mean of per_sprint', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sprintArb, { minLength: 1, maxLength: 12 }), async (sprints) => {
        const base = await ok({ sprints });
        const scaled = await ok({ sprints: sprints.map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, k.startsWith('bugs') ? v : v * 4]))) });
        for (const name of ['say_do', 'scope_change', 'carry_over']) {
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
  it('100 sprints at the numeric caps answer', async () => {
    const r = await ok({ sprints: same(100, { name: 'n'.repeat(100), committed: 1e6, completed: 1e6, added: 1e6, removed: 1e6, carried_over: 1e6, bugs_opened: 1e6, bugs_closed: 0, team_capacity: 0.001 }) });
    expect(r.sprint_count).toBe(100);
    expect(r.metrics.bug_ratio!.value.avg).toBe(1e6);
    expect((r.metrics.velocity!.value.capacity_load as { avg: number }).avg).toBe(1e9);
  });

  it('the smallest amounts allowed keep every figure finite', async () => {
    const r = await ok({ sprints: [0.001, 1e6, 0.001, 1e6].map((completed) => ({ committed: 0.001, completed, added: 1e6, removed: 1e6, carried_over: 1e6, team_capacity: 0.001 })), rolling_window: 10 });
    expect(JSON.stringify(r)).not.toMatch(/NaN|Infinity/);
    expect(r.metrics.velocity!.value.trend_pct).not.toBeNull();
    expect(r.metrics.say_do!.value.avg).toBe(500000000.5);
  });

  it('control characters in names are cleaned from notes', async () => {
    const r = await ok({ sprints: [{ name: 'A\n\u0000B\u202e', committed: 10, completed: 1 }, { committed: 10, completed: 9 }] });
    expect(r.metrics.say_do!.note).toContain('lowest A B at 10%');
  });

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

  it('random JSON never throws', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.jsonValue(), async (sprints, unit) => {
        const res = await callTool(tool, { sprints, unit });
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: 200 },
    );
  });
});

describe('sprint-health: declared hostile cases', () => {
  it.each(tool.hostile!().map((c) => [c.name, c] as const))('%s: a 200 or a 4xx, never a 5xx or a throw', async (_name, c) => {
    const res = await callTool(tool, c.input);
    expect(res.status === 200 || (res.status >= 400 && res.status < 500)).toBe(true);
  });
});
