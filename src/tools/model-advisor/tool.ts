// model-advisor: recommended model, fallback chain and per-run/monthly cost for a task, from a vendored price snapshot.
import { z } from 'zod';
import { addCodedIssue, counts } from '../kit/fields.ts';
import { defineTool } from '../kit/contract.ts';
import type { ToolCodeSpecs } from '../kit/contract.ts';
import { TASK_CATEGORIES } from './classify.ts';
import { advise, prepareAdvice } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { PROVIDER_IDS, SNAPSHOT } from './snapshot.ts';

// Input and output schemas, every field described and bounded.
const MAX_INPUT_TOKENS = 10_000_000;
const MAX_OUTPUT_TOKENS = 1_000_000;

export const input = z
  .object({
    task: z.string().min(1).max(4000).describe('What the model will do, in plain words (e.g. "extract invoice fields as JSON"). Classified by keywords into coding, extraction, summarisation, translation, chat, reasoning, vision or long_context; a task that matches nothing falls back to chat and says why in task.fallback.'),
    input_tokens: z.number().int().min(1).max(MAX_INPUT_TOKENS).describe('Prompt tokens per run, cached ones included.'),
    output_tokens: z.number().int().min(1).max(MAX_OUTPUT_TOKENS).describe('Completion tokens per run (reasoning tokens included where the provider bills them as output).'),
    runs_per_month: z.number().int().min(0).max(1_000_000_000).default(1000).describe('Runs per month, for the monthly cost. Default 1000.'),
    cache_read_tokens: z.number().int().min(0).max(MAX_INPUT_TOKENS).default(0).describe('Of input_tokens, how many are read from the provider prompt cache (billed at the cache-read price where the model has one).'),
    cache_write_tokens: z.number().int().min(0).max(MAX_INPUT_TOKENS).default(0).describe('Of input_tokens, how many are written to the prompt cache (billed at the cache-write price where the model has one).'),
    max_cost_per_run: z.number().positive().max(100_000).optional().describe('Upper bound in USD on the cost of one run; dearer models are excluded.'),
    needs_tools: z.boolean().default(false).describe('Only models with tool (function) calling.'),
    needs_vision: z.boolean().default(false).describe('Only models that accept image input; also classifies the task as vision.'),
    needs_json: z.boolean().default(false).describe('Only models with structured output or tool calling (the usual routes to reliable JSON).'),
    min_context_tokens: z.number().int().min(1).max(MAX_INPUT_TOKENS).optional().describe('Smallest acceptable context window. input_tokens + output_tokens must always fit.'),
    providers: z.array(z.enum(PROVIDER_IDS)).min(1).max(PROVIDER_IDS.length).optional().describe('Allowed providers; all when omitted.'),
    priority: z.enum(['quality', 'balanced', 'cost']).default('balanced').describe('How quality proxy and cost combine: score = quality^a x cost^b with (a, b) = quality (0.85, 0.15), balanced (0.5, 0.5), cost (0.2, 0.8).'),
    max_fallbacks: z.number().int().min(0).max(5).default(3).describe('Length of the fallback chain (0-5).'),
  })
  .superRefine((v, ctx) => {
    if (v.cache_read_tokens + v.cache_write_tokens > v.input_tokens) {
      addCodedIssue(ctx, 'cache_tokens_exceed_input', ['cache_read_tokens'], 'cache_read_tokens + cache_write_tokens cannot exceed input_tokens (cached tokens are part of the prompt).');
    }
  });

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const usd = z.number().nonnegative();
const asOfDate = z
  .string()
  .describe(
    "Date the entry was last priced: prices_checked from genai-prices, else the start date of the price in force; models.dev's last_updated when the cross-check kept models.dev's price; else the snapshot date.",
  );

const alternative = z.object({
  model: z.string().describe('Model id as the provider API names it.'),
  provider: z.string().describe('Provider id.'),
  as_of: asOfDate,
  reason: z.string().describe('Why it is in the chain: provider diversity, its trade-off against the recommended model (quality, cost, context, reasoning), score, quality proxy and cost.'),
  cost_per_run: usd.describe('USD per run at this model\'s prices.'),
});

