// A fake ArcGIS REST server with fixture BLM layers, for tests and demos; run standalone with `npx tsx <this file> --port 8090`.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { Envelope, Ring } from './geometry.ts';
import { pointInRings, ringsIntersectEnvelope } from './geometry.ts';
import { DESIGNATION_LAYERS } from './layers.ts';

/**
 * - `normal`: answers queries from the fixtures;
 * - `hang`: accepts the request and never answers (until the server closes);
 * - `error`: HTTP 200 with an ArcGIS error body, as real services do;
 * - `http_500`: HTTP 500 with an HTML page;
 * - `garbage`: HTTP 200 with a body that is not JSON.
 */
export type FakeArcgisMode = 'normal' | 'hang' | 'error' | 'http_500' | 'garbage';
/** Which layers a mode applies to; the others answer normally. */
export type FakeArcgisScope = 'all' | 'sma' | 'designations';

interface Fixture {
  attributes: Record<string, string | number | null>;
  rings: number[][][];
}

/** A clockwise (outer) rectangle ring, Esri orientation. */
function rect(xmin: number, ymin: number, xmax: number, ymax: number): number[][] {
  return [
    [xmin, ymin],
    [xmin, ymax],
    [xmax, ymax],
    [xmax, ymin],
    [xmin, ymin],
  ];
}

/** A counter-clockwise (hole) rectangle ring. */
function hole(xmin: number, ymin: number, xmax: number, ymax: number): number[][] {
  return rect(xmin, ymin, xmax, ymax).reverse();
}

const sma = (code: string, dept: string | null, unit: string, type: string | null, st: string): Fixture['attributes'] => ({
  ADMIN_AGENCY_CODE: code,
  ADMIN_DEPT_CODE: dept,
  ADMIN_UNIT_NAME: unit,
  ADMIN_UNIT_TYPE: type,
  ADMIN_ST: st,
});

/**
 * Fictional fixture geography in central Nevada (names are invented; the shapes are rectangles):
 * a BLM block with a private inholding, a National Forest to the east, private land to the west, state land to the
 * north, and designations inside the BLM block.
 */
const LAYERS: Record<string, Fixture[]> = {
  'BLM_Natl_SMA_LimitedScale/MapServer/1': [
    { attributes: { OBJECTID: 1, ...sma('BLM', 'DOI', ' ', null, 'NV') }, rings: [rect(-115.0, 38.0, -114.0, 39.0), hole(-114.55, 38.45, -114.45, 38.55)] },
    { attributes: { OBJECTID: 2, ...sma('PVT', 'PVT', '', null, 'NV') }, rings: [rect(-114.55, 38.45, -114.45, 38.55)] },
    { attributes: { OBJECTID: 3, ...sma('USFS', 'USDA', 'Fixture National Forest', 'National Forest', 'NV') }, rings: [rect(-114.0, 38.0, -113.5, 39.0)] },
    { attributes: { OBJECTID: 4, ...sma('PVT', 'PVT', '', null, 'NV') }, rings: [rect(-115.5, 38.0, -115.0, 39.0)] },
    { attributes: { OBJECTID: 5, ...sma('ST', 'ST', '', null, 'NV') }, rings: [rect(-115.0, 39.0, -114.0, 39.5)] },
  ],
  'BLM_Natl_NLCS_WLD_WSA/MapServer/0': [{ attributes: { OBJECTID: 11, NLCS_NAME: 'Fixture Peak Wilderness', NLCS_ID: 'NLCS0001', ADMIN_ST: 'NV' }, rings: [rect(-114.8, 38.6, -114.6, 38.8)] }],
  'BLM_Natl_NLCS_WLD_WSA/MapServer/1': [{ attributes: { OBJECTID: 21, NLCS_NAME: 'Fixture Canyon WSA', NLCS_ID: 'NV-040-0001', ADMIN_ST: 'NV' }, rings: [rect(-114.4, 38.2, -114.2, 38.4)] }],
  'BLM_Natl_ACEC/MapServer/0': [
    { attributes: { OBJECTID: 31, ACEC_NAME: 'Fixture Springs ACEC', ADMIN_ST: 'NV' }, rings: [rect(-114.95, 38.05, -114.85, 38.15)] },
    { attributes: { OBJECTID: 32, ACEC_NAME: 'Fixture Dunes ACEC', ADMIN_ST: 'NV' }, rings: [rect(-114.25, 38.7, -114.15, 38.8)] },
  ],
  'BLM_Natl_NLCS_NM_NCA_poly/MapServer/1': [
    { attributes: { OBJECTID: 41, NCA_NAME: 'Fixture Basin National Conservation Area', sma_code: 'BLM_NCA' }, rings: [rect(-114.3, 38.6, -114.1, 38.9)] },
    { attributes: { OBJECTID: 42, NCA_NAME: 'Fixture Arch National Monument', sma_code: 'BLM_NM' }, rings: [rect(-114.45, 38.85, -114.35, 38.95)] },
  ],
};

/** Coordinates that land on each fixture, for tests and demos. */
export const FIXTURE_POINTS = {
  blm: { lat: 38.3, lon: -114.7, what: 'BLM land, no designation' },
  wilderness: { lat: 38.7, lon: -114.7, what: 'BLM land inside Fixture Peak Wilderness' },
  wsa: { lat: 38.3, lon: -114.3, what: 'BLM land inside Fixture Canyon WSA' },
  acec: { lat: 38.1, lon: -114.9, what: 'BLM land inside Fixture Springs ACEC' },
  nca: { lat: 38.65, lon: -114.2, what: 'BLM land inside Fixture Basin NCA' },
  nca_and_acec: { lat: 38.75, lon: -114.2, what: 'BLM land inside both the NCA and Fixture Dunes ACEC' },
  monument: { lat: 38.9, lon: -114.4, what: 'BLM land inside Fixture Arch National Monument' },
  forest: { lat: 38.5, lon: -113.75, what: 'Fixture National Forest (USFS)' },
  private: { lat: 38.5, lon: -115.25, what: 'private land' },
  inholding: { lat: 38.5, lon: -114.5, what: 'a private inholding (hole) inside the BLM block' },
  state: { lat: 39.25, lon: -114.5, what: 'state land' },
  border: { lat: 38.5, lon: -114.0001, what: 'BLM land 0.0001 degrees west of the National Forest boundary' },
  nowhere: { lat: 10, lon: -30, what: 'no surface-management record (mid-Atlantic)' },
} as const;

