// Sprint-health engine: delivery metrics over a run of sprints, each judged against published bands, with ranked advice.

import type { Input, Output } from './tool.ts';

type SprintInput = Input['sprints'][number];

type Health = Output['overall']['health'];
type Unit = Output['unit'];
type Metrics = Output['metrics'];
type MetricName = Output['skipped'][number]['metric'];
/** SPEC's ratioValue: one ratio per sprint (oldest first) and their mean. */
type RatioValue = NonNullable<Metrics['say_do']>['value'];
type Advice = { action: string; why: string };

/** What every step reads: the sprints and the figures derived from them once. */
interface Run {
  sprints: SprintInput[];
  unit: Unit;
  window: number;
  n: number;
  names: string[];
  committed: number[];
  completed: number[];
  /** Scope added per sprint, when known: it explains a say/do above 100%. */
  addedShare: number[] | null;
}

/** What the steps write: the metrics computed, the ones skipped and the advice for those not good. */
interface Findings {
  metrics: Metrics;
  skipped: Output['skipped'];
  advice: Map<MetricName, Advice>;
}

/** The bands, in one place so the notes, README and tests quote the same numbers. */
const THRESHOLDS = {
  say_do: { bad_below: 0.7, warn_below: 0.8, warn_above: 1.0, bad_above: 1.1 },
  scope_change: { good_max: 0.1, warn_max: 0.25 },
  carry_over: { good_below: 0.15, warn_max: 0.2 },
  bug_ratio: { good_max: 1.0, warn_max: 1.5 },
  velocity_stability: { good_max: 0.1, warn_max: 0.2 },
  velocity_trend: { good_min: -0.1, warn_min: -0.2 },
  capacity_load: { good_max: 1.0, warn_max: 1.15 },
  /** Added scope above this share makes a say/do above 110% "explained" rather than sandbagging. */
  explained_added: 0.1,
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

const METRIC_ORDER: readonly MetricName[] = ['say_do', 'carry_over', 'scope_change', 'velocity_stability', 'velocity', 'bug_ratio'];
const RANK: Record<Health, number> = { good: 0, warn: 1, bad: 2 };

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
}

function worst(...hs: Health[]): Health {
  return hs.reduce<Health>((w, h) => (RANK[h] > RANK[w] ? h : w), 'good');
}

function pct(x: number): string {
  return `${round(x * 100, 1)}%`;
}

function num(x: number): string {
  return String(round(x, 2));
}

function ratio(values: number[]): RatioValue {
  return { per_sprint: values.map((v) => round(v)), avg: round(mean(values)) };
}

/** Index of the sprint with the extreme value, for notes that name it. */
function extreme(values: number[], pick: 'max' | 'min'): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) {
    const v = values[i] as number;
    if (pick === 'max' ? v > (values[best] as number) : v < (values[best] as number)) best = i;
  }
  return best;
}

function missingIn(sprints: SprintInput[], field: keyof SprintInput): number[] {
  const out: number[] = [];
  sprints.forEach((s, i) => {
    if (s[field] === undefined) out.push(i);
  });
  return out;
}

function skipReason(field: string, missing: number[], total: number): string {
  const which = missing.length === total ? 'any sprint' : `sprint${missing.length === 1 ? '' : 's'} ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''} (0-based)`;
  const plural = field.includes(' and ');
  return `${field} ${plural ? 'were' : 'was'} not supplied for ${which}; the metric needs ${plural ? 'them' : 'it'} for every sprint.`;
}

