// Tests for blm-land-lookup against the fake ArcGIS server: testTool tables (land types, designations, coverage, codes), cache, 504 paths, geometry.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { callTool, makeTestContext } from '../../../test/support/tool-harness.ts';
import type { ToolCache, ToolContext } from '../kit/contract.ts';
import type { InvalidCase, ValidCase } from '../kit/tester.ts';
import { testTool } from '../kit/tester.ts';
import { CACHE_TTL_SECONDS } from './engine.ts';
import type { FakeArcgis } from './fake-arcgis.ts';
import { FIXTURE_POINTS, startFakeArcgis } from './fake-arcgis.ts';
import { REAL_FIELDS, hole, rect } from './fake-layers.ts';
import { attribute, outFieldsFor, resolveField } from './fields.ts';
import { designationLayers, smaLayer } from './layers.ts';
import { clipRing, envelopeArea, pointInRings, polygonAreaWithin, radiusEnvelope, signedArea } from './geometry.ts';
import def from './tool.ts';
import type { Output } from './tool.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The examples name the standalone demo origin; tests reach the same fixtures on a random port. */
const DEMO_ORIGIN = 'http://127.0.0.1:8090';

// Started at collection, so the tables' contexts can name its origin.
const fake: FakeArcgis = await startFakeArcgis();
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.setMode('normal');
  fake.requests.length = 0;
  fake.metadataRequests.length = 0;
});

interface Logged {
  level: string;
  obj: object;
  msg?: string;
}

function memoryCache(): ToolCache & { ttl: number[]; map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  const ttl: number[] = [];
  return {
    map,
    ttl,
    get: async (k) => map.get(k),
    set: async (k, v, t) => {
      map.set(k, structuredClone(v));
      ttl.push(t);
    },
  };
}

function ctxFor(opts: { timeoutMs?: number; cache?: ToolCache; now?: string; logs?: Logged[]; viaDemoOrigin?: boolean } = {}): ToolContext {
  const base = makeTestContext();
  const logs = opts.logs ?? [];
  const origin = opts.viaDemoOrigin ? DEMO_ORIGIN : fake.origin;
  const fetchVia: typeof globalThis.fetch = (u, init) => globalThis.fetch(String(u).replace(DEMO_ORIGIN, fake.origin), init);
  return makeTestContext({
    fetch: fetchVia,
    cache: opts.cache ?? base.cache,
    now: () => new Date(opts.now ?? '2026-07-22T12:00:00.000Z'),
    log: {
      info: (obj, msg) => logs.push({ level: 'info', obj, msg }),
      warn: (obj, msg) => logs.push({ level: 'warn', obj, msg }),
      error: (obj, msg) => logs.push({ level: 'error', obj, msg }),
    },
    settings: {
      ...base.settings,
      blmSmaUrl: `${origin}/arcgis/rest/services/lands/BLM_Natl_SMA_LimitedScale/MapServer/1`,
      blmDesignationsUrl: `${origin}/arcgis/rest/services/lands`,
      blmTimeoutMs: opts.timeoutMs ?? 3000,
    },
  });
}

/** A 200 body, which callTool has checked against the output schema. */
const answer = (body: Record<string, unknown>): Output => body as Output;

async function ok(body: unknown, ctx: ToolContext = ctxFor()): Promise<Output> {
  const r = await callTool(def, body, ctx);
  if (!r.ok) throw new Error(`expected 200, got ${r.status} ${JSON.stringify(r.body)}`);
  return answer(r.body);
}

const at = (name: keyof typeof FIXTURE_POINTS, radius_km?: number): Record<string, number> => {
  const p = FIXTURE_POINTS[name];
  return radius_km === undefined ? { lat: p.lat, lon: p.lon } : { lat: p.lat, lon: p.lon, radius_km };
};
const allowed = (o: Output): Record<string, boolean | string> => Object.fromEntries(o.allowed_activities.map((a) => [a.activity, a.allowed]));

const upstream = (): ToolContext => ctxFor();

