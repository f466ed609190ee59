// A fake ArcGIS REST server with fixture BLM layers, for tests and demos; run standalone with `npx tsx <this file> --port 8090`.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { Envelope, Ring } from './geometry.ts';
import { pointInRings, ringsIntersectEnvelope } from './geometry.ts';
import { DESIGNATION_LAYERS } from './layers.ts';
import type { FakeLayer } from './fake-layers.ts';
import { LAYERS } from './fake-layers.ts';
import points from './fake-points.json' with { type: 'json' };

/**
 * - `normal`: answers queries from the fixtures;
 * - `hang`: accepts the request and never answers (until the server closes);
 * - `error`: HTTP 200 with an ArcGIS error body, as real services do;
 * - `http_500`: HTTP 500 with an HTML page;
 * - `garbage`: HTTP 200 with a body that is not JSON.
 */
export type FakeArcgisMode = 'normal' | 'hang' | 'error' | 'http_500' | 'garbage';
/**
 * Which layers a mode applies to; the others answer normally: every layer, the SMA layer, the four designation
 * layers, or one designation layer by its key.
 */
type FakeArcgisScope = 'all' | 'sma' | 'designations' | 'wilderness' | 'wsa' | 'acec' | 'nm_nca';
/** Which requests a mode applies to: layer descriptions (`?f=json`), queries, or both. */
type FakeArcgisTarget = 'all' | 'metadata' | 'query';

/** Coordinates that land on each fixture, for tests and demos (fake-points.json). */
export const FIXTURE_POINTS: Readonly<typeof points> = points;

const SERVICES_PATH = '/arcgis/rest/services/lands';

export interface FakeArcgis {
  /** Origin, for example http://127.0.0.1:8090. */
  origin: string;
  /** Value for DDT_BLM_SMA_URL / settings.blmSmaUrl. */
  smaUrl: string;
  /** Value for DDT_BLM_DESIGNATIONS_URL / settings.blmDesignationsUrl. */
  designationsUrl: string;
  /** Query requests received, in order (path and parameters). */
  requests: { layer: string; params: Record<string, string> }[];
  /** Layer-description requests (`<layer>?f=json`) received, in order (layer path). */
  metadataRequests: string[];
  setMode(mode: FakeArcgisMode, scope?: FakeArcgisScope, target?: FakeArcgisTarget): void;
  close(): Promise<void>;
}

class QueryError extends Error {}

function parseGeometry(params: URLSearchParams): { kind: 'point'; x: number; y: number } | { kind: 'envelope'; env: Envelope } {
  const raw = params.get('geometry');
  const type = params.get('geometryType') ?? 'esriGeometryEnvelope';
  if (!raw) throw new QueryError('geometry is required');
  let nums: number[];
  if (raw.trim().startsWith('{')) {
    const g = JSON.parse(raw) as Record<string, unknown>;
    nums = type === 'esriGeometryPoint' ? [Number(g.x), Number(g.y)] : [Number(g.xmin), Number(g.ymin), Number(g.xmax), Number(g.ymax)];
  } else {
    nums = raw.split(',').map(Number);
  }
  if (nums.some((n) => !Number.isFinite(n))) throw new QueryError('geometry is not valid');
  if (type === 'esriGeometryPoint' && nums.length === 2) return { kind: 'point', x: nums[0]!, y: nums[1]! };
  if (type === 'esriGeometryEnvelope' && nums.length === 4) return { kind: 'envelope', env: { xmin: nums[0]!, ymin: nums[1]!, xmax: nums[2]!, ymax: nums[3]! } };
  throw new QueryError(`geometryType ${type} does not match geometry`);
}

/** The layer's field that a name in a request designates: ArcGIS matches field names case-insensitively and exactly (no table-less shorthand on joined layers). */
function fieldOf(layer: FakeLayer, name: string): string {
  const want = name.trim().toLowerCase();
  const found = layer.fields.find((fd) => fd.name.toLowerCase() === want);
  // The real services answer an unknown field with an HTTP 200 error body; so does the fake.
  if (!found) throw new QueryError(`Invalid field: ${name.trim()}`);
  return found.name;
}

