// humanizer-score engine: scores a text for AI-writing tells with the shared text-tells catalogue and model.
import { scoreText } from '../kit/text-tells/scorer.ts';
import type { Output } from './tool.ts';

/** Scores `text` (0..100, higher = more AI tells) and lists every pattern that fired with its matches. */
export function humanizerScore(text: string): Output {
  return scoreText(text);
}
