// The scoring model: weighted tell density, the rate of a published word list and two cadence/style signals,
// combined by a fitted logistic.
import { PATTERNS } from './catalogue.ts';
import type { Detection } from './detect.ts';

/** At most this many hits of one pattern count: a word repeated ten times is still one habit. */
const COUNT_CAP = 3;
/** Density is per 100 words, with short texts treated as 100 words so one hit in a sentence is not extreme. */
const MIN_WORDS = 100;

/** Patterns whose hits are a rate of their own (`list` matchers), not weighted tells. */
const LIST_PATTERNS: ReadonlySet<string> = new Set(PATTERNS.flatMap((p) => (p.matcher.kind === 'list' ? [p.id] : [])));

/** The model inputs derived from one detection. */
export interface ModelFeatures {
  /** Sum over fired patterns (list patterns excepted) of weight x min(count, 3), per 100 words. */
  tell_density: number;
  /** Words of the published list per 100 words, each distinct word counted at most 3 times. */
  list_rate: number;
  mean_word_length: number;
  sentence_length_cv: number;
}

export interface ModelCoefficients {
  intercept: number;
  /** Multiplies ln(1 + tell_density). */
  log_tell_density: number;
  /** Multiplies ln(1 + list_rate). */
  log_list_rate: number;
  mean_word_length: number;
  sentence_length_cv: number;
}

/** Computes the model features from a detection and the per-pattern weights. */
export function modelFeatures(det: Detection, weights: Readonly<Record<string, number>>): ModelFeatures {
  let evidence = 0;
  for (const [id, count] of det.counts) if (!LIST_PATTERNS.has(id)) evidence += (weights[id] ?? 0) * Math.min(count, COUNT_CAP);
  let listed = 0;
  for (const count of det.listWords.values()) listed += Math.min(count, COUNT_CAP);
  const words = Math.max(det.stats.words, MIN_WORDS);
  return {
    tell_density: (evidence * 100) / words,
    list_rate: (listed * 100) / words,
    mean_word_length: det.stats.mean_word_length,
    sentence_length_cv: det.stats.sentence_length_cv,
  };
}

/** Linear predictor (log-odds of "AI-written") of the features. */
export function logit(f: ModelFeatures, c: ModelCoefficients): number {
  return c.intercept + c.log_tell_density * Math.log1p(f.tell_density) + c.log_list_rate * Math.log1p(f.list_rate) + c.mean_word_length * f.mean_word_length + c.sentence_length_cv * f.sentence_length_cv;
}

/** Score 0..100: the logistic of the linear predictor, rounded to an integer. */
export function scoreOf(z: number): number {
  return Math.round(100 / (1 + Math.exp(-z)));
}

export const VERDICTS = ['likely_human', 'mixed', 'likely_ai'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Below this, likely human; at or above LIKELY_AI, likely AI (see README for the rates on the bench). */
const LIKELY_HUMAN_BELOW = 35;
const LIKELY_AI_FROM = 65;

export function verdictOf(score: number): Verdict {
  if (score < LIKELY_HUMAN_BELOW) return 'likely_human';
  if (score >= LIKELY_AI_FROM) return 'likely_ai';
  return 'mixed';
}
