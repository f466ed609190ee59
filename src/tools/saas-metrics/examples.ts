// Worked example of saas-metrics, executed by the registry test (output must match the engine exactly).
export const examples = [
  {
    title: 'Seed-stage company with 9 months of runway',
    input: {"cash":1800000,"net_burn":200000,"net_new_arr":120000,"starting_arr":4000000,"expansion_arr":600000,"contraction_arr":150000,"churned_arr":350000,"growth_rate_pct":45,"profit_margin_pct":-20,"gross_margin_pct":76},
    output: {
      "metrics": {
        "runway_months": {
          "value": 9,
          "unit": "months",
          "status": "concerning",
          "family": "survival",
          "benchmark": ">= 24 months excellent, 18-24 healthy, 12-18 borderline, 6-12 concerning, < 6 unhealthy",
          "message": "Runway (cash / monthly net burn) is 9 months (concerning); benchmark: >= 24 months excellent, 18-24 healthy, 12-18 borderline, 6-12 concerning, < 6 unhealthy."
        },
        "net_revenue_retention": {
          "value": 102.5,
          "unit": "percent",
          "status": "healthy",
          "family": "retention",
          "benchmark": ">= 120% excellent, 100-120% healthy, 90-100% borderline, < 90% unhealthy (Bessemer)",
          "message": "Net revenue retention is 102.5% (healthy); benchmark: >= 120% excellent, 100-120% healthy, 90-100% borderline, < 90% unhealthy (Bessemer)."
        },
        "gross_revenue_retention": {
          "value": 87.5,
          "unit": "percent",
          "status": "borderline",
          "family": "retention",
          "benchmark": ">= 95% excellent, 90-95% healthy (enterprise-grade), 85-90% borderline, 80-85% concerning, < 80% unhealthy (Bessemer)",
          "message": "Gross revenue retention is 87.5% (borderline); benchmark: >= 95% excellent, 90-95% healthy (enterprise-grade), 85-90% borderline, 80-85% concerning, < 80% unhealthy (Bessemer)."
        },
        "quick_ratio": {
          "value": null,
          "unit": "ratio",
          "status": "unknown",
          "family": "retention",
          "benchmark": ">= 4 healthy, 2-4 borderline, 1-2 concerning, < 1 unhealthy: the business is shrinking (Mamoon Hamid)",
          "message": "Not computed: needs new_mrr, expansion_mrr, churned_mrr, contraction_mrr. Benchmark: >= 4 healthy, 2-4 borderline, 1-2 concerning, < 1 unhealthy: the business is shrinking (Mamoon Hamid)."
        },
        "burn_multiple": {
          "value": 1.67,
          "unit": "ratio",
          "status": "borderline",
          "family": "efficiency",
          "benchmark": "< 1 excellent, 1-1.5 healthy, 1.5-2 borderline, 2-3 concerning, > 3 unhealthy (David Sacks)",
          "message": "Burn multiple (net burn / net new ARR) is 1.67x (borderline); benchmark: < 1 excellent, 1-1.5 healthy, 1.5-2 borderline, 2-3 concerning, > 3 unhealthy (David Sacks)."
        },
        "magic_number": {
          "value": null,
          "unit": "ratio",
          "status": "unknown",
          "family": "efficiency",
          "benchmark": "> 1 excellent, 0.75-1 healthy, 0.5-0.75 borderline, < 0.5 unhealthy (Scale Venture Partners)",
          "message": "Not computed: needs revenue_current_quarter, revenue_prior_quarter, sales_marketing_prior_quarter. Benchmark: > 1 excellent, 0.75-1 healthy, 0.5-0.75 borderline, < 0.5 unhealthy (Scale Venture Partners)."
        },
        "ltv_to_cac": {
          "value": null,
          "unit": "ratio",
          "status": "unknown",
          "family": "efficiency",
          "benchmark": ">= 5 excellent, 3-5 healthy (target 3, David Skok), 2-3 borderline, 1-2 concerning, < 1 unhealthy",
          "message": "Not computed: needs arpa_monthly, gross_margin_pct (or revenue and cogs), monthly_churn_pct, cac. Benchmark: >= 5 excellent, 3-5 healthy (target 3, David Skok), 2-3 borderline, 1-2 concerning, < 1 unhealthy."
        },
        "cac_payback_months": {
          "value": null,
          "unit": "months",
          "status": "unknown",
          "family": "efficiency",
          "benchmark": "< 6 months excellent, 6-12 healthy (target < 12, David Skok), 12-18 borderline, 18-24 concerning, > 24 unhealthy",
          "message": "Not computed: needs cac, new_mrr_per_customer (or arpa_monthly), gross_margin_pct (or revenue and cogs). Benchmark: < 6 months excellent, 6-12 healthy (target < 12, David Skok), 12-18 borderline, 18-24 concerning, > 24 unhealthy."
        },
        "gross_margin": {
          "value": 76,
          "unit": "percent",
          "status": "healthy",
          "family": "efficiency",
          "benchmark": ">= 80% excellent, 70-80% healthy, 60-70% borderline, 50-60% concerning, < 50% unhealthy",
          "message": "Gross margin is 76% (healthy); benchmark: >= 80% excellent, 70-80% healthy, 60-70% borderline, 50-60% concerning, < 50% unhealthy."
        },
        "rule_of_40": {
          "value": 25,
          "unit": "percent",
          "status": "fail",
          "family": "growth",
          "benchmark": "growth % + profit margin % >= 40 passes",
          "message": "Rule of 40 score is 25% (fail); benchmark: growth % + profit margin % >= 40 passes."
        }
      },
      "focus": [
        {
          "rank": 1,
          "metric": "runway_months",
          "status": "concerning",
          "message": "Runway (cash / monthly net burn) is 9 months (concerning); benchmark: >= 24 months excellent, 18-24 healthy, 12-18 borderline, 6-12 concerning, < 6 unhealthy."
        },
        {
          "rank": 2,
          "metric": "rule_of_40",
          "status": "fail",
          "message": "Rule of 40 score is 25% (fail); benchmark: growth % + profit margin % >= 40 passes."
        },
        {
          "rank": 3,
          "metric": "gross_revenue_retention",
          "status": "borderline",
          "message": "Gross revenue retention is 87.5% (borderline); benchmark: >= 95% excellent, 90-95% healthy (enterprise-grade), 85-90% borderline, 80-85% concerning, < 80% unhealthy (Bessemer)."
        },
        {
          "rank": 4,
          "metric": "burn_multiple",
          "status": "borderline",
          "message": "Burn multiple (net burn / net new ARR) is 1.67x (borderline); benchmark: < 1 excellent, 1-1.5 healthy, 1.5-2 borderline, 2-3 concerning, > 3 unhealthy (David Sacks)."
        }
      ],
      "inputs_used": [
        "cash",
        "churned_arr",
        "contraction_arr",
        "expansion_arr",
        "gross_margin_pct",
        "growth_rate_pct",
        "net_burn",
        "net_new_arr",
        "profit_margin_pct",
        "starting_arr"
      ]
    },
  },
];
