// humanize: rewrites a text to remove AI-writing tells, keeping facts, code, quotes, URLs and Markdown intact.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { MAX_TEXT } from '../kit/text-tells/score-schema.ts';
import { humanize, MAX_AFTER, MAX_BEFORE, MAX_CHANGES } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';

const MAX_PRESERVE = 100;

const input = z
  .object({
    text: z.string().min(1).max(MAX_TEXT).optional().describe('The text to rewrite (plain text or Markdown), up to 200,000 characters. Required unless upload_id is given.'),
    upload_id: uploadIdField.optional(),
    preserve: z
      .array(z.string().min(1).max(200).describe('A term never to touch (matched case-insensitively as a whole word or phrase).'))
      .max(MAX_PRESERVE)
      .optional()
      .describe('Terms never to touch, e.g. product names or quoted jargon ("Vibrant Dashboard", "leverage ratio"). Up to 100.'),
  })
  .superRefine(requireTextOrUpload('text'));

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const change = z.object({
  rule: z.string().max(100).describe('Id of the humanizer-score pattern whose rewrite rule made the edit.'),
  before: z.string().max(MAX_BEFORE).describe('The text replaced (as it stood when the edit was made).'),
  after: z.string().max(MAX_AFTER).describe('The replacement ("" for a deletion).'),
  offset: z.number().int().min(0).describe('Offset of `before` in the input text (UTF-16 code units); an edit of a later pass points at the start of the input text it stems from.'),
});

const output = z.object({
  text: z.string().max(MAX_TEXT * 2).describe('The rewritten text.'),
  changes: z.array(change).max(MAX_CHANGES).describe('Every edit (at most 2000 listed), ordered by offset.'),
  score_before: z.number().int().min(0).max(100).describe('humanizer-score of the input.'),
  score_after: z.number().int().min(0).max(100).describe('humanizer-score of the rewrite.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'humanize',
  title: 'Humanize',
  summary: 'Rewrite text to remove AI-writing tells',
  description:
    'Rewrites a text to remove the AI-writing tells that humanizer-score detects: deletes chatbot artefacts (preambles, "I hope this helps", "Certainly!"), markup residue and signposting; replaces inflated vocabulary with plain words (delve -> dig, pivotal -> key); turns -ing tails into sentences; splits negative parallelisms; drops stacked transitions and wrap-up openers; replaces em dashes; when sentence lengths are uniform, splits joined clauses and participle tails ("She sat down, staring at the sea" -> "She sat down. She stared at the sea"). ' +
    'Numbers, quoted text, URLs, inline code, code blocks, HTML tags, capitalised names and the terms in `preserve` are never changed: every number of the input is in the output as often as before (a chatbot preamble that carries one, "Here is a 20 sentence story based on the prompt:", becomes "A story in 20 sentences:"; only the indexes of removed citation markers such as [oaicite:1] or turn0search3 go with them). Markdown structure is kept. Returns the rewrite, every edit with its rule, and the score before and after. ' +
    'Deterministic and idempotent (rewriting the output changes nothing). It does not invent facts or attribute vague claims; tells without a safe rewrite (vague attribution, upbeat conclusions) are left for a human. English only.',
  uploadField: 'text',
  input,
  output,
  examples,
  hostile: hostileCases,
  run(args) {
    return humanize(args.text ?? '', args.preserve ?? []);
  },
});