const designation = (point: keyof typeof FIXTURE_POINTS, designations: { type: string; name: string }[], rules: Record<string, boolean | string>, note?: RegExp, more?: (o: Output) => void): ValidCase => ({
  name: `designation: ${point}`,
  input: at(point, 0),
  context: upstream(),
  output: { is_blm_land: true },
  check: (body) => {
    const o = answer(body);
    expect(o.special_designations?.map(({ type, name }) => ({ type, name }))).toEqual(designations);
    expect(allowed(o)).toMatchObject(rules);
    if (note) expect(o.special_designations?.[0]?.notes).toMatch(note);
    // One SMA point query, then the four designation layers.
    expect(fake.requests).toHaveLength(5);
    more?.(o);
  },
});

const coverage = (name: string, input: Record<string, number>, pct: number, more?: () => void): ValidCase => ({
  name: `coverage: ${name}`,
  input,
  context: upstream(),
  output: { blm_coverage_pct: pct },
  check: () => more?.(),
});

const valid: ValidCase[] = [
  {
    name: 'BLM land: jurisdiction, casual-use rules, permits, empty designations, caveat; radius 0: no coverage field',
    input: at('blm', 0),
    context: upstream(),
    output: { is_blm_land: true, jurisdiction: { agency: 'Bureau of Land Management', agency_code: 'BLM', dept_code: 'DOI', admin_unit_name: null, admin_unit_type: null, state: 'NV' }, special_designations: [] },
    check: (body) => {
      const o = answer(body);
      expect(o.jurisdiction).toEqual({ agency: 'Bureau of Land Management', agency_code: 'BLM', dept_code: 'DOI', admin_unit_name: null, admin_unit_type: null, state: 'NV' });
      expect(allowed(o)).toEqual({ rockhounding: true, primitive_camping: true, campfire: 'limited', ohv: 'limited' });
      expect(o.allowed_activities.find((a) => a.activity === 'rockhounding')?.notes).toMatch(/250 lb a year/);
      expect(o.allowed_activities.find((a) => a.activity === 'primitive_camping')?.notes).toMatch(/14 days in any 28-day period/);
      expect(o.permit_requirements.map((p) => p.permit_type)).toEqual(expect.arrayContaining([expect.stringMatching(/Special Recreation Permit \(43 CFR 2930\)/)]));
      expect(o.special_designations).toEqual([]);
      expect(o).not.toHaveProperty('blm_coverage_pct');
      expect(o.accuracy_note).toMatch(/not a survey/);
      expect(o.sources.sma).toContain('BLM_Natl_SMA_LimitedScale/MapServer/1');
      expect(o.sources.special_designations).toContain('BLM_Natl_ACEC/MapServer/0');
    },
  },
  {
    name: 'not BLM land: a National Forest gets the Forest Service rules and no designation lookup',
    input: at('forest', 0),
    context: upstream(),
    output: { is_blm_land: false, jurisdiction: { agency: 'USDA Forest Service', agency_code: 'USFS', dept_code: 'USDA', admin_unit_name: 'Fixture National Forest', admin_unit_type: 'National Forest' } },
    check: (body) => {
      const o = answer(body);
      expect(o).not.toHaveProperty('special_designations');
      expect(allowed(o).ohv).toBe('limited');
      expect(o.sources.special_designations).toMatch(/^Not queried/);
      expect(fake.requests.map((r) => r.layer)).toEqual(['BLM_Natl_SMA_LimitedScale/MapServer/1']);
    },
  },
  {
    name: 'not BLM land: private land allows nothing without permission',
    input: at('private', 0),
    context: upstream(),
    output: { is_blm_land: false, jurisdiction: { agency_code: 'PVT' } },
    check: (body) => {
      const o = answer(body);
      expect(Object.values(allowed(o))).toEqual([false, false, false, false]);
      expect(o.permit_requirements[0]?.permit_type).toBe('Landowner permission');
    },
  },
  { name: 'a private inholding inside BLM land (a hole in the BLM polygon) is private', input: at('inholding', 0), context: upstream(), output: { is_blm_land: false, jurisdiction: { agency_code: 'PVT' } } },
  {
    name: 'state land',
    input: at('state', 0),
    context: upstream(),
    output: { is_blm_land: false, jurisdiction: { agency: 'State', agency_code: 'ST' } },
    check: (body) => expect(Object.values(allowed(answer(body)))).toEqual(['limited', 'limited', 'limited', 'limited']),
  },
  {
    name: 'no record: jurisdiction null, empty lists, no accuracy_note, no designations',
    input: at('nowhere', 0),
    context: upstream(),
    check: (body) =>
      expect(body).toEqual({
        is_blm_land: false,
        jurisdiction: null,
        allowed_activities: [],
        permit_requirements: [],
        data_as_of: '2026-07-22T12:00:00.000Z',
        cache_hit: false,
        sources: expect.objectContaining({ sma: expect.any(String), special_designations: expect.stringMatching(/^Not queried/) }),
      }),
  },
  {
    name: 'no record with a radius still reports coverage 0',
    input: at('nowhere', 3),
    context: upstream(),
    output: { blm_coverage_pct: 0 },
    check: (body) => expect(body).not.toHaveProperty('accuracy_note'),
  },
  designation('wilderness', [{ type: 'Wilderness', name: 'Fixture Peak Wilderness' }], { ohv: false, rockhounding: 'limited' }, undefined, (o) => {
    // Designation notes are appended to the base BLM notes.
    const ohv = o.allowed_activities.find((a) => a.activity === 'ohv')!;
    expect(ohv.notes).toMatch(/43 CFR 8340/);
    expect(ohv.notes).toMatch(/no motorised or mechanised use/);
  }),
  designation('wsa', [{ type: 'WSA', name: 'Fixture Canyon WSA' }], { ohv: 'limited', rockhounding: 'limited' }, /existing routes/),
  designation('acec', [{ type: 'ACEC', name: 'Fixture Springs ACEC' }], { ohv: 'limited', rockhounding: 'limited' }, /Critical Environmental Concern/),
  designation('nca', [{ type: 'NM_NCA', name: 'Fixture Basin National Conservation Area' }], { ohv: 'limited', rockhounding: 'limited' }, /^National Conservation Area\./),
  designation('monument', [{ type: 'NM_NCA', name: 'Fixture Arch National Monument' }], { ohv: 'limited', rockhounding: 'limited' }, /^National Monument\./),
  designation(
    'nca_and_acec',
    [
      { type: 'ACEC', name: 'Fixture Dunes ACEC' },
      { type: 'NM_NCA', name: 'Fixture Basin National Conservation Area' },
    ],
    { ohv: 'limited', rockhounding: 'limited' },
    undefined,
    () => {
      // Each layer is asked for its fields under the names its description gives (joined layers are table-qualified).
      const outFields = Object.fromEntries(fake.requests.map((r) => [r.layer, r.params.outFields]));
      expect(outFields).toEqual({
        'BLM_Natl_SMA_LimitedScale/MapServer/1': 'ADMIN_AGENCY_CODE,ADMIN_DEPT_CODE,ADMIN_UNIT_NAME,ADMIN_UNIT_TYPE,ADMIN_ST',
        'BLM_Natl_NLCS_WLD_WSA/MapServer/0': 'NLCS_NAME',
        'BLM_Natl_NLCS_WLD_WSA/MapServer/1': 'nlcs_wsa_poly.NLCS_NAME',
        'BLM_Natl_ACEC/MapServer/0': 'ACEC_NAME',
        'BLM_Natl_NLCS_NM_NCA_poly/MapServer/1': 'Monuments_NCAs_SimilarDesignation2015.NCA_NAME,Monuments_NCAs_SimilarDesignation2015.sma_code',
      });
    },
  ),
  coverage('default radius (1 km) inside BLM: 100', at('blm'), 100),
  coverage('on the BLM/Forest boundary, 2 km: about half (the ArcGIS point and envelope queries)', at('border', 2), 50.2, () => {
    const [point, envelope] = [fake.requests.find((r) => r.params.geometryType === 'esriGeometryPoint'), fake.requests.find((r) => r.params.geometryType === 'esriGeometryEnvelope')];
    expect(point?.params).toMatchObject({ f: 'json', geometry: '-114.0001,38.5', inSR: '4326', spatialRel: 'esriSpatialRelIntersects', returnGeometry: 'false', outFields: 'ADMIN_AGENCY_CODE,ADMIN_DEPT_CODE,ADMIN_UNIT_NAME,ADMIN_UNIT_TYPE,ADMIN_ST' });
    expect(envelope?.params).toMatchObject({ f: 'json', where: "ADMIN_AGENCY_CODE = 'BLM'", inSR: '4326', outSR: '4326', returnGeometry: 'true' });
    const [xmin, ymin, xmax, ymax] = envelope!.params.geometry!.split(',').map(Number);
    expect(ymax! - ymin!).toBeCloseTo(4 / 111.32, 6);
    expect(xmax! - xmin!).toBeCloseTo(4 / (111.32 * Math.cos((38.5 * Math.PI) / 180)), 6);
  }),
  coverage('inholding, 10 km: the hole is subtracted', at('inholding', 10), 75.8),
  coverage('inholding, 1 km: the envelope is all private', at('inholding', 1), 0),
  coverage('private land, 1 km: 0', at('private', 1), 0),
];

