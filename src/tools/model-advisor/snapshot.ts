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