// velocity: completed per sprint; health from the recent trend and, with capacity, from the load.
function velocity(run: Run, found: Findings): void {
  const { sprints, unit, n, committed, completed } = run;
  const { metrics, advice } = found;
  const avg = mean(completed);
  let trend: number | null = null;
  if (n >= 2) {
    const k = Math.min(3, Math.floor(n / 2));
    const recent = mean(completed.slice(n - k));
    const before = mean(completed.slice(n - 2 * k, n - k));
    trend = before > 0 ? (recent - before) / before : null;
  }
  const t = THRESHOLDS.velocity_trend;
  const trendHealth: Health = trend === null ? 'good' : trend >= t.good_min ? 'good' : trend >= t.warn_min ? 'warn' : 'bad';
  const capacityKnown = sprints.every((s) => s.team_capacity !== undefined && s.team_capacity > 0);
  const load = capacityKnown ? committed.map((c, i) => c / (sprints[i]!.team_capacity as number)) : null;
  const c = THRESHOLDS.capacity_load;
  const loadAvg = load ? mean(load) : 0;
  const loadHealth: Health = !load ? 'good' : loadAvg <= c.good_max ? 'good' : loadAvg <= c.warn_max ? 'warn' : 'bad';
  const parts = [`average ${num(avg)} ${unit} over ${n} sprint${n === 1 ? '' : 's'}`];
  parts.push(trend === null ? 'no trend yet (needs two sprints with a non-zero baseline)' : `recent trend ${trend >= 0 ? '+' : ''}${pct(trend)} (good from ${pct(t.good_min)}, bad below ${pct(t.warn_min)})`);
  if (load) parts.push(`commitment averages ${pct(loadAvg)} of capacity (good up to ${pct(c.good_max)}, bad above ${pct(c.warn_max)})`);
  const health = worst(trendHealth, loadHealth);
  metrics.velocity = {
    value: { per_sprint: completed.map((v) => round(v)), avg: round(avg), unit, trend_pct: trend === null ? null : round(trend * 100, 1), capacity_load: load ? ratio(load) : null },
    health,
    note: `Velocity: ${parts.join('; ')}.`,
  };
  if (health !== 'good') {
    if (RANK[loadHealth] >= RANK[trendHealth]) {
      advice.set('velocity', { action: `Plan sprints against capacity: commit no more than the capacity (now ${pct(loadAvg)} on average), and recompute capacity from leave and meetings before planning.`, why: `Commitment above capacity is the usual cause of low say/do and carry-over.` });
    } else {
      advice.set('velocity', { action: 'Find why throughput fell: compare the recent sprints\' team size, unplanned work and blocked items with the earlier ones, and re-baseline planning on the recent average.', why: `Velocity fell ${pct(-(trend as number))} against the previous sprints.` });
    }
  }
}

// say_do: completed / committed.
function sayDo(run: Run, found: Findings): void {
  const { unit, n, names, committed, completed, addedShare } = run;
  const { metrics, advice } = found;
  const values = completed.map((c, i) => c / (committed[i] as number));
  const avg = mean(values);
  const t = THRESHOLDS.say_do;
  const explained = addedShare !== null && mean(addedShare) > THRESHOLDS.explained_added;
  let health: Health;
  if (avg < t.bad_below) health = 'bad';
  else if (avg < t.warn_below) health = 'warn';
  else if (avg <= t.warn_above) health = 'good';
  else if (avg <= t.bad_above || explained) health = 'warn';
  else health = 'bad';
  const low = extreme(values, 'min');
  let note = `Say/do averages ${pct(avg)} (good ${pct(t.warn_below)}-${pct(t.warn_above)}; below ${pct(t.bad_below)} is over-commitment, above ${pct(t.bad_above)} suggests sandbagging)${n > 1 ? `; lowest ${names[low]} at ${pct(values[low] as number)}` : ''}.`;
  if (avg > t.warn_above && explained) note += ` Completed exceeds commitment partly because ${pct(mean(addedShare ?? []))} of scope was added on average (see scope_change).`;
  metrics.say_do = { value: ratio(values), health, note };
  if (health !== 'good') {
    advice.set(
      'say_do',
      avg < t.warn_below
        ? { action: `Commit less: plan the next sprint at about the recent average completed (${num(mean(completed.slice(-3)))} ${unit}) rather than the wish list, and leave a buffer for unplanned work.`, why: `The team delivers ${pct(avg)} of what it commits.` }
        : explained
          ? { action: 'Count mid-sprint additions in the commitment or protect the sprint from them; then say/do reflects planning accuracy again.', why: `Say/do of ${pct(avg)} is inflated by work added after the start.` }
          : { action: 'Commit to more: the team finishes more than it plans, so the plan under-uses it and forecasts are too pessimistic.', why: `Say/do of ${pct(avg)} is above ${pct(t.bad_above)}.` },
    );
  }
}

