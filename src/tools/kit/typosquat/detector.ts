// Typosquat detection against popular names: the neighbours of a name among the targets (one edit, a swap,
// separators, reordered parts, an affix, a look-alike Go owner), chosen as the tool's policy says.
import { deletions, onlyNumberDiffers, partsKey, stripSeparators, withinOneEdit } from './edits.ts';

export type SquatKind = 'one_edit' | 'swapped_characters' | 'separator' | 'reordered_parts' | 'affix' | 'owner_lookalike';

export interface SquatHit {
  /** The imitated name, as the lists spell it. */
  target: string;
  kind: SquatKind;
  /** The target's score (higher is more popular; what it means is the tool's: a popularity ratio, a rank). */
  score: number;
}

/** How a tool judges neighbours: the relations it checks and how it picks among hits. */
export interface SquatPolicy {
  /** The registry's spelling of a name (case, separators). */
  normalize(name: string): string;
  /** Longer names are not judged. */
  maxNameLength: number;
  /** Shortest target tested for one-edit neighbours: short names have too many honest neighbours (ms/qs/ws). */
  minEditTargetLength: number;
  /**
   * `most_popular`: every relation is tested and the target with the highest score wins (ties: the name first in
   * code-point order). `first_relation`: the relations are tested in order (edit, separator, reordered parts,
   * affix, owner) and the first that finds a target answers, with its best target.
   */
  choose: 'most_popular' | 'first_relation';
  /** Same letters with other separators (crossenv ~ cross-env). */
  separators: boolean;
  /** Same parts in another order (parser-yaml ~ yaml-parser). */
  reorderedParts: boolean;
  /** An edit that only bumps a trailing number (vue2/vue3) names a sibling. */
  numberBumpsAreSiblings: boolean;
  /** The popular names a (normalised) name may dress up with an affix, in preference order. */
  affixTargets(normalized: string): string[];
  /** Go: the same repository under a look-alike owner (github.com/boltdb-go/bolt ~ github.com/boltdb/bolt). */
  ownerLookalike: boolean;
  /** npm: a name under a scope that owns a known package (or @<known name>) is not a suspect. */
  trustKnownScopes: boolean;
}

/** The lists a detector reads, normalised by the policy's `normalize`. */
export interface PopularNames {
  /** Every name on the lists: never a suspect. */
  known: Iterable<string>;
  /** The names that can be imitated, with their score, in preference order. */
  targets: ReadonlyMap<string, number>;
  /** Normalised name -> the spelling to answer with (default: the normalised name). */
  spelling?: ReadonlyMap<string, string>;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const arr = map.get(key);
  if (!arr) map.set(key, [value]);
  else if (arr[arr.length - 1] !== value) arr.push(value);
}

/** `b` when it beats `a`: a higher score, or the same score and a name first in code-point order. */
function better(a: SquatHit | null, b: SquatHit): SquatHit {
  return a === null || b.score > a.score || (b.score === a.score && b.target < a.target) ? b : a;
}

/** Indexes of the targets, built once per list (the lists are static). */
export class TyposquatDetector {
  private readonly known: Set<string>;
  private readonly knownScopes = new Set<string>();
  /** Each target and each of its single-character deletions -> targets (symmetric-delete index). */
  private readonly deletes = new Map<string, string[]>();
  private readonly parts = new Map<string, string[]>();
  private readonly bare = new Map<string, string[]>();
  /** Go: "<host>/<repo>" -> owners of popular modules with that repository name, in target order. */
  private readonly repoOwners = new Map<string, { owner: string; target: string }[]>();
  /** Longest edit target: a name more than one character longer cannot be one edit away from any. */
  private maxTargetLength = 0;

  constructor(
    private readonly names: PopularNames,
    private readonly policy: SquatPolicy,
  ) {
    this.known = new Set(names.known);
    if (policy.trustKnownScopes) {
      for (const n of this.known) {
        if (n.startsWith('@') && n.includes('/')) this.knownScopes.add(n.slice(0, n.indexOf('/')));
        // The project behind a popular unscoped name normally holds the matching scope too (npm -> @npm).
        else this.knownScopes.add(`@${n}`);
      }
    }
    for (const t of names.targets.keys()) this.indexTarget(t);
  }

