// Typosquat detection: a name that is not itself popular but sits one typo away from a popular name.
import { npmHighImpact } from 'npm-high-impact';
import popularCrates from './data/popular-crates.json' with { type: 'json' };
import popularGo from './data/popular-go.json' with { type: 'json' };
import popularPypi from './data/popular-pypi.json' with { type: 'json' };
import type { Ecosystem } from './model.ts';

export type SquatKind = 'one_edit' | 'swapped_characters' | 'separator' | 'reordered_parts' | 'affix' | 'owner_lookalike';

export interface SquatHit {
  target: string;
  kind: SquatKind;
}

/**
 * How many names of each ranked list are imitation targets (the most downloaded); every listed name counts as
 * known-good, so popular packages that happen to be one edit apart (color/colors) never flag each other.
 * crates.io has no ranking here, so all its names are targets.
 */
const TARGETS: Readonly<Record<Ecosystem, number>> = { npm: 5000, pypi: 5000, go: 3000, crates: 2000 };
/** Short names have too many legitimate one-edit neighbours (ms/qs/ws) to judge. */
const MIN_TARGET_LENGTH = 5;
const MAX_NAME_LENGTH = 300;

/** The spelling registries treat as the same name: PEP 503 for PyPI, -/_ for crates.io, case for npm and Go. */
export function normalizeName(eco: Ecosystem, name: string): string {
  const lower = name.toLowerCase();
  if (eco === 'pypi') return lower.replace(/[-_.]+/g, '-');
  if (eco === 'crates') return lower.replace(/-/g, '_');
  return lower;
}

function stripSeparators(s: string): string {
  return s.replace(/[-_.]/g, '');
}

function sortedParts(s: string): string | null {
  const parts = s.split(/[-_.]/).filter((p) => p !== '');
  if (parts.length < 2) return null;
  return [...parts].sort().join('-');
}

/** Affixes that dress up a popular name in each ecosystem (python-requests, node-lodash, serde-rs...). */
const AFFIXES: Readonly<Record<Ecosystem, { prefixes: string[]; suffixes: string[] }>> = {
  npm: { prefixes: ['node-', 'js-', 'npm-'], suffixes: ['-js', '.js', 'js', '-node', '-npm'] },
  pypi: { prefixes: ['python-', 'py-', 'py', 'python3-', 'python'], suffixes: ['-python', '-py', 'py', '3'] },
  crates: { prefixes: ['rust_', 'rs_'], suffixes: ['_rs', '_rust', 'rs'] },
  go: { prefixes: [], suffixes: [] },
};

interface Index {
  known: Set<string>;
  /** npm scopes that own a popular package: a scope is owned by one organisation, so its names are not squats. */
  knownScopes: Set<string>;
  targets: string[];
  targetSet: Set<string>;
  /** Longest target: a name more than one character longer cannot be one edit away from any. */
  maxTargetLength: number;
  /** Each target and each of its single-character deletions -> target indices (symmetric-delete index). */
  deletes: Map<string, number[]>;
  separatorless: Map<string, number>;
  parts: Map<string, number>;
  /** Go: "<host>/<repo>" -> owners of popular modules with that repository name. */
  repoOwners: Map<string, { owner: string; index: number }[]>;
}

function rawList(eco: Ecosystem): readonly string[] {
  if (eco === 'npm') return npmHighImpact;
  if (eco === 'pypi') return popularPypi.names;
  if (eco === 'go') return popularGo.names;
  return popularCrates.names;
}

function deletions(s: string): string[] {
  const out = [s];
  for (let i = 0; i < s.length; i++) out.push(s.slice(0, i) + s.slice(i + 1));
  return out;
}

function build(eco: Ecosystem): Index {
  const list = rawList(eco);
  const known = new Set<string>();
  const knownScopes = new Set<string>();
  for (const n of list) {
    const norm = normalizeName(eco, n);
    known.add(norm);
    if (norm.startsWith('@') && norm.includes('/')) knownScopes.add(norm.slice(0, norm.indexOf('/')));
    // The project behind a popular unscoped name normally holds the matching scope too (npm -> @npm).
    else if (eco === 'npm') knownScopes.add(`@${norm}`);
  }
  const targets: string[] = [];
  const seen = new Set<string>();
  for (const n of list) {
    if (targets.length >= TARGETS[eco]) break;
    const norm = normalizeName(eco, n);
    if (norm.length < MIN_TARGET_LENGTH || seen.has(norm)) continue;
    seen.add(norm);
    targets.push(norm);
  }
  const deletes = new Map<string, number[]>();
  const separatorless = new Map<string, number>();
  const parts = new Map<string, number>();
  const repoOwners = new Map<string, { owner: string; index: number }[]>();
  targets.forEach((t, i) => {
    for (const d of deletions(t)) {
      const arr = deletes.get(d);
      if (arr) {
        if (arr[arr.length - 1] !== i) arr.push(i);
      } else deletes.set(d, [i]);
    }
    const bare = stripSeparators(t);
    if (!separatorless.has(bare)) separatorless.set(bare, i);
    const sp = sortedParts(eco === 'go' ? (t.split('/').pop() ?? t) : t);
    if (sp && eco !== 'go' && !parts.has(sp)) parts.set(sp, i);
    if (eco === 'go') {
      const segs = t.split('/');
      if (segs.length >= 3 && segs[0] && segs[1] && segs[2]) {
        const k = `${segs[0]}/${segs.slice(2).join('/')}`;
        const arr = repoOwners.get(k) ?? [];
        arr.push({ owner: segs[1], index: i });
        repoOwners.set(k, arr);
      }
    }
  });
  return { known, knownScopes, targets, targetSet: new Set(targets), maxTargetLength: targets.reduce((m, t) => Math.max(m, t.length), 0), deletes, separatorless, parts, repoOwners };
}

