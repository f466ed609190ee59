// blm-land-lookup: US Bureau of Land Management land status, designations and casual-use rules for a coordinate.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { ACTIVITIES } from './activity-table.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { lookup } from './lookup.ts';

// Input and output schemas (SPEC "POST /v1/blm-land-lookup"), every field described and bounded.
export const input = z.object({
  lat: z.number().min(-90).max(90).describe('Latitude in decimal degrees (WGS 84), -90 to 90. Rounded to 4 decimals (about 11 m) for the query and the cache.'),
  lon: z.number().min(-180).max(180).describe('Longitude in decimal degrees (WGS 84), -180 to 180. Rounded to 4 decimals.'),
  radius_km: z
    .number()
    .min(0)
    .max(50)
    .default(1)
    .describe('Buffer radius in kilometres, 0 to 50 (default 1.0). Above 0, blm_coverage_pct reports the BLM share of the square envelope around the radius.'),
});

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const str = (max: number, what: string): z.ZodString => z.string().max(max).describe(what);

const jurisdiction = z
  .object({
    agency: str(200, 'Managing agency, spelled out (for example Bureau of Land Management), or the raw code when unknown.'),
    agency_code: z.string().max(200).nullable().describe('SMA agency code (BLM, USFS, NPS, FWS, BIA, DOD, ST, PVT, LG, UND, ...).'),
    dept_code: z.string().max(200).nullable().describe('SMA department code (for example DOI, USDA), when the data has one.'),
    admin_unit_name: z.string().max(200).nullable().describe('Administrative unit name; empty in most lower-48 data, so often null.'),
    admin_unit_type: z.string().max(200).nullable().describe('Administrative unit type, when the data has one.'),
    state: z.string().length(2).nullable().describe('Two-letter administering BLM state office (ADMIN_ST); OR covers WA, MT covers ND/SD, NM covers OK/KS/TX, ES the East.'),
  })
  .describe('Surface management record at the coordinate.');

const activity = z
  .object({
    activity: z.enum(ACTIVITIES).describe('Activity.'),
    allowed: z.union([z.boolean(), z.literal('limited')]).describe('true, false, or the string "limited" (permitted only under the conditions in notes; test for the string explicitly).'),
    notes: str(2000, 'Conditions and the rule they come from.'),
  })
  .describe('One activity rule from the static table.');

const permit = z
  .object({
    activity: str(100, 'What needs the permit.'),
    permit_required: z.boolean().describe('Whether a permit (or permission) is required for it.'),
    permit_type: str(200, 'Which permit, with its regulation where there is one.'),
    notes: str(1000, 'When it applies.'),
  })
  .describe('One permit requirement.');

const designation = z
  .object({
    type: z.enum(['ACEC', 'Wilderness', 'WSA', 'NM_NCA']).describe('Designation type.'),
    name: str(200, 'Name of the designated unit.'),
    notes: str(1000, 'What the designation means for visitors.'),
  })
  .describe('A special designation covering the coordinate.');

const output = z.object({
  is_blm_land: z.boolean().describe('True when a BLM-administered parcel covers the coordinate.'),
  jurisdiction: jurisdiction.nullable().describe('Null when no surface-management record covers the coordinate; then the activity and permit lists are empty.'),
  allowed_activities: z.array(activity).max(4).describe('Static rules for rockhounding, primitive camping, campfires and OHV, keyed by land type and designation; approximate.'),
  permit_requirements: z.array(permit).max(10).describe('Permits that apply; empty when none do.'),
  special_designations: z.array(designation).max(50).optional().describe('Present only on BLM land: Wilderness, WSA, ACEC and National Monument/NCA units at the coordinate (may be empty).'),
  blm_coverage_pct: z.number().min(0).max(100).optional().describe('Present only when radius_km > 0: percent of the radius envelope that is BLM land (envelope-level approximation, one decimal).'),
  data_as_of: z.string().datetime().describe('When the upstream data was queried; on a cache hit, the original query time.'),
  cache_hit: z.boolean().describe('True when served from the 30-day cache; charged either way.'),
  accuracy_note: str(2000, 'Standing caveat about the data and the rules; absent only when no jurisdiction was found.').optional(),
  sources: z
    .object({
      sma: str(500, 'Surface management dataset and layer used.'),
      special_designations: str(1000, 'Designation datasets and layers used, or why they were not queried.'),
    })
    .describe('Upstream datasets used.'),
  unavailable_sources: z
    .array(
      z
        .object({
          source: z.enum(['wilderness', 'wsa', 'acec', 'nm_nca']).describe('Designation layer that failed.'),
          dataset: str(200, 'Its dataset name.'),
          reason: z.enum(['timeout', 'network_error', 'http_error', 'error_body', 'malformed']).describe('How it failed.'),
        })
        .describe('A designation layer that did not answer.'),
    )
    .max(4)
    .optional()
    .describe(
      'Present only on BLM land when a designation layer failed: the answer carries the surface-management record and the other layers, special_designations may be incomplete, and the answer is not cached. An SMA failure is still a 504.',
    ),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

/**
 * None of its own: an SMA failure is the platform's 504 `upstream_unavailable` (not refunded), and a failing
 * designation layer is reported in a 200's `unavailable_sources`.
 */
/** A cached answer is reused only when it still fits the output schema. */
function cachedAnswer(hit: unknown): Output | null {
  const parsed = output.safeParse(hit);
  return parsed.success ? parsed.data : null;
}

export default defineTool({
  name: 'blm-land-lookup',
  title: 'BLM land lookup',
  summary: 'Look up US Bureau of Land Management land status, designations and casual-use rules for a coordinate',
  description:
    'Queries the BLM national Surface Management Agency layer (ArcGIS REST) for who manages the land at a WGS 84 coordinate, and, on BLM land, the Wilderness, ' +
    'Wilderness Study Area, ACEC and National Monument/NCA layers. Returns the jurisdiction, a static table of casual-use rules (rockhounding, dispersed camping, ' +
    'campfires, OHV) and permits keyed by land type and designation (43 CFR), and with radius_km > 0 the BLM share of the surrounding envelope. Use it to answer ' +
    '"can I camp or collect rocks here?" for US public land. Limits: the SMA data is limited-scale (boundaries can be off by hundreds of metres); rules are a ' +
    'static summary that closures, fire orders and unit plans override; results are cached for 30 days; an upstream outage is a 504 that is not refunded.',
  input,
  output,
  annotations: { openWorldHint: true },
  examples,
  hostile: hostileCases,
  refundExempt: [504],
  run(args, ctx) {
    return lookup(args, ctx, cachedAnswer);
  },
});
