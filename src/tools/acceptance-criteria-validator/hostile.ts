// Adversarial inputs for acceptance-criteria-validator, built from its own syntax: Gherkin, lists, quotes, headings.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';
import { casesFrom, copies } from '../kit/hostile-text.ts';
import { LIMITS } from './engine.ts';

/** The caps are 100 criteria of 2000 characters and a 20 000-character story: the cases fill them. */
export function hostileCases(): HostileCase[] {
  const criteria = (unit: string): HostileCase['input'] => ({ acceptance_criteria: copies(unit, LIMITS.maxCriteria, LIMITS.maxCriterionLength) });
  const story = (unit: string): HostileCase['input'] => ({ story: repeatTo(unit, LIMITS.maxStoryLength) });
  return [
    ...casesFrom(criteria, [
      ['100 criteria of Given repeated', 'Given '],
      ['100 criteria of Given/When/Then lines', 'Given a\nWhen b\nThen c\n'],
      ['100 criteria of When without Then', 'When x '],
      ['100 criteria of coordinated verbs', 'users can register and log in, '],
      ['100 criteria of unclosed quotes', '"a '],
      ['100 criteria of table pipes', '|'],
      ['100 criteria of {{ braces', '{{'],
      ['100 criteria of list markers and labels', 'AC1: - * '],
      ['100 criteria of vague words', 'fast easy etc and/or ... '],
      ['100 criteria of one long word', 'a'],
      ['100 criteria of sentence ends', '. '],
      ['100 criteria of web addresses', 'https://a/b '],
      ['100 criteria of carriage returns', '\r'],
    ]),
    ...casesFrom(story, [
      ['story of acceptance-criteria headings', 'Acceptance criteria:\n'],
      ['story of list bullets', '* '],
      ['story of Gherkin keywords', 'Given When Then And\n'],
      ['story of Scenario lines', 'Scenario: x\nGiven y\n'],
      ['story of unclosed code fences', '```\n'],
      ['story of Jira headings and bold', '"*h1. '],
      ['story of carriage returns', '\r'],
    ]),
    { name: 'story of heading markup before the phrase', input: { story: `${' '.repeat(LIMITS.maxStoryLength - 40)}x Acceptance Criteria - done` } },
  ];
}