const cache = new Map<Ecosystem, Index>();

function indexFor(eco: Ecosystem): Index {
  let idx = cache.get(eco);
  if (!idx) {
    idx = build(eco);
    cache.set(eco, idx);
  }
  return idx;
}

/** True when the name is on the ecosystem's popular list (so it is not suspected, and install scripts matter less). */
export function isPopular(eco: Ecosystem, name: string): boolean {
  return indexFor(eco).known.has(normalizeName(eco, name));
}

/** Optimal string alignment distance, capped: returns 2 as soon as the distance exceeds 1. */
function osaWithinOne(a: string, b: string): { d: number; swapped: boolean } {
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
function onlyDigitsDiffer(a: string, b: string): boolean {
  const strip = (s: string): string => {
    let end = s.length;
    while (end > 0 && (s[end - 1] as string) >= '0' && (s[end - 1] as string) <= '9') end--;
    return s.slice(0, end);
  };
  return strip(a) === strip(b) && (/\d$/.test(a) || /\d$/.test(b));
}

/** The popular name this one imitates, or null. Registry packages only; names on the popular list never match. */
export function findTyposquat(eco: Ecosystem, name: string): SquatHit | null {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return null;
  const idx = indexFor(eco);
  const norm = normalizeName(eco, name);
  if (idx.known.has(norm)) return null;
  // Only the owners of an established scope can publish under it, so its names cannot squat anything.
  if (norm.startsWith('@') && idx.knownScopes.has(norm.slice(0, Math.max(0, norm.indexOf('/'))))) return null;
  // 1. One edit or one adjacent swap away (symmetric-delete candidates, then an exact check).
  let best: SquatHit | null = null;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const d of norm.length <= idx.maxTargetLength + 1 ? deletions(norm) : []) {
    for (const ti of idx.deletes.get(d) ?? []) {
      if (ti >= bestRank) continue;
      const target = idx.targets[ti] ?? '';
      const { d: dist, swapped } = osaWithinOne(norm, target);
      if (dist !== 1 || onlyDigitsDiffer(norm, target)) continue;
      best = { target, kind: swapped ? 'swapped_characters' : 'one_edit' };
      bestRank = ti;
    }
  }
  if (best) return best;
  // 2. Same letters, different separators (crossenv vs cross-env).
  const bare = stripSeparators(norm);
  const sepHit = idx.separatorless.get(bare);
  if (sepHit !== undefined && idx.targets[sepHit] !== norm) return { target: idx.targets[sepHit] ?? '', kind: 'separator' };
  // 3. Same parts in another order (parser-yaml vs yaml-parser).
  const sp = eco === 'go' ? null : sortedParts(norm);
  const partHit = sp ? idx.parts.get(sp) : undefined;
  if (partHit !== undefined && idx.targets[partHit] !== norm) return { target: idx.targets[partHit] ?? '', kind: 'reordered_parts' };
  // 4. A popular name dressed with an ecosystem affix (python-requests, node-lodash).
  const { prefixes, suffixes } = AFFIXES[eco];
  for (const p of prefixes) {
    if (!norm.startsWith(p)) continue;
    const core = norm.slice(p.length);
    if (core.length >= MIN_TARGET_LENGTH && idx.targetSet.has(core)) return { target: core, kind: 'affix' };
  }
  for (const s of suffixes) {
    if (!norm.endsWith(s)) continue;
    const core = norm.slice(0, -s.length);
    if (core.length >= MIN_TARGET_LENGTH && idx.targetSet.has(core)) return { target: core, kind: 'affix' };
  }
  // 5. Go: the same repository under a look-alike owner (github.com/boltdb-go/bolt imitating github.com/boltdb/bolt).
  if (eco === 'go') {
    const segs = norm.split('/');
    if (segs.length >= 3 && segs[0] && segs[1]) {
      const owners = idx.repoOwners.get(`${segs[0]}/${segs.slice(2).join('/')}`) ?? [];
      const owner = segs[1];
      const ownerBare = stripSeparators(owner).replace(/^(?:go|golang)|(?:go|golang)$/g, '');
      for (const o of owners) {
        if (o.owner === owner) continue;
        const oBare = stripSeparators(o.owner);
        if (ownerBare === oBare || osaWithinOne(owner, o.owner).d === 1) return { target: idx.targets[o.index] ?? '', kind: 'owner_lookalike' };
      }
    }
  }
  return null;
}
