// supply-chain-scan's typosquat policy: a name that is not itself popular but sits one typo, a separator, a word
// order, an affix or a look-alike Go owner away from one of the most popular names (kit/typosquat does the search).
import { npmHighImpact } from 'npm-high-impact';
import { POPULAR_LISTS } from '../kit/popular-names/lists.ts';
import { TyposquatDetector } from '../kit/typosquat/detector.ts';
import type { SquatKind } from '../kit/typosquat/detector.ts';
import { normalizeName as normalizeFor } from '../kit/typosquat/edits.ts';
import { rankTargets } from '../kit/typosquat/scores.ts';
import type { Ecosystem } from './model.ts';

export type { SquatKind };

interface SquatHit {
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

/** The spelling registries treat as the same name: PEP 503 for PyPI, -/_ for crates.io, case for npm and Go. */
export function normalizeName(eco: Ecosystem, name: string): string {
  return normalizeFor(eco === 'pypi' ? 'pypi' : eco === 'crates' ? 'crates' : 'other', name);
}

/** Affixes that dress up a popular name in each ecosystem (python-requests, node-lodash, serde-rs...). */
const AFFIXES: Readonly<Record<Ecosystem, { prefixes: string[]; suffixes: string[] }>> = {
  npm: { prefixes: ['node-', 'js-', 'npm-'], suffixes: ['-js', '.js', 'js', '-node', '-npm'] },
  pypi: { prefixes: ['python-', 'py-', 'py', 'python3-', 'python'], suffixes: ['-python', '-py', 'py', '3'] },
  crates: { prefixes: ['rust_', 'rs_'], suffixes: ['_rs', '_rust', 'rs'] },
  go: { prefixes: [], suffixes: [] },
};

/** The names left when one of the ecosystem's affixes is taken off, prefixes first, each long enough to judge. */
function affixTargets(eco: Ecosystem, n: string): string[] {
  const { prefixes, suffixes } = AFFIXES[eco];
  const cores = [...prefixes.filter((p) => n.startsWith(p)).map((p) => n.slice(p.length)), ...suffixes.filter((s) => n.endsWith(s)).map((s) => n.slice(0, -s.length))];
  return cores.filter((core) => core.length >= MIN_TARGET_LENGTH);
}

function rawList(eco: Ecosystem): readonly string[] {
  if (eco === 'npm') return npmHighImpact;
  if (eco === 'pypi') return POPULAR_LISTS.pypi.names;
  if (eco === 'go') return POPULAR_LISTS.go.names;
  return POPULAR_LISTS.cargo_uv_deno.names;
}

function build(eco: Ecosystem): TyposquatDetector {
  const normalize = (name: string): string => normalizeName(eco, name);
  const list = rawList(eco);
  return new TyposquatDetector(
    { known: list.map(normalize), targets: rankTargets(list, normalize, TARGETS[eco], MIN_TARGET_LENGTH) },
    {
      normalize,
      maxNameLength: 300,
      minEditTargetLength: MIN_TARGET_LENGTH,
      // Relations in order: one edit or swap, separators, word order, an affix, a Go owner; the best-ranked target wins.
      choose: 'first_relation',
      separators: true,
      reorderedParts: eco !== 'go',
      numberBumpsAreSiblings: true,
      affixTargets: (n) => affixTargets(eco, n),
      ownerLookalike: eco === 'go',
      trustKnownScopes: eco === 'npm',
    },
  );
}

const cache = new Map<Ecosystem, TyposquatDetector>();

function detectorFor(eco: Ecosystem): TyposquatDetector {
  let d = cache.get(eco);
  if (!d) {
    d = build(eco);
    cache.set(eco, d);
  }
  return d;
}

/** True when the name is on the ecosystem's popular list (so it is not suspected, and install scripts matter less). */
export function isPopular(eco: Ecosystem, name: string): boolean {
  return detectorFor(eco).isKnown(name);
}

/** The popular name this one imitates, or null. Registry packages only; names on the popular list never match. */
export function findTyposquat(eco: Ecosystem, name: string): SquatHit | null {
  const hit = detectorFor(eco).find(name);
  return hit === null ? null : { target: hit.target, kind: hit.kind };
}
