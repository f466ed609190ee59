// The string relations typosquat checks test: one edit or one adjacent swap, reordered parts, separators, number bumps.
import { normalizePypi } from '../python-requirements/pep508.ts';

/** The spelling a registry treats as the same name: PEP 503 for PyPI, -/_ for crates.io, case elsewhere. */
export function normalizeName(registry: 'pypi' | 'crates' | 'other', name: string): string {
  if (registry === 'pypi') return normalizePypi(name);
  const lower = name.toLowerCase();
  if (registry === 'crates') return lower.replace(/-/g, '_');
  return lower;
}

/** The string and each of its single-character deletions (the keys of a symmetric-delete index). */
export function deletions(s: string): string[] {
  const out = [s];
  for (let i = 0; i < s.length; i++) out.push(s.slice(0, i) + s.slice(i + 1));
  return out;
}

/** The parts between -, _ and . sorted and joined by -, or null for a name of one part (parser-yaml ~ yaml-parser). */
export function partsKey(s: string): string | null {
  const parts = s.split(/[-_.]/).filter((p) => p !== '');
  return parts.length >= 2 ? [...parts].sort().join('-') : null;
}

/** The name without -, _ and . (crossenv ~ cross-env). */
export function stripSeparators(s: string): string {
  return s.replace(/[-_.]/g, '');
}

/**
 * Optimal string alignment distance, capped: 0 for equal strings, 1 for one insertion, deletion, substitution or
 * adjacent swap (`swapped` tells which), 2 for anything further. Linear.
 */
export function withinOneEdit(a: string, b: string): { d: number; swapped: boolean } {
  if (a === b) return { d: 0, swapped: false };
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return { d: 2, swapped: false };
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return { d: 1, swapped: false };
    if (i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) return { d: 1, swapped: true };
    return { d: 2, swapped: false };
  }
  const [longer, shorter] = la > lb ? [a, b] : [b, a];
  return { d: longer.slice(i + 1) === shorter.slice(i) ? 1 : 2, swapped: false };
}

/** A one-edit change that only bumps a trailing number (vue2/vue3, react-17/react-18) names a sibling, not a squat. */
export function onlyNumberDiffers(a: string, b: string): boolean {
  const strip = (s: string): string => {
    let end = s.length;
    while (end > 0 && (s[end - 1] as string) >= '0' && (s[end - 1] as string) <= '9') end--;
    return s.slice(0, end);
  };
  return strip(a) === strip(b) && (/\d$/.test(a) || /\d$/.test(b));
}
