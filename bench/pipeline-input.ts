// The saas-metrics input used by the pipeline benchmark (a realistic, fully specified company).
export const BENCH_INPUT = {
  cash: 1_800_000,
  net_burn: 200_000,
  net_new_arr: 120_000,
  new_mrr: 30_000,
  expansion_mrr: 8_000,
  churned_mrr: 6_000,
  contraction_mrr: 2_000,
  starting_arr: 4_000_000,
  expansion_arr: 600_000,
  contraction_arr: 150_000,
  churned_arr: 350_000,
  growth_rate_pct: 45,
  profit_margin_pct: -20,
  gross_margin_pct: 76,
};
