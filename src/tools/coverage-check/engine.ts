// Coverage-check engine: matches requirements to stories by weighted shared meaning; pure and deterministic.
import { splitBrief } from './brief.ts';
import { missingBuckets } from './buckets.ts';
import { countedTerms, priorWeight } from './text.ts';
import type { CountedTerm } from './text.ts';
import type { Input, Output } from './tool.ts';

/** A story linked to a requirement scores at least this fraction of that requirement's best story. */
const LINK_RATIO = 0.75;
/** A requirement whose best similarity is under this fraction of the input's median best is uncovered. */
const UNCOVERED_RATIO = 0.5;
/** Below this cosine a requirement is uncovered and nothing is linked to it, whatever the input's size. */
export const SIMILARITY_FLOOR = 0.1;
/** A term in more than this share of the stories is template vocabulary (with at least TEMPLATE_MIN_STORIES). */
const TEMPLATE_SHARE = 0.5;
const TEMPLATE_MIN_STORIES = 4;
const MAX_MATCHED_TERMS = 8;

type CoverageInput = Pick<Input, 'stories' | 'requirements' | 'brief'>;
type CoveredRequirement = Output['covered'][number];
type UncoveredRequirement = Output['uncovered_requirements'][number];
/** The requirement list to match and where it came from. */
type Resolved = { source: Output['requirements_source']; list: string[] };

/** Requirement list to match: given explicitly, else split from the brief. */
export function resolveRequirements(input: CoverageInput): Resolved {
  if (input.requirements !== undefined) return { source: 'requirements', list: input.requirements };
  return { source: 'brief', list: splitBrief(input.brief ?? '', (t) => countedTerms(t).length) };
}

/** Smoothed inverse document frequency (BM25's form: positive for every document frequency). */
function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Median of a non-empty list. */
function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Stems found in more than TEMPLATE_SHARE of the stories: the story set's template, not its content. */
export function templateStems(storyTerms: readonly (readonly CountedTerm[])[], share = TEMPLATE_SHARE): Set<string> {
  const out = new Set<string>();
  if (storyTerms.length < TEMPLATE_MIN_STORIES) return out;
  const df = new Map<string, number>();
  for (const doc of storyTerms) for (const t of doc) df.set(t.stem, (df.get(t.stem) ?? 0) + 1);
  for (const [stem, count] of df) if (count > share * storyTerms.length) out.add(stem);
  return out;
}

/** A TF-IDF vector: term weights and the vector's length. */
interface Vector {
  weights: Map<string, number>;
  norm: number;
}

/** The decision constants, as one object so the bench can show how the result moves around them. */
export interface CoverageRules {
  linkRatio: number;
  uncoveredRatio: number;
  floor: number;
  templateShare: number;
}
export const RULES: Readonly<CoverageRules> = { linkRatio: LINK_RATIO, uncoveredRatio: UNCOVERED_RATIO, floor: SIMILARITY_FLOOR, templateShare: TEMPLATE_SHARE };

/** Term counts and TF-IDF vectors of the requirements and the stories, the story set's template words dropped. */
function vectorise(requirements: readonly string[], stories: readonly string[], rules: Readonly<CoverageRules>) {
  const storyCounted = stories.map((s) => countedTerms(s));
  const template = templateStems(storyCounted, rules.templateShare);
  const keep = (doc: CountedTerm[]): CountedTerm[] => doc.filter((t) => !template.has(t.stem));
  const reqCounted = requirements.map((r) => countedTerms(r));
  const reqTerms = reqCounted.map(keep);
  const storyTerms = storyCounted.map(keep);

  // Document frequency over every text the caller sent: a word that is everywhere tells nothing apart.
  const df = new Map<string, number>();
  for (const doc of [...reqTerms, ...storyTerms]) for (const t of doc) df.set(t.stem, (df.get(t.stem) ?? 0) + 1);
  const n = reqTerms.length + storyTerms.length;
  const idfOf = new Map<string, number>();
  for (const [stem, count] of df) idfOf.set(stem, priorWeight(stem) * idf(count, n));
  const vector = (doc: readonly CountedTerm[]): Vector => {
    const weights = new Map<string, number>();
    let sq = 0;
    for (const t of doc) {
      const w = (1 + Math.log(t.count)) * (idfOf.get(t.stem) ?? 0);
      weights.set(t.stem, w);
      sq += w * w;
    }
    return { weights, norm: Math.sqrt(sq) };
  };

  return { reqCounted, storyCounted, reqTerms, storyTerms, reqVectors: reqTerms.map(vector), storyVectors: storyTerms.map(vector) };
}

