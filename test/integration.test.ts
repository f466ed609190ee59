// Two server processes sharing one PostgreSQL and one Redis behave as one: credits, limits, revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/errors.ts';
import { SqlStore } from '../src/platform/store/sql-store.ts';
import { backendsAvailable, freshDatabase, REDIS_URL } from './support/backends.ts';
import { startServerProcess } from './support/process.ts';
import type { ServerProcess } from './support/process.ts';
import { startTestService } from './support/service.ts';

const available = await backendsAvailable();
const ADMIN = 'ddt_integration_admin_000000000000000000000';

describe.skipIf(!available)('two instances on PostgreSQL + Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase();
    const env = {
      DDT_DATABASE_URL: db.url,
      DDT_REDIS_URL: REDIS_URL,
      DDT_BOOTSTRAP_ADMIN_KEY: ADMIN,
      DDT_RATE_LIMITS: '*=100000/60,uploads=25/3600',
      DDT_DATA_DIR: `/tmp/ddt-int-${process.pid}`,
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    (await import('node:fs')).rmSync(`/tmp/ddt-int-${process.pid}`, { recursive: true, force: true });
  });

  const H = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
  async function createKey(base: string, credits: number): Promise<{ key: string; key_id: string }> {
    const r = await fetch(`${base}/v1/keys`, { method: 'POST', headers: H(ADMIN), body: JSON.stringify({ credits }) });
    expect(r.status).toBe(201);
    return (await r.json()) as { key: string; key_id: string };
  }

  it('200 parallel calls across both on 50 credits: exactly 50 succeed, 150 get 402, balance 0, ledger sums', async () => {
    const k = await createKey(a.url, 50);
    const calls = Array.from({ length: 200 }, (_, i) =>
      fetch(`${(i % 2 ? a : b).url}/v1/saas-metrics`, { method: 'POST', headers: H(k.key), body: JSON.stringify({ cash: 10, net_burn: 1 }) }).then((r) => r.status),
    );
    const statuses = await Promise.all(calls);
    expect(statuses.filter((s) => s === 200).length).toBe(50);
    expect(statuses.filter((s) => s === 402).length).toBe(150);
    const store = await SqlStore.postgres(db.url);
    try {
      expect((await store.getKey(k.key_id))?.credits).toBe(0);
      const ledger = await store.ledger(k.key_id);
      expect(ledger.filter((l) => l.kind === 'charge').length).toBe(50);
      expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('rate limits are exact across the two instances', async () => {
    // Stay clear of a window edge so all 40 calls land in one hour-long window.
    const into = (Date.now() / 1000) % 3600;
    if (into > 3590) await new Promise((r) => setTimeout(r, (3601 - into) * 1000));
    const k = await createKey(a.url, 0);
    const calls = Array.from({ length: 40 }, (_, i) =>
      fetch(`${(i % 2 ? a : b).url}/v1/uploads`, { method: 'POST', headers: H(k.key), body: JSON.stringify({ content_type: 'text/plain', size_bytes: 10 }) }).then((r) => r.status),
    );
    const statuses = await Promise.all(calls);
    expect(statuses.filter((s) => s === 200).length).toBe(25);
    expect(statuses.filter((s) => s === 429).length).toBe(15);
  });

  it('a key revoked through one instance is refused by the other within a second', async () => {
    const k = await createKey(a.url, 100);
    const warm = await fetch(`${b.url}/v1/saas-metrics`, { method: 'POST', headers: H(k.key), body: '{}' });
    expect(warm.status).toBe(200);
    const rv = await fetch(`${a.url}/v1/keys/${k.key_id}/revoke`, { method: 'POST', headers: H(ADMIN), body: '{}' });
    expect(rv.status).toBe(200);
    const t0 = Date.now();
    let status = 0;
    let body: unknown;
    while (Date.now() - t0 < 1000) {
      const r = await fetch(`${b.url}/v1/saas-metrics`, { method: 'POST', headers: H(k.key), body: '{}' });
      status = r.status;
      body = await r.json();
      if (status === 401) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(status).toBe(401);
    expectError(body, { error: 'key_revoked' });
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('SIGTERM lets in-flight calls finish and exits 0', async () => {
    const k = await createKey(a.url, 1000);
    const inflight = Array.from({ length: 20 }, () =>
      fetch(`${b.url}/v1/saas-metrics`, { method: 'POST', headers: H(k.key), body: '{}' }).then((r) => r.status).catch(() => 0),
    );
    // Let the calls reach the server, so SIGTERM lands while they are being served.
    await new Promise((r) => setTimeout(r, 30));
    const code = await b.stop('SIGTERM');
    const statuses = await Promise.all(inflight);
    expect(code).toBe(0);
    const store = await SqlStore.postgres(db.url);
    try {
      const charged = (await store.ledger(k.key_id)).filter((l) => l.kind === 'charge').length;
      // Every call that was charged answered 200; none was half-done.
      expect(statuses.filter((s) => s === 200).length).toBe(charged);
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(!available)('Redis unreachable (pointed at a closed port)', () => {
  for (const mode of ['closed', 'open'] as const) {
    it(`fail ${mode}`, async () => {
      const s = await startTestService({ DDT_REDIS_URL: 'redis://127.0.0.1:1', DDT_RATE_LIMIT_FAIL: mode });
      try {
        const { createHash } = await import('node:crypto');
        const key = 'ddt_redis_down_key_00000000000000000000000';
        await s.store.createKey({ id: 'key_rd', hash: createHash('sha256').update(key).digest('hex'), display: 'x', name: null, scopes: ['tools'], credits: 2, createdAt: 't' });
        const r = await s.app.inject({ method: 'POST', url: '/v1/saas-metrics', headers: s.auth(key), payload: {} });
        if (mode === 'closed') {
          expect(r.statusCode).toBe(503);
          expect(r.json()).toMatchObject({ error: 'rate_limiter_unavailable' });
          expect(await s.balance('key_rd')).toBe(2);
        } else {
          expect(r.statusCode).toBe(200);
          expect(await s.balance('key_rd')).toBe(1);
        }
        expect((await s.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      } finally {
        await s.close();
      }
    });
  }
});
