// Typosquat detection against ranked popular-name lists shipped with the project: a name is a suspect when it is
// one edit, two swapped characters, reordered hyphen parts or a py/python affix away from a name that is far more
// popular than it can be.
import { distance } from 'fastest-levenshtein';
import { npmHighImpact, npmTopDependents, npmTopDownloads } from 'npm-high-impact';
import popular from './data/popular-names.json' with { type: 'json' };
import type { Ecosystem } from './model.ts';
import { normalizePypi } from './text.ts';

export type SquatKind = 'one_edit' | 'swapped_characters' | 'reordered_parts' | 'python_affix';

export interface SquatHit {
  target: string;
  kind: SquatKind;
  /** Lower bound of how many times more popular the target is than the name (see `popularity`). */
  ratio: number;
}

/**
 * How many times more popular than the name a target must be. Real typosquats are orders of magnitude below
 * what they imitate; a name that is merely a less popular neighbour (pyaml next to yaml) is not one. Five times
 * the most an unlisted name can have keeps a margin over the Zipf estimate, which is rough near a list's floor.
 */
export const MIN_RATIO = 5;
/** Names shorter than this have too many legitimate one-edit neighbours to judge. */
const MIN_TARGET_LENGTH = 5;
const MAX_NAME_LENGTH = 214;

/** A ranked list: names in order of popularity (downloads or dependents). */
interface Ranked {
  names: readonly string[];
}

/**
 * The lists per ecosystem. Ranked lists give each name a popularity estimate; unranked ones (RubyGems, crates.io)
 * only say that a name is established.
 */
function listsFor(eco: Ecosystem): { ranked: Ranked[]; unranked: readonly string[] } {
  const e = popular.ecosystems;
  switch (eco) {
    case 'npm':
      return { ranked: [{ names: npmTopDownloads }, { names: npmTopDependents }, { names: e.npm.names }], unranked: npmHighImpact };
    case 'pypi':
      return { ranked: [{ names: e.pypi.names }], unranked: [] };
    case 'go':
      return { ranked: [{ names: e.go.names }], unranked: [] };
    case 'rubygems':
      return { ranked: [], unranked: e.rubygems.names };
    case 'cargo':
      return { ranked: [], unranked: e.cargo.names };
  }
}

interface Index {
  /**
   * Popularity of each listed name, in multiples of the least popular name of a list: under Zipf's law
   * (downloads fall as 1/rank, as they do on npm and PyPI) the name of rank r on a list of n is (n + 1) / r
   * times as popular as anything below the list. The best figure over the lists is kept. Names only on an
   * unranked list get MIN_RATIO: they are established, by how much is unknown.
   */
  popularity: Map<string, number>;
  /** Normalised name -> its spelling in the lists. */
  spelling: Map<string, string>;
  /** Single-deletion variant (and the name itself) -> targets: finds one-edit and swap neighbours. */
  deletes: Map<string, string[]>;
  /** Sorted hyphen parts -> targets. */
  parts: Map<string, string[]>;
}

function normalize(eco: Ecosystem, name: string): string {
  if (eco === 'pypi') return normalizePypi(name);
  if (eco === 'cargo') return name.toLowerCase().replace(/-/g, '_');
  return name.toLowerCase();
}

function deletions(s: string): string[] {
  const out = [s];
  for (let i = 0; i < s.length; i++) out.push(s.slice(0, i) + s.slice(i + 1));
  return out;
}

function partsKey(s: string): string | null {
  const parts = s.split(/[-_.]/).filter((p) => p !== '');
  return parts.length >= 2 ? [...parts].sort().join('-') : null;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const arr = map.get(key);
  if (!arr) map.set(key, [value]);
  else if (arr[arr.length - 1] !== value) arr.push(value);
}

const indexes = new Map<Ecosystem, Index>();

