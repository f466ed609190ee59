// Idempotency keys (Stripe's contract): replay, another body, still running, expiry, a dropped connection, and
// two instances on one PostgreSQL racing the same key: run and charged once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/errors.ts';
import { backendsAvailable, freshDatabase } from './support/backends.ts';
import { runs, slowGate, startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';

const until = async (cond: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('one instance (SQLite)', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ DDT_RATE_LIMITS: '*=1000/60' });
  });
  afterAll(async () => svc.close());
  const call = (key: string, body: unknown, idem?: string) =>
    svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: { ...svc.auth(key), ...(idem === undefined ? {} : { 'idempotency-key': idem }) }, payload: JSON.stringify(body) });

  it('a retry with the same body replays the first answer, uncharged, and says so', async () => {
    const k = await svc.createKey(5);
    const first = await call(k.key, { text: 'hi' }, 'order-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Key order and spacing do not make another request.
    const again = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: { ...svc.auth(k.key), 'idempotency-key': 'order-1' }, payload: '{ "text" : "hi" }' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['x-request-id']).toBe(first.headers['x-request-id']);
    expect(await svc.balance(k.id)).toBe(4);
  });

  it('the same key with another body: 409 idempotency_key_reused, uncharged', async () => {
    const k = await svc.createKey(5);
    await call(k.key, { text: 'a' }, 'k-2');
    const r = await call(k.key, { text: 'b' }, 'k-2');
    expect(r.statusCode).toBe(409);
    expectError(r.json(), { error: 'idempotency_key_reused' });
    expect(await svc.balance(k.id)).toBe(4);
  });

  it('keys are per API key and per endpoint', async () => {
    const a = await svc.createKey(5);
    const b = await svc.createKey(5);
    expect((await call(a.key, { text: 'a' }, 'shared')).statusCode).toBe(200);
    expect((await call(b.key, { text: 'b' }, 'shared')).headers['idempotent-replayed']).toBeUndefined();
    const other = await svc.app.inject({ method: 'POST', url: '/v1/test-parse', headers: { ...svc.auth(a.key), 'idempotency-key': 'shared' }, payload: { doc: 'x' } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });

  it('while the first call runs: 409 idempotency_key_in_use with retry_after; then the replay', async () => {
    const k = await svc.createKey(5);
    const slow = (idem: string) => svc.app.inject({ method: 'POST', url: '/v1/test-slow', headers: { ...svc.auth(k.key), 'idempotency-key': idem }, payload: { n: 7 } });
    const before = runs.slow;
    const first = slow('slow-1');
    await until(() => runs.slow === before + 1);
    const second = await slow('slow-1');
    expect(second.statusCode).toBe(409);
    expectError(second.json(), { error: 'idempotency_key_in_use', retry_after: 1 });
    expect(second.headers['retry-after']).toBe('1');
    slowGate.release();
    expect((await first).statusCode).toBe(200);
    const third = await slow('slow-1');
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(runs.slow).toBe(before + 1);
    expect(await svc.balance(k.id)).toBe(4);
  });

  it('a 400 or a 402 keeps nothing: the retry runs', async () => {
    const k = await svc.createKey(0);
    expect((await call(k.key, { text: 1 }, 'k-400')).statusCode).toBe(400);
    expect((await call(k.key, { text: 'x' }, 'k-402')).statusCode).toBe(402);
    await svc.app.inject({ method: 'POST', url: `/v1/keys/${k.id}/credits`, headers: svc.auth(), payload: { amount: 1 } });
    const r = await call(k.key, { text: 'x' }, 'k-402');
    expect(r.statusCode).toBe(200);
    expect(r.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key: 400 idempotency_key_invalid, uncharged', async () => {
    const k = await svc.createKey(1);
    for (const bad of ['x'.repeat(256), ' lead', 'tab\there']) {
      const r = await call(k.key, { text: 'x' }, bad);
      expect(r.statusCode, bad.slice(0, 10)).toBe(400);
      expectError(r.json(), { error: 'idempotency_key_invalid' });
    }
    expect(await svc.balance(k.id)).toBe(1);
  });

  it('after 24 hours the key is free again', async () => {
    const k = await svc.createKey(5);
    await call(k.key, { text: 'a' }, 'k-exp');
    svc.clock.now += 24 * 3600 * 1000 + 1000;
    const r = await call(k.key, { text: 'b' }, 'k-exp');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ text: 'b' });
    expect(await svc.balance(k.id)).toBe(3);
  });

  it('over MCP, params._meta.idempotency_key', async () => {
    const k = await svc.createKey(5);
    const rpc = () =>
      svc.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${k.key}` },
        payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_echo', arguments: { text: 'm' }, _meta: { idempotency_key: 'mcp-1' } } }),
      });
    const a = (await rpc()).json() as { result: { content: Array<{ text: string }>; _meta?: unknown } };
    const b = (await rpc()).json() as { result: { content: Array<{ text: string }>; _meta?: unknown } };
    expect(b.result.content[0]!.text).toBe(a.result.content[0]!.text);
    expect(a.result._meta).toBeUndefined();
    expect(b.result._meta).toEqual({ idempotent_replayed: true });
    expect(await svc.balance(k.id)).toBe(4);
  });

  it('a retried call after a dropped connection is charged once', async () => {
    const address = await svc.app.listen({ host: '127.0.0.1', port: 0 });
    const k = await svc.createKey(5);
    const send = (signal?: AbortSignal) =>
      fetch(`${address}/v1/test-slow`, { method: 'POST', headers: { authorization: `Bearer ${k.key}`, 'content-type': 'application/json', 'idempotency-key': 'drop-1' }, body: JSON.stringify({ n: 1 }), signal });
    const before = runs.slow;
    const ac = new AbortController();
    const dropped = send(ac.signal).catch((e: Error) => e);
    await until(() => runs.slow === before + 1);
    ac.abort();
    expect(await dropped).toBeInstanceOf(Error);
    slowGate.release();
    // The client retries until the first call's answer is stored.
    let r = await send();
    for (let i = 0; r.status === 409 && i < 100; i++) {
      await new Promise((res) => setTimeout(res, 20));
      r = await send();
    }
    expect(r.status).toBe(200);
    expect(r.headers.get('idempotent-replayed')).toBe('true');
    expect(runs.slow).toBe(before + 1);
    expect(await svc.balance(k.id)).toBe(4);
    expect((await svc.store.ledger(k.id)).filter((l) => l.kind === 'charge')).toHaveLength(1);
  });
});

const pgAvailable = await backendsAvailable();

describe.skipIf(!pgAvailable)('two instances on one PostgreSQL', () => {
  let db: { url: string; drop: () => Promise<void> };
  let a: TestService;
  let b: TestService;
  beforeAll(async () => {
    db = await freshDatabase();
    a = await startTestService({ DDT_DATABASE_URL: db.url, DDT_RATE_LIMITS: '*=1000/60' });
    b = await startTestService({ DDT_DATABASE_URL: db.url, DDT_RATE_LIMITS: '*=1000/60' });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('racing the same key: one runs and is charged; the others are told it is in use, then get its answer', async () => {
    const k = await a.createKey(10);
    const before = runs.slow;
    const fire = (svc: TestService) => svc.app.inject({ method: 'POST', url: '/v1/test-slow', headers: { ...svc.auth(k.key), 'idempotency-key': 'race-1' }, payload: { n: 3 } });
    const racers = Array.from({ length: 10 }, (_, i) => fire(i % 2 ? a : b));
    await until(() => runs.slow >= before + 1);
    await new Promise((r) => setTimeout(r, 200));
    slowGate.release();
    const statuses = (await Promise.all(racers)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(runs.slow).toBe(before + 1);
    const replay = await fire(b);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await a.balance(k.id)).toBe(9);
  });
});
