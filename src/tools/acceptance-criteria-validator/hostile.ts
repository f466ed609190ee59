// Adversarial inputs for acceptance-criteria-validator, built from its own syntax: Gherkin, lists, quotes, headings.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';
import { LIMITS } from './engine.ts';

/** The caps are 100 criteria of 2000 characters and a 20 000-character story: the cases fill them. */
export function hostileCases(): HostileCase[] {
  const criteria = (unit: string): HostileCase['input'] => ({ acceptance_criteria: Array.from({ length: LIMITS.maxCriteria }, () => repeatTo(unit, LIMITS.maxCriterionLength)) });
  const story = (unit: string): HostileCase['input'] => ({ story: repeatTo(unit, LIMITS.maxStoryLength) });
  return [
    { name: '100 criteria of Given repeated', input: criteria('Given ') },
    { name: '100 criteria of Given/When/Then lines', input: criteria('Given a\nWhen b\nThen c\n') },
    { name: '100 criteria of When without Then', input: criteria('When x ') },
    { name: '100 criteria of coordinated verbs', input: criteria('users can register and log in, ') },
    { name: '100 criteria of unclosed quotes', input: criteria('"a ') },
    { name: '100 criteria of table pipes', input: criteria('|') },
    { name: '100 criteria of {{ braces', input: criteria('{{') },
    { name: '100 criteria of list markers and labels', input: criteria('AC1: - * ') },
    { name: '100 criteria of vague words', input: criteria('fast easy etc and/or ... ') },
    { name: '100 criteria of one long word', input: criteria('a') },
    { name: '100 criteria of sentence ends', input: criteria('. ') },
    { name: '100 criteria of web addresses', input: criteria('https://a/b ') },
    { name: '100 criteria of carriage returns', input: criteria('\r') },
    { name: 'story of acceptance-criteria headings', input: story('Acceptance criteria:\n') },
    { name: 'story of list bullets', input: story('* ') },
    { name: 'story of Gherkin keywords', input: story('Given When Then And\n') },
    { name: 'story of Scenario lines', input: story('Scenario: x\nGiven y\n') },
    { name: 'story of unclosed code fences', input: story('```\n') },
    { name: 'story of Jira headings and bold', input: story('"*h1. ') },
    { name: 'story of heading markup before the phrase', input: { story: `${' '.repeat(LIMITS.maxStoryLength - 40)}x Acceptance Criteria - done` } },
    { name: 'story of carriage returns', input: story('\r') },
  ];
}