const invalid: InvalidCase[] = [
  { name: 'no lat', input: {}, code: 'lat_required' },
  { name: 'no lon', input: { lat: 38 }, code: 'lon_required' },
  { name: 'lat as a string', input: { lat: '38', lon: -114 }, code: 'lat_must_be_number' },
  { name: 'lat above 90', input: { lat: 90.5, lon: -114 }, code: 'lat_too_large' },
  { name: 'lat below -90', input: { lat: -91, lon: -114 }, code: 'lat_too_small' },
  { name: 'lon above 180', input: { lat: 38, lon: 181 }, code: 'lon_too_large' },
  { name: 'lon below -180', input: { lat: 38, lon: -180.01 }, code: 'lon_too_small' },
  { name: 'radius above 50', input: { lat: 38, lon: -114, radius_km: 50.1 }, code: 'radius_km_too_large' },
  { name: 'negative radius', input: { lat: 38, lon: -114, radius_km: -1 }, code: 'radius_km_too_small' },
  { name: 'radius as a string', input: { lat: 38, lon: -114, radius_km: '5' }, code: 'radius_km_must_be_number' },
  { name: 'an array body', input: [38, -114], code: 'body_must_be_object' },
  // An unreachable host is the documented, non-refunded 504.
  { name: 'an unreachable host', input: at('blm', 0), code: 'upstream_unavailable', context: { fetch: globalThis.fetch } },
  ...def.hostile!().map((c): InvalidCase => ({ name: `hostile case without a network: ${c.name}`, input: c.input, code: 'upstream_unavailable' })),
];

