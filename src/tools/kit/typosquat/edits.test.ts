// The typosquat relations against references: withinOneEdit against Levenshtein and a plain adjacent-swap check.
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { deletions, normalizeName, onlyNumberDiffers, partsKey, withinOneEdit } from './edits.ts';

/** Two strings that differ only by one swap of adjacent, different characters. */
function isAdjacentSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === (diff[0] as number) + 1 && a[diff[0] as number] === b[diff[1] as number] && a[diff[1] as number] === b[diff[0] as number];
}

describe('kit/typosquat edits', () => {
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-', '1'), maxLength: 8 });

  it('withinOneEdit is 1 exactly for a Levenshtein distance of 1 or an adjacent swap, and says which', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const r = withinOneEdit(a, b);
        const lev = distance(a, b);
        expect(r.d).toBe(lev === 0 ? 0 : lev === 1 || isAdjacentSwap(a, b) ? 1 : 2);
        expect(r.swapped).toBe(r.d === 1 && lev !== 1);
      }),
      { numRuns: 2000 },
    );
  });

  it('every one-edit neighbour shares a single-character deletion with the name (the symmetric-delete index finds it)', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        if (withinOneEdit(a, b).d !== 1) return;
        const mine = new Set(deletions(a));
        expect(deletions(b).some((d) => mine.has(d))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('normalises names as each registry does, and sorts parts', () => {
    expect(normalizeName('pypi', 'Python_Dateutil..x')).toBe('python-dateutil-x');
    expect(normalizeName('crates', 'Serde-JSON')).toBe('serde_json');
    expect(normalizeName('other', 'Cross-Env')).toBe('cross-env');
    expect(partsKey('yaml-parser')).toBe('parser-yaml');
    expect(partsKey('yaml')).toBeNull();
    expect(onlyNumberDiffers('vue2', 'vue3')).toBe(true);
    expect(onlyNumberDiffers('vue', 'vuex')).toBe(false);
  });
});
