// Step 2 of a call: the Bearer token -> an active key record, then the scope the endpoint needs.
import { hashKey } from '../../platform/keys.ts';
import type { KeyRecord, Store } from '../../platform/store/types.ts';
import { fail } from './result.ts';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
/** How long a key record found by its Authorization header is reused without asking the store. */
const AUTH_CACHE_MS = 500;

export class Authenticator {
  private readonly cache = new Map<string, { key: KeyRecord; until: number }>();
  /** Lookups under way, by header: the calls that arrive while a key's record is being read share one read. */
  private readonly reading = new Map<string, Promise<KeyRecord | undefined>>();
  /** Bumped by `forget`: a read that started before a revocation does not put its record in the cache. */
  private generation = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
  ) {}

  /**
   * The same path for "no prefix" and "unknown" (hash, look up, miss), so the two are indistinguishable.
   * A header seen within AUTH_CACHE_MS is answered at once, without a promise; otherwise the store decides.
   */
  authenticate(authorization: string | undefined): KeyRecord | Promise<KeyRecord> {
    if (!authorization) fail('missing_token');
    const now = this.clock();
    // Keyed by the Authorization header as sent: a hot key skips parsing, hashing and the store. Only
    // headers that held an existing key are cached.
    const cached = this.cache.get(authorization);
    if (cached && cached.until > now) return activeKey(cached.key);
    const m = BEARER.exec(authorization);
    if (!m) fail('missing_token');
    let read = this.reading.get(authorization);
    if (!read) {
      const generation = this.generation;
      read = this.store.findKeyByHash(hashKey(m[1] as string)).then(
        (key) => {
          if (this.reading.get(authorization) === read) this.reading.delete(authorization);
          if (!key) this.cache.delete(authorization);
          else if (generation === this.generation) {
            if (this.cache.size > 50_000) this.cache.clear();
            this.cache.set(authorization, { key, until: now + AUTH_CACHE_MS });
          }
          return key;
        },
        (err: unknown) => {
          if (this.reading.get(authorization) === read) this.reading.delete(authorization);
          throw err;
        },
      );
      this.reading.set(authorization, read);
    }
    return read.then((key) => (key ? activeKey(key) : fail('invalid_token')));
  }

  /** Forgets cached records of a key (after a revoke on this instance, so it takes effect at once). */
  forget(keyId: string): void {
    for (const [header, v] of this.cache) if (v.key.id === keyId) this.cache.delete(header);
    // A read under way may have started before the revocation: later callers do not share it, and its answer
    // is not cached.
    this.reading.clear();
    this.generation++;
  }
}

function activeKey(key: KeyRecord): KeyRecord {
  if (key.status !== 'active') fail('key_revoked');
  return key;
}

export function requireScope(key: KeyRecord, scope: string): void {
  if (!key.scopes.includes(scope)) fail('insufficient_scope', { required_scope: scope });
}