testTool(def, { valid, invalid });

describe('blm-land-lookup: invalid requests', () => {
  it('never reach the upstream', async () => {
    for (const c of invalid.slice(0, 11)) {
      expect((await callTool(def, c.input)).status).toBe(400);
      expect(fake.requests).toHaveLength(0);
    }
  });

  it('is declared with 1 credit and a non-refunded 504', () => {
    expect(def.credits).toBe(1);
    expect(def.refundExempt).toEqual([504]);
  });
});

describe('blm-land-lookup: the 30-day cache', () => {
  it('a repeat call is served from the cache with the original data_as_of and no upstream call', async () => {
    const cache = memoryCache();
    const first = await ok(at('wilderness', 5), ctxFor({ cache, now: '2026-07-01T08:00:00.000Z' }));
    const calls = fake.requests.length;
    const second = await ok(at('wilderness', 5), ctxFor({ cache, now: '2026-07-22T12:00:00.000Z' }));
    expect(first.cache_hit).toBe(false);
    expect(second.cache_hit).toBe(true);
    expect(second.data_as_of).toBe('2026-07-01T08:00:00.000Z');
    expect({ ...second, cache_hit: false }).toEqual(first);
    expect(fake.requests.length).toBe(calls);
    // The answer and the five layers' field lists, all kept 30 days.
    expect([...cache.map.keys()].filter((k) => k.startsWith('blm-land-lookup:v2:'))).toHaveLength(1);
    expect([...cache.map.keys()].filter((k) => k.startsWith('blm-land-lookup:fields:'))).toHaveLength(5);
    expect(new Set(cache.ttl)).toEqual(new Set([CACHE_TTL_SECONDS]));
    expect(CACHE_TTL_SECONDS).toBe(2_592_000);
  });

  it('keys on coordinates rounded to 4 decimals and on the radius', async () => {
    const cache = memoryCache();
    await ok({ lat: 38.3, lon: -114.7, radius_km: 1 }, ctxFor({ cache }));
    expect((await ok({ lat: 38.30001, lon: -114.70004, radius_km: 1 }, ctxFor({ cache }))).cache_hit).toBe(true);
    expect((await ok({ lat: 38.3, lon: -114.7, radius_km: 2 }, ctxFor({ cache }))).cache_hit).toBe(false);
    expect((await ok({ lat: 38.3, lon: -114.7 }, ctxFor({ cache }))).cache_hit).toBe(true);
  });

  it('ignores a corrupt cache entry and a failing cache', async () => {
    const cache = memoryCache();
    await ok(at('blm', 0), ctxFor({ cache }));
    for (const k of cache.map.keys()) cache.map.set(k, { nonsense: true });
    expect((await ok(at('blm', 0), ctxFor({ cache }))).cache_hit).toBe(false);
    const broken: ToolCache = {
      get: async () => {
        throw new Error('store down');
      },
      set: async () => {
        throw new Error('store down');
      },
    };
    expect((await ok(at('blm', 0), ctxFor({ cache: broken }))).is_blm_land).toBe(true);
  });
});

