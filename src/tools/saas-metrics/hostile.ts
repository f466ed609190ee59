// Adversarial inputs for saas-metrics: its input is numbers only, so the cases are the numbers at and past their
// bounds (overflowing quotients, 0 x infinity), and text, names and nesting where a number is expected.
import type { HostileCase } from '../kit/contract.ts';

/** Every input field (the schema's order). */
const FIELDS = [
  'net_burn', 'net_new_arr', 'new_mrr', 'expansion_mrr', 'churned_mrr', 'contraction_mrr', 'revenue_current_quarter',
  'revenue_prior_quarter', 'sales_marketing_prior_quarter', 'arpa_monthly', 'gross_margin_pct', 'monthly_churn_pct', 'cac',
  'new_mrr_per_customer', 'starting_arr', 'expansion_arr', 'contraction_arr', 'churned_arr', 'growth_rate_pct',
  'profit_margin_pct', 'revenue', 'cogs', 'cash',
] as const;
const PERCENT = new Set(['gross_margin_pct', 'monthly_churn_pct', 'growth_rate_pct', 'profit_margin_pct']);
const MONEY_CAP = 1e15;
const PCT_CAP = 1000;
const MB = 1_000_000;

function every(money: number, pct: number): Record<string, number> {
  return Object.fromEntries(FIELDS.map((f) => [f, PERCENT.has(f) ? pct : money]));
}

/** Numerators at the cap over denominators `tiny`: every quotient overflows (or nearly) a double. */
function tinyDenominators(tiny: number): Record<string, number> {
  return {
    ...every(MONEY_CAP, PCT_CAP),
    net_burn: tiny, // runway = cash / net_burn
    net_new_arr: tiny, // burn multiple = net_burn / net_new_arr
    churned_mrr: tiny,
    contraction_mrr: 0, // quick ratio = gained / lost
    sales_marketing_prior_quarter: tiny,
    revenue_prior_quarter: -MONEY_CAP, // magic number numerator 8e15
    monthly_churn_pct: tiny, // LTV = ARPA x margin / churn
    cac: tiny,
    new_mrr_per_customer: tiny, // CAC payback = CAC / (MRR x margin)
    starting_arr: tiny, // NRR, GRR over the starting ARR
  };
}

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** The cases; numbers cannot reach 1 MB, so the 1 MB cases put text where a number belongs (a 400). */
export function hostileCases(): HostileCase[] {
  return [
    { name: 'every field at the upper cap', input: every(MONEY_CAP, PCT_CAP) },
    { name: 'every field at the lower cap', input: every(-MONEY_CAP, -PCT_CAP) },
    { name: 'every field zero (every denominator zero)', input: every(0, 0) },
    { name: 'every field negative zero', input: every(-0, -0) },
    { name: 'the smallest positive number under every denominator (quotients overflow)', input: tinyDenominators(Number.MIN_VALUE) },
    { name: '1e-300 under every denominator (quotients overflow when rounded)', input: tinyDenominators(1e-300) },
    { name: 'the largest negative under every denominator', input: tinyDenominators(-Number.MIN_VALUE) },
    {
      name: 'gross margin of minus infinity times a zero ARPA (0 x infinity)',
      input: { revenue: Number.MIN_VALUE, cogs: MONEY_CAP, arpa_monthly: 0, monthly_churn_pct: 1, cac: 1, new_mrr_per_customer: 0 },
    },
    { name: 'values just inside the caps, not integers', input: every(MONEY_CAP - 0.5, PCT_CAP - 1e-9) },
    { name: '1 MB of digits as a string in a number field', input: { cash: '9'.repeat(MB) } },
    { name: '1 MB of minus signs and dots in a number field', input: { net_burn: '-.'.repeat(MB / 2) } },
    { name: 'a field name of 1 MB (unknown field)', input: { ['cash'.repeat(MB / 4)]: 1 } },
    { name: 'a number nested in 1000 arrays', input: { cash: nested(1000) } },
  ];
}
