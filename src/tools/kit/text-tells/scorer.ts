// Scores a text for AI-writing tells: the public entry point shared by humanizer-score and humanize.
import { PATTERNS } from './catalogue.ts';
import { detect } from './detect.ts';
import { COEFFICIENTS, PATTERN_WEIGHTS } from './fitted-weights.ts';
import { logit, modelFeatures, scoreOf, verdictOf } from './model.ts';
import { MAX_MATCH_TEXT, MAX_MATCHES_PER_PATTERN } from './score-schema.ts';
import type { FiredPattern, ScoreResult } from './score-schema.ts';

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
