// Adversarial inputs for ticket-lint: every text field at its cap, filled with the syntax its rules read (benefit
// phrases, repro phrases, stack frames, versions, lists, criteria headings, Gherkin, fences, tags, ellipses),
// with near misses that make a pattern try and fail at every position, and separators, \r, long runs, unicode.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';
import { casesFrom, copies } from '../kit/hostile-text.ts';
import type { IssueType } from './rules.ts';

/** The schema's caps (tool.ts). */
const CAP = { summary: 2000, description: 50_000, acText: 20_000, acItems: 100, acItem: 2000, priority: 50, epicLink: 100, assignee: 200, tags: 100, tag: 100 } as const;

/**
 * A ticket whose every text field is `unit` repeated to its cap. No acceptance criteria, so the description is
 * searched for a criteria section; a bug runs every bug rule, an epic the scope rule, a story the benefit rule.
 */
function ticket(unit: string, issue_type: IssueType, summaryUnit = unit): HostileCase['input'] {
  return {
    ticket: {
      summary: repeatTo(summaryUnit, CAP.summary),
      description: repeatTo(unit, CAP.description),
      issue_type,
      priority: repeatTo(unit, CAP.priority),
      epic_link: repeatTo(unit, CAP.epicLink),
      assignee: repeatTo(unit, CAP.assignee),
      labels: copies(unit, CAP.tags, CAP.tag),
      components: copies(unit, CAP.tags, CAP.tag),
      attachments_count: 0,
      child_count: 0,
    },
  };
}

export function hostileCases(): HostileCase[] {
  return [
    ...casesFrom(ticket, [
      // What the benefit rule (USER_VALUE) reads, cut just short of a match.
      ['story of "so the <20 letters>" near misses', 'so the aaaaaaaaaaaaaaaaaaaa ', 'story'],
      ['story of "allow the users to" near misses', 'allows the users to 1 ', 'story'],
      ['story of value headings without a colon', '\n## business value ***\n', 'story'],
      // What the bug rules read.
      ['bug of "when i" conditionals without a verb', 'when i 1 ', 'bug'],
      ['bug of "unable to reproduce"', 'unable to reproduce ', 'bug'],
      ['bug of unclosed stack frames', 'at a.b(', 'bug'],
      ['bug of stack frames with 200-character names and no parenthesis', `at ${repeatTo('a$.', 200)} `, 'bug'],
      ['bug of dotted digits (version numbers)', '1.', 'bug'],
      ['bug of numbered steps', '1) ', 'bug'],
      ['bug of steps headings', '\n  **steps** :', 'bug'],
      ['bug of unclosed code fences', '```{code', 'bug'],
      ['bug of one 50,000-letter word', 'a', 'bug'],
      // What the criteria search (acceptance-criteria-validator's extractCriteria) and the scope rule read.
      ['story of acceptance-criteria headings', 'Acceptance criteria:\n', 'story'],
      ['bug of Given/When/Then lines', 'Given When Then\n', 'bug'],
      ['epic of list bullets', '- ', 'epic'],
      ['epic of empty list markers', '\n-\n*\n1.', 'epic'],
      // Separators, line ends, runs and unicode in every field.
      ['task of carriage returns', '\r', 'task'],
      ['spike of CRLF and tabs', '\r\n\t', 'spike'],
      ['subtask of spaces only (blank everywhere)', ' ', 'subtask'],
      ['story with a summary of [tags] and ellipses', 'x ', 'story', '[a]...\u2026'],
      ['story with a summary of unclosed [ and capitals', 'WORD ', 'story', '[AB'],
      ['bug of control and bidi characters', '\u0000\u001b\u202e\u2066\ufeff', 'bug'],
      ['bug of astral letters and combining marks', '\u{1D400}e\u0301\u0308 ', 'bug'],
      ['bug of lone surrogates', '\ud800\udfff\udc00', 'bug'],
      ['story of apostrophes and hyphens between letters', "a'b-c\u2019", 'story'],
    ]),
    {
      name: 'story with 100 criteria at the item cap',
      input: { ticket: { ...(ticket('so that ', 'story').ticket as object), acceptance_criteria: copies('Given When Then ', CAP.acItems, CAP.acItem) } },
    },
    { name: 'story with criteria text at its cap of blanks', input: { ticket: { ...(ticket('x ', 'story').ticket as object), acceptance_criteria: repeatTo(' \r\n', CAP.acText) } } },
    { name: 'a 1 MB description (past the cap)', input: { ticket: { description: repeatTo('so that ', 1_000_000) } } },
    { name: '1 MB of labels (past the count cap)', input: { ticket: { labels: Array.from({ length: 100_000 }, () => 'label') } } },
  ];
}
