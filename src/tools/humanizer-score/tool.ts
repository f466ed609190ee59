// humanizer-score: detects AI-writing tells in a text and scores them, listing every pattern that fired.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { PATTERNS } from '../kit/text-tells/catalogue.ts';
import { MAX_TEXT, scoreOutput } from '../kit/text-tells/score-schema.ts';
import { humanizerScore } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';

const input = z
  .object({
    text: z.string().min(1).max(MAX_TEXT).optional().describe('The text to score (plain text or Markdown), up to 200,000 characters. Required unless upload_id is given.'),
    upload_id: uploadIdField.optional(),
  })
  .superRefine(requireTextOrUpload('text'));

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

/** The score, its verdict, the patterns that fired and the text statistics (one schema, shared with the scorer). */
const output = scoreOutput;

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'humanizer-score',
  title: 'Humanizer score',
  summary: 'Detect AI-writing tells, with the patterns that fired',
  description:
    `Scores a text 0..100 for signs of AI writing and lists every pattern that fired (${PATTERNS.length} patterns in 15 families: AI vocabulary, significance inflation, -ing tails, chatbot artefacts, negative parallelism, stacked transitions, dash overuse, promotional puffery, vague attribution, upbeat conclusions, signposting, markup residue, knowledge-cutoff disclaimers, formatting, cadence), with matched text and offsets. ` +
    'The score is a logistic model of the weighted density of tells per 100 words, the rate of words from a published list of words language models over-use, mean word length and sentence-length variation, fitted on labelled human and AI texts (AUROC about 0.9 on held-out texts). ' +
    'Use it to find what to edit, or as one signal among others: it is a heuristic, not proof of authorship; short texts and formal human prose can score high, and edited AI text can score low. English only. Deterministic.',
  uploadField: 'text',
  input,
  output,
  examples,
  hostile: hostileCases,
  run(args) {
    return humanizerScore(args.text ?? '');
  },
});
