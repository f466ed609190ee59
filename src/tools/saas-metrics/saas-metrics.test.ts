// saas-metrics: formulas and bands per metric, unknowns, focus ranking, refusals (tester tables); hostile values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { testTool } from '../kit/tester.ts';
import type { ValidCase } from '../kit/tester.ts';
import tool from './tool.ts';

/** The answer as the output schema reads it (request_id dropped). */
const body = (b: Record<string, unknown>) => tool.output.parse(b);

const metricCases: Array<{ name: string; input: Record<string, number>; metric: keyof ReturnType<typeof body>['metrics']; value: number | null; status: string; also?: (m: { message: string }) => void }> = [
  { name: 'burn multiple 0.8 is excellent', input: { net_burn: 80, net_new_arr: 100 }, metric: 'burn_multiple', value: 0.8, status: 'excellent' },
  { name: 'burn multiple exactly 1 is healthy', input: { net_burn: 100, net_new_arr: 100 }, metric: 'burn_multiple', value: 1, status: 'healthy' },
  { name: 'burn multiple 2.5 is concerning', input: { net_burn: 250, net_new_arr: 100 }, metric: 'burn_multiple', value: 2.5, status: 'concerning',
    // Every message states the value and the benchmark.
    also: (m) => {
      expect(m.message).toContain('2.5x');
      expect(m.message).toMatch(/benchmark/i);
      expect(m.message).toContain('Sacks');
    },
  },
  { name: 'burn multiple 4 is unhealthy', input: { net_burn: 400, net_new_arr: 100 }, metric: 'burn_multiple', value: 4, status: 'unhealthy' },
  { name: 'burning with shrinking ARR is unhealthy and unbounded', input: { net_burn: 100, net_new_arr: -5 }, metric: 'burn_multiple', value: null, status: 'unhealthy' },
  { name: 'quick ratio 4 is healthy', input: { new_mrr: 30, expansion_mrr: 10, churned_mrr: 8, contraction_mrr: 2 }, metric: 'quick_ratio', value: 4, status: 'healthy' },
  { name: 'quick ratio below 1 is unhealthy', input: { new_mrr: 5, expansion_mrr: 0, churned_mrr: 8, contraction_mrr: 2 }, metric: 'quick_ratio', value: 0.5, status: 'unhealthy' },
  { name: 'magic number exactly 1 is healthy (excellent is above 1, Scale VP)', input: { revenue_current_quarter: 1250, revenue_prior_quarter: 1000, sales_marketing_prior_quarter: 1000 }, metric: 'magic_number', value: 1, status: 'healthy' },
  { name: 'magic number 1.2 is excellent', input: { revenue_current_quarter: 1300, revenue_prior_quarter: 1000, sales_marketing_prior_quarter: 1000 }, metric: 'magic_number', value: 1.2, status: 'excellent' },
  { name: 'magic number 0.8 is healthy', input: { revenue_current_quarter: 1200, revenue_prior_quarter: 1000, sales_marketing_prior_quarter: 1000 }, metric: 'magic_number', value: 0.8, status: 'healthy' },
  { name: 'LTV:CAC 3.2 is healthy', input: { arpa_monthly: 100, gross_margin_pct: 80, monthly_churn_pct: 2.5, cac: 1000 }, metric: 'ltv_to_cac', value: 3.2, status: 'healthy' },
  { name: 'CAC payback 12.5 months is borderline', input: { cac: 1000, arpa_monthly: 100, gross_margin_pct: 80 }, metric: 'cac_payback_months', value: 12.5, status: 'borderline' },
  { name: 'NRR 125% is excellent', input: { starting_arr: 1000, expansion_arr: 300, contraction_arr: 20, churned_arr: 30 }, metric: 'net_revenue_retention', value: 125, status: 'excellent' },
  { name: 'NRR 85% is unhealthy', input: { starting_arr: 1000, expansion_arr: 0, contraction_arr: 50, churned_arr: 100 }, metric: 'net_revenue_retention', value: 85, status: 'unhealthy' },
  { name: 'GRR 92% is healthy', input: { starting_arr: 1000, contraction_arr: 30, churned_arr: 50 }, metric: 'gross_revenue_retention', value: 92, status: 'healthy' },
  { name: 'Rule of 40 at 40 passes', input: { growth_rate_pct: 50, profit_margin_pct: -10 }, metric: 'rule_of_40', value: 40, status: 'pass' },
  { name: 'Rule of 40 at 39 fails', input: { growth_rate_pct: 49, profit_margin_pct: -10 }, metric: 'rule_of_40', value: 39, status: 'fail' },
  { name: 'gross margin from revenue and COGS', input: { revenue: 1000, cogs: 450 }, metric: 'gross_margin', value: 55, status: 'concerning' },
  { name: 'runway 30 months is excellent', input: { cash: 3000, net_burn: 100 }, metric: 'runway_months', value: 30, status: 'excellent' },
  { name: 'runway 5 months is unhealthy', input: { cash: 500, net_burn: 100 }, metric: 'runway_months', value: 5, status: 'unhealthy' },
  { name: 'not burning: runway unlimited', input: { cash: 500, net_burn: -10 }, metric: 'runway_months', value: null, status: 'excellent' },
  { name: 'missing inputs: unknown', input: { cash: 500 }, metric: 'runway_months', value: null, status: 'unknown' },
  // A denominator within a few hundred orders of magnitude of zero: the quotient leaves the range of a double.
  { name: 'runway over the smallest positive burn is unbounded and excellent', input: { cash: 1e15, net_burn: Number.MIN_VALUE }, metric: 'runway_months', value: null, status: 'excellent' },
  { name: 'runway of 1e308 months overflows when rounded: unbounded', input: { cash: 1e15, net_burn: 1e-293 }, metric: 'runway_months', value: null, status: 'excellent' },
  { name: 'burn multiple over a nearly zero net new ARR is unbounded and unhealthy', input: { net_burn: 1e15, net_new_arr: Number.MIN_VALUE }, metric: 'burn_multiple', value: null, status: 'unhealthy' },
  { name: 'CAC payback over a nearly zero MRR is unbounded and unhealthy', input: { cac: 1e15, arpa_monthly: 1e-300, gross_margin_pct: 80 }, metric: 'cac_payback_months', value: null, status: 'unhealthy' },
  { name: 'LTV:CAC over a nearly zero churn is unbounded and excellent', input: { arpa_monthly: 1e15, gross_margin_pct: 100, monthly_churn_pct: 1e-300, cac: 1 }, metric: 'ltv_to_cac', value: null, status: 'excellent',
    // Unbounded values say so in the message instead of printing Infinity.
    also: (m) => {
      expect(m.message).toContain('unbounded');
      expect(m.message).toContain('LTV is unbounded');
    },
  },
  { name: 'NRR over a nearly zero starting ARR is unbounded and excellent', input: { starting_arr: Number.MIN_VALUE, expansion_arr: 1e15, contraction_arr: 0, churned_arr: 0 }, metric: 'net_revenue_retention', value: null, status: 'excellent' },
  { name: 'gross margin of a nearly zero revenue is unbounded below and unhealthy', input: { revenue: Number.MIN_VALUE, cogs: 1e15 }, metric: 'gross_margin', value: null, status: 'unhealthy' },
  { name: 'LTV of a zero ARPA times an unbounded margin (0 x infinity) is unknown', input: { revenue: Number.MIN_VALUE, cogs: 1e15, arpa_monthly: 0, monthly_churn_pct: 1, cac: 1 }, metric: 'ltv_to_cac', value: null, status: 'unknown' },
];

