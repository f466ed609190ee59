// humanize: rewrites a text to remove AI-writing tells, keeping facts, code, quotes, URLs and Markdown intact.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { hostileTextCases } from '../kit/text-tells/hostile.ts';
import { humanize, MAX_AFTER, MAX_BEFORE, MAX_CHANGES } from './engine.ts';

export const MAX_TEXT = 200_000;
export const MAX_PRESERVE = 100;

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

export default defineTool({
  name: 'humanize',
  title: 'Humanize',
  summary: 'Rewrite text to remove AI-writing tells',
  description:
    'Rewrites a text to remove the AI-writing tells that humanizer-score detects: deletes chatbot artefacts (preambles, "I hope this helps", "Certainly!"), markup residue and signposting; replaces inflated vocabulary with plain words (delve -> dig, pivotal -> key); turns -ing tails into sentences; splits negative parallelisms; drops stacked transitions and wrap-up openers; replaces em dashes; when sentence lengths are uniform, splits joined clauses and participle tails ("She sat down, staring at the sea" -> "She sat down. She stared at the sea"). ' +
    'Numbers, quoted text, URLs, inline code, code blocks, HTML tags, capitalised names and the terms in `preserve` are never changed: every number of the input is in the output as often as before (a chatbot preamble that carries one, "Here is a 20 sentence story based on the prompt:", becomes "A story in 20 sentences:"; only the indexes of removed citation markers such as [oaicite:1] or turn0search3 go with them). Markdown structure is kept. Returns the rewrite, every edit with its rule, and the score before and after. ' +
    'Deterministic and idempotent (rewriting the output changes nothing). It does not invent facts or attribute vague claims; tells without a safe rewrite (vague attribution, upbeat conclusions) are left for a human. English only.',
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
      "title": "Chatbot reply with Markdown, numbers, a quote and inline code",
      "input": {
        "text": "Certainly! Here is the summary.\n\n## Results\n\nThe new cache delves into the realm of speed — it cut p95 latency from 840 ms to 120 ms, showcasing the value of \"warm starts\". Moreover, it plays a pivotal role in keeping `redis` costs down. I hope this helps!"
      },
      "output": {
        "text": "## Results\n\nThe new cache digs into the field of speed. It cut p95 latency from 840 ms to 120 ms. This shows the value of \"warm starts\". It plays a role in keeping `redis` costs down.",
        "changes": [
          {
            "rule": "chatbot-artefact.here-is",
            "before": "Certainly! Here is the summary.\n\n",
            "after": "",
            "offset": 0
          },
          {
            "rule": "ai-vocabulary.delve",
            "before": "delves",
            "after": "digs",
            "offset": 59
          },
          {
            "rule": "ai-vocabulary.realm",
            "before": "realm",
            "after": "field",
            "offset": 75
          },
          {
            "rule": "dash-overuse.em-dash",
            "before": " — i",
            "after": ". I",
            "offset": 89
          },
          {
            "rule": "ing-tail.highlighting",
            "before": ", showcasing",
            "after": ". This shows",
            "offset": 132
          },
          {
            "rule": "stacked-transition.moreover",
            "before": "Moreover, i",
            "after": "I",
            "offset": 173
          },
          {
            "rule": "significance-inflation.pivotal-role",
            "before": "plays a pivotal role",
            "after": "plays a role",
            "offset": 186
          },
          {
            "rule": "chatbot-artefact.hope-helps",
            "before": " I hope this helps!",
            "after": "",
            "offset": 237
          }
        ],
        "score_before": 100,
        "score_after": 7
      }
    },
    {
      "title": "A product name kept with preserve",
      "input": {
        "text": "Our Vibrant Dashboard helps teams leverage their data, ensuring faster decisions.",
        "preserve": [
          "Vibrant Dashboard"
        ]
      },
      "output": {
        "text": "Our Vibrant Dashboard helps teams use their data. This ensures faster decisions.",
        "changes": [
          {
            "rule": "ai-vocabulary.leverage",
            "before": "leverage",
            "after": "use",
            "offset": 34
          },
          {
            "rule": "ing-tail.ensuring",
            "before": ", ensuring",
            "after": ". This ensures",
            "offset": 53
          }
        ],
        "score_before": 97,
        "score_after": 18
      }
    }
  ],
  hostile: () => hostileTextCases(MAX_TEXT),
  run(args) {
    return humanize(args.text ?? '', args.preserve ?? []);
  },
});