/** Per requirement: the stories sharing a term with it and their cosines, in parallel arrays. */
interface Similarities {
  index: Int32Array;
  value: Float64Array;
}

/** Cosines of every requirement with the stories that share a term with it. */
function similarities(reqVectors: readonly Vector[], storyVectors: readonly Vector[]): Similarities[] {
  // Postings: stem -> stories and weights, so each requirement only visits stories sharing a term.
  const postingStories = new Map<string, number[]>();
  const postingWeights = new Map<string, number[]>();
  storyVectors.forEach((v, si) => {
    for (const [stem, w] of v.weights) {
      const list = postingStories.get(stem);
      if (list) {
        list.push(si);
        (postingWeights.get(stem) as number[]).push(w);
      } else {
        postingStories.set(stem, [si]);
        postingWeights.set(stem, [w]);
      }
    }
  });

  // Cosine of every requirement with every story that shares a term with it: dot products accumulated in one
  // reused array, with the stories touched listed so that clearing it costs no more than filling it.
  const dot = new Float64Array(storyVectors.length);
  const touched: number[] = [];
  return reqVectors.map((rv) => {
    touched.length = 0;
    for (const [stem, w] of rv.weights) {
      const list = postingStories.get(stem);
      if (!list) continue;
      const ws = postingWeights.get(stem) as number[];
      for (let k = 0; k < list.length; k++) {
        const si = list[k] as number;
        if (dot[si] === 0) touched.push(si);
        dot[si] = (dot[si] ?? 0) + w * (ws[k] ?? 0);
      }
    }
    const index = Int32Array.from(touched);
    const value = new Float64Array(index.length);
    index.forEach((si, k) => {
      const denom = rv.norm * (storyVectors[si]?.norm ?? 0);
      value[k] = denom > 0 ? (dot[si] ?? 0) / denom : 0;
      dot[si] = 0;
    });
    return { index, value };
  });
}

/** Each requirement's best story (-1 when none shares a term) and its cosine; ties go to the earlier story. */
function bestMatches(sims: readonly Similarities[]): { index: number; score: number }[] {
  return sims.map(({ index, value }) => {
    let bestIndex = -1;
    let bestScore = 0;
    for (let k = 0; k < index.length; k++) {
      const si = index[k] as number;
      const v = value[k] as number;
      if (v > bestScore || (v === bestScore && bestIndex >= 0 && si < bestIndex)) {
        bestIndex = si;
        bestScore = v;
      }
    }
    return { index: bestIndex, score: bestScore };
  });
}

/** The whole analysis; `resolved` is the non-empty requirement list (the tool's prepare step checks it). */
export function checkCoverage(input: CoverageInput, resolved: Resolved = resolveRequirements(input), rules: Readonly<CoverageRules> = RULES): Output {
  const { source, list: requirements } = resolved;
  const stories = input.stories;
  const { reqCounted, storyCounted, reqTerms, storyTerms, reqVectors, storyVectors } = vectorise(requirements, stories, rules);
  const sims = similarities(reqVectors, storyVectors);
  const best = bestMatches(sims);
  // Uncovered is relative to this input: under half the typical best match, or under the floor.
  const uncoveredBelow = Math.max(rules.floor, rules.uncoveredRatio * median(best.map((b) => b.score)));

  const covered: CoveredRequirement[] = [];
  const uncovered: UncoveredRequirement[] = [];
  const storyUsed = new Array<boolean>(stories.length).fill(false);
  reqTerms.forEach((rt, ri) => {
    const b = best[ri] ?? { index: -1, score: 0 };
    if (b.index < 0 || b.score < uncoveredBelow) {
      uncovered.push({
        index: ri,
        text: requirements[ri] ?? '',
        nearest_story: b.index >= 0 ? { index: b.index, confidence: round2(b.score) } : null,
      });
      return;
    }
    const linkFrom = Math.max(rules.floor, rules.linkRatio * b.score);
    const own = sims[ri] ?? { index: new Int32Array(0), value: new Float64Array(0) };
    const hits: number[] = [];
    for (let k = 0; k < own.index.length; k++) if ((own.value[k] ?? 0) >= linkFrom) hits.push(own.index[k] as number);
    hits.sort((x, y) => x - y);
    for (const si of hits) storyUsed[si] = true;
    const bestStory = new Set((storyTerms[b.index] ?? []).map((t) => t.stem));
    covered.push({
      index: ri,
      story_indexes: hits,
      confidence: round2(b.score),
      matched_terms: rt.filter((t) => bestStory.has(t.stem)).map((t) => t.surface).slice(0, MAX_MATCHED_TERMS),
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
    missing_buckets: missingBuckets(requirements, stories, { requirementTerms: reqCounted, storyTerms: storyCounted }),
  };
}
