// The lookup itself: cache, upstream queries under one deadline, assembly, and the 504 mapping for upstream failures.
import type { ToolContext } from '../contract.ts';
import { ToolError } from '../contract.ts';
import { Deadline, UpstreamFailure, envelopeQuery, pointQuery, queryLayer } from './arcgis.ts';
import type { LookupResult } from './engine.ts';
import { CACHE_TTL_SECONDS, assemble, cacheKey, coveragePct, designationsFrom, pickSmaFeature, roundCoord, roundRadius } from './engine.ts';
import { radiusEnvelope } from './geometry.ts';
import { designationLayers, smaLayer } from './layers.ts';
import { output } from './schema.ts';

const MESSAGES: Record<UpstreamFailure['reason'], string> = {
  timeout: 'The BLM GIS service did not answer in time.',
  network_error: 'The BLM GIS service could not be reached.',
  http_error: 'The BLM GIS service answered with an HTTP error.',
  error_body: 'The BLM GIS service returned an error.',
  malformed: 'The BLM GIS service returned an answer that could not be read.',
};

async function cached(ctx: ToolContext, key: string): Promise<LookupResult | null> {
  try {
    const hit = await ctx.cache.get(key);
    if (hit === undefined) return null;
    const parsed = output.safeParse(hit);
    return parsed.success ? (parsed.data as LookupResult) : null;
  } catch (err) {
    // A cache outage costs an upstream call, not the request.
    ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'blm-land-lookup cache read failed');
    return null;
  }
}

export async function lookup(args: { lat: number; lon: number; radius_km: number }, ctx: ToolContext): Promise<LookupResult> {
  const lat = roundCoord(args.lat);
  const lon = roundCoord(args.lon);
  const radius = roundRadius(args.radius_km);
  const { blmSmaUrl, blmDesignationsUrl, blmTimeoutMs } = ctx.settings;
  const key = cacheKey(lat, lon, radius, blmSmaUrl, blmDesignationsUrl);
  const hit = await cached(ctx, key);
  if (hit) return { ...hit, cache_hit: true };

  const dataAsOf = ctx.now().toISOString();
  const sma = smaLayer(blmSmaUrl);
  const designationLayerList = designationLayers(blmDesignationsUrl);
  const deadline = new Deadline(Math.max(1, blmTimeoutMs), ctx.signal);
  try {
    const env = radius > 0 ? radiusEnvelope(lat, lon, radius) : null;
    const [point, cover] = await Promise.all([
      queryLayer(ctx, sma, pointQuery(lon, lat, sma.outFields), deadline),
      env ? queryLayer(ctx, sma, envelopeQuery(env, "ADMIN_AGENCY_CODE = 'BLM'", ['ADMIN_AGENCY_CODE']), deadline) : Promise.resolve(null),
    ]);
    const chosen = pickSmaFeature(point.features);
    const onBlm = chosen !== null && String(chosen.attributes.ADMIN_AGENCY_CODE ?? '').trim().toUpperCase() === 'BLM';
    let designations = null;
    if (onBlm) {
      const results = await Promise.all(designationLayerList.map((l) => queryLayer(ctx, l, pointQuery(lon, lat, l.outFields), deadline)));
      designations = designationsFrom(designationLayerList.map((l, i) => ({ type: l.type, features: results[i]!.features })));
    }
    const result = assemble({
      smaFeatures: point.features,
      designations,
      coverage: env && cover ? { pct: coveragePct(cover.features.filter((f) => String(f.attributes.ADMIN_AGENCY_CODE ?? 'BLM').trim().toUpperCase() === 'BLM'), env), truncated: cover.exceededTransferLimit } : null,
      dataAsOf,
      sources: {
        sma: `${sma.title}: ${sma.url}`,
        special_designations: onBlm
          ? designationLayerList.map((l) => `${l.title}: ${l.url}`).join('; ')
          : `Not queried: designations are looked up only on BLM land (${designationLayerList.map((l) => l.title).join('; ')}).`,
      },
    });
    try {
      await ctx.cache.set(key, result, CACHE_TTL_SECONDS);
    } catch (err) {
      ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'blm-land-lookup cache write failed');
    }
    return result;
  } catch (err) {
    if (!(err instanceof UpstreamFailure)) throw err;
    const reason = err.reason === 'network_error' && deadline.timedOut ? 'timeout' : err.reason;
    ctx.log.warn({ layer: err.layer, reason, upstream: err.upstream, timeout_ms: blmTimeoutMs }, `blm-land-lookup upstream failed: ${err.message}`);
    throw new ToolError(504, 'upstream_unavailable', `${MESSAGES[reason]} The credit is not refunded; retry shortly.`);
  } finally {
    deadline.dispose();
  }
}
