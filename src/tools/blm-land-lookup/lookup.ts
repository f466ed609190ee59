// The lookup itself: cache, layer field lists, upstream queries under one deadline, assembly, and the 504 mapping for SMA failures.
import type { ToolContext } from '../kit/contract.ts';
import { ToolError } from '../kit/contract.ts';
import { Deadline, UpstreamFailure, describeLayer, envelopeQuery, pointQuery, queryLayer } from './arcgis.ts';
import type { ArcgisFeature } from './arcgis.ts';
import type { UnavailableSource } from './engine.ts';
import { CACHE_TTL_SECONDS, agencyCode, assemble, cacheKey, coveragePct, designationsFrom, fieldsCacheKey, pickSmaFeature, roundCoord, roundRadius } from './engine.ts';
import { outFieldsFor, resolveField } from './fields.ts';
import { radiusEnvelope } from './geometry.ts';
import type { DesignationLayerRef, LayerRef } from './layers.ts';
import { designationLayers, smaLayer } from './layers.ts';
import type { Input, Output } from './tool.ts';

const MESSAGES: Record<UpstreamFailure['reason'], string> = {
  timeout: 'The BLM GIS service did not answer in time.',
  network_error: 'The BLM GIS service could not be reached.',
  http_error: 'The BLM GIS service answered with an HTTP error.',
  error_body: 'The BLM GIS service returned an error.',
  malformed: 'The BLM GIS service returned an answer that could not be read.',
};

const errText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Checks a cached value against the output schema (tool.ts owns it): null when it no longer fits. */
type ReadAnswer = (hit: unknown) => Output | null;

async function cached(ctx: ToolContext, key: string, read: ReadAnswer): Promise<Output | null> {
  try {
    const hit = await ctx.cache.get(key);
    if (hit === undefined) return null;
    return read(hit);
  } catch (err) {
    // A cache outage costs an upstream call, not the request.
    ctx.log.warn({ err: errText(err) }, 'blm-land-lookup cache read failed');
    return null;
  }
}

async function cacheSet(ctx: ToolContext, key: string, value: unknown): Promise<void> {
  try {
    await ctx.cache.set(key, value, CACHE_TTL_SECONDS);
  } catch (err) {
    ctx.log.warn({ err: errText(err) }, 'blm-land-lookup cache write failed');
  }
}

/**
 * The layer's field names as it spells them (a joined layer qualifies them with their table), from its description,
 * kept in the cache as long as the answers. Null when the description cannot be read: the query then asks for `*`,
 * which every layer accepts, and the attributes are read under either spelling.
 */
async function layerFields(ctx: ToolContext, layer: LayerRef, deadline: Deadline): Promise<string[] | null> {
  const key = fieldsCacheKey(layer.url);
  try {
    const hit = await ctx.cache.get(key);
    if (Array.isArray(hit) && hit.length > 0 && hit.every((n) => typeof n === 'string')) return hit as string[];
  } catch (err) {
    ctx.log.warn({ err: errText(err) }, 'blm-land-lookup cache read failed');
  }
  try {
    const names = await describeLayer(ctx, layer, deadline);
    if (names.length > 0) await cacheSet(ctx, key, names);
    return names.length > 0 ? names : null;
  } catch (err) {
    if (!(err instanceof UpstreamFailure)) throw err;
    ctx.log.warn({ layer: layer.key, reason: err.reason, upstream: err.upstream }, `blm-land-lookup layer description unavailable, querying all fields: ${err.message}`);
    return null;
  }
}

type DesignationOutcome = { layer: DesignationLayerRef; features: ArcgisFeature[] } | { layer: DesignationLayerRef; failed: UnavailableSource };

