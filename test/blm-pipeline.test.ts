// blm-land-lookup through the whole pipeline against the fake ArcGIS server: cache shared in the store, 504 not refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_POINTS, startFakeArcgis } from '../src/tools/blm-land-lookup/fake-arcgis.ts';
import type { FakeArcgis } from '../src/tools/blm-land-lookup/fake-arcgis.ts';
import { startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';

let fake: FakeArcgis;
let svc: TestService;
beforeAll(async () => {
  fake = await startFakeArcgis();
  svc = await startTestService({ DDT_BLM_SMA_URL: fake.smaUrl, DDT_BLM_DESIGNATIONS_URL: fake.designationsUrl, DDT_BLM_TIMEOUT_MS: '1500' });
});
afterAll(async () => {
  await svc?.close();
  await fake?.close();
});

const call = (key: string, body: object) => svc.app.inject({ method: 'POST', url: '/v1/blm-land-lookup', headers: svc.auth(key), payload: body });

describe('blm-land-lookup over REST', () => {
  it('answers from upstream, then from the 30-day cache with the original data_as_of; charged both times', async () => {
    const k = await svc.createKey(5);
    const first = await call(k.key, { lat: FIXTURE_POINTS.wilderness.lat, lon: FIXTURE_POINTS.wilderness.lon, radius_km: 1 });
    expect(first.statusCode).toBe(200);
    const a = first.json() as { is_blm_land: boolean; cache_hit: boolean; data_as_of: string; special_designations: Array<{ type: string }>; request_id: string };
    expect(a.is_blm_land).toBe(true);
    expect(a.cache_hit).toBe(false);
    expect(a.special_designations.map((d) => d.type)).toContain('Wilderness');
    const upstreamCalls = fake.requests.length;
    svc.clock.now += 3600_000;
    const second = await call(k.key, { lat: FIXTURE_POINTS.wilderness.lat, lon: FIXTURE_POINTS.wilderness.lon, radius_km: 1 });
    const b = second.json() as typeof a;
    expect(b.cache_hit).toBe(true);
    expect(b.data_as_of).toBe(a.data_as_of);
    expect(b.request_id).not.toBe(a.request_id);
    expect(fake.requests.length).toBe(upstreamCalls);
    expect(await svc.balance(k.id)).toBe(3);
  });

  it('an upstream that hangs: 504 upstream_unavailable with request_id, and the credit stays spent', async () => {
    const k = await svc.createKey(2);
    fake.setMode('hang');
    try {
      const r = await call(k.key, { lat: FIXTURE_POINTS.private.lat, lon: FIXTURE_POINTS.private.lon, radius_km: 0 });
      expect(r.statusCode).toBe(504);
      const body = r.json() as { error: string; request_id: string };
      expect(body.error).toBe('upstream_unavailable');
      expect(body.request_id).toMatch(/^req_/);
      expect(await svc.balance(k.id)).toBe(1);
      const ledger = await svc.store.ledger(k.id);
      expect(ledger.map((l) => l.kind)).toEqual(['grant', 'charge']);
    } finally {
      fake.setMode('normal');
    }
  });

  it('an ArcGIS error body (HTTP 200) is a 504 too', async () => {
    const k = await svc.createKey(1);
    fake.setMode('error');
    try {
      const r = await call(k.key, { lat: FIXTURE_POINTS.state.lat, lon: FIXTURE_POINTS.state.lon, radius_km: 0 });
      expect(r.statusCode).toBe(504);
    } finally {
      fake.setMode('normal');
    }
  });

  it('validation: lat out of range and radius over 50 are 400s, never charged', async () => {
    const k = await svc.createKey(1);
    expect((await call(k.key, { lat: 91, lon: 0 })).json()).toMatchObject({ error: 'lat_too_large' });
    expect((await call(k.key, { lat: 0, lon: 0, radius_km: 51 })).json()).toMatchObject({ error: 'radius_km_too_large' });
    expect((await call(k.key, { lon: 0 })).json()).toMatchObject({ error: 'lat_required' });
    expect(await svc.balance(k.id)).toBe(1);
  });
});
