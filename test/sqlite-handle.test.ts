// The embedded store never lets a better-sqlite3 wrapper be garbage-collected (a collected wrapper aborts Node
// 24.19+ processes: src/platform/store/sqlite-handle.ts). Observable on any Node: a second round of the same
// store operations prepares no statement, so there is nothing for the collector to take.
import { afterAll, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { hashKey } from '../src/platform/keys.ts';
import { SqlStore } from '../src/platform/store/sql-store.ts';

const prepare = vi.spyOn(Database.prototype, 'prepare');
afterAll(() => prepare.mockRestore());

async function round(store: SqlStore, i: number): Promise<void> {
  const id = `key_handle_${i}`;
  await store.createKey({ id, hash: hashKey(`ddt_handle_${i}`), display: 'ddt_hand…', name: `h${i}`, scopes: ['tools'], credits: 10, createdAt: '2026-07-22T00:00:00.000Z' });
  expect(await store.findKeyByHash(hashKey(`ddt_handle_${i}`))).toMatchObject({ id });
  expect(await store.charge(id, 2, `req_${i}_a`, 'saas-metrics', '2026-07-22T00:00:01.000Z')).toBe(true);
  await store.refund(id, 2, `req_${i}_a`, 'saas-metrics', '2026-07-22T00:00:02.000Z');
  expect(await store.charge(id, 3, `req_${i}_b`, 'saas-metrics', '2026-07-22T00:00:03.000Z')).toBe(true);
  expect((await store.getKey(id))?.credits).toBe(7);
  expect(await store.ledger(id)).toHaveLength(4);
  expect((await store.chargeStates([`req_${i}_a`, `req_${i}_b`])).size).toBe(2);
  await store.usage({ keyId: id });
  await store.listKeys();
  await store.cacheSet(`k${i}`, { i }, Date.now() + 60_000);
  expect(await store.cacheGet(`k${i}`, Date.now())).toEqual({ i });
}

it('prepares each SQL text once: a second round of the same operations prepares nothing', async () => {
  const store = SqlStore.sqliteAt(':memory:');
  await store.migrate();
  await round(store, 1);
  const afterFirst = prepare.mock.calls.length;
  expect(afterFirst).toBeGreaterThan(0);
  await round(store, 2);
  await round(store, 3);
  expect(prepare.mock.calls.length).toBe(afterFirst);
  await store.close();
});