describe('blm-land-lookup: upstream failures are 504 upstream_unavailable', () => {
  it('a hanging upstream: 504 after the timeout, message logged, nothing cached', async () => {
    fake.setMode('hang');
    const logs: Logged[] = [];
    const cache = memoryCache();
    const t0 = Date.now();
    const r = await callTool(def, at('blm', 1), ctxFor({ timeoutMs: 250, logs, cache }));
    expect(r).toMatchObject({ status: 504, body: { error: 'upstream_unavailable' } });
    expect(Date.now() - t0).toBeLessThan(2500);
    expect(logs.some((l) => l.level === 'warn' && (l.obj as { reason?: string }).reason === 'timeout')).toBe(true);
    expect(cache.map.size).toBe(0);
  });

  it('an ArcGIS error body with HTTP 200: 504, with the upstream message logged', async () => {
    fake.setMode('error');
    const logs: Logged[] = [];
    const r = await callTool(def, at('blm', 0), ctxFor({ logs }));
    expect(r).toMatchObject({ status: 504, body: { error: 'upstream_unavailable' } });
    const logged = logs.find((l) => (l.obj as { reason?: string }).reason === 'error_body');
    expect(JSON.stringify(logged?.obj)).toContain('Error performing query operation');
  });

  it('HTTP 500 and a non-JSON body are 504 too', async () => {
    fake.setMode('http_500');
    expect((await callTool(def, at('blm', 0), ctxFor())).status).toBe(504);
    fake.setMode('garbage');
    expect((await callTool(def, at('blm', 0), ctxFor())).status).toBe(504);
  });

  it('after a failure the next call queries again (failures are not cached)', async () => {
    const cache = memoryCache();
    fake.setMode('error');
    await callTool(def, at('blm', 0), ctxFor({ cache }));
    fake.setMode('normal');
    expect((await ok(at('blm', 0), ctxFor({ cache }))).cache_hit).toBe(false);
  });
});

