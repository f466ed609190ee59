// saas-metrics engine: each metric's formula and bands, unknown when inputs are missing, a ranked focus list.

export type Status = 'excellent' | 'healthy' | 'pass' | 'borderline' | 'concerning' | 'unhealthy' | 'fail' | 'unknown';
export type Family = 'survival' | 'retention' | 'efficiency' | 'growth';

export interface SaasInput {
  net_burn?: number;
  net_new_arr?: number;
  new_mrr?: number;
  expansion_mrr?: number;
  churned_mrr?: number;
  contraction_mrr?: number;
  revenue_current_quarter?: number;
  revenue_prior_quarter?: number;
  sales_marketing_prior_quarter?: number;
  arpa_monthly?: number;
  gross_margin_pct?: number;
  monthly_churn_pct?: number;
  cac?: number;
  new_mrr_per_customer?: number;
  starting_arr?: number;
  expansion_arr?: number;
  contraction_arr?: number;
  churned_arr?: number;
  growth_rate_pct?: number;
  profit_margin_pct?: number;
  revenue?: number;
  cogs?: number;
  cash?: number;
}

export interface MetricResult {
  value: number | null;
  unit: 'ratio' | 'percent' | 'months';
  status: Status;
  message: string;
  family: Family;
  benchmark: string;
}

export type MetricName =
  | 'runway_months'
  | 'net_revenue_retention'
  | 'gross_revenue_retention'
  | 'quick_ratio'
  | 'burn_multiple'
  | 'magic_number'
  | 'ltv_to_cac'
  | 'cac_payback_months'
  | 'gross_margin'
  | 'rule_of_40';

export interface FocusItem {
  rank: number;
  metric: MetricName;
  status: Status;
  message: string;
}

export interface SaasOutput {
  metrics: Record<MetricName, MetricResult>;
  focus: FocusItem[];
  inputs_used: string[];
}

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

function has(...xs: Array<number | undefined>): boolean {
  return xs.every((x) => typeof x === 'number' && Number.isFinite(x));
}

