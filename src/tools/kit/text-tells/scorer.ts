// Scores a text for AI-writing tells: the public entry point shared by humanizer-score and humanize.
import { PATTERNS } from './catalogue.ts';
import type { Family } from './catalogue.ts';
import { detect } from './detect.ts';
import { COEFFICIENTS, PATTERN_WEIGHTS } from './fitted-weights.ts';
import { logit, modelFeatures, scoreOf, verdictOf } from './model.ts';
import type { Verdict } from './model.ts';
import type { TextStats } from './stats.ts';

/** Matches listed per pattern (the count is always the full count). */
export const MAX_MATCHES_PER_PATTERN = 25;
/** Longest match text returned; longer matches are cut (offsets still give the whole range). */
export const MAX_MATCH_TEXT = 300;

export interface PatternMatch {
  text: string;
  start: number;
  end: number;
}

export interface FiredPattern {
  id: string;
  family: Family;
  description: string;
  count: number;
  weight: number;
  matches: PatternMatch[];
}

export interface ScoreStats extends TextStats {
  /** Weighted tell hits per 100 words (each pattern counted at most 3 times). */
  tell_density: number;
}

export interface ScoreResult {
  score: number;
  verdict: Verdict;
  patterns: FiredPattern[];
  stats: ScoreStats;
}

/** Scores `text`: patterns that fired (in catalogue order), statistics, score and verdict. */
export function scoreText(text: string): ScoreResult {
  const det = detect(text, MAX_MATCHES_PER_PATTERN);
  const features = modelFeatures(det, PATTERN_WEIGHTS);
  const score = scoreOf(logit(features, COEFFICIENTS));
  const patterns: FiredPattern[] = [];
  for (const p of PATTERNS) {
    const hits = det.hits.get(p.id);
    if (!hits) continue;
    const documentLevel = p.matcher.kind === 'document';
    patterns.push({
      id: p.id,
      family: p.family,
      description: p.description,
      count: det.counts.get(p.id) ?? hits.length,
      weight: PATTERN_WEIGHTS[p.id] ?? 0,
      matches: documentLevel ? [] : hits.slice(0, MAX_MATCHES_PER_PATTERN).map((h) => ({ text: text.slice(h.start, Math.min(h.end, h.start + MAX_MATCH_TEXT)), start: h.start, end: h.end })),
    });
  }
  return {
    score,
    verdict: verdictOf(score),
    patterns,
    stats: { ...det.stats, tell_density: Math.round(features.tell_density * 1000) / 1000 },
  };
}