const output = z.object({
  recommended: alternative.extend({
    as_of_source: z.enum(['prices_checked', 'price_start_date', 'models_dev_last_updated', 'snapshot_date']).describe('Which date as_of is.'),
    reason: z.string().describe('Task classification and its matched terms, the score and its parts, the constraints met, the price date.'),
    score: z.number().describe('Weighted score (0-1) that ranked the model first.'),
  }).describe('The best-scoring model that meets every constraint.'),
  fallback_chain: z
    .array(alternative)
    .max(5)
    .describe(
      "Next choices in order, of the recommended model's class (quality proxy within 15% of it), on different providers first; each reason states its trade-off against the recommended model (SPEC model-advisor alternative objects plus cost_per_run).",
    ),
  fallback_note: z.string().describe('How the chain was chosen: the quality floor, how many eligible models were left out as another class, and why the chain is shorter than asked when it is.'),
  cost: z
    .object({
      currency: z.literal('USD').describe('Always USD.'),
      per_run: usd.describe('Cost of one run of the recommended model.'),
      per_month: usd.describe('per_run x runs_per_month.'),
      runs_per_month: z.number().int().describe('Runs per month used.'),
      model: z.string().describe('Model the cost is for (the recommended one).'),
      tokens: counts({
        input: 'Prompt tokens, cached included.',
        output: 'Completion tokens.',
        cache_read: 'Prompt tokens read from cache.',
        cache_write: 'Prompt tokens written to cache.',
      }).describe('Tokens per run the cost is computed for.'),
      prices_used: z
        .object({
          input_per_mtok: usd.describe('USD per million uncached input tokens.'),
          output_per_mtok: usd.describe('USD per million output tokens.'),
          cache_read_per_mtok: usd.describe('USD per million cache-read tokens (the input price when the model lists none).'),
          cache_write_per_mtok: usd.describe('USD per million cache-write tokens (the input price when the model lists none).'),
          tier_above_input_tokens: z.number().int().nullable().describe('Threshold of the long-context price tier applied, or null for base prices.'),
          price_since: z.string().nullable().describe('Start date of the price set used, or null when it has applied since the model was listed.'),
          cache_at_input_price: z.boolean().describe('True when cached tokens were charged at the input price for want of a cache price.'),
        })
        .describe('Prices per million tokens behind the figures.'),
      breakdown: z
        .object({
          input: usd.describe('Uncached input.'),
          output: usd.describe('Output.'),
          cache_read: usd.describe('Cache reads.'),
          cache_write: usd.describe('Cache writes.'),
        })
        .describe('Per-run cost by token kind, USD.'),
    })
    .describe('Cost of the recommended model.'),
  task: z
    .object({
      category: z.enum(TASK_CATEGORIES).describe('Primary task category.'),
      also_matched: z.array(z.enum(TASK_CATEGORIES)).describe('Other categories with signals, strongest first.'),
      signals: z.array(z.string()).describe('Matched terms per category and the token or flag signals.'),
      fallback: z
        .string()
        .nullable()
        .describe('Null when the task was recognised; otherwise why nothing matched and it fell back to chat (the words seen, and how to name the work).'),
    })
    .describe('Deterministic task classification.'),
  candidates: z
    .object({
      in_snapshot: z.number().int().describe('Models in the snapshot.'),
      eligible: z.number().int().describe('Models meeting every constraint.'),
      excluded: counts({
        provider: 'Provider not allowed.',
        needs_tools: 'No tool calling.',
        needs_vision: 'No image input.',
        needs_json: 'Neither structured output nor tool calling.',
        context_window: 'Context window too small.',
        max_output_tokens: 'Output limit below output_tokens.',
        max_cost_per_run: 'Dearer than max_cost_per_run.',
      }).describe('Models excluded, each counted under the first constraint it failed.'),
    })
    .describe('How the constraints narrowed the snapshot.'),
  data_as_of: z.string().describe('Date of the price snapshot (genai-prices commit date).'),
  data_sources: z
    .array(z.object({ name: z.string().describe('Data set.'), commit: z.string().describe('Commit the snapshot was built from.'), licence: z.string().describe('Licence.') }))
    .describe('Where the vendored data comes from.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

const codes: ToolCodeSpecs = {
  cache_tokens_exceed_input: 'cache_read_tokens + cache_write_tokens exceed input_tokens (cached tokens are part of the prompt).',
  no_model_matches_constraints: 'No model in the price snapshot meets every constraint; `excluded` counts the models each constraint removed.',
};

export default defineTool({
  name: 'model-advisor',
  title: 'Model advisor',
  summary: 'Recommend a model, a fallback chain and the per-run and monthly cost for a task',
  description:
    'Classifies a task (coding, extraction, summarisation, chat, reasoning, vision, long context) by keywords and token counts, filters a vendored snapshot of public LLM prices ' +
    '(pydantic/genai-prices, MIT) and capability flags (models.dev, MIT) by your constraints (tools, vision, JSON, context, providers, budget), and ranks the rest by a ' +
    'quality proxy (price position in the provider lineup and overall, recency, reasoning mode, task fit) weighed against cost by priority. Every entry carries the date ' +
    'its price was checked. Limits: the quality proxy is not a benchmark (no benchmark data is licensed to vendor); prices are list prices without batch or regional discounts; ' +
    'models newer than the capability data are absent until the snapshot is rebuilt.',
  input,
  output,
  examples,
  hostile: hostileCases,
  codes,
  // Refusals (no model meets the constraints) happen here, in validation, before the credit is charged.
  prepare(args) {
    return prepareAdvice(args, SNAPSHOT);
  },
  run(args, ctx, prepared) {
    return advise(args, SNAPSHOT, ctx.now().toISOString().slice(0, 10), prepared);
  },
});
