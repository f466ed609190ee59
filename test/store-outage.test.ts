// A lost or stalled PostgreSQL never stops the process, never hangs a call, and never leaves the ledger wrong:
// pg_terminate_backend, a connection cut before and after a charge commits, a database that stops answering.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/errors.ts';
import { PG_ADMIN_URL, backendsAvailable, freshDatabase } from './support/backends.ts';
import { startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';
import type { TcpProxy } from './support/tcp-proxy.ts';

const available = await backendsAvailable();

/** The ledger's sum equals the balance, and every charge has its answer or a refund. */
async function ledgerExact(svc: TestService, keyId: string): Promise<{ charges: number; refunds: number }> {
  const ledger = await svc.store.ledger(keyId);
  expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(await svc.balance(keyId));
  return { charges: ledger.filter((l) => l.kind === 'charge').length, refunds: ledger.filter((l) => l.kind === 'refund').length };
}

async function eventually<T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!available)('PostgreSQL lost or stalled', () => {
  let db: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let svc: TestService;
  beforeAll(async () => {
    db = await freshDatabase();
    proxy = await startTcpProxy('127.0.0.1', Number(new URL(PG_ADMIN_URL).port || 5432));
    svc = await startTestService({ DDT_DATABASE_URL: proxy.url(db.url), DDT_DATABASE_TIMEOUT_MS: '700', DDT_RATE_LIMITS: '*=100000/60' });
  }, 60_000);
  afterEach(() => proxy.resume());
  afterAll(async () => {
    await svc?.close();
    await proxy?.close();
    await db?.drop();
  });

  const call = (key: string) => svc.app.inject({ method: 'POST', url: '/v1/saas-metrics', headers: svc.auth(key), payload: { cash: 10, net_burn: 1 } });

  it('pg_terminate_backend on every connection: the process keeps serving and recovers by itself', async () => {
    const k = await svc.createKey(10);
    expect((await call(k.key)).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    const name = new URL(db.url).pathname.slice(1);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    await admin.end();
    // The pool's idle clients got an error event; without a handler that killed the process.
    await new Promise((r) => setTimeout(r, 200));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(k.key)).statusCode);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    await ledgerExact(svc, k.id);
  });

  it('the connection cut before the charge reaches the database: 503 store_unavailable, nothing charged', async () => {
    const k = await svc.createKey(5);
    const dropped = proxy.dropBefore('ddt_charge_batch');
    const r = await call(k.key);
    await dropped;
    expect(r.statusCode).toBe(503);
    expectError(r.json(), { error: 'store_unavailable', retry_after: 2 });
    expect(r.headers['retry-after']).toBe('2');
    await eventually(() => Promise.resolve(svc.callPath.unsettled()), (n) => n === 0, 40_000);
    expect(await svc.balance(k.id)).toBe(5);
    expect(await ledgerExact(svc, k.id)).toEqual({ charges: 0, refunds: 0 });
    expect((await call(k.key)).statusCode).toBe(200);
  }, 60_000);

  it('the connection cut after the charge committed: 503, then the charge is found in the ledger and refunded', async () => {
    const k = await svc.createKey(5);
    const dropped = proxy.dropAnswerAfter('ddt_charge_batch');
    const r = await call(k.key);
    await dropped;
    expect(r.statusCode).toBe(503);
    expectError(r.json(), { error: 'store_unavailable', retry_after: 2 });
    const settled = await eventually(() => ledgerExact(svc, k.id), (l) => l.refunds === 1);
    expect(settled).toEqual({ charges: 1, refunds: 1 });
    expect(await svc.balance(k.id)).toBe(5);
  }, 30_000);

  it('a database that stops answering: a 503 within the statement timeout, not a hang; then it recovers', async () => {
    const k = await svc.createKey(5);
    expect((await call(k.key)).statusCode).toBe(200);
    proxy.pause();
    const t0 = Date.now();
    const r = await call(k.key);
    const waited = Date.now() - t0;
    expect(r.statusCode).toBe(503);
    expectError(r.json(), { error: 'store_unavailable', retry_after: 2 });
    expect(waited).toBeLessThan(8000);
    proxy.resume();
    const after = await eventually(() => call(k.key), (x) => x.statusCode === 200);
    expect(after.statusCode).toBe(200);
    await eventually(() => Promise.resolve(svc.callPath.unsettled()), (n) => n === 0, 40_000);
    const { charges, refunds } = await ledgerExact(svc, k.id);
    expect(charges - refunds).toBe(5 - (await svc.balance(k.id)));
  }, 60_000);

  it('readyz says the store is unavailable, never why', async () => {
    proxy.pause();
    const r = await svc.app.inject({ method: 'GET', url: '/readyz' });
    expect(r.statusCode).toBe(503);
    expectError(r.json(), { error: 'not_ready', checks: { store: 'unavailable', limiter: 'ok' } });
    expect(r.body).not.toMatch(/127\.0\.0\.1|ECONN|timeout/i);
  }, 30_000);
});
