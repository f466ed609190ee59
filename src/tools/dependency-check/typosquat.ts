// dependency-check's typosquat policy: a name is a suspect when it is one edit, two swapped characters, reordered
// hyphen parts or a py/python affix away from a name far more popular than it can be (kit/typosquat does the search).
import { npmHighImpact, npmTopDependents, npmTopDownloads } from 'npm-high-impact';
import { POPULAR_LISTS } from '../kit/popular-names/lists.ts';
import { TyposquatDetector } from '../kit/typosquat/detector.ts';
import type { SquatKind as FoundKind, SquatPolicy } from '../kit/typosquat/detector.ts';
import { normalizeName } from '../kit/typosquat/edits.ts';
import { zipfPopularity } from '../kit/typosquat/scores.ts';
import type { Ecosystem } from './model.ts';

type SquatKind = 'one_edit' | 'swapped_characters' | 'reordered_parts' | 'python_affix';

interface SquatHit {
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

/**
 * The lists per ecosystem. Ranked lists give each name a popularity estimate; unranked ones (RubyGems, crates.io)
 * only say that a name is established.
 */
function listsFor(eco: Ecosystem): { ranked: (readonly string[])[]; unranked: readonly string[] } {
  const e = POPULAR_LISTS;
  switch (eco) {
    case 'npm':
      return { ranked: [npmTopDownloads, npmTopDependents, e.npm.names], unranked: npmHighImpact };
    case 'pypi':
      return { ranked: [e.pypi.names], unranked: [] };
    case 'go':
      return { ranked: [e.go.names], unranked: [] };
    case 'rubygems':
      return { ranked: [], unranked: e.rubygems.names };
    case 'cargo':
      return { ranked: [], unranked: e.cargo.names };
  }
}

function normalize(eco: Ecosystem, name: string): string {
  return normalizeName(eco === 'pypi' ? 'pypi' : eco === 'cargo' ? 'crates' : 'other', name);
}

/** python-requests / requests-py dress a popular name up; yaml / dateutil drop the py of pyyaml / python-dateutil. */
function pythonAffixTargets(n: string): string[] {
  const out: string[] = [];
  const stripped = n.replace(/^(python|py)-?/, '').replace(/-?(python|py)$/, '');
  if (stripped !== n && stripped.length >= 3) out.push(stripped);
  if (n.length >= 3) out.push(`py${n}`, `py-${n}`, `python-${n}`, `${n}-python`, `${n}-py`);
  return out;
}

function policyFor(eco: Ecosystem): SquatPolicy {
  return {
    normalize: (name) => normalize(eco, name),
    maxNameLength: 214,
    minEditTargetLength: 5,
    // Among several targets the most popular is named (yaml imitates pyyaml, not pyaml).
    choose: 'most_popular',
    separators: false,
    reorderedParts: true,
    numberBumpsAreSiblings: false,
    affixTargets: eco === 'pypi' ? pythonAffixTargets : () => [],
    ownerLookalike: false,
    trustKnownScopes: false,
  };
}

const detectors = new Map<Ecosystem, { detector: TyposquatDetector; popularity: Map<string, number> }>();

/**
 * Built once per ecosystem on first use (the lists are static, so this is a pure memo). Names on a list are
 * established packages and never suspects; an unlisted name is at most as popular as a list's floor (1), so a
 * listed name is a target when it is at least MIN_RATIO times that.
 */
function detectorFor(eco: Ecosystem): { detector: TyposquatDetector; popularity: Map<string, number> } {
  const cached = detectors.get(eco);
  if (cached) return cached;
  const { ranked, unranked } = listsFor(eco);
  const { popularity, spelling } = zipfPopularity(ranked, unranked, (n) => normalize(eco, n), MIN_RATIO);
  const targets = new Map([...popularity].filter(([, p]) => p >= MIN_RATIO));
  const built = { detector: new TyposquatDetector({ known: popularity.keys(), targets, spelling }, policyFor(eco)), popularity };
  detectors.set(eco, built);
  return built;
}

/** Popularity estimate of a name (multiples of a list's floor); null when it is on no list. */
export function popularity(eco: Ecosystem, name: string): number | null {
  return detectorFor(eco).popularity.get(normalize(eco, name)) ?? null;
}

function kindOf(kind: FoundKind): SquatKind {
  if (kind === 'affix') return 'python_affix';
  if (kind === 'one_edit' || kind === 'swapped_characters' || kind === 'reordered_parts') return kind;
  throw new Error(`dependency-check's policy never looks for ${kind}`);
}

/** The popular name `name` imitates, or null. */
export function typosquatOf(eco: Ecosystem, name: string): SquatHit | null {
  const hit = detectorFor(eco).detector.find(name);
  return hit === null ? null : { target: hit.target, kind: kindOf(hit.kind), ratio: Math.floor(hit.score) };
}

/** Where each list comes from, for the README and the output. */
export function popularSources(): Record<Ecosystem, { source: string; licence: string; count: number }> {
  const e = POPULAR_LISTS;
  const count = (eco: Ecosystem): number => detectorFor(eco).popularity.size;
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