function unknown(family: Family, unit: MetricResult['unit'], benchmark: string, needs: string[]): MetricResult {
  return { value: null, unit, status: 'unknown', family, benchmark, message: `Not computed: needs ${needs.join(', ')}. Benchmark: ${benchmark}.` };
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

function runway(i: SaasInput): MetricResult {
  const bm = '>= 24 months excellent, 18-24 healthy, 12-18 borderline, 6-12 concerning, < 6 unhealthy';
  if (!has(i.cash, i.net_burn)) return unknown('survival', 'months', bm, ['cash', 'net_burn']);
  const cash = i.cash as number;
  const burn = i.net_burn as number;
  if (burn <= 0) {
    return { value: null, unit: 'months', status: 'excellent', family: 'survival', benchmark: bm, message: `Runway is unlimited: net burn is ${burn} (not burning cash); benchmark: ${bm}.` };
  }
  const months = cash / burn;
  const s = band(months, [{ from: 24, status: 'excellent' }, { from: 18, status: 'healthy' }, { from: 12, status: 'borderline' }, { from: 6, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(months, 'months', s, 'survival', bm, 'Runway (cash / monthly net burn)');
}

function nrr(i: SaasInput): MetricResult {
  const bm = '>= 120% excellent, 100-120% healthy, 90-100% borderline, < 90% unhealthy (Bessemer)';
  if (!has(i.starting_arr, i.expansion_arr, i.contraction_arr, i.churned_arr)) {
    return unknown('retention', 'percent', bm, ['starting_arr', 'expansion_arr', 'contraction_arr', 'churned_arr']);
  }
  const start = i.starting_arr as number;
  if (start <= 0) return unknown('retention', 'percent', bm, ['starting_arr > 0']);
  const v = ((start + (i.expansion_arr as number) - (i.contraction_arr as number) - (i.churned_arr as number)) / start) * 100;
  const s = band(v, [{ from: 120, status: 'excellent' }, { from: 100, status: 'healthy' }, { from: 90, status: 'borderline' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(v, 'percent', s, 'retention', bm, 'Net revenue retention');
}

function grr(i: SaasInput): MetricResult {
  const bm = '>= 95% excellent, 90-95% healthy (enterprise-grade), 85-90% borderline, 80-85% concerning, < 80% unhealthy (Bessemer)';
  if (!has(i.starting_arr, i.contraction_arr, i.churned_arr)) return unknown('retention', 'percent', bm, ['starting_arr', 'contraction_arr', 'churned_arr']);
  const start = i.starting_arr as number;
  if (start <= 0) return unknown('retention', 'percent', bm, ['starting_arr > 0']);
  const v = Math.max(0, ((start - (i.contraction_arr as number) - (i.churned_arr as number)) / start) * 100);
  const s = band(v, [{ from: 95, status: 'excellent' }, { from: 90, status: 'healthy' }, { from: 85, status: 'borderline' }, { from: 80, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(v, 'percent', s, 'retention', bm, 'Gross revenue retention');
}

function quickRatio(i: SaasInput): MetricResult {
  const bm = '>= 4 healthy, 2-4 borderline, 1-2 concerning, < 1 unhealthy: the business is shrinking (Mamoon Hamid)';
  if (!has(i.new_mrr, i.expansion_mrr, i.churned_mrr, i.contraction_mrr)) {
    return unknown('retention', 'ratio', bm, ['new_mrr', 'expansion_mrr', 'churned_mrr', 'contraction_mrr']);
  }
  const gained = (i.new_mrr as number) + (i.expansion_mrr as number);
  const lost = (i.churned_mrr as number) + (i.contraction_mrr as number);
  if (lost <= 0) {
    const status: Status = gained > 0 ? 'healthy' : 'unknown';
    return { value: null, unit: 'ratio', status, family: 'retention', benchmark: bm, message: `SaaS quick ratio is undefined: no churned or contraction MRR${gained > 0 ? ` against ${gained} gained` : ''}; benchmark: ${bm}.` };
  }
  const v = gained / lost;
  const s = band(v, [{ from: 4, status: 'healthy' }, { from: 2, status: 'borderline' }, { from: 1, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(v, 'ratio', s, 'retention', bm, 'SaaS quick ratio ((new + expansion) / (churned + contraction) MRR)');
}

function burnMultiple(i: SaasInput): MetricResult {
  const bm = '< 1 excellent, 1-1.5 healthy, 1.5-2 borderline, 2-3 concerning, > 3 unhealthy (David Sacks)';
  if (!has(i.net_burn, i.net_new_arr)) return unknown('efficiency', 'ratio', bm, ['net_burn', 'net_new_arr']);
  const burn = i.net_burn as number;
  const added = i.net_new_arr as number;
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

function magicNumber(i: SaasInput): MetricResult {
  const bm = '> 1 excellent, 0.75-1 healthy, 0.5-0.75 borderline, < 0.5 unhealthy (Scale Venture Partners)';
  if (!has(i.revenue_current_quarter, i.revenue_prior_quarter, i.sales_marketing_prior_quarter)) {
    return unknown('efficiency', 'ratio', bm, ['revenue_current_quarter', 'revenue_prior_quarter', 'sales_marketing_prior_quarter']);
  }
  const sm = i.sales_marketing_prior_quarter as number;
  if (sm <= 0) return unknown('efficiency', 'ratio', bm, ['sales_marketing_prior_quarter > 0']);
  const v = (((i.revenue_current_quarter as number) - (i.revenue_prior_quarter as number)) * 4) / sm;
  const s = band(v, [{ from: 1, status: 'excellent', strict: true }, { from: 0.75, status: 'healthy' }, { from: 0.5, status: 'borderline' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(v, 'ratio', s, 'efficiency', bm, 'Magic number ((quarterly revenue change x 4) / prior-quarter S&M)');
}

function grossMarginPct(i: SaasInput): number | undefined {
  if (has(i.gross_margin_pct)) return i.gross_margin_pct as number;
  if (has(i.revenue, i.cogs) && (i.revenue as number) > 0) return (((i.revenue as number) - (i.cogs as number)) / (i.revenue as number)) * 100;
  return undefined;
}

function ltvCac(i: SaasInput): MetricResult {
  const bm = '>= 5 excellent, 3-5 healthy (target 3, David Skok), 2-3 borderline, 1-2 concerning, < 1 unhealthy';
  const gm = grossMarginPct(i);
  if (!has(i.arpa_monthly, i.monthly_churn_pct, i.cac) || gm === undefined) {
    return unknown('efficiency', 'ratio', bm, ['arpa_monthly', 'gross_margin_pct (or revenue and cogs)', 'monthly_churn_pct', 'cac']);
  }
  const churn = (i.monthly_churn_pct as number) / 100;
  const cac = i.cac as number;
  if (churn <= 0 || cac <= 0) return unknown('efficiency', 'ratio', bm, ['monthly_churn_pct > 0', 'cac > 0']);
  const ltv = ((i.arpa_monthly as number) * (gm / 100)) / churn;
  const v = ltv / cac;
  const s = band(v, [{ from: 5, status: 'excellent' }, { from: 3, status: 'healthy' }, { from: 2, status: 'borderline' }, { from: 1, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  const ltvText = Number.isFinite(round(ltv, 0)) ? String(round(ltv, 0)) : 'unbounded';
  return rated(v, 'ratio', s, 'efficiency', bm, 'LTV:CAC', `LTV is ${ltvText} (ARPA x gross margin / monthly churn).`);
}

function cacPayback(i: SaasInput): MetricResult {
  const bm = '< 6 months excellent, 6-12 healthy (target < 12, David Skok), 12-18 borderline, 18-24 concerning, > 24 unhealthy';
  const gm = grossMarginPct(i);
  const perCustomer = i.new_mrr_per_customer ?? i.arpa_monthly;
  if (!has(i.cac, perCustomer) || gm === undefined) {
    return unknown('efficiency', 'months', bm, ['cac', 'new_mrr_per_customer (or arpa_monthly)', 'gross_margin_pct (or revenue and cogs)']);
  }
  const monthly = (perCustomer as number) * (gm / 100);
  if (monthly <= 0) return unknown('efficiency', 'months', bm, ['a positive gross-margin MRR per customer']);
  const v = (i.cac as number) / monthly;
  const s = band(v, [{ from: 6, status: 'excellent' }, { from: 12, status: 'healthy' }, { from: 18, status: 'borderline' }, { from: 24, status: 'concerning' }, { from: Infinity, status: 'unhealthy' }], false);
  return rated(v, 'months', s, 'efficiency', bm, 'CAC payback (CAC / (new MRR per customer x gross margin))');
}

function grossMargin(i: SaasInput): MetricResult {
  const bm = '>= 80% excellent, 70-80% healthy, 60-70% borderline, 50-60% concerning, < 50% unhealthy';
  const gm = grossMarginPct(i);
  if (gm === undefined) return unknown('efficiency', 'percent', bm, ['gross_margin_pct (or revenue and cogs)']);
  const s = band(gm, [{ from: 80, status: 'excellent' }, { from: 70, status: 'healthy' }, { from: 60, status: 'borderline' }, { from: 50, status: 'concerning' }, { from: -Infinity, status: 'unhealthy' }], true);
  return rated(gm, 'percent', s, 'efficiency', bm, 'Gross margin');
}

function ruleOf40(i: SaasInput): MetricResult {
  const bm = 'growth % + profit margin % >= 40 passes';
  if (!has(i.growth_rate_pct, i.profit_margin_pct)) return unknown('growth', 'percent', bm, ['growth_rate_pct', 'profit_margin_pct']);
  const v = (i.growth_rate_pct as number) + (i.profit_margin_pct as number);
  return rated(v, 'percent', v >= 40 ? 'pass' : 'fail', 'growth', bm, 'Rule of 40 score');
}

const SEVERITY: Partial<Record<Status, number>> = { unhealthy: 0, fail: 0, concerning: 1, borderline: 2 };
const FAMILY_ORDER: Record<Family, number> = { survival: 0, retention: 1, efficiency: 2, growth: 3 };

export function computeSaasMetrics(input: SaasInput): SaasOutput {
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
    const ra = a === 'runway_months' && runwayShort ? -1 : (SEVERITY[metrics[a].status] as number);
    const rb = b === 'runway_months' && runwayShort ? -1 : (SEVERITY[metrics[b].status] as number);
    if (ra !== rb) return ra - rb;
    const fa = FAMILY_ORDER[metrics[a].family];
    const fb = FAMILY_ORDER[metrics[b].family];
    if (fa !== fb) return fa - fb;
    return names.indexOf(a) - names.indexOf(b);
  });
  const focus = candidates.map((metric, idx) => ({ rank: idx + 1, metric, status: metrics[metric].status, message: metrics[metric].message }));
  const inputsUsed = (Object.keys(input) as Array<keyof SaasInput>).filter((k) => input[k] !== undefined).sort();
  return { metrics, focus, inputs_used: inputsUsed };
}