/** The `where` clauses the client uses: `1=1`, `FIELD = 'VALUE'`, `FIELD IN ('A','B')`, with FIELD a real field name. */
function whereFilter(layer: FakeLayer, where: string | null): (attrs: FakeLayer['features'][number]['attributes']) => boolean {
  const w = (where ?? '1=1').trim();
  if (w === '1=1' || w === '') return () => true;
  const eq = /^([\w.]+) ?= ?'([^']*)'$/.exec(w);
  if (eq) {
    const field = fieldOf(layer, eq[1]!);
    return (a) => String(a[field] ?? '') === eq[2];
  }
  const inList = /^([\w.]+) IN ?\(([^)]*)\)$/i.exec(w);
  if (inList) {
    const field = fieldOf(layer, inList[1]!);
    const values = inList[2]!.split(',').map((v) => v.trim().replace(/^'|'$/g, ''));
    return (a) => values.includes(String(a[field] ?? ''));
  }
  throw new QueryError('Invalid where clause');
}

function answerQuery(layerKey: string, params: URLSearchParams): unknown {
  const layer = LAYERS[layerKey]!;
  if (params.get('f') !== 'json' && params.get('f') !== 'pjson') throw new QueryError("f must be 'json'");
  const inSR = params.get('inSR');
  if (inSR !== '4326' && !(inSR ?? '').includes('4326')) throw new QueryError('inSR must be 4326 for the fixtures');
  if ((params.get('spatialRel') ?? 'esriSpatialRelIntersects') !== 'esriSpatialRelIntersects') throw new QueryError('only esriSpatialRelIntersects is supported');
  const geometry = parseGeometry(params);
  const keep = whereFilter(layer, params.get('where'));
  const requested = (params.get('outFields') ?? '*').split(',').map((x) => x.trim());
  const fields = requested.includes('*') ? layer.fields.map((fd) => fd.name) : requested.map((x) => fieldOf(layer, x));
  const returnGeometry = params.get('returnGeometry') !== 'false';
  const hits = layer.features.filter((ft) => keep(ft.attributes) && (geometry.kind === 'point' ? pointInRings(geometry.x, geometry.y, ft.rings as Ring[]) : ringsIntersectEnvelope(ft.rings as Ring[], geometry.env)));
  return {
    displayFieldName: layer.fields[1]?.name ?? '',
    fieldAliases: Object.fromEntries(layer.fields.filter((fd) => fields.includes(fd.name)).map((fd) => [fd.name, fd.alias])),
    geometryType: 'esriGeometryPolygon',
    spatialReference: { wkid: 4326, latestWkid: 4326 },
    fields: layer.fields.filter((fd) => fields.includes(fd.name)),
    features: hits.map((ft) => {
      // Attribute keys are the real field names: table-qualified on a joined layer.
      const attributes = Object.fromEntries(fields.map((k) => [k, ft.attributes[k] ?? null]));
      return returnGeometry ? { attributes, geometry: { rings: ft.rings } } : { attributes };
    }),
  };
}

/** The layer description (`<layer>?f=json`): what a client reads the field names from. */
function describeLayer(layerKey: string): unknown {
  const layer = LAYERS[layerKey]!;
  const id = Number(layerKey.slice(layerKey.lastIndexOf('/') + 1));
  return {
    currentVersion: 11.3,
    id,
    name: layer.name,
    type: 'Feature Layer',
    geometryType: 'esriGeometryPolygon',
    displayField: layer.fields[1]?.name ?? '',
    capabilities: 'Map,Query,Data',
    maxRecordCount: 1000,
    fields: layer.fields,
  };
}

const LAYER_KEYS = Object.keys(LAYERS);
const DESIGNATION_KEYS = new Map(DESIGNATION_LAYERS.map((d) => [d.path, d.key]));

function inScope(scope: FakeArcgisScope, layerKey: string): boolean {
  if (scope === 'all') return true;
  if (scope === 'sma') return !DESIGNATION_KEYS.has(layerKey);
  if (scope === 'designations') return DESIGNATION_KEYS.has(layerKey);
  return DESIGNATION_KEYS.get(layerKey) === scope;
}