const metricRows: ValidCase[] = metricCases.map((c) => ({
  name: c.name,
  input: c.input,
  check: (b) => {
    const m = body(b).metrics[c.metric];
    expect(m.value).toBe(c.value);
    expect(m.status).toBe(c.status);
    c.also?.(m);
  },
}));

testTool(tool, {
  valid: [
    ...metricRows,
    {
      name: 'unknown metrics name the inputs they need',
      input: {},
      check: (b) => {
        const out = body(b);
        expect(Object.values(out.metrics).every((m) => m.status === 'unknown')).toBe(true);
        expect(out.metrics.magic_number.message).toContain('sales_marketing_prior_quarter');
        expect(out.focus).toEqual([]);
      },
    },
    {
      name: 'an unknown metric names only the inputs still missing, not the ones sent',
      input: { cash: 1200000, net_burn: 100000, arpa_monthly: 500 },
      check: (b) => {
        const out = body(b);
        expect(out.metrics.burn_multiple.message).toMatch(/^Not computed: needs net_new_arr\. /);
        expect(out.metrics.ltv_to_cac.message).toMatch(/^Not computed: needs gross_margin_pct \(or revenue and cogs\), monthly_churn_pct, cac\. /);
        expect(out.metrics.runway_months.status).toBe('borderline');
      },
    },
    {
      name: 'focus: runway under 12 months comes first, then worst status, retention before efficiency',
      input: {
        cash: 1000, net_burn: 100, // runway 10: concerning, but first
        net_new_arr: 20, // burn multiple 5: unhealthy (efficiency)
        starting_arr: 1000, expansion_arr: 0, contraction_arr: 50, churned_arr: 100, // NRR 85 unhealthy, GRR 85 borderline (retention)
        growth_rate_pct: 10, profit_margin_pct: 0, // rule of 40 fail (growth)
      },
      check: (b) => {
        const focus = body(b).focus;
        expect(focus.map((f) => f.metric)).toEqual(['runway_months', 'net_revenue_retention', 'burn_multiple', 'rule_of_40', 'gross_revenue_retention']);
        expect(focus.map((f) => f.rank)).toEqual([1, 2, 3, 4, 5]);
      },
    },
    {
      name: 'focus: runway of 11.96 months (shown as 12) is under 12 months and comes first',
      input: { cash: 1196, net_burn: 100, starting_arr: 1000, expansion_arr: 0, contraction_arr: 50, churned_arr: 100 },
      output: { metrics: { runway_months: { value: 12, status: 'concerning' } } },
      check: (b) => expect(body(b).focus.map((f) => f.metric)).toEqual(['runway_months', 'net_revenue_retention', 'gross_revenue_retention']),
    },
    { name: 'focus: healthy metrics are not in the focus list', input: { cash: 3000, net_burn: 100, growth_rate_pct: 60, profit_margin_pct: 0 }, output: { focus: [] } },
  ],
  invalid: [
    { name: 'string instead of number', input: { cash: '1000' }, code: 'cash_must_be_number' },
    { name: 'percent out of range', input: { gross_margin_pct: 1e6 }, code: 'gross_margin_pct_too_large' },
    { name: 'amount out of range', input: { cash: 1e20 }, code: 'cash_too_large' },
    { name: 'not an object', input: [1], code: 'body_must_be_object' },
  ],
});

