// The store contract, run against both engines: SQLite (embedded) and PostgreSQL (scale-out).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../src/platform/keys.ts';
import { SqlStore } from '../src/platform/store/sql-store.ts';
import type { Store } from '../src/platform/store/types.ts';
import { backendsAvailable, freshDatabase } from './support/backends.ts';

const withPg = await backendsAvailable();

type Engine = { name: string; open: () => Promise<{ store: Store; cleanup: () => Promise<void> }> };
const engines: Engine[] = [
  {
    name: 'sqlite',
    open: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-store-'));
      const store = SqlStore.sqliteAt(path.join(dir, 'ddt.sqlite'));
      await store.migrate();
      return { store, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
if (withPg) {
  engines.push({
    name: 'postgres',
    open: async () => {
      const db = await freshDatabase();
      const store = await SqlStore.postgres(db.url);
      await store.migrate();
      await store.migrate(); // migrations are idempotent
      return { store, cleanup: db.drop };
    },
  });
}

let n = 0;
function newKey(credits: number, scopes: string[] = ['tools']) {
  n++;
  return { id: `key_store_${n}`, hash: hashKey(`ddt_store_${n}`), display: 'ddt_stor…', name: `k${n}`, scopes, credits, createdAt: '2026-07-22T00:00:00.000Z' };
}

describe.each(engines)('store on $name', (engine) => {
  let store: Store;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const o = await engine.open();
    store = o.store;
    cleanup = o.cleanup;
  });
  afterAll(async () => {
    await store.close();
    await cleanup();
  });

  it('creates, finds by hash, lists with balances; the grant is in the ledger', async () => {
    const k = newKey(7);
    await store.createKey(k);
    const found = await store.findKeyByHash(k.hash);
    expect(found).toMatchObject({ id: k.id, status: 'active', scopes: ['tools'] });
    expect(found).not.toHaveProperty('credits');
    expect((await store.getKey(k.id))?.credits).toBe(7);
    expect((await store.listKeys()).some((x) => x.id === k.id && x.credits === 7)).toBe(true);
    expect((await store.ledger(k.id)).map((l) => [l.kind, l.delta])).toEqual([['grant', 7]]);
  });

  it('charges conditionally and atomically; refunds; the balance equals the ledger sum', async () => {
    const k = newKey(3);
    await store.createKey(k);
    expect(await store.charge(k.id, 2, 'req_a', 'x', 't')).toBe(true);
    expect(await store.charge(k.id, 2, 'req_b', 'x', 't')).toBe(false);
    await store.refund(k.id, 2, 'req_a', 'x', 't');
    expect(await store.charge(k.id, 3, 'req_c', 'x', 't')).toBe(true);
    expect((await store.getKey(k.id))?.credits).toBe(0);
    const ledger = await store.ledger(k.id);
    expect(ledger.map((l) => l.kind)).toEqual(['grant', 'charge', 'refund', 'charge']);
    expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(0);
  });

  it('200 concurrent charges on 50 credits: exactly 50 succeed, never negative', async () => {
    const k = newKey(50);
    await store.createKey(k);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => store.charge(k.id, 1, `req_${i}`, 'x', 't')));
    expect(results.filter(Boolean).length).toBe(50);
    expect((await store.getKey(k.id))?.credits).toBe(0);
    const ledger = await store.ledger(k.id);
    expect(ledger.filter((l) => l.kind === 'charge').length).toBe(50);
    expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(0);
  });

  it('a batch larger than any one ledger statement keeps every row, in arrival order', async () => {
    const k = newKey(1000);
    await store.createKey(k);
    const ids = Array.from({ length: 203 }, (_, i) => `req_big_${String(i).padStart(3, '0')}`);
    const results = await Promise.all(ids.map((id, i) => store.charge(k.id, 1 + (i % 3), id, 'x', `t${i}`)));
    expect(results.every(Boolean)).toBe(true);
    const charges = (await store.ledger(k.id)).filter((l) => l.kind === 'charge');
    expect(charges.map((l) => l.requestId)).toEqual(ids);
    expect(charges.map((l) => l.createdAt)).toEqual(ids.map((_, i) => `t${i}`));
    expect(charges.map((l) => -l.delta)).toEqual(ids.map((_, i) => 1 + (i % 3)));
    expect((await store.getKey(k.id))?.credits).toBe(1000 - charges.reduce((s, l) => s - l.delta, 0));
  });

  it('one batch over several keys and costs gives what charging each call in arrival order gives', async () => {
    const rich = newKey(100);
    const short = newKey(5);
    const missing = 'key_store_missing';
    await store.createKey(rich);
    await store.createKey(short);
    // Interleaved in one event-loop turn, so every engine sees them as one batch.
    const calls: Array<[string, number, string]> = [
      [short.id, 2, 'req_s1'],
      [rich.id, 3, 'req_r1'],
      [short.id, 2, 'req_s2'],
      [missing, 1, 'req_m1'],
      [short.id, 2, 'req_s3'], // 1 left: refused
      [rich.id, 4, 'req_r2'],
      [short.id, 1, 'req_s4'], // fits the last credit
      [short.id, 1, 'req_s5'], // nothing left
    ];
    const results = await Promise.all(calls.map(([id, cost, req]) => store.charge(id, cost, req, 'x', 't')));
    expect(results).toEqual([true, true, true, false, false, true, true, false]);
    expect((await store.getKey(short.id))?.credits).toBe(0);
    expect((await store.getKey(rich.id))?.credits).toBe(93);
    const shortLedger = (await store.ledger(short.id)).filter((l) => l.kind === 'charge');
    expect(shortLedger.map((l) => [l.requestId, l.delta])).toEqual([
      ['req_s1', -2],
      ['req_s2', -2],
      ['req_s4', -1],
    ]);
    const richLedger = (await store.ledger(rich.id)).filter((l) => l.kind === 'charge');
    expect(richLedger.map((l) => [l.requestId, l.endpoint, l.delta, l.createdAt])).toEqual([
      ['req_r1', 'x', -3, 't'],
      ['req_r2', 'x', -4, 't'],
    ]);
  });

  it('top-ups, revocation, ensureKey re-activates and widens scopes', async () => {
    const k = newKey(0, ['admin']);
    expect(await store.ensureKey(k)).toBe('created');
    expect(await store.ensureKey(k)).toBe('unchanged');
    expect(await store.addCredits(k.id, 5, 't')).toBe(true);
    expect(await store.addCredits('key_missing', 5, 't')).toBe(false);
    expect(await store.revokeKey(k.id, 't')).toBe(true);
    expect((await store.findKeyByHash(k.hash))?.status).toBe('revoked');
    expect(await store.ensureKey({ ...k, scopes: ['admin', 'tools'] })).toBe('updated');
    const after = await store.findKeyByHash(k.hash);
    expect(after?.status).toBe('active');
    expect(after?.scopes).toEqual(['admin', 'tools']);
    expect(await store.countActiveAdminKeys()).toBeGreaterThanOrEqual(1);
    expect(await store.revokeKey('key_missing', 't')).toBe(false);
  });

  it('cache: set, get, expiry, overwrite', async () => {
    await store.cacheSet('c1', { a: 1 }, 2000);
    expect(await store.cacheGet('c1', 1000)).toEqual({ a: 1 });
    expect(await store.cacheGet('c1', 2000)).toBeUndefined();
    await store.cacheSet('c1', { a: 2 }, 5000);
    expect(await store.cacheGet('c1', 1000)).toEqual({ a: 2 });
    expect(await store.deleteExpiredCache(6000)).toBeGreaterThanOrEqual(1);
  });

  it('uploads: create, claimed by one writer, completed once, expire', async () => {
    const k = newKey(0);
    await store.createKey(k);
    const u = { id: `upl_${n}`, keyId: k.id, contentType: 'text/plain', sizeBytes: 3, filename: null, storageKey: `upl_${n}`, status: 'pending' as const, createdAt: 't', urlExpiresAt: 10, deleteAfter: 100 };
    await store.createUpload(u);
    expect(await store.getUpload(u.id)).toEqual(u);
    expect(await store.setUploadStatus(u.id, 'pending', 'storing')).toBe(true);
    expect(await store.setUploadStatus(u.id, 'pending', 'storing')).toBe(false);
    expect((await store.getUpload(u.id))?.status).toBe('storing');
    expect(await store.setUploadStatus(u.id, 'storing', 'complete')).toBe(true);
    expect(await store.setUploadStatus(u.id, 'storing', 'complete')).toBe(false);
    expect(await store.takeExpiredUploads(50)).toEqual([]);
    const gone = await store.takeExpiredUploads(100);
    expect(gone.map((x) => x.id)).toEqual([u.id]);
    expect(await store.getUpload(u.id)).toBeUndefined();
  });
});
