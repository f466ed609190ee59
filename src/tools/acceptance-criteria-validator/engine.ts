// Validates a set of acceptance criteria: per-criterion checks and scores, set-level coverage gaps, verdict.
import { assessCriterion, scoreChecks } from './checks.ts';
import { extractCriteria } from '../kit/criteria/extract.ts';
import type { Input, Output } from './tool.ts';

/** Caps shared by the schema and the extractor. */
export const LIMITS = { maxCriteria: 100, maxCriterionLength: 2000, maxStoryLength: 20000 } as const;

/** Points deducted from the set score per coverage gap (SPEC Limits). */
const GAP_POINTS = 15;

/** The input as a caller outside the call path may give it: strictness left to its default. */
type Request = Omit<Input, 'strictness'> & { strictness?: Input['strictness'] | undefined };
type CriterionResult = Output['criteria'][number];
type CoverageGap = Output['missing_coverage'][number];

/** Which criteria are evaluated: the submitted list when it has any, else those extracted from the story. */
function criteriaToEvaluate(input: Request): { list: string[]; from: 'submitted' | 'story' | 'none' } {
  const submitted = input.acceptance_criteria ?? [];
  if (submitted.length > 0) return { list: submitted.map((c) => c.trim()), from: 'submitted' };
  if (input.story !== undefined && input.story.trim().length > 0) {
    return { list: extractCriteria(input.story, { maxItems: LIMITS.maxCriteria, maxLength: LIMITS.maxCriterionLength }), from: 'story' };
  }
  return { list: [], from: 'none' };
}

export function validateCriteria(input: Request): Output {
  const strictness = input.strictness ?? 'normal';
  const { list, from } = criteriaToEvaluate(input);

  if (list.length === 0) {
    const detail =
      from === 'story'
        ? 'No acceptance criteria were found in the story: it has no "Acceptance criteria" section, no list items and no Given/When/Then scenario. Add criteria that each name an observable outcome.'
        : 'No acceptance criteria were submitted (acceptance_criteria is empty and no story was given). Add criteria that each name an observable outcome.';
    return { ac_count: 0, verdict: 'needs_work', score_0_100: 0, criteria: [], issues: [], missing_coverage: [{ rule: 'empty_set', detail }] };
  }

  const criteria: CriterionResult[] = [];
  let anyNegative = false;
  for (let index = 0; index < list.length; index++) {
    const ac = list[index] as string;
    const a = assessCriterion(ac, strictness);
    if (a.negative_case) anyNegative = true;
    criteria.push({ index, ac, problems: a.problems, checks: a.checks, ac_score_0_100: scoreChecks(a.checks) });
  }

  const missing_coverage: CoverageGap[] = [];
  if (!anyNegative) {
    missing_coverage.push({
      rule: 'negative_coverage',
      detail: `None of the ${list.length} criteria covers a failure, edge or negative case (invalid input, empty state, permission denied, timeout). Add one, for example "When the password is wrong, an error message is shown and no session is created".`,
    });
  }

  const mean = criteria.reduce((s, c) => s + c.ac_score_0_100, 0) / criteria.length;
  const score = Math.max(0, Math.min(100, Math.round(mean) - GAP_POINTS * missing_coverage.length));
  const issues = criteria.filter((c) => c.problems.length > 0).map((c) => ({ index: c.index, ac: c.ac, problems: c.problems }));
  const verdict = issues.length === 0 && missing_coverage.length === 0 ? 'pass' : 'needs_work';
  return { ac_count: criteria.length, verdict, score_0_100: score, criteria, issues, missing_coverage };
}
