// blm-land-lookup: US Bureau of Land Management land status, designations and casual-use rules for a coordinate.
import { defineTool } from '../kit/contract.ts';
import { EXAMPLES } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { lookup } from './lookup.ts';
import { input, output } from './schema.ts';

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
  credits: 1,
  deployed: true,
  input,
  output,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  examples: EXAMPLES,
  hostile: hostileCases,
  refundExempt: [504],
  run(args, ctx) {
    return lookup(args, ctx);
  },
});
