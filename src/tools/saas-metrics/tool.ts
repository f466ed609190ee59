// saas-metrics: SaaS health metrics with their benchmarks and a ranked focus list.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { computeSaasMetrics } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';

const money = (d: string) => z.number().min(-1e15).max(1e15).optional().describe(d);
const pct = (d: string) => z.number().min(-1000).max(1000).optional().describe(d);

const input = z.object({
  net_burn: money('Monthly net burn: cash out minus cash in over one month (negative or 0 when cash-flow positive). Used by burn multiple and runway.'),
  net_new_arr: money('Net new ARR added over the same month as net_burn (new + expansion - contraction - churn, annualised).'),
  new_mrr: money('MRR from new customers this month.'),
  expansion_mrr: money('MRR added by existing customers (upsell, seats) this month.'),
  churned_mrr: money('MRR lost to cancelled customers this month (a positive number).'),
  contraction_mrr: money('MRR lost to downgrades this month (a positive number).'),
  revenue_current_quarter: money('Revenue of the latest quarter (for the magic number).'),
  revenue_prior_quarter: money('Revenue of the quarter before it.'),
  sales_marketing_prior_quarter: money('Sales and marketing spend of the prior quarter.'),
  arpa_monthly: money('Average revenue per account per month.'),
  gross_margin_pct: pct('Gross margin in percent (0-100). Alternatively give revenue and cogs.'),
  monthly_churn_pct: pct('Monthly customer (logo) churn rate in percent, e.g. 2 for 2%.'),
  cac: money('Customer acquisition cost: S&M spend / new customers in the same period.'),
  new_mrr_per_customer: money('Average MRR of a new customer (CAC payback); defaults to arpa_monthly.'),
  starting_arr: money('ARR of the cohort at the start of the 12-month period (NRR, GRR).'),
  expansion_arr: money('ARR that cohort added over the period.'),
  contraction_arr: money('ARR that cohort lost to downgrades over the period (a positive number).'),
  churned_arr: money('ARR that cohort lost to cancellations over the period (a positive number).'),
  growth_rate_pct: pct('Year-over-year revenue growth in percent (Rule of 40).'),
  profit_margin_pct: pct('Profit margin in percent: EBITDA or free-cash-flow margin (Rule of 40).'),
  revenue: money('Revenue of a period (with cogs, gives gross margin).'),
  cogs: money('Cost of goods sold of the same period.'),
  cash: money('Cash in the bank (runway).'),
});

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const Tag = z.object({
  value: z.number().nullable().describe('Computed value (null when unknown or unbounded).'),
  unit: z.enum(['ratio', 'percent', 'months']).describe('Unit of value.'),
  status: z
    .enum(['excellent', 'healthy', 'pass', 'borderline', 'concerning', 'unhealthy', 'fail', 'unknown'])
    .describe('Health band; unknown when the needed inputs were not supplied; Rule of 40 uses pass/fail.'),
  message: z.string().describe('The computed value and the benchmark it was judged against.'),
  family: z.enum(['survival', 'retention', 'efficiency', 'growth']).describe('Which kind of health the metric measures.'),
  benchmark: z.string().describe('The bands and their source.'),
});

const output = z.object({
  metrics: z
    .object({
      runway_months: Tag.describe('cash / monthly net burn.'),
      net_revenue_retention: Tag.describe('(start ARR + expansion - contraction - churn) / start ARR.'),
      gross_revenue_retention: Tag.describe('(start ARR - contraction - churn) / start ARR.'),
      quick_ratio: Tag.describe('(new + expansion MRR) / (churned + contraction MRR).'),
      burn_multiple: Tag.describe('net burn / net new ARR.'),
      magic_number: Tag.describe('(quarterly revenue change x 4) / prior-quarter S&M.'),
      ltv_to_cac: Tag.describe('(ARPA x gross margin / monthly churn) / CAC.'),
      cac_payback_months: Tag.describe('CAC / (new MRR per customer x gross margin).'),
      gross_margin: Tag.describe('(revenue - COGS) / revenue.'),
      rule_of_40: Tag.describe('growth % + profit margin %; pass >= 40.'),
    })
    .describe('Every metric with its SaaS health tag.'),
  focus: z
    .array(
      z.object({
        rank: z.number().int().min(1).describe('1 is the first thing to fix.'),
        metric: z.string().describe('Metric name (a key of metrics).'),
        status: z.string().describe('Its status.'),
        message: z.string().describe('Its message.'),
      }),
    )
    .describe('Metrics to work on: runway under 12 months first, then unhealthy/fail, concerning, borderline; retention before efficiency before growth.'),
  inputs_used: z.array(z.string()).describe('Input fields that were supplied.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'saas-metrics',
  title: 'SaaS metrics',
  summary: 'Compute SaaS health metrics against published benchmarks and rank what to fix first',
  description:
    'Computes burn multiple, SaaS quick ratio, magic number, LTV:CAC, CAC payback, net and gross revenue retention, Rule of 40, gross margin and runway from the figures you have, each with a status band and a message naming the value and the benchmark (Sacks, Hamid, Scale VP, Skok, Bessemer). Metrics whose inputs are missing are unknown, never guessed. The focus list ranks what to fix: runway under 12 months first, then the worst bands, retention before efficiency before growth. All amounts in one currency; monthly figures unless a field says otherwise.',
  input,
  output,
  examples,
  hostile: hostileCases,
  run: (body) => computeSaasMetrics(body),
});
