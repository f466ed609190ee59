// saas-metrics engine: each metric's formula over its inputs, rated against its benchmark (benchmarks.ts); unknown
// when inputs are missing; a ranked focus list.

import { band, scaleOf } from './benchmarks.ts';
import type { MetricName, Scale, Status } from './benchmarks.ts';
import type { Input, Output } from './tool.ts';

type MetricResult = Output['metrics']['runway_months'];
type Family = MetricResult['family'];

/** An input a formula reads: a field, or a figure with a fallback (named as the "Not computed" message names it). */
const GROSS_MARGIN = 'gross_margin_pct (or revenue and cogs)';
const PER_CUSTOMER = 'new_mrr_per_customer (or arpa_monthly)';
type Source = keyof Input | typeof GROSS_MARGIN | typeof PER_CUSTOMER;

/**
 * What a formula gives: a value to rate against the bands (alone, or with a note for the message); the inputs or
 * conditions it still needs (the metric is unknown); or a result it settles itself (no finite quotient exists).
 */
type Reading = number | { value: number; note: string } | { needs: readonly string[] } | { settled: number | null; status: Status; says: string };

const round = (n: number, places = 2): number => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

const fmt = (n: number, unit: MetricResult['unit']): string =>
  unit === 'percent' ? `${round(n, 1)}%` : unit === 'months' ? `${round(n, 1)} months` : `${round(n, 2)}x`;

const finite = (x: number | undefined): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

function grossMarginPct(i: Input): number | undefined {
  const given = finite(i.gross_margin_pct);
  if (given !== undefined) return given;
  const revenue = finite(i.revenue);
  const cogs = finite(i.cogs);
  if (revenue !== undefined && cogs !== undefined && revenue > 0) return ((revenue - cogs) / revenue) * 100;
  return undefined;
}

function read(i: Input, source: Source): number | undefined {
  if (source === GROSS_MARGIN) return grossMarginPct(i);
  return finite(source === PER_CUSTOMER ? (i.new_mrr_per_customer ?? i.arpa_monthly) : i[source]);
}

/** A metric: its formula runs when every source it names has a value, else the metric needs them. */
function metric<const S extends readonly Source[]>(sources: S, formula: (...values: { [K in keyof S]: number }) => Reading): (i: Input) => Reading {
  return (i) => {
    const values = sources.map((s) => read(i, s));
    if (values.some((v) => v === undefined)) return { needs: sources };
    return formula(...(values as { [K in keyof S]: number }));
  };
}

const needs = (...conditions: string[]): Reading => ({ needs: conditions });
const settle = (settled: number | null, status: Status, says: string): Reading => ({ settled, status, says });

/** The metrics in output order (also the focus list's last tie-break). */
const METRICS: { [K in MetricName]: (i: Input) => Reading } = {
  runway_months: metric(['cash', 'net_burn'], (cash, burn) => (burn <= 0 ? settle(null, 'excellent', `Runway is unlimited: net burn is ${burn} (not burning cash)`) : cash / burn)),
  net_revenue_retention: metric(['starting_arr', 'expansion_arr', 'contraction_arr', 'churned_arr'], (start, expansion, contraction, churned) =>
    start <= 0 ? needs('starting_arr > 0') : ((start + expansion - contraction - churned) / start) * 100,
  ),
  gross_revenue_retention: metric(['starting_arr', 'contraction_arr', 'churned_arr'], (start, contraction, churned) =>
    start <= 0 ? needs('starting_arr > 0') : Math.max(0, ((start - contraction - churned) / start) * 100),
  ),
  quick_ratio: metric(['new_mrr', 'expansion_mrr', 'churned_mrr', 'contraction_mrr'], (newMrr, expansion, churned, contraction) => {
    const gained = newMrr + expansion;
    const lost = churned + contraction;
    if (lost <= 0) return settle(null, gained > 0 ? 'healthy' : 'unknown', `SaaS quick ratio is undefined: no churned or contraction MRR${gained > 0 ? ` against ${gained} gained` : ''}`);
    return gained / lost;
  }),
  burn_multiple: metric(['net_burn', 'net_new_arr'], (burn, added) => {
    if (burn <= 0) return settle(0, 'excellent', `Burn multiple is 0x: net burn is ${burn} (not burning cash)`);
    if (added <= 0) return settle(null, 'unhealthy', `Burn multiple is unbounded: burning ${burn} while net new ARR is ${added}`);
    return burn / added;
  }),
  magic_number: metric(['revenue_current_quarter', 'revenue_prior_quarter', 'sales_marketing_prior_quarter'], (current, prior, sm) =>
    sm <= 0 ? needs('sales_marketing_prior_quarter > 0') : ((current - prior) * 4) / sm,
  ),
  ltv_to_cac: metric(['arpa_monthly', GROSS_MARGIN, 'monthly_churn_pct', 'cac'], (arpa, gm, churnPct, cac) => {
    const churn = churnPct / 100;
    if (churn <= 0 || cac <= 0) return needs('monthly_churn_pct > 0', 'cac > 0');
    const ltv = (arpa * (gm / 100)) / churn;
    const ltvText = Number.isFinite(round(ltv, 0)) ? String(round(ltv, 0)) : 'unbounded';
    return { value: ltv / cac, note: `LTV is ${ltvText} (ARPA x gross margin / monthly churn).` };
  }),
  cac_payback_months: metric(['cac', PER_CUSTOMER, GROSS_MARGIN], (cac, mrr, gm) => {
    const monthly = mrr * (gm / 100);
    return monthly <= 0 ? needs('a positive gross-margin MRR per customer') : cac / monthly;
  }),
  gross_margin: metric([GROSS_MARGIN], (gm) => gm),
  rule_of_40: metric(['growth_rate_pct', 'profit_margin_pct'], (growth, margin) => growth + margin),
};