export const SERVICES_PATH = '/arcgis/rest/services/lands';

export interface FakeArcgis {
  /** Origin, for example http://127.0.0.1:8090. */
  origin: string;
  /** Value for DDT_BLM_SMA_URL / settings.blmSmaUrl. */
  smaUrl: string;
  /** Value for DDT_BLM_DESIGNATIONS_URL / settings.blmDesignationsUrl. */
  designationsUrl: string;
  /** Query requests received, in order (path and parameters). */
  requests: { layer: string; params: Record<string, string> }[];
  setMode(mode: FakeArcgisMode, scope?: FakeArcgisScope): void;
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

/** The `where` clauses the client uses: `1=1`, `FIELD = 'VALUE'`, `FIELD IN ('A','B')`. */
function whereFilter(where: string | null): (attrs: Fixture['attributes']) => boolean {
  const w = (where ?? '1=1').trim();
  if (w === '1=1' || w === '') return () => true;
  const eq = /^(\w+)\s*=\s*'([^']*)'$/.exec(w);
  if (eq) return (a) => String(a[eq[1]!] ?? '') === eq[2];
  const inList = /^(\w+)\s+IN\s*\(([^)]*)\)$/i.exec(w);
  if (inList) {
    const values = inList[2]!.split(',').map((v) => v.trim().replace(/^'|'$/g, ''));
    return (a) => values.includes(String(a[inList[1]!] ?? ''));
  }
  throw new QueryError('Invalid where clause');
}

function answerQuery(layerKey: string, params: URLSearchParams): unknown {
  const fixtures = LAYERS[layerKey]!;
  if (params.get('f') !== 'json' && params.get('f') !== 'pjson') throw new QueryError("f must be 'json'");
  const inSR = params.get('inSR');
  if (inSR !== '4326' && !(inSR ?? '').includes('4326')) throw new QueryError('inSR must be 4326 for the fixtures');
  if ((params.get('spatialRel') ?? 'esriSpatialRelIntersects') !== 'esriSpatialRelIntersects') throw new QueryError('only esriSpatialRelIntersects is supported');
  const geometry = parseGeometry(params);
  const keep = whereFilter(params.get('where'));
  const fields = (params.get('outFields') ?? '*').split(',').map((f) => f.trim());
  const returnGeometry = params.get('returnGeometry') !== 'false';
  const hits = fixtures.filter((f) => keep(f.attributes) && (geometry.kind === 'point' ? pointInRings(geometry.x, geometry.y, f.rings as Ring[]) : ringsIntersectEnvelope(f.rings as Ring[], geometry.env)));
  return {
    displayFieldName: Object.keys(fixtures[0]!.attributes)[1],
    geometryType: 'esriGeometryPolygon',
    spatialReference: { wkid: 4326, latestWkid: 4326 },
    fields: fields.map((name) => ({ name, type: 'esriFieldTypeString', alias: name })),
    features: hits.map((f) => {
      const attributes = fields.includes('*') ? { ...f.attributes } : Object.fromEntries(fields.filter((k) => k in f.attributes).map((k) => [k, f.attributes[k]]));
      return returnGeometry ? { attributes, geometry: { rings: f.rings } } : { attributes };
    }),
  };
}

const LAYER_KEYS = Object.keys(LAYERS);
const DESIGNATION_KEYS = new Set(DESIGNATION_LAYERS.map((d) => d.path));

/** Start the fake; port 0 (the default) picks a free port. */
export async function startFakeArcgis(options: { port?: number; host?: string; mode?: FakeArcgisMode } = {}): Promise<FakeArcgis> {
  let mode: FakeArcgisMode = options.mode ?? 'normal';
  let scope: FakeArcgisScope = 'all';
  const requests: FakeArcgis['requests'] = [];
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
      }
      return json(res, 200, { mode, scope });
    }
    if (!url.pathname.startsWith(`${SERVICES_PATH}/`)) return json(res, 404, { error: { code: 404, message: 'Service not found.' } });
    const rest = url.pathname.slice(SERVICES_PATH.length + 1);
    const isQuery = rest.endsWith('/query');
    const layerKey = isQuery ? rest.slice(0, -'/query'.length) : rest;
    if (!LAYER_KEYS.includes(layerKey)) return json(res, 200, { error: { code: 400, message: 'Invalid URL', details: ['Invalid URL'] } });
    const params = url.searchParams;
    if (isQuery) requests.push({ layer: layerKey, params: Object.fromEntries(params) });
    const applies = scope === 'all' || (scope === 'designations') === DESIGNATION_KEYS.has(layerKey);
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
    if (!isQuery) return json(res, 200, { currentVersion: 11.1, name: layerKey, type: 'Feature Layer', geometryType: 'esriGeometryPolygon', capabilities: 'Map,Query,Data', maxRecordCount: 1000 });
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
    setMode(m, s = 'all') {
      mode = m;
      scope = s;
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
    `Switch modes: curl '${fake.origin}/__mode?set=hang'   (normal | hang | error | http_500 | garbage; &scope=sma|designations)`,
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
