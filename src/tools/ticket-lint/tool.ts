// Tool definition for POST /v1/ticket-lint: metadata, schemas, examples, run.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { lintTicket } from './engine.ts';
import { FINDING_CODES, FINDING_FIELDS, ISSUE_TYPES, SEVERITIES } from './rules.ts';

const shortText = (max: number, what: string) => z.string().max(max).nullish().describe(what);

const ticket = z
  .object({
    summary: shortText(2000, 'One-line title of the ticket (Jira refuses more than 255 characters; longer values are accepted here so the linter can say so).'),
    description: shortText(50000, 'Body of the ticket: context, steps to reproduce for a bug, an "Acceptance criteria" section if the criteria live there.'),
    issue_type: z.enum(ISSUE_TYPES).default('story').describe('Which rules apply and how severe they are. Default story.'),
    acceptance_criteria: z
      .union([z.string().max(20000), z.array(z.string().max(2000)).max(100)])
      .nullish()
      .describe('Acceptance criteria: one text block or a list of criteria. A section or Given/When/Then scenario in the description also counts.'),
    estimate: z.number().min(0).max(100000).nullish().describe('Estimate in estimate_unit.'),
    estimate_unit: z.enum(['points', 'hours']).default('points').describe('Unit of estimate. Default points.'),
    priority: shortText(50, 'Priority name as the tracker shows it: Highest/High/Medium/Low/Lowest, Blocker/Critical/Major/Minor/Trivial, P0-P4 or Urgent.'),
    epic_link: shortText(100, 'Key of the parent epic, e.g. PROJ-12.'),
    assignee: shortText(200, 'Who owns the ticket.'),
    labels: z.array(z.string().max(100)).max(100).nullish().describe('Labels.'),
    components: z.array(z.string().max(100)).max(100).nullish().describe('Components.'),
    attachments_count: z.number().int().min(0).max(100000).nullish().describe('Number of attachments (screenshots, logs). Absent counts as none.'),
    child_count: z.number().int().min(0).max(100000).nullish().describe('Number of child issues (for an epic).'),
  })
  .describe('The ticket to lint. Every field is optional; a missing field is itself a finding where the issue type needs it.');

export const input = z.object({ ticket });

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const finding = z
  .object({
    field: z.enum(FINDING_FIELDS).describe('Part of the ticket at fault.'),
    severity: z.enum(SEVERITIES).describe('high blocks a ready verdict outright and costs 20 points; medium costs 8; low costs 3.'),
    code: z.enum(FINDING_CODES).describe('Stable rule identifier.'),
    message: z.string().max(2000).describe('What is wrong, with the values found.'),
    fix: z.string().max(500).describe('What to do.'),
  })
  .describe('One finding.');

const output = z.object({
  verdict: z.enum(['ready', 'needs_work']).describe('ready when there is no high finding and the score is at least 70; otherwise needs_work.'),
  score_0_100: z.number().int().min(0).max(100).describe('100 minus 20 per high, 8 per medium and 3 per low finding, floored at 0.'),
  findings: z.array(finding).max(FINDING_CODES.length).describe('Findings, high first, then medium, then low; within a severity in catalogue order.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'ticket-lint',
  title: 'Ticket lint',
  summary: 'Lint a ticket for readiness',
  description:
    'Checks one backlog ticket (story, bug, task, epic, spike or sub-task) for what a team needs before pulling it into a sprint: a clear summary, enough description, ' +
    'the user value of a story, the scope of an epic, the steps, expected/actual behaviour, environment and evidence of a bug, acceptance criteria, a sane estimate, ' +
    'a priority (with context when urgent), and the epic link, assignee, labels and components. Returns a verdict, a score and findings with fixes. ' +
    'Use acceptance-criteria-validator for a deeper pass over the criteria themselves. Limits: English text heuristics; it cannot tell whether the content is right, only whether it is there and well formed.',
  input,
  output,
  examples,
  hostile: hostileCases,
  run(args) {
    return lintTicket(args.ticket);
  },
});
