// The score of a text as a zod schema: humanizer-score answers it whole, humanize reports its `score`; the scorer's
// types are derived from it, so the schema and the engine cannot drift apart.
import { z } from 'zod';
import { FAMILIES, PATTERNS } from './catalogue.ts';
import { VERDICTS } from './model.ts';

/** The longest text the text tools take (their `text` field's cap). */
export const MAX_TEXT = 200_000;
/** Matches listed per pattern (the count is always the full count). */
export const MAX_MATCHES_PER_PATTERN = 25;
/** Longest match text returned; longer matches are cut (offsets still give the whole range). */
export const MAX_MATCH_TEXT = 300;

const match = z.object({
  text: z.string().max(MAX_MATCH_TEXT).describe('The matched text (cut to 300 characters; the offsets give the whole range).'),
  start: z.number().int().min(0).describe('Offset of the first character of the match in the input (UTF-16 code units).'),
  end: z.number().int().min(0).describe('Offset one past the last character of the match.'),
});

const pattern = z.object({
  id: z.string().max(100).describe('Stable pattern id, <family>.<name>.'),
  family: z.enum(FAMILIES).describe('The family of tells the pattern belongs to.'),
  description: z.string().max(300).describe('What the pattern looks for.'),
  count: z.number().int().min(1).describe('How many times it fired (only the first 3 count towards the score).'),
  weight: z.number().min(0).max(3).describe('Fitted weight: smoothed log-odds of the pattern firing in AI versus human documents.'),
  matches: z.array(match).max(MAX_MATCHES_PER_PATTERN).describe('Up to 25 matches in order; empty for whole-text signals (cadence).'),
});

const stats = z.object({
  words: z.number().int().min(0).describe('Words in the prose (code blocks, inline code and URLs excluded).'),
  sentences: z.number().int().min(0).describe('Sentences (split at . ! ? and line breaks).'),
  paragraphs: z.number().int().min(0).describe('Paragraphs (blocks separated by blank lines).'),
  mean_sentence_length: z.number().min(0).describe('Mean words per sentence.'),
  sentence_length_sd: z.number().min(0).describe('Standard deviation of words per sentence.'),
  sentence_length_cv: z.number().min(0).describe('Sentence-length variation (sd / mean); low values mean a uniform cadence. A model input.'),
  type_token_ratio: z.number().min(0).max(1).describe('Moving-average type-token ratio over 50-word windows.'),
  mean_word_length: z.number().min(0).describe('Mean letters per word. A model input.'),
  contractions_per_100_words: z.number().min(0).describe('Contractions per 100 words.'),
  first_person_per_100_words: z.number().min(0).describe('I/me/my/mine/myself per 100 words.'),
  questions_exclamations_per_sentence: z.number().min(0).describe('Question and exclamation marks per sentence.'),
  commas_per_sentence: z.number().min(0).describe('Commas per sentence.'),
  tell_density: z.number().min(0).describe('Weighted pattern hits per 100 words (each pattern counted at most 3 times; texts under 100 words count as 100). A model input.'),
});

/** humanizer-score's success body (without request_id). */
export const scoreOutput = z.object({
  score: z.number().int().min(0).max(100).describe('0..100, higher means more AI-writing tells: 100 x the fitted probability that the text is AI-written.'),
  verdict: z.enum(VERDICTS).describe('likely_human below 35, likely_ai from 65, mixed between.'),
  patterns: z.array(pattern).max(PATTERNS.length).describe('Every pattern that fired, in catalogue order.'),
  stats: stats.describe('Text statistics, including the signals the score uses.'),
});

export type ScoreResult = z.input<typeof scoreOutput>;
export type FiredPattern = ScoreResult['patterns'][number];
/** The statistics reported with every score, before the model adds its tell density. */
export type TextStats = Omit<ScoreResult['stats'], 'tell_density'>;