/** Built once per ecosystem on first use; the lists are static, so this is a pure memo. */
function indexFor(eco: Ecosystem): Index {
  const cached = indexes.get(eco);
  if (cached) return cached;
  const { ranked, unranked } = listsFor(eco);
  const popularity = new Map<string, number>();
  const spelling = new Map<string, string>();
  for (const list of ranked) {
    const seen = new Set<string>();
    const unique = list.names.filter((n) => {
      const k = normalize(eco, n);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    unique.forEach((n, i) => {
      const k = normalize(eco, n);
      const p = (unique.length + 1) / (i + 1);
      if ((popularity.get(k) ?? 0) < p) popularity.set(k, p);
      if (!spelling.has(k)) spelling.set(k, n);
    });
  }
  for (const n of unranked) {
    const k = normalize(eco, n);
    if (!popularity.has(k)) popularity.set(k, MIN_RATIO);
    if (!spelling.has(k)) spelling.set(k, n);
  }
  const deletes = new Map<string, string[]>();
  const parts = new Map<string, string[]>();
  for (const [k, p] of popularity) {
    if (p < MIN_RATIO) continue; // never far enough above an unlisted name to be imitated
    const pk = partsKey(k);
    if (pk !== null) push(parts, pk, k);
    if (k.length < MIN_TARGET_LENGTH) continue;
    for (const d of deletions(k)) push(deletes, d, k);
  }
  const idx = { popularity, spelling, deletes, parts };
  indexes.set(eco, idx);
  return idx;
}

function isAdjacentSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let first = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      if (first < 0) first = i;
      else return i === first + 1 && a[first] === b[i] && a[i] === b[first] && a.slice(i + 1) === b.slice(i + 1);
    }
  }
  return false;
}

/** Popularity estimate of a name (multiples of a list's floor); null when it is on no list. */
export function popularity(eco: Ecosystem, name: string): number | null {
  return indexFor(eco).popularity.get(normalize(eco, name)) ?? null;
}

/**
 * The popular name `name` imitates, or null. Names on a list are established packages and never suspects; an
 * unlisted name is at most as popular as a list's floor (1), so a neighbour is a target when it is at least
 * MIN_RATIO times that. Among several, the most popular target is named (yaml imitates pyyaml, not pyaml).
 */
export function typosquatOf(eco: Ecosystem, name: string): SquatHit | null {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return null;
  const idx = indexFor(eco);
  const n = normalize(eco, name);
  if (idx.popularity.has(n)) return null;

  let best: { t: string; kind: SquatKind; p: number } | null = null;
  const consider = (t: string, kind: SquatKind): void => {
    const p = idx.popularity.get(t) ?? 0;
    if (t === n || p < MIN_RATIO) return;
    if (best === null || p > best.p || (p === best.p && t < best.t)) best = { t, kind, p };
  };
  for (const d of deletions(n)) {
    for (const t of idx.deletes.get(d) ?? []) {
      if (isAdjacentSwap(n, t)) consider(t, 'swapped_characters');
      else if (distance(n, t) === 1) consider(t, 'one_edit');
    }
  }
  const key = partsKey(n);
  if (key !== null) for (const t of idx.parts.get(key) ?? []) consider(t, 'reordered_parts');
  if (eco === 'pypi') {
    // python-requests / requests-py dress a popular name up; yaml / dateutil drop the py of pyyaml / python-dateutil.
    const stripped = n.replace(/^(python|py)-?/, '').replace(/-?(python|py)$/, '');
    if (stripped !== n && stripped.length >= 3) consider(stripped, 'python_affix');
    if (n.length >= 3) for (const t of [`py${n}`, `py-${n}`, `python-${n}`, `${n}-python`, `${n}-py`]) consider(t, 'python_affix');
  }
  const hit = best as { t: string; kind: SquatKind; p: number } | null;
  return hit === null ? null : { target: idx.spelling.get(hit.t) ?? hit.t, kind: hit.kind, ratio: Math.floor(hit.p) };
}

/** Where each list comes from, for the README and the output. */
export function popularSources(): Record<Ecosystem, { source: string; licence: string; count: number }> {
  const e = popular.ecosystems;
  const count = (eco: Ecosystem): number => indexFor(eco).popularity.size;
  return {
    npm: {
      source: `npm-high-impact package (npm, Titus Wormer: top downloads and top dependents) + ${e.npm.repository} ${e.npm.file}@${e.npm.commit}`,
      licence: `MIT; ${e.npm.licence}`,
      count: count('npm'),
    },
    pypi: { source: `${e.pypi.repository} ${e.pypi.file}@${e.pypi.commit}`, licence: e.pypi.licence, count: count('pypi') },
    go: { source: `${e.go.repository} ${e.go.file}@${e.go.commit}`, licence: e.go.licence, count: count('go') },
    rubygems: { source: `${e.rubygems.repository} ${e.rubygems.file}@${e.rubygems.commit}`, licence: e.rubygems.licence, count: count('rubygems') },
    cargo: { source: `${e.cargo.repository} ${e.cargo.file}`, licence: e.cargo.licence, count: count('cargo') },
  };
}
