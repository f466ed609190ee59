// saas-metrics engine: each metric's formula and bands, unknown when inputs are missing, a ranked focus list.

import type { Input, Output } from './tool.ts';

type MetricResult = Output['metrics']['runway_months'];
type Status = MetricResult['status'];
type Family = MetricResult['family'];
type MetricName = keyof Output['metrics'];

/** A band: values at or beyond `from` (in the metric's direction) get `status`. */
interface Band {
  from: number;
  status: Status;
  /** Higher-is-better bands only: the band starts just past `from` (the source says "> 1", not ">= 1"). */
  strict?: boolean;
}

const round = (n: number, places = 2): number => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

const fmt = (n: number, unit: MetricResult['unit']): string =>
  unit === 'percent' ? `${round(n, 1)}%` : unit === 'months' ? `${round(n, 1)} months` : `${round(n, 2)}x`;

function band(value: number, bands: Band[], higherIsBetter: boolean): Status {
  for (const b of bands) {
    if (higherIsBetter ? value > b.from || (value === b.from && !b.strict) : value < b.from) return b.status;
  }
  return bands[bands.length - 1]?.status ?? 'unknown';
}

/** The values when every one is a finite number (typed as numbers), else undefined: a metric needs all its inputs. */
function all<const T extends readonly (number | undefined)[]>(...xs: T): { [K in keyof T]: number } | undefined {
  return xs.every((x) => typeof x === 'number' && Number.isFinite(x)) ? (xs as { [K in keyof T]: number }) : undefined;
}

/**
 * A metric that cannot be computed. The message names what is still needed: a plain field the caller sent is left
 * out (it is not what is missing); a condition (`cac > 0`) or an alternative (`gross_margin_pct (or revenue and
 * cogs)`) is named as written.
 */
function unknown(i: Input, family: Family, unit: MetricResult['unit'], benchmark: string, needs: string[]): MetricResult {
  const sent = i as Record<string, unknown>;
  const missing = needs.filter((n) => !/^[a-z_]+$/.test(n) || typeof sent[n] !== 'number' || !Number.isFinite(sent[n]));
  return { value: null, unit, status: 'unknown', family, benchmark, message: `Not computed: needs ${missing.join(', ')}. Benchmark: ${benchmark}.` };
}

function rated(value: number, unit: MetricResult['unit'], status: Status, family: Family, benchmark: string, label: string, note = ''): MetricResult {
  const shown = round(value, unit === 'ratio' ? 2 : 1);
  if (Number.isNaN(value)) {
    // 0 x infinity: a term overflowed (a denominator within a few hundred orders of magnitude of zero) and another is 0.
    return { value: null, unit, status: 'unknown', family, benchmark, message: `${label} cannot be computed: one term is unbounded (a denominator is nearly zero) while another is zero. Benchmark: ${benchmark}.` };
  }
  if (!Number.isFinite(shown)) {
    // The quotient leaves the range of a double (a denominator nearly zero): unbounded, but its band is still known.
    return {
      value: null,
      unit,
      status,
      family,
      benchmark,
      message: `${label} is unbounded (${value > 0 ? 'above' : 'below'} any finite value: a denominator is nearly zero) (${status}); benchmark: ${benchmark}.${note ? ` ${note}` : ''}`,
    };
  }
  return {
    value: shown,
    unit,
    status,
    family,
    benchmark,
    message: `${label} is ${fmt(value, unit)} (${status}); benchmark: ${benchmark}.${note ? ` ${note}` : ''}`,
  };
}

