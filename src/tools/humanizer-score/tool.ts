// humanizer-score: detects AI-writing tells in a text and scores them, listing every pattern that fired.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { hostileTextCases } from '../kit/text-tells/hostile.ts';
import { FAMILIES, PATTERNS } from '../kit/text-tells/catalogue.ts';
import { MAX_MATCHES_PER_PATTERN, MAX_MATCH_TEXT } from '../kit/text-tells/scorer.ts';
import { humanizerScore } from './engine.ts';

export const MAX_TEXT = 200_000;

const input = z
  .object({
    text: z.string().min(1).max(MAX_TEXT).optional().describe('The text to score (plain text or Markdown), up to 200,000 characters. Required unless upload_id is given.'),
    upload_id: uploadIdField.optional(),
  })
  .superRefine(requireTextOrUpload('text'));

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

const output = z.object({
  score: z.number().int().min(0).max(100).describe('0..100, higher means more AI-writing tells: 100 x the fitted probability that the text is AI-written.'),
  verdict: z.enum(['likely_human', 'mixed', 'likely_ai']).describe('likely_human below 35, likely_ai from 65, mixed between.'),
  patterns: z.array(pattern).max(PATTERNS.length).describe('Every pattern that fired, in catalogue order.'),
  stats: stats.describe('Text statistics, including the signals the score uses.'),
});

export default defineTool({
  name: 'humanizer-score',
  title: 'Humanizer score',
  summary: 'Detect AI-writing tells, with the patterns that fired',
  description:
    `Scores a text 0..100 for signs of AI writing and lists every pattern that fired (${PATTERNS.length} patterns in 15 families: AI vocabulary, significance inflation, -ing tails, chatbot artefacts, negative parallelism, stacked transitions, dash overuse, promotional puffery, vague attribution, upbeat conclusions, signposting, markup residue, knowledge-cutoff disclaimers, formatting, cadence), with matched text and offsets. ` +
    'The score is a logistic model of the weighted density of tells per 100 words, mean word length and sentence-length variation, fitted on labelled human and AI texts (AUROC about 0.9 on held-out texts). ' +
    'Use it to find what to edit, or as one signal among others: it is a heuristic, not proof of authorship; short texts and formal human prose can score high, and edited AI text can score low. English only. Deterministic.',
  credits: 1,
  deployed: true,
  uploadField: 'text',
  input,
  output,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  // Real engine outputs (the registry test checks them).
  // Real engine outputs: the tests and the registry check run them.
  examples: [
    {
      "title": "Brochure prose full of tells",
      "input": {
        "text": "Nestled in the heart of the old town, the bakery stands as a testament to meticulous craft. Moreover, it plays a pivotal role in the community."
      },
      "output": {
        "score": 100,
        "verdict": "likely_ai",
        "patterns": [
          {
            "id": "ai-vocabulary.pivotal",
            "family": "ai-vocabulary",
            "description": "\"pivotal\"",
            "count": 1,
            "weight": 2.138,
            "matches": [
              {
                "text": "pivotal",
                "start": 113,
                "end": 120
              }
            ]
          },
          {
            "id": "ai-vocabulary.meticulous",
            "family": "ai-vocabulary",
            "description": "\"meticulous\", \"meticulously\"",
            "count": 1,
            "weight": 2.135,
            "matches": [
              {
                "text": "meticulous",
                "start": 74,
                "end": 84
              }
            ]
          },
          {
            "id": "significance-inflation.stands-as",
            "family": "significance-inflation",
            "description": "\"stands as\", \"serves as a reminder\"",
            "count": 1,
            "weight": 3,
            "matches": [
              {
                "text": "stands as a",
                "start": 49,
                "end": 60
              }
            ]
          },
          {
            "id": "significance-inflation.testament",
            "family": "significance-inflation",
            "description": "\"a testament to\"",
            "count": 1,
            "weight": 2.541,
            "matches": [
              {
                "text": "a testament to",
                "start": 59,
                "end": 73
              }
            ]
          },
          {
            "id": "significance-inflation.pivotal-role",
            "family": "significance-inflation",
            "description": "\"plays a pivotal/crucial/vital role\"",
            "count": 1,
            "weight": 2.541,
            "matches": [
              {
                "text": "plays a pivotal role",
                "start": 105,
                "end": 125
              }
            ]
          },
          {
            "id": "stacked-transition.moreover",
            "family": "stacked-transition",
            "description": "sentence-initial \"Moreover\", \"Furthermore\", \"Additionally\", \"In addition\"",
            "count": 1,
            "weight": 0,
            "matches": [
              {
                "text": "Moreover",
                "start": 92,
                "end": 100
              }
            ]
          },
          {
            "id": "promotional-puffery.nestled",
            "family": "promotional-puffery",
            "description": "\"nestled\", \"in the heart of\"",
            "count": 2,
            "weight": 2.172,
            "matches": [
              {
                "text": "Nestled",
                "start": 0,
                "end": 7
              },
              {
                "text": "in the heart of",
                "start": 8,
                "end": 23
              }
            ]
          }
        ],
        "stats": {
          "words": 26,
          "sentences": 2,
          "paragraphs": 1,
          "mean_sentence_length": 13,
          "sentence_length_sd": 5.657,
          "sentence_length_cv": 0.435,
          "type_token_ratio": 0.808,
          "mean_word_length": 4.385,
          "contractions_per_100_words": 0,
          "first_person_per_100_words": 0,
          "questions_exclamations_per_sentence": 0,
          "commas_per_sentence": 1,
          "tell_density": 16.699
        }
      }
    },
    {
      "title": "Plain human prose",
      "input": {
        "text": "We moved the cron job to 02:00 because the backup was still running at midnight. It failed twice last week; the logs are in /var/log/backup."
      },
      "output": {
        "score": 10,
        "verdict": "likely_human",
        "patterns": [],
        "stats": {
          "words": 28,
          "sentences": 2,
          "paragraphs": 1,
          "mean_sentence_length": 14,
          "sentence_length_sd": 2.828,
          "sentence_length_cv": 0.202,
          "type_token_ratio": 0.893,
          "mean_word_length": 3.893,
          "contractions_per_100_words": 0,
          "first_person_per_100_words": 0,
          "questions_exclamations_per_sentence": 0,
          "commas_per_sentence": 0,
          "tell_density": 0
        }
      }
    }
  ],
  hostile: () => hostileTextCases(MAX_TEXT),
  run(args) {
    return humanizerScore(args.text ?? '');
  },
});
