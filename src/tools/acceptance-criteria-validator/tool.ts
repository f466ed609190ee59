// Tool definition for POST /v1/acceptance-criteria-validator: metadata, schemas, examples, run.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { examples } from './examples.ts';
import { MAX_TERMS } from './checks.ts';
import { LIMITS, validateCriteria } from './engine.ts';
import { hostileCases } from './hostile.ts';

const problem = z
  .object({
    rule: z.enum(['observable_outcome', 'testable', 'atomic']).describe('The check that failed.'),
    detail: z.string().max(4000).describe('What is wrong and how to fix it.'),
    vague_terms: z
      .array(z.string().max(200))
      .max(MAX_TERMS)
      .optional()
      .describe('Only on testable problems: the vague words found (requirements-smell lexicon); empty when the criterion fails for another reason, such as a missing condition in strict mode.'),
  })
  .describe('One failed check of a criterion.');

const checks = z
  .object({
    observable_outcome: z.boolean().describe('Names an outcome an observer can check (a message shown, a status code, a record stored, an email sent). Worth 45 points.'),
    testable: z.boolean().describe('Free of vague wording; a quality comes with a measurable threshold. Worth 35 points.'),
    atomic: z.boolean().describe('One behaviour: one When per scenario, one requirement per sentence, no actions coordinated under one subject ("register and log in"). Worth 25 points.'),
    clear_condition: z.boolean().describe('States when it applies (Given/When/Then, "When ...", "If ..."). A 5-point bonus; its absence is not a problem except in strict mode.'),
  })
  .describe('All four checks, always present.');

const criterion = z
  .object({
    index: z.number().int().min(0).describe('Position in the submitted (or extracted) list, from 0.'),
    ac: z.string().max(LIMITS.maxCriterionLength).describe('The criterion text (trimmed).'),
    problems: z.array(problem).max(3).describe('Failed checks; empty when the criterion is clean.'),
    checks,
    ac_score_0_100: z.number().int().min(0).max(100).describe('100 minus 45/35/25 per failed check, plus 5 for a clear condition, clamped to 0..100.'),
  })
  .describe('One evaluated criterion.');

export const input = z.object({
  acceptance_criteria: z
    .array(z.string().min(1).max(LIMITS.maxCriterionLength).describe('One acceptance criterion.'))
    .max(LIMITS.maxCriteria)
    .optional()
    .describe(`The criteria to validate, at most ${LIMITS.maxCriteria}. When non-empty, these are evaluated and story is ignored.`),
  story: z
    .string()
    .max(LIMITS.maxStoryLength)
    .optional()
    .describe(
      'Free-text story or ticket description. Used when acceptance_criteria is absent or empty: criteria are taken from an "Acceptance criteria" (or "Definition of done", "AC:") section, else from list items and Given/When/Then scenarios.',
    ),
  strictness: z
    .enum(['normal', 'strict'])
    .default('normal')
    .describe('strict widens the vague-term lexicon (weak phrases, option words, imprecise quantities, vague pronouns) and requires every criterion to state a clear condition.'),
});

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const output = z.object({
  ac_count: z.number().int().min(0).describe('Criteria evaluated, after any extraction from the story.'),
  verdict: z.enum(['pass', 'needs_work']).describe('pass only when no criterion has a problem and no set-level gap was found.'),
  score_0_100: z.number().int().min(0).max(100).describe('Mean of the per-criterion scores (rounded), minus 15 per set-level gap, floored at 0; 0 when nothing was evaluated.'),
  criteria: z.array(criterion).max(LIMITS.maxCriteria).describe('Every criterion in submission order, clean ones included.'),
  issues: z
    .array(
      z
        .object({
          index: z.number().int().min(0).describe('Position of the criterion.'),
          ac: z.string().max(LIMITS.maxCriterionLength).describe('The criterion text.'),
          problems: z.array(problem).max(3).describe('Its failed checks.'),
        })
        .describe('A criterion with at least one problem.'),
    )
    .max(LIMITS.maxCriteria)
    .describe('Only the criteria with at least one problem: a subset view of criteria.'),
  missing_coverage: z
    .array(
      z
        .object({
          rule: z.enum(['negative_coverage', 'empty_set']).describe('negative_coverage: no criterion covers a failure or edge case; empty_set: nothing was submitted or extracted.'),
          detail: z.string().max(1000).describe('What is missing and an example of what to add.'),
        })
        .describe('One set-level coverage gap.'),
    )
    .max(2)
    .describe('Set-level gaps; empty when complete.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'acceptance-criteria-validator',
  title: 'Acceptance-criteria validator',
  summary: 'Validate acceptance-criteria quality',
  description:
    'Checks each acceptance criterion for an observable outcome, testability (no vague wording from the requirements-smell literature, measurable thresholds for qualities), atomicity (one behaviour) and a clear condition, scores it, and checks the set for a failure or edge case. ' +
    'Give the criteria as a list, or give a story and the criteria are extracted from its "Acceptance criteria" section, list items or Given/When/Then scenarios. ' +
    'Use it to review criteria before a story enters a sprint. Limits: English only; lexical heuristics, not a language model, so it judges wording, not whether the criteria are the right ones.',
  input,
  output,
  hostile: hostileCases,
  examples,
  run(args) {
    return validateCriteria(args);
  },
});
