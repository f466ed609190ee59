// Worked examples for model-advisor; the registry test runs each input and expects the output exactly.
import type { z } from 'zod';
import type { ToolExample } from '../kit/contract.ts';
import type { input, Output } from './tool.ts';

/** The price snapshot every answer names. */
const SNAPSHOT = {
  data_as_of: '2026-08-21',
  data_sources: [
    { name: 'genai-prices', commit: '47df840a5ab10bbcffb8e5ac01b9899032245d1b', licence: 'MIT' },
    { name: 'models.dev', commit: 'f3fc692299671838c7c65fd8126bf84d81a2e817', licence: 'MIT' },
  ],
};

export const examples: ToolExample<z.input<typeof input>, Output>[] = [
  {
    "title": "Coding agent with tool calling, balanced",
    "input": {
      "task": "Refactor a TypeScript service and write unit tests for it",
      "input_tokens": 12000,
      "output_tokens": 3000,
      "runs_per_month": 2000,
      "needs_tools": true,
      "max_fallbacks": 2
    },
    "output": {
      "recommended": {
        "model": "gpt-5.1-codex-mini",
        "provider": "openai",
        "as_of": "2025-11-13",
        "as_of_source": "prices_checked",
        "reason": "Task classified as coding (matched \"refactor\", \"typescript\", \"unit test\"). Priority balanced: score 0.68 = quality^0.5 x cost^0.5, with quality proxy 0.69: tier price position 0.31 in openai's lineup and 0.67 overall, released 2025-11-13 (7 months before the newest in the snapshot), reasoning mode, +0.08 coding-specialised model, -0.03 price last checked 2025-11-13, over 6 months before the snapshot; cost score 0.67 ($0.009000 per run at $0.2500/M input, $2.000/M output, 10x the cheapest eligible). Meets tool calling, context 400,000 >= 15,000 tokens. 92 of 98 models met the constraints. Price as of 2025-11-13 (prices checked).",
        "cost_per_run": 0.009,
        "score": 0.6791
      },
      "fallback_chain": [
        {
          "model": "kimi-k2.7-code",
          "provider": "moonshotai",
          "as_of": "2026-06-15",
          "reason": "Fallback 1, different provider (moonshotai). Trade-off against gpt-5.1-codex-mini: quality proxy 0.72 vs 0.69 (4% higher); 2.60x the cost per run ($0.02340 vs $0.009000, dearer); 262,144-token context vs 400,000. Score 0.62: quality proxy 0.72: tier price position 0.28 in moonshotai's lineup and 0.28 overall, released 2026-06-12 (0 months before the newest in the snapshot), reasoning mode, +0.08 coding-specialised model; cost score 0.53, $0.02340 per run (26x the cheapest eligible). Price as of 2026-06-15 (prices checked).",
          "cost_per_run": 0.0234
        },
        {
          "model": "gemini-3-flash-preview",
          "provider": "google",
          "as_of": "2025-12-19",
          "reason": "Fallback 2, different provider (google). Trade-off against gpt-5.1-codex-mini: quality proxy 0.63 vs 0.69 (9% lower); 1.67x the cost per run ($0.01500 vs $0.009000, dearer); 1,048,576-token context vs 400,000. Score 0.61: quality proxy 0.63: tier price position 0.44 in google's lineup and 0.49 overall, released 2025-12-17 (6 months before the newest in the snapshot), reasoning mode, -0.02 price last checked 2025-12-19, over 6 months before the snapshot; cost score 0.59, $0.01500 per run (17x the cheapest eligible). Price as of 2025-12-19 (prices checked).",
          "cost_per_run": 0.015
        }
      ],
      "fallback_note": "Fallbacks are eligible models within 15% of the recommended model's quality proxy (0.69, so at least 0.59), other providers first, then the next best. 52 eligible models trail further and are left out as a different class.",
      "cost": {
        "currency": "USD",
        "per_run": 0.009,
        "per_month": 18,
        "runs_per_month": 2000,
        "model": "gpt-5.1-codex-mini",
        "tokens": {
          "input": 12000,
          "output": 3000,
          "cache_read": 0,
          "cache_write": 0
        },
        "prices_used": {
          "input_per_mtok": 0.25,
          "output_per_mtok": 2,
          "cache_read_per_mtok": 0.025,
          "cache_write_per_mtok": 0.25,
          "tier_above_input_tokens": null,
          "price_since": null,
          "cache_at_input_price": false
        },
        "breakdown": {
          "input": 0.003,
          "output": 0.006,
          "cache_read": 0,
          "cache_write": 0
        }
      },
      "task": {
        "category": "coding",
        "also_matched": [],
        "signals": [
          "coding: refactor, typescript, unit test"
        ],
        "fallback": null
      },
      "candidates": {
        "in_snapshot": 98,
        "eligible": 92,
        "excluded": {
          "provider": 0,
          "needs_tools": 3,
          "needs_vision": 0,
          "needs_json": 0,
          "context_window": 3,
          "max_output_tokens": 0,
          "max_cost_per_run": 0
        }
      },
      ...SNAPSHOT,
    }
  },
  {
    "title": "Cheapest JSON extraction from two providers",
    "input": {
      "task": "Extract invoice fields (date, total, vendor) as JSON",
      "input_tokens": 2000,
      "output_tokens": 300,
      "runs_per_month": 50000,
      "needs_json": true,
      "providers": [
        "openai",
        "google"
      ],
      "priority": "cost",
      "max_fallbacks": 2
    },
    "output": {
      "recommended": {
        "model": "gemma-4-26b-a4b-it",
        "provider": "google",
        "as_of": "2026-06-09",
        "as_of_source": "prices_checked",
        "reason": "Task classified as extraction (matched \"extract\", \"json\", \"fields\", \"invoice\"). Priority cost: score 0.88 = quality^0.2 x cost^0.8, with quality proxy 0.54: tier price position 0.00 in google's lineup and 0.07 overall, released 2026-04-02 (2 months before the newest in the snapshot), reasoning mode, +0.05 native structured output for extraction; cost score 1.00 ($0.000219 per run at $0.06000/M input, $0.3300/M output, the cheapest eligible). Meets JSON output, context 262,144 >= 2,300 tokens. 42 of 98 models met the constraints. Price as of 2026-06-09 (prices checked).",
        "cost_per_run": 0.000219,
        "score": 0.8837
      },
      "fallback_chain": [
        {
          "model": "gpt-5.4-nano",
          "provider": "openai",
          "as_of": "2026-03-18",
          "reason": "Fallback 1, different provider (openai). Trade-off against gemma-4-26b-a4b-it: same quality proxy (0.54); 3.54x the cost per run ($0.000775 vs $0.000219, dearer); 400,000-token context vs 262,144. Score 0.75: quality proxy 0.54: tier price position 0.00 in openai's lineup and 0.13 overall, released 2026-03-17 (3 months before the newest in the snapshot), reasoning mode, +0.05 native structured output for extraction; cost score 0.82, $0.000775 per run (3.5x the cheapest eligible). Price as of 2026-03-18 (prices checked).",
          "cost_per_run": 0.000775
        },
        {
          "model": "gemma-4-31b-it",
          "provider": "google",
          "as_of": "2026-06-09",
          "reason": "Fallback 2, provider already chosen (google): every other allowed provider with a model of this class is already in the chain. Trade-off against gemma-4-26b-a4b-it: same quality proxy (0.54); 1.59x the cost per run ($0.000348 vs $0.000219, dearer). Score 0.84: quality proxy 0.54: tier price position 0.00 in google's lineup and 0.07 overall, released 2026-04-02 (2 months before the newest in the snapshot), reasoning mode, +0.05 native structured output for extraction; cost score 0.93, $0.000348 per run (1.6x the cheapest eligible). Price as of 2026-06-09 (prices checked).",
          "cost_per_run": 0.000348
        }
      ],
      "fallback_note": "Fallbacks are eligible models within 15% of the recommended model's quality proxy (0.54, so at least 0.46), other providers first, then the next best. 11 eligible models trail further and are left out as a different class.",
      "cost": {
        "currency": "USD",
        "per_run": 0.000219,
        "per_month": 10.95,
        "runs_per_month": 50000,
        "model": "gemma-4-26b-a4b-it",
        "tokens": {
          "input": 2000,
          "output": 300,
          "cache_read": 0,
          "cache_write": 0
        },
        "prices_used": {
          "input_per_mtok": 0.06,
          "output_per_mtok": 0.33,
          "cache_read_per_mtok": 0.06,
          "cache_write_per_mtok": 0.06,
          "tier_above_input_tokens": null,
          "price_since": null,
          "cache_at_input_price": false
        },
        "breakdown": {
          "input": 0.00012,
          "output": 0.000099,
          "cache_read": 0,
          "cache_write": 0
        }
      },
      "task": {
        "category": "extraction",
        "also_matched": [],
        "signals": [
          "extraction: extract, json, fields, invoice"
        ],
        "fallback": null
      },
      "candidates": {
        "in_snapshot": 98,
        "eligible": 42,
        "excluded": {
          "provider": 51,
          "needs_tools": 0,
          "needs_vision": 0,
          "needs_json": 5,
          "context_window": 0,
          "max_output_tokens": 0,
          "max_cost_per_run": 0
        }
      },
      ...SNAPSHOT,
    }
  }
];