/** One designation layer at the point; its failure is reported, not thrown: it must not sink the SMA answer. */
async function designationAt(ctx: ToolContext, layer: DesignationLayerRef, lon: number, lat: number, deadline: Deadline): Promise<DesignationOutcome> {
  try {
    const fields = await layerFields(ctx, layer, deadline);
    const result = await queryLayer(ctx, layer, pointQuery(lon, lat, outFieldsFor(fields, layer.fields)), deadline);
    return { layer, features: result.features };
  } catch (err) {
    if (!(err instanceof UpstreamFailure)) throw err;
    const reason = err.reason === 'network_error' && deadline.timedOut ? 'timeout' : err.reason;
    ctx.log.warn({ layer: err.layer, reason, upstream: err.upstream }, `blm-land-lookup designation layer failed, answering without it: ${err.message}`);
    return { layer, failed: { source: layer.key, dataset: layer.title, reason } };
  }
}

export async function lookup(args: Input, ctx: ToolContext, read: ReadAnswer): Promise<Output> {
  const lat = roundCoord(args.lat);
  const lon = roundCoord(args.lon);
  const radius = roundRadius(args.radius_km);
  const { blmSmaUrl, blmDesignationsUrl, blmTimeoutMs } = ctx.settings;
  const key = cacheKey(lat, lon, radius, blmSmaUrl, blmDesignationsUrl);
  const hit = await cached(ctx, key, read);
  if (hit) return { ...hit, cache_hit: true };

  const dataAsOf = ctx.now().toISOString();
  const sma = smaLayer(blmSmaUrl);
  const designationLayerList = designationLayers(blmDesignationsUrl);
  const deadline = new Deadline(Math.max(1, blmTimeoutMs), ctx.signal);
  try {
    const env = radius > 0 ? radiusEnvelope(lat, lon, radius) : null;
    const smaFields = await layerFields(ctx, sma, deadline);
    const agencyField = (smaFields && resolveField(smaFields, 'ADMIN_AGENCY_CODE')) ?? 'ADMIN_AGENCY_CODE';
    const [point, cover] = await Promise.all([
      queryLayer(ctx, sma, pointQuery(lon, lat, outFieldsFor(smaFields, sma.fields)), deadline),
      env ? queryLayer(ctx, sma, envelopeQuery(env, `${agencyField} = 'BLM'`, outFieldsFor(smaFields, ['ADMIN_AGENCY_CODE'])), deadline) : Promise.resolve(null),
    ]);
    const chosen = pickSmaFeature(point.features);
    const onBlm = chosen !== null && agencyCode(chosen) === 'BLM';
    let designations = null;
    const unavailable: UnavailableSource[] = [];
    if (onBlm) {
      const outcomes = await Promise.all(designationLayerList.map((l) => designationAt(ctx, l, lon, lat, deadline)));
      const answered: { def: DesignationLayerRef['def']; features: ArcgisFeature[] }[] = [];
      for (const o of outcomes) {
        if ('failed' in o) unavailable.push(o.failed);
        else answered.push({ def: o.layer.def, features: o.features });
      }
      designations = designationsFrom(answered);
    }
    const answeredLayers = designationLayerList.filter((l) => !unavailable.some((u) => u.source === l.key));
    const result = assemble({
      smaFeatures: point.features,
      designations,
      // A polygon whose agency is missing from the answer counts as BLM: the query asked for BLM polygons only.
      coverage: env && cover ? { pct: coveragePct(cover.features.filter((f) => (agencyCode(f) ?? 'BLM') === 'BLM'), env), truncated: cover.exceededTransferLimit } : null,
      dataAsOf,
      sources: {
        sma: `${sma.title}: ${sma.url}`,
        special_designations: onBlm
          ? [
              ...answeredLayers.map((l) => `${l.title}: ${l.url}`),
              ...unavailable.map((u) => `Unavailable, not in this answer: ${u.dataset} (${u.reason.replace(/_/g, ' ')})`),
            ].join('; ')
          : `Not queried: designations are looked up only on BLM land (${designationLayerList.map((l) => l.title).join('; ')}).`,
      },
      unavailable,
    });
    // A partial answer is not cached: the next call asks the failed layers again.
    if (unavailable.length === 0) await cacheSet(ctx, key, result);
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
