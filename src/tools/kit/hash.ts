// FNV-1a, 32 bits: a fast, stable, non-cryptographic hash for ids, folds and cache keys (never for secrets).

/** FNV-1a of the string's UTF-16 code units, as an unsigned 32-bit integer. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The same hash as 8 lowercase hex digits. */
export function fnv1aHex(s: string): string {
  return fnv1a(s).toString(16).padStart(8, '0');
}