  private indexTarget(t: string): void {
    const { policy } = this;
    if (policy.reorderedParts) {
      const pk = partsKey(t);
      if (pk !== null) push(this.parts, pk, t);
    }
    if (policy.separators) push(this.bare, stripSeparators(t), t);
    if (policy.ownerLookalike) {
      const segs = t.split('/');
      if (segs.length >= 3 && segs[0] && segs[1] && segs[2]) push(this.repoOwners, `${segs[0]}/${segs.slice(2).join('/')}`, { owner: segs[1], target: t });
    }
    if (t.length < policy.minEditTargetLength) return;
    this.maxTargetLength = Math.max(this.maxTargetLength, t.length);
    for (const d of deletions(t)) push(this.deletes, d, t);
  }

  /** True when the name is on the lists. */
  isKnown(name: string): boolean {
    return this.known.has(this.policy.normalize(name));
  }

  /** The target's score, or null when the name is not a target. */
  score(name: string): number | null {
    return this.names.targets.get(this.policy.normalize(name)) ?? null;
  }

  /** The popular name `name` imitates, or null. Names on the lists are never suspects. */
  find(name: string): SquatHit | null {
    const { policy } = this;
    if (name.length === 0 || name.length > policy.maxNameLength) return null;
    const n = policy.normalize(name);
    if (this.known.has(n)) return null;
    // Only the owners of an established scope can publish under it, so its names cannot squat anything.
    if (policy.trustKnownScopes && n.startsWith('@') && this.knownScopes.has(n.slice(0, Math.max(0, n.indexOf('/'))))) return null;
    const relations = [
      (): SquatHit[] => this.edits(n),
      (): SquatHit[] => this.best(n, this.bare.get(stripSeparators(n)), 'separator'),
      (): SquatHit[] => this.best(n, this.parts.get(partsKey(n) ?? ''), 'reordered_parts'),
      (): SquatHit[] => this.hits(n, policy.affixTargets(n), 'affix'),
      (): SquatHit[] => (policy.ownerLookalike ? this.owner(n) : []),
    ];
    let best: SquatHit | null = null;
    for (const relation of relations) {
      const hits = relation();
      if (policy.choose === 'first_relation' && hits[0]) return this.spelled(hits[0]);
      for (const h of hits) best = better(best, h);
    }
    return best === null ? null : this.spelled(best);
  }

  private spelled(hit: SquatHit): SquatHit {
    return { ...hit, target: this.names.spelling?.get(hit.target) ?? hit.target };
  }

  private hits(n: string, candidates: readonly string[] | undefined, kind: SquatKind): SquatHit[] {
    const out: SquatHit[] = [];
    for (const t of candidates ?? []) {
      const score = this.names.targets.get(t);
      if (t !== n && score !== undefined) out.push({ target: t, kind, score });
    }
    return out;
  }

  private best(n: string, candidates: readonly string[] | undefined, kind: SquatKind): SquatHit[] {
    let best: SquatHit | null = null;
    for (const h of this.hits(n, candidates, kind)) best = better(best, h);
    return best === null ? [] : [best];
  }

  /** One edit or one adjacent swap away: symmetric-delete candidates, then an exact check. */
  private edits(n: string): SquatHit[] {
    if (n.length > this.maxTargetLength + 1) return [];
    let best: SquatHit | null = null;
    for (const d of deletions(n)) {
      for (const t of this.deletes.get(d) ?? []) {
        const { d: dist, swapped } = withinOneEdit(n, t);
        if (dist !== 1 || (this.policy.numberBumpsAreSiblings && onlyNumberDiffers(n, t))) continue;
        best = better(best, { target: t, kind: swapped ? 'swapped_characters' : 'one_edit', score: this.names.targets.get(t) ?? 0 });
      }
    }
    return best === null ? [] : [best];
  }

  /** Go: the repository of a popular module under an owner that differs by separators, a go affix or one edit. */
  private owner(n: string): SquatHit[] {
    const segs = n.split('/');
    if (segs.length < 3 || !segs[0] || !segs[1]) return [];
    const owner = segs[1];
    const ownerBare = stripSeparators(owner).replace(/^(?:go|golang)|(?:go|golang)$/g, '');
    for (const o of this.repoOwners.get(`${segs[0]}/${segs.slice(2).join('/')}`) ?? []) {
      if (o.owner === owner) continue;
      if (ownerBare === stripSeparators(o.owner) || withinOneEdit(owner, o.owner).d === 1) return this.hits(n, [o.target], 'owner_lookalike');
    }
    return [];
  }
}