/** A metric that is a share of each sprint's commitment, averaged, and names its highest sprint. */
interface CommitmentShare {
  metric: 'scope_change' | 'carry_over';
  /** The sprint field it needs; a sprint without it leaves the metric skipped. */
  field: 'added' | 'carried_over';
  amount: (s: SprintInput) => number;
  health: (avg: number) => Health;
  /** The note before the highest sprint is named. */
  note: (avg: number) => string;
  advice: (avg: number) => Advice;
}

function commitmentShare(run: Run, found: Findings, m: CommitmentShare): void {
  const { sprints, n, names } = run;
  const { metrics, skipped, advice } = found;
  const missing = missingIn(sprints, m.field);
  if (missing.length > 0) {
    skipped.push({ metric: m.metric, reason: skipReason(m.field, missing, n) });
    return;
  }
  const values = sprints.map((s) => m.amount(s) / s.committed);
  const avg = mean(values);
  const health = m.health(avg);
  const high = extreme(values, 'max');
  metrics[m.metric] = { value: ratio(values), health, note: `${m.note(avg)}${n > 1 ? `; highest ${names[high]} at ${pct(values[high] as number)}` : ''}.` };
  if (health !== 'good') advice.set(m.metric, m.advice(avg));
}

// scope_change: (added + removed) / committed.
function scopeChange(run: Run, found: Findings): void {
  const t = THRESHOLDS.scope_change;
  commitmentShare(run, found, {
    metric: 'scope_change',
    field: 'added',
    amount: (s) => (s.added as number) + (s.removed ?? 0),
    health: (avg) => (avg <= t.good_max ? 'good' : avg <= t.warn_max ? 'warn' : 'bad'),
    note: (avg) => `Scope changed by ${pct(avg)} of the commitment on average, added plus removed (good up to ${pct(t.good_max)}, bad above ${pct(t.warn_max)})`,
    advice: (avg) => ({
      action: 'Protect the sprint: route new requests through the product owner into the next sprint, keep an explicit buffer for urgent work, and refine stories before planning so they stop growing mid-sprint.',
      why: `Scope moves ${pct(avg)} of the commitment per sprint.`,
    }),
  });
}

// carry_over: carried_over / committed.
function carryOver(run: Run, found: Findings): void {
  const t = THRESHOLDS.carry_over;
  commitmentShare(run, found, {
    metric: 'carry_over',
    field: 'carried_over',
    amount: (s) => s.carried_over as number,
    health: (avg) => (avg < t.good_below ? 'good' : avg <= t.warn_max ? 'warn' : 'bad'),
    note: (avg) => `Carry-over averages ${pct(avg)} of the commitment (good below ${pct(t.good_below)}, bad above ${pct(t.warn_max)})`,
    advice: (avg) => ({ action: 'Split stories so each fits in a few days, limit work in progress, and swarm on the oldest item before starting new ones.', why: `${pct(avg)} of committed work rolls into the next sprint.` }),
  });
}

// bug_ratio: bugs opened / bugs closed (closed floored at 1 so a sprint that closed none stays finite).
function bugRatio(run: Run, found: Findings): void {
  const { sprints, n } = run;
  const { metrics, skipped, advice } = found;
  const missing = [...new Set([...missingIn(sprints, 'bugs_opened'), ...missingIn(sprints, 'bugs_closed')])].sort((a, b) => a - b);
  if (missing.length > 0) {
    skipped.push({ metric: 'bug_ratio', reason: skipReason('bugs_opened and bugs_closed', missing, n) });
  } else {
    const values = sprints.map((s) => (s.bugs_opened as number) / Math.max(s.bugs_closed as number, 1));
    const avg = mean(values);
    const t = THRESHOLDS.bug_ratio;
    const health: Health = avg <= t.good_max ? 'good' : avg <= t.warn_max ? 'warn' : 'bad';
    const opened = sprints.reduce((a, s) => a + (s.bugs_opened as number), 0);
    const closed = sprints.reduce((a, s) => a + (s.bugs_closed as number), 0);
    metrics.bug_ratio = {
      value: ratio(values),
      health,
      note: `Bugs opened per bug closed average ${num(avg)} (good up to ${num(t.good_max)}, bad above ${num(t.warn_max)}); ${opened} opened and ${closed} closed in total, so the bug backlog ${opened > closed ? `grew by ${opened - closed}` : opened < closed ? `shrank by ${closed - opened}` : 'held steady'}.`,
    };
    if (health !== 'good') {
      advice.set('bug_ratio', { action: 'Reserve capacity for fixing bugs every sprint and strengthen the definition of done (tests, review) so fewer escape.', why: `Bugs arrive ${num(avg)} times as fast as they are closed.` });
    }
  }
}

