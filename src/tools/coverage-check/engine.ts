// Coverage-check engine: matches requirements to stories by weighted shared meaning; pure and deterministic.
import { splitBrief } from './brief.ts';
import { missingBuckets } from './buckets.ts';
import type { MissingBucket } from './buckets.ts';
import { priorWeight, terms } from './text.ts';
import type { Term } from './text.ts';

/** Share of a requirement's weighted meaning a story must carry to cover it. */
export const COVER_THRESHOLD = 0.5;
/** A story within this fraction of the best story's score also counts as covering (split stories). */
const CO_COVER_RATIO = 0.85;
const MAX_MATCHED_TERMS = 8;

export interface CoverageInput {
  stories: string[];
  requirements?: string[] | undefined;
  brief?: string | undefined;
}

export interface CoveredRequirement {
  index: number;
  story_indexes: number[];
  confidence: number;
  matched_terms: string[];
}

export interface UncoveredRequirement {
  index: number;
  text: string;
  nearest_story: { index: number; confidence: number } | null;
}

export interface CoverageResult {
  coverage_score: number;
  requirements_source: 'requirements' | 'brief';
  requirements: string[];
  covered: CoveredRequirement[];
  uncovered_requirements: UncoveredRequirement[];
  orphan_stories: { index: number; text: string }[];
  missing_buckets: MissingBucket[];
}

/** Requirement list to match: given explicitly, else split from the brief. */
export function resolveRequirements(input: CoverageInput): { source: 'requirements' | 'brief'; list: string[] } {
  if (input.requirements !== undefined) return { source: 'requirements', list: input.requirements };
  return { source: 'brief', list: splitBrief(input.brief ?? '', (t) => terms(t).length) };
}

/** Smoothed inverse document frequency (BM25's form: positive for every document frequency). */
function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Requirement words the story carries (surface forms, in requirement order). */
function sharedTerms(req: readonly Term[], story: ReadonlySet<string>): string[] {
  return req.filter((t) => story.has(t.stem)).map((t) => t.surface);
}

/** The whole analysis; `requirements` must be non-empty (the tool checks before calling). */
export function checkCoverage(input: CoverageInput): CoverageResult {
  const { source, list: requirements } = resolveRequirements(input);
  const stories = input.stories;
  const reqTerms = requirements.map((r) => terms(r));
  const storyTerms = stories.map((s) => terms(s));
  const storySets = storyTerms.map((ts) => new Set(ts.map((t) => t.stem)));

  // Document frequency over every text the caller sent: a word that is everywhere tells nothing apart.
  const df = new Map<string, number>();
  for (const doc of [...reqTerms, ...storyTerms]) for (const t of doc) df.set(t.stem, (df.get(t.stem) ?? 0) + 1);
  const n = reqTerms.length + storyTerms.length;
  const weights = new Map<string, number>();
  for (const [stem, count] of df) weights.set(stem, priorWeight(stem) * idf(count, n));
  const weight = (stem: string): number => weights.get(stem) ?? 0;

  // Postings: stem -> stories that contain it, so each requirement only visits stories sharing a term.
  const postings = new Map<string, number[]>();
  storySets.forEach((set, si) => {
    for (const stem of set) {
      const list = postings.get(stem);
      if (list) list.push(si);
      else postings.set(stem, [si]);
    }
  });

  const covered: CoveredRequirement[] = [];
  const uncovered: UncoveredRequirement[] = [];
  const storyUsed = new Array<boolean>(stories.length).fill(false);
  const hit = new Float64Array(stories.length);

  reqTerms.forEach((rt, ri) => {
    // Weighted containment: the IDF-weighted share of the requirement's terms found in a story. Asymmetric on
    // purpose: a long use case that carries a short requirement covers it, whatever else it contains.
    hit.fill(0);
    let total = 0;
    for (const t of rt) {
      const w = weight(t.stem);
      total += w;
      for (const si of postings.get(t.stem) ?? []) hit[si] = (hit[si] ?? 0) + w;
    }
    let bestIndex = -1;
    let bestScore = 0;
    for (let si = 0; si < hit.length; si++) {
      const score = total > 0 ? (hit[si] ?? 0) / total : 0;
      if (score > bestScore) {
        bestScore = score;
        bestIndex = si;
      }
    }
    if (bestIndex < 0 || bestScore < COVER_THRESHOLD) {
      uncovered.push({
        index: ri,
        text: requirements[ri] ?? '',
        nearest_story: bestIndex >= 0 ? { index: bestIndex, confidence: round2(bestScore) } : null,
      });
      return;
    }
    const floor = Math.max(COVER_THRESHOLD, bestScore * CO_COVER_RATIO);
    const hits: number[] = [];
    for (let si = 0; si < hit.length; si++) if ((hit[si] ?? 0) / total >= floor) hits.push(si);
    for (const si of hits) storyUsed[si] = true;
    covered.push({
      index: ri,
      story_indexes: hits,
      confidence: round2(bestScore),
      matched_terms: sharedTerms(rt, storySets[bestIndex] ?? new Set()).slice(0, MAX_MATCHED_TERMS),
    });
  });

  const orphans = stories.map((text, index) => ({ index, text })).filter((s) => !storyUsed[s.index]);
  const score = requirements.length > 0 ? Math.round((100 * covered.length) / requirements.length) : 0;
  return {
    coverage_score: score,
    requirements_source: source,
    requirements,
    covered,
    uncovered_requirements: uncovered,
    orphan_stories: orphans,
    missing_buckets: missingBuckets(requirements, stories),
  };
}
