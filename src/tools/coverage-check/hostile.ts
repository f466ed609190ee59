// Adversarial inputs for coverage-check, built from its own syntax: brief markup, sentences, shared terms.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';

const MAX_BRIEF = 50_000;
const MAX_STORY = 5_000;
const MAX_REQUIREMENT = 2_000;

/** The cases; about 1 MB each, or the schema's caps (a 50 000-character brief) where those are smaller. */
export function hostileCases(): HostileCase[] {
  const story = ['As a user I want to log in.'];
  const brief = (unit: string): HostileCase['input'] => ({ brief: repeatTo(unit, MAX_BRIEF), stories: story });
  const vocabulary = Array.from({ length: 800 }, (_, i) => `term${i}`);
  const distinct = (offset: number, size: number): string => {
    let out = '';
    for (let i = 0; out.length < size; i++) out += `${vocabulary[(offset + i * 7) % vocabulary.length] ?? ''} `;
    return out.slice(0, size);
  };
  return [
    { name: 'brief of list bullets', input: brief('- ') },
    { name: 'brief of one-word list items (more than 500: a 400)', input: brief('- widget\n') },
    { name: 'brief of short sentences (more than 500: a 400)', input: brief('Users pay. ') },
    { name: 'brief of headings and rules', input: brief('## Title\n---\n') },
    { name: 'brief of full stops', input: brief('.') },
    { name: 'brief of abbreviations', input: brief('e.g. ') },
    { name: 'brief of carriage returns', input: brief('\r') },
    { name: 'brief of one long word', input: brief('a') },
    { name: 'brief of phrases the normaliser folds', input: brief('log in sign up e-mail ') },
    { name: 'brief of Given/When/Then', input: brief('Given When Then ') },
    {
      name: '200 stories and 100 requirements at their caps, one repeated word',
      input: { stories: Array.from({ length: 200 }, () => repeatTo('login ', MAX_STORY)), requirements: Array.from({ length: 100 }, () => repeatTo('login ', MAX_REQUIREMENT)) },
    },
    {
      name: '200 stories and 100 requirements at their caps, 800 shared terms',
      input: {
        stories: Array.from({ length: 200 }, (_, i) => distinct(i, MAX_STORY)),
        requirements: Array.from({ length: 100 }, (_, i) => distinct(i * 3, MAX_REQUIREMENT)),
      },
    },
    { name: '500 one-letter stories against 500 one-letter requirements', input: { stories: Array.from({ length: 500 }, () => 'x'), requirements: Array.from({ length: 500 }, () => 'y') } },
    {
      name: '500 short stories against 500 short requirements, all distinct',
      input: { stories: Array.from({ length: 500 }, (_, i) => `Story about widget${i} and gadget${i}`), requirements: Array.from({ length: 500 }, (_, i) => `Users manage widget${i}`) },
    },
  ];
}