describe('blm-land-lookup: the real layers\' field names (joined layers are table-qualified)', () => {
  it('the fake serves the real field lists in each layer description', async () => {
    for (const [layer, fields] of Object.entries(REAL_FIELDS)) {
      const res = await fetch(`${fake.designationsUrl}/${layer}?f=json`);
      expect((await res.json()) as unknown).toMatchObject({ fields: fields.map((f) => ({ name: f.name })) });
    }
    expect(REAL_FIELDS['BLM_Natl_NLCS_WLD_WSA/MapServer/1']!.map((f) => f.name)).toContain('nlcs_wsa_poly.NLCS_NAME');
    expect(REAL_FIELDS['BLM_Natl_NLCS_NM_NCA_poly/MapServer/1']!.map((f) => f.name)).toEqual(
      expect.arrayContaining(['Monuments_NCAs_SimilarDesignation2015.NCA_NAME', 'Monuments_NCAs_SimilarDesignation2015.sma_code']),
    );
  });

  it('like the real service, the fake refuses an unqualified field on a joined layer (the request the tool used to send)', async () => {
    const q = 'query?f=json&geometry=-114.3,38.3&geometryType=esriGeometryPoint&inSR=4326&returnGeometry=false&outFields=';
    const bad = (await (await fetch(`${fake.designationsUrl}/BLM_Natl_NLCS_WLD_WSA/MapServer/1/${q}NLCS_NAME,NLCS_ID,ADMIN_ST`)).json()) as Record<string, unknown>;
    expect(bad).toMatchObject({ error: { code: 400 } });
    const good = (await (await fetch(`${fake.designationsUrl}/BLM_Natl_NLCS_WLD_WSA/MapServer/1/${q}nlcs_wsa_poly.NLCS_NAME`)).json()) as Record<string, unknown>;
    expect(good).toMatchObject({ features: [{ attributes: { 'nlcs_wsa_poly.NLCS_NAME': 'Fixture Canyon WSA' } }] });
  });

  it('reads the field lists once and keeps them with the answers', async () => {
    const cache = memoryCache();
    await ok(at('wsa', 0), ctxFor({ cache }));
    expect([...fake.metadataRequests].sort()).toEqual(Object.keys(REAL_FIELDS).sort());
    fake.metadataRequests.length = 0;
    await ok(at('monument', 0), ctxFor({ cache }));
    expect(fake.metadataRequests).toEqual([]);
  });

  it('without layer descriptions it asks for every field and still reads the qualified names', async () => {
    fake.setMode('error', 'all', 'metadata');
    const o = await ok(at('monument', 0));
    expect(o.special_designations).toEqual([{ type: 'NM_NCA', name: 'Fixture Arch National Monument', notes: expect.stringMatching(/^National Monument\./) }]);
    expect(fake.requests.every((r) => r.params.outFields === '*')).toBe(true);
    expect(o).not.toHaveProperty('unavailable_sources');
  });

  const reading: { name: string; fields: string[]; plain: string; resolved: string | undefined }[] = [
    { name: 'plain name', fields: ['OBJECTID', 'NLCS_NAME'], plain: 'NLCS_NAME', resolved: 'NLCS_NAME' },
    { name: 'table-qualified', fields: ['nlcs_wsa_poly.OBJECTID', 'nlcs_wsa_poly.NLCS_NAME'], plain: 'NLCS_NAME', resolved: 'nlcs_wsa_poly.NLCS_NAME' },
    { name: 'case differs', fields: ['Monuments_NCAs_SimilarDesignation2015.SMA_CODE'], plain: 'sma_code', resolved: 'Monuments_NCAs_SimilarDesignation2015.SMA_CODE' },
    { name: 'exact beats qualified', fields: ['x.NCA_NAME', 'NCA_NAME'], plain: 'NCA_NAME', resolved: 'NCA_NAME' },
    { name: 'a longer name is not a match', fields: ['NLCS_NAME_ALT', 'XNLCS_NAME'], plain: 'NLCS_NAME', resolved: undefined },
    { name: 'absent', fields: ['OBJECTID'], plain: 'ACEC_NAME', resolved: undefined },
  ];
  it.each(reading)('resolves a field: $name', ({ fields, plain, resolved }) => {
    expect(resolveField(fields, plain)).toBe(resolved);
    expect(attribute(Object.fromEntries(fields.map((f) => [f, `v:${f}`])), plain)).toBe(resolved === undefined ? undefined : `v:${resolved}`);
  });

  it('builds outFields from what the layer has, or * when its list is unknown or lacks them all', () => {
    expect(outFieldsFor(['a.NCA_NAME', 'a.sma_code'], ['NCA_NAME', 'sma_code'])).toBe('a.NCA_NAME,a.sma_code');
    expect(outFieldsFor(['a.NCA_NAME'], ['NCA_NAME', 'sma_code'])).toBe('a.NCA_NAME');
    expect(outFieldsFor(null, ['NCA_NAME'])).toBe('*');
    expect(outFieldsFor(['OBJECTID'], ['NCA_NAME'])).toBe('*');
    expect(attribute({ __proto__: 'x' } as Record<string, unknown>, 'constructor')).toBeUndefined();
  });
});

