// Typosquat detection against popular-name lists shipped with the project: one edit away, two adjacent
// characters swapped, hyphen-separated parts reordered, or a py/python affix added (PyPI).
import { distance } from 'fastest-levenshtein';
import { npmHighImpact } from 'npm-high-impact';
import popular from './data/popular-names.json' with { type: 'json' };
import type { Ecosystem } from './model.ts';
import { normalizePypi } from './text.ts';

export type SquatKind = 'one_edit' | 'swapped_characters' | 'reordered_parts' | 'python_affix';

export interface SquatHit {
  target: string;
  kind: SquatKind;
}

/** How many of each ranked list are treated as targets; the whole list counts as known-good names. */
const TARGETS: Readonly<Record<Ecosystem, number>> = { npm: 5000, pypi: 3000, go: 1000, rubygems: 2000, cargo: 2000 };
/** Names shorter than this have too many legitimate one-edit neighbours to judge. */
const MIN_TARGET_LENGTH = 5;
const MAX_NAME_LENGTH = 214;

interface Index {
  known: Set<string>;
  targets: string[];
  /** Single-deletion variant (and the name itself) -> target indices: finds one-edit and swap neighbours. */
  deletes: Map<string, number[]>;
  /** Sorted hyphen parts -> target index. */
  parts: Map<string, number>;
  /** Normalised target -> its spelling in the list. */
  exact: Map<string, number>;
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

function listFor(eco: Ecosystem): string[] {
  if (eco === 'npm') return npmHighImpact;
  return popular.ecosystems[eco].names;
}

const indexes = new Map<Ecosystem, Index>();

/** Built once per ecosystem on first use; the lists are static, so this is a pure memo. */
function indexFor(eco: Ecosystem): Index {
  const cached = indexes.get(eco);
  if (cached) return cached;
  const list = listFor(eco);
  const known = new Set(list.map((n) => normalize(eco, n)));
  const targets = list.slice(0, TARGETS[eco]);
  const deletes = new Map<string, number[]>();
  const parts = new Map<string, number>();
  const exact = new Map<string, number>();
  targets.forEach((t, i) => {
    const n = normalize(eco, t);
    if (!exact.has(n)) exact.set(n, i);
    const key = partsKey(n);
    if (key !== null && !parts.has(key)) parts.set(key, i);
    if (n.length < MIN_TARGET_LENGTH) return;
    for (const d of deletions(n)) {
      const arr = deletes.get(d);
      if (arr) {
        if (arr[arr.length - 1] !== i) arr.push(i);
      } else deletes.set(d, [i]);
    }
  });
  const idx = { known, targets, deletes, parts, exact };
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

/** The popular name `name` imitates, or null. Known names (on the list) are never suspects. */
export function typosquatOf(eco: Ecosystem, name: string): SquatHit | null {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return null;
  const idx = indexFor(eco);
  const n = normalize(eco, name);
  if (idx.known.has(n)) return null;

  let best: { i: number; kind: SquatKind } | null = null;
  const consider = (i: number, kind: SquatKind): void => {
    if (best === null || i < best.i) best = { i, kind };
  };
  for (const d of deletions(n)) {
    for (const i of idx.deletes.get(d) ?? []) {
      const t = normalize(eco, idx.targets[i] as string);
      if (t === n) continue;
      if (isAdjacentSwap(n, t)) consider(i, 'swapped_characters');
      else if (distance(n, t) === 1) consider(i, 'one_edit');
    }
  }
  const key = partsKey(n);
  if (key !== null) {
    const i = idx.parts.get(key);
    if (i !== undefined && normalize(eco, idx.targets[i] as string) !== n) consider(i, 'reordered_parts');
  }
  if (eco === 'pypi') {
    const stripped = n.replace(/^(python|py)-?/, '').replace(/-?(python|py)$/, '');
    if (stripped !== n && stripped.length >= 3) {
      const i = idx.exact.get(stripped);
      if (i !== undefined) consider(i, 'python_affix');
    }
  }
  const hit = best as { i: number; kind: SquatKind } | null;
  return hit === null ? null : { target: idx.targets[hit.i] as string, kind: hit.kind };
}

/** Where each list comes from, for the README and the output. */
export function popularSources(): Record<Ecosystem, { source: string; licence: string; count: number }> {
  const e = popular.ecosystems;
  return {
    npm: { source: 'npm-high-impact package (npm, Titus Wormer)', licence: 'MIT', count: npmHighImpact.length },
    pypi: { source: `${e.pypi.repository} ${e.pypi.file}@${e.pypi.commit}`, licence: e.pypi.licence, count: e.pypi.names.length },
    go: { source: `${e.go.repository} ${e.go.file}@${e.go.commit}`, licence: e.go.licence, count: e.go.names.length },
    rubygems: { source: `${e.rubygems.repository} ${e.rubygems.file}@${e.rubygems.commit}`, licence: e.rubygems.licence, count: e.rubygems.names.length },
    cargo: { source: `${e.cargo.repository} ${e.cargo.file}`, licence: e.cargo.licence, count: e.cargo.names.length },
  };
}
