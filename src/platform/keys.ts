// API keys: generation (prefix + 43 base62 characters from 32 random bytes), SHA-256 hashing, ids.
import { createHash, randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 of `bytes` random bytes, by repeated division (uniform: no modulo bias on the whole number). */
export function randomBase62(bytes: number): string {
  let n = BigInt(`0x${randomBytes(bytes).toString('hex')}`);
  const length = Math.ceil((bytes * 8) / Math.log2(62));
  let out = '';
  for (let i = 0; i < length; i++) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

export function hashKey(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newKeyToken(prefix: string): string {
  return `${prefix}${randomBase62(32)}`;
}

export function newKeyId(): string {
  return `key_${randomBase62(12)}`;
}

/** What an operator sees of a key: the prefix and four characters, enough to recognise, never to use. */
export function displayOf(token: string, prefix: string): string {
  return `${token.slice(0, prefix.length + 4)}…`;
}

export const GRANTABLE_SCOPES = ['tools', 'uploads'] as const;
export const ALL_SCOPES = ['admin', ...GRANTABLE_SCOPES] as const;
export const DEFAULT_SCOPES: string[] = [...GRANTABLE_SCOPES];