describe('saas-metrics: hostile values', () => {
  it('any numbers within the bounds: a 200 with finite values and no NaN or Infinity in the text', async () => {
    const num = (max: number) => fc.option(fc.oneof(fc.double({ min: -max, max, noNaN: true }), fc.constantFrom(0, -0, Number.MIN_VALUE, -Number.MIN_VALUE, 1e-300, max, -max)), { nil: undefined });
    const fields = Object.keys(tool.input.shape);
    const arb = fc.record(Object.fromEntries(fields.map((f) => [f, num(f.endsWith('_pct') ? 1000 : 1e15)])), { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(arb, async (input) => {
        const r = await callTool(tool, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
        expect(r.status).toBe(200);
        expect(JSON.stringify(r.body)).not.toMatch(/NaN|Infinity/);
      }),
      { numRuns: 300 },
    );
  });

  it('zeros, negatives and extremes never throw and never produce NaN or Infinity', async () => {
    const inputs = [
      { cash: 0, net_burn: 0, net_new_arr: 0, new_mrr: 0, expansion_mrr: 0, churned_mrr: 0, contraction_mrr: 0, starting_arr: 0, expansion_arr: 0, contraction_arr: 0, churned_arr: 0 },
      { arpa_monthly: 1e15, gross_margin_pct: 1000, monthly_churn_pct: 1e-9, cac: 1e-9, revenue: -5, cogs: 1e15 },
      { revenue_current_quarter: -1e15, revenue_prior_quarter: 1e15, sales_marketing_prior_quarter: 1e-12, starting_arr: 1e-12, contraction_arr: 1e15, churned_arr: 1e15, expansion_arr: 0 },
    ];
    for (const input of inputs) {
      const r = await callTool(tool, input);
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toMatch(/NaN|Infinity/);
    }
  });
});
