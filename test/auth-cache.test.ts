// The authenticator's cache: one store read for the calls that arrive together, and a revocation that a read
// already under way cannot undo.
import { describe, expect, it } from 'vitest';
import { Authenticator } from '../src/gateway/call/auth.ts';
import { hashKey } from '../src/platform/keys.ts';
import type { KeyRecord, Store } from '../src/platform/store/types.ts';

const TOKEN = 'ddt_test_key_000000000000000000000000000000';
const HEADER = `Bearer ${TOKEN}`;

function record(status: KeyRecord['status']): KeyRecord {
  return { id: 'key_a', name: null, display: 'ddt_test', scopes: ['tools'], status, createdAt: '2026-11-26T00:00:00.000Z', revokedAt: null };
}

/** A store whose key lookups wait until `answer` is called, counting them. */
function slowStore(): { store: Store; reads: () => number; answer: (k: KeyRecord | undefined) => void } {
  let reads = 0;
  const waiting: Array<(k: KeyRecord | undefined) => void> = [];
  const store = {
    findKeyByHash(hash: string): Promise<KeyRecord | undefined> {
      expect(hash).toBe(hashKey(TOKEN));
      reads++;
      return new Promise((resolve) => waiting.push(resolve));
    },
  } as unknown as Store;
  return { store, reads: () => reads, answer: (k) => waiting.splice(0).forEach((w) => w(k)) };
}

const codeOf = async (p: KeyRecord | Promise<KeyRecord>): Promise<string> => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
};

describe('authenticator cache', () => {
  it('calls that arrive while a key is being read share one store read', async () => {
    const s = slowStore();
    const auth = new Authenticator(s.store, () => 0);
    const calls = Array.from({ length: 50 }, () => auth.authenticate(HEADER));
    expect(s.reads()).toBe(1);
    s.answer(record('active'));
    const keys = await Promise.all(calls);
    expect(new Set(keys.map((k) => k.id))).toEqual(new Set(['key_a']));
    // Cached now: answered without a promise and without the store.
    expect(auth.authenticate(HEADER)).not.toBeInstanceOf(Promise);
    expect(s.reads()).toBe(1);
  });

  it('an unknown key is read once for the calls that arrive together, each refused, and never cached', async () => {
    const s = slowStore();
    const auth = new Authenticator(s.store, () => 0);
    const calls = [auth.authenticate(HEADER), auth.authenticate(HEADER)];
    s.answer(undefined);
    expect(await Promise.all(calls.map(codeOf))).toEqual(['invalid_token', 'invalid_token']);
    void codeOf(auth.authenticate(HEADER));
    expect(s.reads()).toBe(2);
  });

  it('a read that began before a revocation is not cached: the next call reads the store again', async () => {
    const s = slowStore();
    const auth = new Authenticator(s.store, () => 0);
    const before = auth.authenticate(HEADER);
    auth.forget('key_a');
    s.answer(record('active'));
    expect(await codeOf(before)).toBe('ok');
    const after = auth.authenticate(HEADER);
    expect(after).toBeInstanceOf(Promise);
    expect(s.reads()).toBe(2);
    s.answer(record('revoked'));
    expect(await codeOf(after)).toBe('key_revoked');
  });

  it('a failed read is not shared with later calls', async () => {
    let reads = 0;
    const store = {
      findKeyByHash: () => (++reads === 1 ? Promise.reject(new Error('down')) : Promise.resolve(record('active'))),
    } as unknown as Store;
    const auth = new Authenticator(store, () => 0);
    expect(await codeOf(auth.authenticate(HEADER))).toBe('Error: down');
    expect(await codeOf(auth.authenticate(HEADER))).toBe('ok');
    expect(reads).toBe(2);
  });
});
