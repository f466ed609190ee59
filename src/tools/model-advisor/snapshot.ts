// Loads and checks the vendored price snapshot once, at import: a bad rebuild fails loudly, not per request.
import { z } from 'zod';
import raw from './data/price-snapshot.json' with { type: 'json' };
import type { SnapshotFile } from './data/snapshot-types.ts';

const date = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/);
const price = z.union([
  z.number().nonnegative(),
  z.object({ base: z.number().nonnegative(), tiers: z.array(z.object({ start: z.number().int().nonnegative(), price: z.number().nonnegative() })) }),
]);
const priceSet = z.object({
  start_date: date.nullable(),
  input_mtok: price,
  output_mtok: price,
  cache_read_mtok: price.optional(),
  cache_write_mtok: price.optional(),
});

const sourcePrice = z.object({
  input_mtok: z.number().nonnegative(),
  output_mtok: z.number().nonnegative(),
  cache_read_mtok: z.number().nonnegative().optional(),
  cache_write_mtok: z.number().nonnegative().optional(),
  date: date.nullable(),
  date_source: z.enum(['prices_checked', 'price_start_date', 'last_updated']).nullable(),
});
const priceSource = z.enum(['genai-prices', 'models.dev']);

const snapshotSchema = z.object({
  format: z.literal(1),
  data_as_of: date,
  generated_by: z.string(),
  sources: z.array(
    z.object({
      name: z.string(),
      repository: z.string(),
      commit: z.string().regex(/^[0-9a-f]{40}$/),
      commit_date: date,
      licence: z.string(),
      copyright: z.string(),
      files: z.string(),
      used_for: z.string(),
    }),
  ),
  providers: z.array(z.object({ id: z.string(), name: z.string(), pricing_url: z.string().nullable() })),
  skipped: z.record(z.string(), z.number()),
  no_capability_data: z.array(z.string()),
  notes: z.array(z.string()),
  price_crosscheck: z.object({
    compared: z.number().int().nonnegative(),
    agreed: z.number().int().nonnegative(),
    no_models_dev_price: z.number().int().nonnegative(),
    disagreements: z.array(
      z.object({
        provider: z.string(),
        model: z.string(),
        fields: z.array(z.enum(['input', 'output', 'cache_read', 'cache_write'])).min(1),
        genai_prices: sourcePrice,
        models_dev: sourcePrice,
        kept: priceSource,
        rule: z.enum(['newer date', 'recorded decision']),
        reason: z.string().min(1),
      }),
    ),
  }),
  models: z
    .array(
      z.object({
        id: z.string().min(1),
        name: z.string(),
        provider: z.string(),
        price_entry: z.string(),
        family: z.string().nullable(),
        release_date: date.nullable(),
        prices_checked: date.nullable(),
        prices: z.array(priceSet).min(1),
        price_source: priceSource,
        source_prices: z.object({ genai_prices: sourcePrice, models_dev: sourcePrice.nullable() }),
        time_of_day_pricing: z.boolean().optional(),
        context_window: z.number().int().positive(),
        max_output_tokens: z.number().int().positive().nullable(),
        tools: z.boolean(),
        vision: z.boolean(),
        json: z.enum(['native', 'via_tools', 'none']),
        reasoning: z.boolean(),
        open_weights: z.boolean(),
        status: z.enum(['alpha', 'beta']).optional(),
      }),
    )
    .min(1),
});

export const SNAPSHOT: SnapshotFile = snapshotSchema.parse(raw) as SnapshotFile;

/** Provider ids in the snapshot, sorted: the allowed values of the `providers` input. */
export const PROVIDER_IDS = SNAPSHOT.providers.map((p) => p.id).sort() as [string, ...string[]];