// velocity_stability: deviation of each sprint from the rolling mean of the sprints before it.
function velocityStability(run: Run, found: Findings): void {
  const { window, n, completed } = run;
  const { metrics, skipped, advice } = found;
  if (n < 2) {
    skipped.push({ metric: 'velocity_stability', reason: 'Needs at least two sprints.' });
  } else {
    const deviations: (number | null)[] = completed.map((c, i) => {
      if (i === 0) return null;
      const base = mean(completed.slice(Math.max(0, i - window), i));
      return base > 0 ? (c - base) / base : null;
    });
    const known = deviations.filter((d): d is number => d !== null);
    if (known.length === 0) {
      skipped.push({ metric: 'velocity_stability', reason: 'Every rolling mean is zero: no completed work to compare against.' });
    } else {
      const mad = mean(known.map(Math.abs));
      const avg = mean(completed);
      const sd = Math.sqrt(mean(completed.map((c) => (c - avg) ** 2)));
      const cv = avg > 0 ? sd / avg : 0;
      const t = THRESHOLDS.velocity_stability;
      const health: Health = mad <= t.good_max ? 'good' : mad <= t.warn_max ? 'warn' : 'bad';
      metrics.velocity_stability = {
        value: { deviation_per_sprint: deviations.map((d) => (d === null ? null : round(d))), mean_abs_deviation: round(mad), coefficient_of_variation: round(cv), window },
        health,
        note: `Velocity deviates ${pct(mad)} on average from the rolling mean of the previous ${window} sprints (good within ${pct(t.good_max)}, bad beyond ${pct(t.warn_max)}); coefficient of variation ${num(cv)}.`,
      };
      if (health !== 'good') {
        advice.set('velocity_stability', { action: 'Forecast with a range, not a single number, until velocity settles; keep team membership and sprint length stable and estimate with the same reference stories.', why: `Velocity swings ${pct(mad)} from sprint to sprint.` });
      }
    }
  }
}

/** The overall health and the ranked recommendations over what the steps found. */
function report(run: Run, found: Findings): Output {
  const { metrics, skipped, advice } = found;
  const healths = Object.values(metrics).map((m) => m.health);
  const counts: Record<Health, number> = { good: 0, warn: 0, bad: 0 };
  for (const h of healths) counts[h]++;
  const overallHealth: Health = counts.bad >= 2 ? 'bad' : counts.bad + counts.warn > 0 ? 'warn' : 'good';
  const metricCount = healths.length;
  const overallNote = `${counts.good} of ${metricCount} metrics good, ${counts.warn} warn, ${counts.bad} bad. Overall is bad with two or more bad metrics, warn with any warn or one bad.`;

  const ranked = METRIC_ORDER.filter((m) => advice.has(m) && metrics[m] && metrics[m].health !== 'good').sort((a, b) => RANK[metrics[b]!.health] - RANK[metrics[a]!.health] || METRIC_ORDER.indexOf(a) - METRIC_ORDER.indexOf(b));
  const recommendations = ranked.map((m, i) => ({ rank: i + 1, metric: m, health: metrics[m]!.health as 'warn' | 'bad', ...advice.get(m)! }));

  return { sprint_count: run.n, unit: run.unit, metrics, skipped, overall: { health: overallHealth, note: overallNote, counts }, recommendations };
}

export function analyse(input: Input): Output {
  const sprints = input.sprints;
  const run: Run = {
    sprints,
    unit: input.unit ?? 'points',
    window: input.rolling_window ?? 3,
    n: sprints.length,
    names: sprints.map((s, i) => {
      const name = s.name?.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
      return name ? name : `Sprint ${i + 1}`;
    }),
    committed: sprints.map((s) => s.committed),
    completed: sprints.map((s) => s.completed),
    addedShare: sprints.every((s) => s.added !== undefined) ? sprints.map((s) => (s.added as number) / s.committed) : null,
  };
  const found: Findings = { metrics: {}, skipped: [], advice: new Map() };
  for (const step of [velocity, sayDo, scopeChange, carryOver, bugRatio, velocityStability]) step(run, found);
  return report(run, found);
}