function tag(scale: Scale, value: number | null, status: Status, message: string): MetricResult {
  return { value, unit: scale.unit, status, family: scale.family, benchmark: scale.benchmark, message };
}

/**
 * A metric that cannot be computed. The message names what is still needed: a plain field the caller sent is left
 * out (it is not what is missing); a condition (`cac > 0`) or an alternative (`gross_margin_pct (or revenue and
 * cogs)`) is named as written.
 */
function unknown(i: Input, scale: Scale, wanted: readonly string[]): MetricResult {
  const sent = i as Record<string, unknown>;
  const missing = wanted.filter((n) => !/^[a-z_]+$/.test(n) || typeof sent[n] !== 'number' || !Number.isFinite(sent[n]));
  return tag(scale, null, 'unknown', `Not computed: needs ${missing.join(', ')}. Benchmark: ${scale.benchmark}.`);
}

function rated(value: number, scale: Scale, note = ''): MetricResult {
  const { unit, benchmark: bm, label } = scale;
  const status = band(value, scale);
  const shown = round(value, unit === 'ratio' ? 2 : 1);
  if (Number.isNaN(value)) {
    // 0 x infinity: a term overflowed (a denominator within a few hundred orders of magnitude of zero) and another is 0.
    return tag(scale, null, 'unknown', `${label} cannot be computed: one term is unbounded (a denominator is nearly zero) while another is zero. Benchmark: ${bm}.`);
  }
  if (!Number.isFinite(shown)) {
    // The quotient leaves the range of a double (a denominator nearly zero): unbounded, but its band is still known.
    return tag(scale, null, status, `${label} is unbounded (${value > 0 ? 'above' : 'below'} any finite value: a denominator is nearly zero) (${status}); benchmark: ${bm}.${note ? ` ${note}` : ''}`);
  }
  return tag(scale, shown, status, `${label} is ${fmt(value, unit)} (${status}); benchmark: ${bm}.${note ? ` ${note}` : ''}`);
}

function result(i: Input, name: MetricName): MetricResult {
  const scale = scaleOf(name);
  const r = METRICS[name](i);
  if (typeof r === 'number') return rated(r, scale);
  if ('note' in r) return rated(r.value, scale, r.note);
  if ('needs' in r) return unknown(i, scale, r.needs);
  return tag(scale, r.settled, r.status, `${r.says}; benchmark: ${scale.benchmark}.`);
}

const SEVERITY: Partial<Record<Status, number>> = { unhealthy: 0, fail: 0, concerning: 1, borderline: 2 };
/** Rank of a metric in the focus list's first key: runway under 12 months before everything, then the status. */
const rankOf = (name: MetricName, status: Status, runwayShort: boolean): number => (name === 'runway_months' && runwayShort ? -1 : (SEVERITY[status] ?? Infinity));
const FAMILY_ORDER: Record<Family, number> = { survival: 0, retention: 1, efficiency: 2, growth: 3 };

export function computeSaasMetrics(input: Input): Output {
  const names = Object.keys(METRICS) as MetricName[];
  const metrics = Object.fromEntries(names.map((n) => [n, result(input, n)])) as Record<MetricName, MetricResult>;
  // Under 12 months is exactly the concerning and unhealthy bands, judged on the unrounded value (11.96 shows as 12).
  const runwayShort = metrics.runway_months.status === 'concerning' || metrics.runway_months.status === 'unhealthy';
  const candidates = names.filter((n) => SEVERITY[metrics[n].status] !== undefined);
  // Runway under 12 months is always first; then worst status; then retention, efficiency, growth; then declared order.
  candidates.sort((a, b) => {
    const ra = rankOf(a, metrics[a].status, runwayShort);
    const rb = rankOf(b, metrics[b].status, runwayShort);
    if (ra !== rb) return ra - rb;
    const fa = FAMILY_ORDER[metrics[a].family];
    const fb = FAMILY_ORDER[metrics[b].family];
    if (fa !== fb) return fa - fb;
    return names.indexOf(a) - names.indexOf(b);
  });
  const focus = candidates.map((metric, idx) => ({ rank: idx + 1, metric, status: metrics[metric].status, message: metrics[metric].message }));
  const inputsUsed = (Object.keys(input) as Array<keyof Input>).filter((k) => input[k] !== undefined).sort();
  return { metrics, focus, inputs_used: inputsUsed };
}
