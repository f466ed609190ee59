// Adversarial inputs for coverage-check, built from its own syntax: brief markup, sentences, shared terms.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';
import { casesFrom, copies } from '../kit/hostile-text.ts';

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
    ...casesFrom(brief, [
      ['brief of list bullets', '- '],
      ['brief of one-word list items (more than 500: a 400)', '- widget\n'],
      ['brief of short sentences (more than 500: a 400)', 'Users pay. '],
      ['brief of headings and rules', '## Title\n---\n'],
      ['brief of full stops', '.'],
      ['brief of abbreviations', 'e.g. '],
      ['brief of carriage returns', '\r'],
      ['brief of one long word', 'a'],
      ['brief of phrases the normaliser folds', 'log in sign up e-mail '],
      ['brief of Given/When/Then', 'Given When Then '],
    ]),
    {
      name: '200 stories and 100 requirements at their caps, one repeated word',
      input: { stories: copies('login ', 200, MAX_STORY), requirements: copies('login ', 100, MAX_REQUIREMENT) },
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