function runway(i: Input): MetricResult {
  const bm = '>= 24 months excellent, 18-24 healthy, 12-18 borderline, 6-12 concerning, < 6 unhealthy';
  const v = all(i.cash, i.net_burn);
  if (!v) return unknown(i, 'survival', 'months', bm, ['cash', 'net_burn']);
  const [cash, burn] = v;
  if (burn <= 0) {
    return { value: null, unit: 'months', status: 'excellent', family: 'survival', benchmark: bm, message: `Runway is unlimited: net burn is ${burn} (not burning cash); benchmark: ${bm}.` };
  }
  const months = cash / burn;
  const s = band(months, [{ from: 24, status: 'excellent' }, { from: 18, status: 'healthy' }, { from: 12, status: 'borderline' }, { from: 6, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(months, 'months', s, 'survival', bm, 'Runway (cash / monthly net burn)');
}

function nrr(i: Input): MetricResult {
  const bm = '>= 120% excellent, 100-120% healthy, 90-100% borderline, < 90% unhealthy (Bessemer)';
  const got = all(i.starting_arr, i.expansion_arr, i.contraction_arr, i.churned_arr);
  if (!got) {
    return unknown(i, 'retention', 'percent', bm, ['starting_arr', 'expansion_arr', 'contraction_arr', 'churned_arr']);
  }
  const [start, expansion, contraction, churned] = got;
  if (start <= 0) return unknown(i, 'retention', 'percent', bm, ['starting_arr > 0']);
  const v = ((start + expansion - contraction - churned) / start) * 100;
  const s = band(v, [{ from: 120, status: 'excellent' }, { from: 100, status: 'healthy' }, { from: 90, status: 'borderline' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(v, 'percent', s, 'retention', bm, 'Net revenue retention');
}

function grr(i: Input): MetricResult {
  const bm = '>= 95% excellent, 90-95% healthy (enterprise-grade), 85-90% borderline, 80-85% concerning, < 80% unhealthy (Bessemer)';
  const got = all(i.starting_arr, i.contraction_arr, i.churned_arr);
  if (!got) return unknown(i, 'retention', 'percent', bm, ['starting_arr', 'contraction_arr', 'churned_arr']);
  const [start, contraction, churned] = got;
  if (start <= 0) return unknown(i, 'retention', 'percent', bm, ['starting_arr > 0']);
  const v = Math.max(0, ((start - contraction - churned) / start) * 100);
  const s = band(v, [{ from: 95, status: 'excellent' }, { from: 90, status: 'healthy' }, { from: 85, status: 'borderline' }, { from: 80, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(v, 'percent', s, 'retention', bm, 'Gross revenue retention');
}

function quickRatio(i: Input): MetricResult {
  const bm = '>= 4 healthy, 2-4 borderline, 1-2 concerning, < 1 unhealthy: the business is shrinking (Mamoon Hamid)';
  const got = all(i.new_mrr, i.expansion_mrr, i.churned_mrr, i.contraction_mrr);
  if (!got) {
    return unknown(i, 'retention', 'ratio', bm, ['new_mrr', 'expansion_mrr', 'churned_mrr', 'contraction_mrr']);
  }
  const [newMrr, expansion, churned, contraction] = got;
  const gained = newMrr + expansion;
  const lost = churned + contraction;
  if (lost <= 0) {
    const status: Status = gained > 0 ? 'healthy' : 'unknown';
    return { value: null, unit: 'ratio', status, family: 'retention', benchmark: bm, message: `SaaS quick ratio is undefined: no churned or contraction MRR${gained > 0 ? ` against ${gained} gained` : ''}; benchmark: ${bm}.` };
  }
  const v = gained / lost;
  const s = band(v, [{ from: 4, status: 'healthy' }, { from: 2, status: 'borderline' }, { from: 1, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(v, 'ratio', s, 'retention', bm, 'SaaS quick ratio ((new + expansion) / (churned + contraction) MRR)');
}

function burnMultiple(i: Input): MetricResult {
  const bm = '< 1 excellent, 1-1.5 healthy, 1.5-2 borderline, 2-3 concerning, > 3 unhealthy (David Sacks)';
  const got = all(i.net_burn, i.net_new_arr);
  if (!got) return unknown(i, 'efficiency', 'ratio', bm, ['net_burn', 'net_new_arr']);
  const [burn, added] = got;
  if (burn <= 0) {
    return { value: 0, unit: 'ratio', status: 'excellent', family: 'efficiency', benchmark: bm, message: `Burn multiple is 0x: net burn is ${burn} (not burning cash); benchmark: ${bm}.` };
  }
  if (added <= 0) {
    return { value: null, unit: 'ratio', status: 'unhealthy', family: 'efficiency', benchmark: bm, message: `Burn multiple is unbounded: burning ${burn} while net new ARR is ${added}; benchmark: ${bm}.` };
  }
  const v = burn / added;
  const s = band(v, [{ from: 1, status: 'excellent' }, { from: 1.5, status: 'healthy' }, { from: 2, status: 'borderline' }, { from: 3, status: 'concerning' }, { from: Infinity, status: 'unhealthy' }], false);
  return rated(v, 'ratio', s, 'efficiency', bm, 'Burn multiple (net burn / net new ARR)');
}

function magicNumber(i: Input): MetricResult {
  const bm = '> 1 excellent, 0.75-1 healthy, 0.5-0.75 borderline, < 0.5 unhealthy (Scale Venture Partners)';
  const got = all(i.revenue_current_quarter, i.revenue_prior_quarter, i.sales_marketing_prior_quarter);
  if (!got) {
    return unknown(i, 'efficiency', 'ratio', bm, ['revenue_current_quarter', 'revenue_prior_quarter', 'sales_marketing_prior_quarter']);
  }
  const [current, prior, sm] = got;
  if (sm <= 0) return unknown(i, 'efficiency', 'ratio', bm, ['sales_marketing_prior_quarter > 0']);
  const v = ((current - prior) * 4) / sm;
  const s = band(v, [{ from: 1, status: 'excellent', strict: true }, { from: 0.75, status: 'healthy' }, { from: 0.5, status: 'borderline' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(v, 'ratio', s, 'efficiency', bm, 'Magic number ((quarterly revenue change x 4) / prior-quarter S&M)');
}

function grossMarginPct(i: Input): number | undefined {
  const given = all(i.gross_margin_pct);
  if (given) return given[0];
  const got = all(i.revenue, i.cogs);
  if (got && got[0] > 0) return ((got[0] - got[1]) / got[0]) * 100;
  return undefined;
}

function ltvCac(i: Input): MetricResult {
  const bm = '>= 5 excellent, 3-5 healthy (target 3, David Skok), 2-3 borderline, 1-2 concerning, < 1 unhealthy';
  const gm = grossMarginPct(i);
  const got = all(i.arpa_monthly, i.monthly_churn_pct, i.cac);
  if (!got || gm === undefined) {
    return unknown(i, 'efficiency', 'ratio', bm, ['arpa_monthly', 'gross_margin_pct (or revenue and cogs)', 'monthly_churn_pct', 'cac']);
  }
  const [arpa, churnPct, cac] = got;
  const churn = churnPct / 100;
  if (churn <= 0 || cac <= 0) return unknown(i, 'efficiency', 'ratio', bm, ['monthly_churn_pct > 0', 'cac > 0']);
  const ltv = (arpa * (gm / 100)) / churn;
  const v = ltv / cac;
  const s = band(v, [{ from: 5, status: 'excellent' }, { from: 3, status: 'healthy' }, { from: 2, status: 'borderline' }, { from: 1, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  const ltvText = Number.isFinite(round(ltv, 0)) ? String(round(ltv, 0)) : 'unbounded';
  return rated(v, 'ratio', s, 'efficiency', bm, 'LTV:CAC', `LTV is ${ltvText} (ARPA x gross margin / monthly churn).`);
}

function cacPayback(i: Input): MetricResult {
  const bm = '< 6 months excellent, 6-12 healthy (target < 12, David Skok), 12-18 borderline, 18-24 concerning, > 24 unhealthy';
  const gm = grossMarginPct(i);
  const perCustomer = i.new_mrr_per_customer ?? i.arpa_monthly;
  const got = all(i.cac, perCustomer);
  if (!got || gm === undefined) {
    return unknown(i, 'efficiency', 'months', bm, ['cac', 'new_mrr_per_customer (or arpa_monthly)', 'gross_margin_pct (or revenue and cogs)']);
  }
  const [cac, mrr] = got;
  const monthly = mrr * (gm / 100);
  if (monthly <= 0) return unknown(i, 'efficiency', 'months', bm, ['a positive gross-margin MRR per customer']);
  const v = cac / monthly;
  const s = band(v, [{ from: 6, status: 'excellent' }, { from: 12, status: 'healthy' }, { from: 18, status: 'borderline' }, { from: 24, status: 'concerning' }, { from: Infinity, status: 'unhealthy' }], false);
  return rated(v, 'months', s, 'efficiency', bm, 'CAC payback (CAC / (new MRR per customer x gross margin))');
}

function grossMargin(i: Input): MetricResult {
  const bm = '>= 80% excellent, 70-80% healthy, 60-70% borderline, 50-60% concerning, < 50% unhealthy';
  const gm = grossMarginPct(i);
  if (gm === undefined) return unknown(i, 'efficiency', 'percent', bm, ['gross_margin_pct (or revenue and cogs)']);
  const s = band(gm, [{ from: 80, status: 'excellent' }, { from: 70, status: 'healthy' }, { from: 60, status: 'borderline' }, { from: 50, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(gm, 'percent', s, 'efficiency', bm, 'Gross margin');
}

function ruleOf40(i: Input): MetricResult {
  const bm = 'growth % + profit margin % >= 40 passes';
  const got = all(i.growth_rate_pct, i.profit_margin_pct);
  if (!got) return unknown(i, 'growth', 'percent', bm, ['growth_rate_pct', 'profit_margin_pct']);
  const v = got[0] + got[1];
  return rated(v, 'percent', v >= 40 ? 'pass' : 'fail', 'growth', bm, 'Rule of 40 score');
}

const SEVERITY: Partial<Record<Status, number>> = { unhealthy: 0, fail: 0, concerning: 1, borderline: 2 };
/** Rank of a metric in the focus list's first key: runway under 12 months before everything, then the status. */
const rankOf = (name: MetricName, status: Status, runwayShort: boolean): number => (name === 'runway_months' && runwayShort ? -1 : (SEVERITY[status] ?? Infinity));
const FAMILY_ORDER: Record<Family, number> = { survival: 0, retention: 1, efficiency: 2, growth: 3 };

export function computeSaasMetrics(input: Input): Output {
  const metrics: Record<MetricName, MetricResult> = {
    runway_months: runway(input),
    net_revenue_retention: nrr(input),
    gross_revenue_retention: grr(input),
    quick_ratio: quickRatio(input),
    burn_multiple: burnMultiple(input),
    magic_number: magicNumber(input),
    ltv_to_cac: ltvCac(input),
    cac_payback_months: cacPayback(input),
    gross_margin: grossMargin(input),
    rule_of_40: ruleOf40(input),
  };
  const names = Object.keys(metrics) as MetricName[];
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
