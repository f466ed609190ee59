// defect-triage: severity, category, completeness and batch priority for bug reports, from keyword signals.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { triage } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';

const MAX_REPORTS = 200;

const reportObject = z.object({
  id: z
    .union([z.string().max(200), z.number().int()])
    .optional()
    .describe('Your identifier for the report (an issue key such as PROJ-123, or a number); echoed back as a string.'),
  title: z.string().trim().min(1).max(500).describe('Summary line of the report. When it carries severity evidence it decides; the body is read when it carries none.'),
  description: z.string().max(20_000).optional().describe('Free-text body. Code blocks, stack traces and build-log lines are ignored for severity words.'),
  steps: z
    .union([z.string().max(10_000), z.array(z.string().max(1_000)).max(50)])
    .optional()
    .describe('Steps to reproduce, as one text or a list of steps. Any non-empty value sets has_repro.'),
  expected: z.string().max(5_000).optional().describe('Expected behaviour.'),
  actual: z.string().max(5_000).optional().describe('Actual (observed) behaviour; read for severity like the description.'),
  environment: z.string().max(2_000).optional().describe('Environment: OS, browser, runtime, product version.'),
});

const report = z.union([z.string().trim().min(1).max(20_000), reportObject], {
  error: 'Each report is a string (first line = title) or an object with at least a title.',
});

export const input = z.object({
  reports: z
    .array(report)
    .min(1)
    .max(MAX_REPORTS)
    .describe(`Bug reports to triage (1 to ${MAX_REPORTS}). A plain string is read as title (first line) and description (the rest).`),
});

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const category = z.enum(['security', 'data', 'crash', 'performance', 'integration', 'ui', 'docs', 'other']);

const triaged = z.object({
  index: z.number().int().min(0).describe('Position of the report in the submitted list.'),
  id: z.string().nullable().describe('The report id as submitted (as a string), or null when none was given.'),
  severity: z.enum(['critical', 'high', 'medium', 'low']).describe('Severity inferred from keyword signals (see signals.severity).'),
  category: category.describe('First category, in the order security, data, crash, performance, integration, ui, docs, whose keywords occur in the title (else the body); other when none.'),
  has_repro: z.boolean().describe('True when the report appears to contain reproduction steps.'),
  missing_info: z
    .array(z.enum(['no_repro_steps', 'no_expected_vs_actual', 'no_environment']))
    .describe('What a developer would have to ask for; empty when nothing is missing.'),
  priority: z.number().int().min(1).describe('Rank within the batch, 1 most urgent (severity first, then strength of evidence, then category in the order security, data, crash ..., then input order); 1 for a single report.'),
  signals: z
    .object({
      severity: z.array(z.string()).describe('Words from the report that decided the severity, strongest first (at most 8); empty when no cue fired.'),
      category: z.array(z.string()).describe('Words from the report that decided the category (at most 8); empty for other.'),
    })
    .describe('The evidence behind severity and category.'),
});

const output = z.object({
  triaged: z.array(triaged).describe('One entry per report, in input order.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'defect-triage',
  title: 'Defect triage',
  summary: 'Triage bug reports: severity, category, missing information and batch priority',
  description:
    'Reads a batch of bug reports (plain strings or objects with title, description, steps, expected, actual, environment) and, for each, ' +
    'infers severity (critical, high, medium, low) and category from keyword signals read by the trackers\' own severity definitions ' +
    '(critical: crash, hang, data loss, security hole or someone else\'s data exposed, blocker; high: major loss of function; low: ' +
    'cosmetic, typo, minor, easy workaround, test-only), says whether reproduction steps, expected-vs-actual and ' +
    'environment are present, and ranks the batch by urgency. The words that decided each verdict are returned in signals. Use it to ' +
    'pre-sort an incoming queue or to ask reporters for missing details. Limits: keyword evidence only, English only, no knowledge of ' +
    'your product; human severity labels themselves disagree on about half of duplicate reports, so treat the severity as a first guess. ' +
    'Dependency-bump tickets that cite a CVE are damped (the flaw is upstream).',
  input,
  output,
  hostile: hostileCases,
  examples,
  run(body) {
    return { triaged: triage(body.reports) };
  },
});
