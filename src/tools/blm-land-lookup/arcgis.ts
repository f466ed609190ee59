// A minimal ArcGIS REST `query` client over ctx.fetch: builds the request, enforces the deadline and reads error bodies.
import { readBodyCapped } from '../kit/http.ts';
import type { ToolContext } from '../kit/contract.ts';
import type { Envelope } from './geometry.ts';
import { fieldNamesFrom } from './fields.ts';
import type { LayerRef } from './layers.ts';

export interface ArcgisFeature {
  attributes: Record<string, unknown>;
  geometry?: { rings?: number[][][] };
}

export interface QueryResult {
  features: ArcgisFeature[];
  exceededTransferLimit: boolean;
}

export type FailureReason = 'timeout' | 'network_error' | 'http_error' | 'error_body' | 'malformed';

/** Why an upstream call failed, with what the upstream said (for the log, not for the caller). */
export class UpstreamFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
    readonly layer: string,
    readonly upstream: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Largest answer read from one query; an envelope query over 50 km with generalised geometry stays far below. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** One deadline for the whole lookup: every query shares its signal, and it also follows the caller's cancellation. */
export class Deadline {
  readonly signal: AbortSignal;
  private readonly ac = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private expired = false;
  private readonly onAbort = (): void => this.ac.abort();

  constructor(
    ms: number,
    private readonly outer: AbortSignal,
  ) {
    this.signal = this.ac.signal;
    this.timer = setTimeout(() => {
      this.expired = true;
      this.ac.abort();
    }, ms);
    outer.addEventListener('abort', this.onAbort, { once: true });
    if (outer.aborted) this.ac.abort();
  }

  get timedOut(): boolean {
    return this.expired;
  }

  /** Stop the timer and cancel whatever is still in flight (after a failure, the sibling queries). */
  dispose(): void {
    clearTimeout(this.timer);
    this.outer.removeEventListener('abort', this.onAbort);
    this.ac.abort();
  }
}

/** Query parameters for a point-in-polygon lookup. */
export function pointQuery(lon: number, lat: number, outFields: string): Record<string, string> {
  return {
    f: 'json',
    geometry: `${lon},${lat}`,
    geometryType: 'esriGeometryPoint',
    inSR: '4326',
    spatialRel: 'esriSpatialRelIntersects',
    outFields,
    returnGeometry: 'false',
  };
}

/** Query parameters for the polygons of one agency that intersect an envelope, with geometry generalised to ~1/500 of its width. */
export function envelopeQuery(env: Envelope, where: string, outFields: string): Record<string, string> {
  const offset = Math.max((env.xmax - env.xmin) / 500, 1e-6);
  return {
    f: 'json',
    where,
    geometry: `${env.xmin},${env.ymin},${env.xmax},${env.ymax}`,
    geometryType: 'esriGeometryEnvelope',
    inSR: '4326',
    outSR: '4326',
    spatialRel: 'esriSpatialRelIntersects',
    outFields,
    returnGeometry: 'true',
    maxAllowableOffset: String(offset),
    geometryPrecision: '6',
  };
}

async function readCapped(res: Response, layer: string): Promise<string> {
  const text = await readBodyCapped(res, MAX_BODY_BYTES);
  if (text === undefined) throw new UpstreamFailure('malformed', 'the answer is too large', layer);
  return text;
}

/**
 * GET a JSON document from the service. ArcGIS reports many failures with HTTP 200 and a body `{"error": {...}}`,
 * so the body is checked for that key before anything else.
 */
async function getJson(ctx: ToolContext, url: string, layer: string, deadline: Deadline): Promise<Record<string, unknown>> {
  let text: string;
  let status: number;
  try {
    const res = await ctx.fetch(url, { method: 'GET', headers: { accept: 'application/json' }, signal: deadline.signal });
    status = res.status;
    text = await readCapped(res, layer);
  } catch (err) {
    if (err instanceof UpstreamFailure) throw err;
    if (deadline.timedOut) throw new UpstreamFailure('timeout', 'the upstream did not answer in time', layer);
    throw new UpstreamFailure('network_error', 'the upstream could not be reached', layer, { cause: err instanceof Error ? err.message : String(err) });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UpstreamFailure(status >= 400 ? 'http_error' : 'malformed', status >= 400 ? `HTTP ${status}` : 'the answer is not JSON', layer, { status, body_start: text.slice(0, 200) });
  }
  const o = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (o.error !== undefined) {
    const e = o.error !== null && typeof o.error === 'object' ? (o.error as Record<string, unknown>) : { message: String(o.error) };
    throw new UpstreamFailure('error_body', 'the upstream returned an error body', layer, { status, code: e.code, message: e.message, details: e.details });
  }
  if (status >= 400) throw new UpstreamFailure('http_error', `HTTP ${status}`, layer, { status });
  return o;
}

/** The layer's field names, from its description (`<layer>?f=json`). */
export async function describeLayer(ctx: ToolContext, layer: LayerRef, deadline: Deadline): Promise<string[]> {
  const o = await getJson(ctx, `${layer.url}?f=json`, layer.key, deadline);
  const names = fieldNamesFrom(o);
  if (names === undefined) throw new UpstreamFailure('malformed', 'the layer description has no fields array', layer.key);
  return names;
}

/** GET `<layer>/query` and return its features. */
export async function queryLayer(ctx: ToolContext, layer: LayerRef, params: Record<string, string>, deadline: Deadline): Promise<QueryResult> {
  const o = await getJson(ctx, `${layer.url}/query?${new URLSearchParams(params).toString()}`, layer.key, deadline);
  if (!Array.isArray(o.features)) throw new UpstreamFailure('malformed', 'the answer has no features array', layer.key);
  const features = o.features
    .filter((f): f is Record<string, unknown> => f !== null && typeof f === 'object')
    .map((f): ArcgisFeature => {
      const attributes = f.attributes !== null && typeof f.attributes === 'object' ? (f.attributes as Record<string, unknown>) : {};
      const g = f.geometry !== null && typeof f.geometry === 'object' ? (f.geometry as Record<string, unknown>) : undefined;
      const rings = g && Array.isArray(g.rings) ? (g.rings as unknown[]).filter((r): r is number[][] => Array.isArray(r) && r.every((p) => Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === 'number'))) : undefined;
      return rings ? { attributes, geometry: { rings } } : { attributes };
    });
  return { features, exceededTransferLimit: o.exceededTransferLimit === true };
}