describe('blm-land-lookup: configured URLs', () => {
  it('trims trailing slashes in linear time (a long run of slashes that is not trailing used to take quadratic time)', () => {
    const url = `http://x${'/'.repeat(30_000)}y`;
    const t0 = performance.now();
    expect(smaLayer(url).url).toBe(url);
    expect(designationLayers(`${url}///`)[0]!.url).toBe(`${url}/BLM_Natl_NLCS_WLD_WSA/MapServer/0`);
    expect(performance.now() - t0).toBeLessThan(100);
  });
});

describe('blm-land-lookup: a failing designation layer does not fail the SMA answer', () => {
  const cases: { name: string; mode: 'hang' | 'error' | 'http_500' | 'garbage'; scope: 'wsa' | 'nm_nca' | 'designations'; point: keyof typeof FIXTURE_POINTS; reason: string; failed: string[]; designations: string[] }[] = [
    { name: 'the WSA layer hangs', mode: 'hang', scope: 'wsa', point: 'wsa', reason: 'timeout', failed: ['wsa'], designations: [] },
    { name: 'the NM/NCA layer returns an error body', mode: 'error', scope: 'nm_nca', point: 'nca_and_acec', reason: 'error_body', failed: ['nm_nca'], designations: ['Fixture Dunes ACEC'] },
    { name: 'the NM/NCA layer answers HTTP 500', mode: 'http_500', scope: 'nm_nca', point: 'monument', reason: 'http_error', failed: ['nm_nca'], designations: [] },
    { name: 'every designation layer answers garbage', mode: 'garbage', scope: 'designations', point: 'wilderness', reason: 'malformed', failed: ['wilderness', 'wsa', 'acec', 'nm_nca'], designations: [] },
  ];
  it.each(cases)('$name: 200 with the SMA record, the other layers, and which source failed', async ({ mode, scope, point, reason, failed, designations }) => {
    fake.setMode(mode, scope);
    const cache = memoryCache();
    const logs: Logged[] = [];
    const o = await ok(at(point, 0), ctxFor({ timeoutMs: 400, cache, logs }));
    expect(o.is_blm_land).toBe(true);
    expect(o.jurisdiction).toMatchObject({ agency_code: 'BLM', state: 'NV' });
    expect(o.special_designations?.map((d) => d.name)).toEqual(designations);
    expect(o.unavailable_sources).toEqual(failed.map((source) => ({ source, dataset: expect.any(String), reason })));
    expect(o.sources.special_designations).toMatch(/Unavailable, not in this answer/);
    expect(o.accuracy_note).toMatch(/special_designations may be incomplete/);
    expect(logs.some((l) => l.level === 'warn' && (l.obj as { reason?: string }).reason === reason)).toBe(true);
    // A partial answer is not cached, so the next call asks again.
    expect([...cache.map.keys()].some((k) => k.startsWith('blm-land-lookup:v2:'))).toBe(false);
  });

  it('the SMA layer failing is still a 504', async () => {
    fake.setMode('error', 'sma', 'query');
    expect(await callTool(def, at('blm', 0), ctxFor())).toMatchObject({ status: 504, body: { error: 'upstream_unavailable' } });
  });

  it('after a partial answer, the next call queries again and is complete', async () => {
    const cache = memoryCache();
    fake.setMode('error', 'wsa', 'query');
    expect((await ok(at('wsa', 0), ctxFor({ cache }))).unavailable_sources).toHaveLength(1);
    fake.setMode('normal');
    const o = await ok(at('wsa', 0), ctxFor({ cache }));
    expect(o).toMatchObject({ cache_hit: false, special_designations: [{ type: 'WSA', name: 'Fixture Canyon WSA' }] });
    expect(o).not.toHaveProperty('unavailable_sources');
  });
});

