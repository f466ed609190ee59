// coverage-check: which requirements the stories cover, which stories no requirement asked for, missing buckets.
import { z } from 'zod';
import { addCodedIssue } from '../kit/fields.ts';
import { defineTool, ToolError } from '../kit/contract.ts';
import { checkCoverage, resolveRequirements } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';

const MAX_ITEMS = 500;

export const input = z
  .object({
    stories: z
      .array(z.string().max(5_000))
      .min(1)
      .max(MAX_ITEMS)
      .describe(`User stories, use cases or tickets that make up the planned scope (1 to ${MAX_ITEMS}, each up to 5000 characters).`),
    brief: z
      .string()
      .max(50_000)
      .optional()
      .describe('Free-text brief or spec. Split into requirements deterministically: each list item is one, prose is split into sentences, headings are dropped. Used when requirements is absent.'),
    requirements: z
      .array(z.string().max(2_000))
      .min(1)
      .max(MAX_ITEMS)
      .optional()
      .describe(`Requirements as a list (1 to ${MAX_ITEMS}, each up to 2000 characters); an alternative to brief, and used instead of it when both are sent.`),
  })
  .superRefine((value, ctx) => {
    if (value.requirements === undefined && value.brief === undefined) {
      addCodedIssue(ctx, 'requirements_required', ['requirements'], 'Send requirements (a list) or brief (free text).');
    }
  });

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const bucket = z.enum(['auth', 'crud', 'error_states', 'tests']);

/** An item of one of the input lists, as the answer names it: its index in that list and its text. */
const listed = (item: string, list: string) => ({
  index: z.number().int().min(0).describe(`Index of the ${item} in ${list}.`),
  text: z.string().describe(`The ${item} text.`),
});

const output = z.object({
  coverage_score: z.number().int().min(0).max(100).describe('Percentage of requirements covered by at least one story, rounded.'),
  requirements_source: z.enum(['requirements', 'brief']).describe('Where the requirement list came from.'),
  requirements: z.array(z.string()).describe('The requirement statements matched, in index order (split from brief when that was the source).'),
  covered: z
    .array(
      z.object({
        index: z.number().int().min(0).describe('Index of the requirement in requirements.'),
        story_indexes: z.array(z.number().int().min(0)).describe('Stories linked to it: the best match and every story scoring at least 0.75 of the best, ascending.'),
        confidence: z.number().min(0).max(1).describe('Similarity (TF-IDF cosine, 0..1) of the requirement and its best story.'),
        matched_terms: z.array(z.string()).describe('Requirement words found (as the same stem or a synonym) in the best story, at most 8.'),
      }),
    )
    .describe('Requirements at least one story covers, in requirement order.'),
  uncovered_requirements: z
    .array(
      z.object({
        ...listed('requirement', 'requirements'),
        nearest_story: z
          .object({
            index: z.number().int().min(0).describe('Index of the closest story.'),
            confidence: z.number().min(0).max(1).describe('Its similarity (TF-IDF cosine), below half the median best similarity of the requirements sent, or below 0.1.'),
          })
          .nullable()
          .describe('The closest story, or null when no story shares a single term.'),
      }),
    )
    .describe('Requirements no story covers (best similarity under half the median best of all requirements sent, or under 0.1): scope gaps.'),
  orphan_stories: z
    .array(
      z.object(listed('story', 'stories')),
    )
    .describe('Stories that cover no requirement: possible scope creep, or requirements missing from the brief.'),
  missing_buckets: z
    .array(
      z.object({
        bucket: bucket.describe('auth (sign-in, permissions), crud (create/read/update/delete lifecycle), error_states (failures, invalid input, empty states), tests (tests, QA, acceptance criteria).'),
        why: z.string().describe('What was looked for and not found.'),
      }),
    )
    .describe('Structural buckets the stories do not address.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'coverage-check',
  title: 'Coverage check',
  summary: 'Check that stories cover the requirements and flag gaps, scope creep and missing buckets',
  description:
    'Matches each requirement (a list, or sentences split from a free-text brief) against a set of user stories or use cases by ' +
    'meaning rather than exact words: text is normalised, stop words dropped, words stemmed (Porter), common synonyms folded ' +
    '(log in / sign in / authenticate, edit / update / modify, remove / delete ...), words shared by most stories dropped as ' +
    'template, and requirement and story compared by TF-IDF cosine. Decisions are relative to the input: a requirement links the ' +
    'stories close to its best match, and is uncovered when its best match is under half of the typical requirement\'s. Returns the coverage score, covered requirements with their stories and a confidence, uncovered requirements, orphan ' +
    'stories (possible scope creep) and missing structural buckets (auth, CRUD, error states, tests). Use it before sprint ' +
    'planning or a release to find scope gaps. Limits: lexical meaning only (no embeddings), English only; paraphrases with no ' +
    'shared word or synonym are missed, and a requirement that reuses a story\'s words may look covered when it is not.',
  input,
  output,
  hostile: hostileCases,
  examples,
  codes: {
    requirements_required: 'Neither requirements (a list) nor brief (free text) was sent: there is nothing to match the stories against.',
    brief_no_requirements: 'The brief holds no statement with content words to use as a requirement.',
    brief_too_many_requirements: 'The brief splits into more requirements than the 500 accepted (the body gives count and limit).',
  },
  // Every refusal happens here, before the charge: a brief with nothing to match, or too much.
  prepare(body) {
    const resolved = resolveRequirements(body);
    if (resolved.list.length === 0) {
      throw new ToolError(400, 'brief_no_requirements', 'The brief holds no statement with content words to use as a requirement.');
    }
    if (resolved.list.length > MAX_ITEMS) {
      throw new ToolError(400, 'brief_too_many_requirements', `The brief splits into ${resolved.list.length} requirements; at most ${MAX_ITEMS} are accepted.`, {
        count: resolved.list.length,
        limit: MAX_ITEMS,
      });
    }
    return resolved;
  },
  run(body, _ctx, resolved) {
    return checkCoverage(body, resolved);
  },
});