/** Start the fake; port 0 (the default) picks a free port. */
export async function startFakeArcgis(options: { port?: number; host?: string; mode?: FakeArcgisMode } = {}): Promise<FakeArcgis> {
  let mode: FakeArcgisMode = options.mode ?? 'normal';
  let scope: FakeArcgisScope = 'all';
  let target: FakeArcgisTarget = 'all';
  const requests: FakeArcgis['requests'] = [];
  const metadataRequests: string[] = [];
  const host = options.host ?? '127.0.0.1';

  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/__mode') {
      const m = url.searchParams.get('set') as FakeArcgisMode | null;
      if (m && ['normal', 'hang', 'error', 'http_500', 'garbage'].includes(m)) {
        mode = m;
        scope = (url.searchParams.get('scope') as FakeArcgisScope | null) ?? 'all';
        target = (url.searchParams.get('target') as FakeArcgisTarget | null) ?? 'all';
      }
      return json(res, 200, { mode, scope, target });
    }
    if (!url.pathname.startsWith(`${SERVICES_PATH}/`)) return json(res, 404, { error: { code: 404, message: 'Service not found.' } });
    const rest = url.pathname.slice(SERVICES_PATH.length + 1);
    const isQuery = rest.endsWith('/query');
    const layerKey = isQuery ? rest.slice(0, -'/query'.length) : rest;
    if (!LAYER_KEYS.includes(layerKey)) return json(res, 200, { error: { code: 400, message: 'Invalid URL', details: ['Invalid URL'] } });
    const params = url.searchParams;
    if (isQuery) requests.push({ layer: layerKey, params: Object.fromEntries(params) });
    else metadataRequests.push(layerKey);
    const applies = inScope(scope, layerKey) && (target === 'all' || (target === 'query') === isQuery);
    if (applies && mode === 'hang') return; // never answered; close() destroys the socket
    if (applies && mode === 'error') return json(res, 200, { error: { code: 500, message: 'Error performing query operation', details: ['Fake upstream failure'] } });
    if (applies && mode === 'http_500') {
      res.writeHead(500, { 'content-type': 'text/html' });
      return void res.end('<html><body>Internal Server Error</body></html>');
    }
    if (applies && mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.end('this is not json');
    }
    if (!isQuery) return json(res, 200, describeLayer(layerKey));
    try {
      json(res, 200, answerQuery(layerKey, params));
    } catch (err) {
      const message = err instanceof QueryError ? err.message : 'Unable to complete operation.';
      json(res, 200, { error: { code: 400, message: 'Unable to complete operation.', details: [message] } });
    }
  };

  const server: Server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    smaUrl: `${origin}${SERVICES_PATH}/BLM_Natl_SMA_LimitedScale/MapServer/1`,
    designationsUrl: `${origin}${SERVICES_PATH}`,
    requests,
    metadataRequests,
    setMode(m, s = 'all', t = 'all') {
      mode = m;
      scope = s;
      target = t;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(args: string[]): Promise<void> {
  const port = Number(argValue(args, '--port') ?? 8090);
  const host = argValue(args, '--host') ?? '127.0.0.1';
  const mode = (argValue(args, '--mode') ?? 'normal') as FakeArcgisMode;
  const fake = await startFakeArcgis({ port, host, mode });
  const lines = [
    `Fake ArcGIS REST server listening on ${fake.origin} (mode: ${mode})`,
    '',
    'Point the service at it:',
    `  DDT_BLM_SMA_URL=${fake.smaUrl}`,
    `  DDT_BLM_DESIGNATIONS_URL=${fake.designationsUrl}`,
    '',
    'Fixture coordinates:',
    ...Object.entries(FIXTURE_POINTS).map(([k, p]) => `  ${k.padEnd(13)} lat ${p.lat}, lon ${p.lon}: ${p.what}`),
    '',
    `Switch modes: curl '${fake.origin}/__mode?set=hang'   (normal | hang | error | http_500 | garbage; &scope=sma|designations|wilderness|wsa|acec|nm_nca; &target=metadata|query)`,
  ];
  console.log(lines.join('\n'));
  const stop = (): void => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