describe('blm-land-lookup: examples, determinism and hostile input against the fake upstream', () => {
  it.each(def.examples.map((e) => [e.title, e] as const))('example: %s', async (_t, e) => {
    expect(e.runs).toBe('upstream');
    expect(await ok(e.input, ctxFor({ viaDemoOrigin: true }))).toEqual(e.output);
  });

  it('gives the same output twice from fresh caches', async () => {
    expect(await ok(at('nca_and_acec', 7))).toEqual(await ok(at('nca_and_acec', 7)));
  });

  it.each(def.hostile!().map((c) => [c.name, c] as const))('hostile case answers 200 against the fake: %s', async (_n, c) => {
    const t0 = performance.now();
    const o = await ok(c.input);
    expect(performance.now() - t0).toBeLessThan(2000);
    if ((c.input.radius_km as number) > 0) expect(o.blm_coverage_pct).toBeGreaterThanOrEqual(0);
  });

});

describe('blm-land-lookup: geometry', () => {
  // The 2 x 2 square at the origin, clockwise: [0,0] [0,2] [2,2] [2,0] [0,0].
  const square = rect(0, 0, 2, 2);
  it('clips a clockwise ring to an envelope and measures the part inside', () => {
    expect(signedArea(square)).toBe(-4);
    expect(polygonAreaWithin([square], { xmin: 1, ymin: 1, xmax: 3, ymax: 3 })).toBeCloseTo(1);
    expect(polygonAreaWithin([square], { xmin: 5, ymin: 5, xmax: 6, ymax: 6 })).toBe(0);
    expect(polygonAreaWithin([[...square].reverse()], { xmin: -1, ymin: -1, xmax: 3, ymax: 3 })).toBeCloseTo(4);
    expect(clipRing(square, { xmin: 0.5, ymin: 0.5, xmax: 1.5, ymax: 1.5 })).toHaveLength(4);
  });

  it('subtracts holes and uses the even-odd rule for points', () => {
    // Counter-clockwise: [0.5,0.5] [1.5,0.5] [1.5,1.5] [0.5,1.5] [0.5,0.5].
    const holeRing = hole(0.5, 0.5, 1.5, 1.5);
    expect(polygonAreaWithin([square, holeRing], { xmin: 0, ymin: 0, xmax: 2, ymax: 2 })).toBeCloseTo(3);
    expect(pointInRings(0.25, 0.25, [square, holeRing])).toBe(true);
    expect(pointInRings(1, 1, [square, holeRing])).toBe(false);
  });

  it('keeps the envelope finite near the poles and inside valid coordinates', () => {
    const env = radiusEnvelope(89.99, 179.99, 50);
    expect(Number.isFinite(env.xmin)).toBe(true);
    expect(env.xmax).toBeLessThanOrEqual(180);
    expect(env.ymax).toBeLessThanOrEqual(90);
    expect(envelopeArea(env)).toBeGreaterThan(0);
  });
});

describe('blm-land-lookup: the fake ArcGIS server runs standalone', () => {
  it('prints the settings to use and answers a query', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fake-arcgis.ts'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let buf = '';
        child.stdout.on('data', (c: Buffer) => {
          buf += c.toString();
          if (buf.includes('Switch modes')) resolve(buf);
        });
        child.on('error', reject);
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${buf}`)));
      });
      const sma = /DDT_BLM_SMA_URL=(\S+)/.exec(out)?.[1];
      expect(out).toMatch(/DDT_BLM_DESIGNATIONS_URL=http:\/\/127\.0\.0\.1:\d+\/arcgis\/rest\/services\/lands/);
      const res = await fetch(`${sma}/query?f=json&geometry=-114.7,38.3&geometryType=esriGeometryPoint&inSR=4326&outFields=ADMIN_AGENCY_CODE&returnGeometry=false`);
      expect(await res.json()).toMatchObject({ features: [{ attributes: { ADMIN_AGENCY_CODE: 'BLM' } }] });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
