// Adversarial inputs for ticket-lint: every text field at its cap, filled with the syntax its rules read (benefit
// phrases, repro phrases, stack frames, versions, lists, criteria headings, Gherkin, fences, tags, ellipses),
// with near misses that make a pattern try and fail at every position, and separators, \r, long runs, unicode.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';

/** The schema's caps (tool.ts). */
const CAP = { summary: 2000, description: 50_000, acText: 20_000, acItems: 100, acItem: 2000, priority: 50, epicLink: 100, assignee: 200, tags: 100, tag: 100 } as const;

type IssueType = 'story' | 'bug' | 'task' | 'epic' | 'spike' | 'subtask';

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
      labels: Array.from({ length: CAP.tags }, () => repeatTo(unit, CAP.tag)),
      components: Array.from({ length: CAP.tags }, () => repeatTo(unit, CAP.tag)),
      attachments_count: 0,
      child_count: 0,
    },
  };
}

export function hostileCases(): HostileCase[] {
  return [
    // What the benefit rule (USER_VALUE) reads, cut just short of a match.
    { name: 'story of "so the <20 letters>" near misses', input: ticket('so the aaaaaaaaaaaaaaaaaaaa ', 'story') },
    { name: 'story of "allow the users to" near misses', input: ticket('allows the users to 1 ', 'story') },
    { name: 'story of value headings without a colon', input: ticket('\n## business value ***\n', 'story') },
    // What the bug rules read.
    { name: 'bug of "when i" conditionals without a verb', input: ticket('when i 1 ', 'bug') },
    { name: 'bug of "unable to reproduce"', input: ticket('unable to reproduce ', 'bug') },
    { name: 'bug of unclosed stack frames', input: ticket('at a.b(', 'bug') },
    { name: 'bug of stack frames with 200-character names and no parenthesis', input: ticket(`at ${repeatTo('a$.', 200)} `, 'bug') },
    { name: 'bug of dotted digits (version numbers)', input: ticket('1.', 'bug') },
    { name: 'bug of numbered steps', input: ticket('1) ', 'bug') },
    { name: 'bug of steps headings', input: ticket('\n  **steps** :', 'bug') },
    { name: 'bug of unclosed code fences', input: ticket('```{code', 'bug') },
    { name: 'bug of one 50,000-letter word', input: ticket('a', 'bug') },
    // What the criteria search (acceptance-criteria-validator's extractCriteria) and the scope rule read.
    { name: 'story of acceptance-criteria headings', input: ticket('Acceptance criteria:\n', 'story') },
    { name: 'bug of Given/When/Then lines', input: ticket('Given When Then\n', 'bug') },
    { name: 'epic of list bullets', input: ticket('- ', 'epic') },
    { name: 'epic of empty list markers', input: ticket('\n-\n*\n1.', 'epic') },
    // Separators, line ends, runs and unicode in every field.
    { name: 'task of carriage returns', input: ticket('\r', 'task') },
    { name: 'spike of CRLF and tabs', input: ticket('\r\n\t', 'spike') },
    { name: 'subtask of spaces only (blank everywhere)', input: ticket(' ', 'subtask') },
    { name: 'story with a summary of [tags] and ellipses', input: ticket('x ', 'story', '[a]...\u2026') },
    { name: 'story with a summary of unclosed [ and capitals', input: ticket('WORD ', 'story', '[AB') },
    { name: 'bug of control and bidi characters', input: ticket('\u0000\u001b\u202e\u2066\ufeff', 'bug') },
    { name: 'bug of astral letters and combining marks', input: ticket('\u{1D400}e\u0301\u0308 ', 'bug') },
    { name: 'bug of lone surrogates', input: ticket('\ud800\udfff\udc00', 'bug') },
    { name: 'story of apostrophes and hyphens between letters', input: ticket("a'b-c\u2019", 'story') },
    {
      name: 'story with 100 criteria at the item cap',
      input: { ticket: { ...(ticket('so that ', 'story').ticket as object), acceptance_criteria: Array.from({ length: CAP.acItems }, () => repeatTo('Given When Then ', CAP.acItem)) } },
    },
    { name: 'story with criteria text at its cap of blanks', input: { ticket: { ...(ticket('x ', 'story').ticket as object), acceptance_criteria: repeatTo(' \r\n', CAP.acText) } } },
    { name: 'a 1 MB description (past the cap)', input: { ticket: { description: repeatTo('so that ', 1_000_000) } } },
    { name: '1 MB of labels (past the count cap)', input: { ticket: { labels: Array.from({ length: 100_000 }, () => 'label') } } },
  ];
}
