// Worked examples for acceptance-criteria-validator: inputs and the engine's exact outputs (checked by the tests).
// A criterion's entry in `issues` is its entry in `criteria` without the checks and the score.
import type { ToolExample } from '../kit/contract.ts';
import type { z } from 'zod';
import type { input } from './tool.ts';

interface Problem {
  rule: string;
  detail: string;
  vague_terms?: string[];
}

interface Criterion {
  index: number;
  ac: string;
  problems: Problem[];
  checks: { observable_outcome: boolean; testable: boolean; atomic: boolean; clear_condition: boolean };
  ac_score_0_100: number;
}

const PASSES = { observable_outcome: true, testable: true, atomic: true, clear_condition: true };

const clean = (index: number, ac: string): Criterion => ({ index, ac, problems: [], checks: PASSES, ac_score_0_100: 100 });

const flawed = (index: number, ac: string, problem: Problem, failed: Partial<Criterion['checks']>, score: number): Criterion => ({
  index,
  ac,
  problems: [problem],
  checks: { ...PASSES, clear_condition: false, ...failed },
  ac_score_0_100: score,
});

const issue = ({ index, ac, problems }: Criterion): Pick<Criterion, 'index' | 'ac' | 'problems'> => ({ index, ac, problems });

const VAGUE = flawed(
  1,
  'The dashboard should load fast',
  {
    rule: 'testable',
    detail: 'Vague wording ("fast"): quality asked for without a measurable threshold (ISO/IEC/IEEE 29148:2018 5.2.5). Replace it with a measurable threshold or an exact expected value.',
    vague_terms: ['fast'],
  },
  { testable: false },
  65,
);
const COMPOUND = flawed(
  2,
  'Users can export the report as CSV and admins can schedule it weekly',
  { rule: 'atomic', detail: 'Two requirements are joined by "and" ("... and ... can ..."); give each its own criterion.' },
  { atomic: false },
  75,
);
const TASK = flawed(
  3,
  'Refactor the export service',
  {
    rule: 'observable_outcome',
    detail: 'The criterion opens with "Refactor" and describes work to do, not an outcome an observer can check (a message shown, a status code, a record stored, an email sent).',
  },
  { observable_outcome: false },
  55,
);
const UNCONDITIONED = flawed(
  1,
  'Saved carts appear under My account > Saved carts, newest first',
  { rule: 'testable', detail: 'Strict mode requires a clear condition: say when the outcome applies (Given/When/Then, or "When ..., ...", "If ..., ...").', vague_terms: [] },
  { testable: false },
  65,
);
const LOGIN = 'Given a registered user, when they submit the login form with a wrong password, then the message "Invalid email or password" is shown and no session is created';
const SAVE = 'When I click "Save cart", the cart is stored and the message "Cart saved" is shown';
const EMPTY_CART = 'If the cart is empty, the "Save cart" button is disabled';
const DOWNLOAD = 'When the user clicks "Download", a PDF of the invoice is downloaded';

export const examples: ToolExample<z.input<typeof input>, Record<string, unknown>>[] = [
  {
    title: 'Four criteria: one clean, one vague, one compound, one task',
    input: { acceptance_criteria: [LOGIN, VAGUE.ac, COMPOUND.ac, TASK.ac] },
    output: {
      ac_count: 4,
      verdict: 'needs_work',
      score_0_100: 74,
      criteria: [clean(0, LOGIN), VAGUE, COMPOUND, TASK],
      issues: [VAGUE, COMPOUND, TASK].map(issue),
      missing_coverage: [],
    },
  },
  {
    title: 'Criteria extracted from a story, strict mode',
    input: {
      story: `As a shopper, I want to save my cart so that I can finish checkout later.\n\nAcceptance criteria:\n- ${SAVE}\n- ${UNCONDITIONED.ac}\n- ${EMPTY_CART}`,
      strictness: 'strict',
    },
    output: {
      ac_count: 3,
      verdict: 'needs_work',
      score_0_100: 88,
      criteria: [clean(0, SAVE), UNCONDITIONED, clean(2, EMPTY_CART)],
      issues: [issue(UNCONDITIONED)],
      missing_coverage: [],
    },
  },
  {
    title: 'A happy path only: the negative_coverage gap',
    input: { acceptance_criteria: [DOWNLOAD] },
    output: {
      ac_count: 1,
      verdict: 'needs_work',
      score_0_100: 85,
      criteria: [clean(0, DOWNLOAD)],
      issues: [],
      missing_coverage: [
        {
          rule: 'negative_coverage',
          detail:
            'None of the 1 criteria covers a failure, edge or negative case (invalid input, empty state, permission denied, timeout). Add one, for example "When the password is wrong, an error message is shown and no session is created".',
        },
      ],
    },
  },
  {
    title: 'Nothing submitted',
    input: {},
    output: {
      ac_count: 0,
      verdict: 'needs_work',
      score_0_100: 0,
      criteria: [],
      issues: [],
      missing_coverage: [
        {
          rule: 'empty_set',
          detail: 'No acceptance criteria were submitted (acceptance_criteria is empty and no story was given). Add criteria that each name an observable outcome.',
        },
      ],
    },
  },
];
