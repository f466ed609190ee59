// worklog-guardrail: checks worklog entries against configurable guardrails before they are posted to a time-tracking system.
import { z } from 'zod';
import { addCodedIssue, counts } from '../kit/fields.ts';
import { defineTool } from '../kit/contract.ts';
import { check } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { DEFAULT_GUARDRAILS, RULE_IDS, WEEKDAYS } from './rules.ts';
import { clockMinutes, durationMinutes, epochDay } from './time.ts';

const date = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in YYYY-MM-DD form')
    .refine((v) => epochDay(v) !== null, 'must be a real calendar date between 1900 and 2999')
    .describe(what);

const entry = z
  .object({
    id: z.string().max(100).optional().describe('Your id for the entry, echoed back.'),
    author: z.string().trim().min(1).max(100).describe('Person who logged the time (compared case-insensitively).'),
    date: date('Day the work was done, YYYY-MM-DD.'),
    start: z
      .string()
      .max(8)
      .refine((v) => clockMinutes(v) !== null, 'must be HH:MM or HH:MM:SS')
      .optional()
      .describe('Start time, HH:MM or HH:MM:SS (local time of the author).'),
    end: z
      .string()
      .max(8)
      .refine((v) => clockMinutes(v, true) !== null, 'must be HH:MM or HH:MM:SS (24:00 allowed)')
      .optional()
      .describe('End time, HH:MM or HH:MM:SS; 24:00 is midnight at the end of the day.'),
    duration: z
      .union([
        z.number().min(-10_080).max(10_080).describe('Minutes (negative and zero values are reported by a rule).'),
        z
          .string()
          .max(20)
          .refine((v) => durationMinutes(v) !== null, 'must be minutes or a duration like "1h 30m", "90m", "1.5h", "PT1H30M" or "1:30"')
          .describe('Duration text: "1h 30m", "90m", "1.5h", "PT1H30M" or "1:30".'),
      ])
      .optional()
      .describe('Time spent: a number of minutes or a duration string. Needed unless start and end are both given.'),
    issue_key: z.string().max(100).optional().describe('Issue the time is booked to, e.g. ABC-123.'),
    description: z.string().max(2000).optional().describe('What was done.'),
  })
  .superRefine((e, ctx) => {
    if (e.duration === undefined && (e.start === undefined || e.end === undefined)) {
      addCodedIssue(ctx, 'entries_duration_required', [], 'Give duration, or both start and end.');
    }
  });

const severity = z.enum(['block', 'warn']).describe('block makes ok false; warn is reported only.');
const enabled = z.boolean().describe('false switches the rule off.');
const rule = <T extends z.ZodRawShape>(what: string, shape: T) =>
  z
    .object({ enabled: enabled.optional(), severity: severity.optional(), ...shape })
    .optional()
    .describe(what);
const d = DEFAULT_GUARDRAILS;

const guardrails = z
  .object({
    non_positive_duration: rule(`Zero or negative durations, end not after start (default ${d.non_positive_duration.severity}).`, {}),
    duration_mismatch: rule(`Duration that disagrees with start-end (default ${d.duration_mismatch.severity}).`, {
      tolerance_minutes: z.number().min(0).max(60).optional().describe(`Allowed difference in minutes (default ${d.duration_mismatch.tolerance_minutes}).`),
    }),
    hours_per_entry: rule(`One entry longer than the limit (default ${d.hours_per_entry.severity}).`, {
      limit_hours: z.number().min(0.25).max(24).optional().describe(`Hours (default ${d.hours_per_entry.limit_hours}).`),
    }),
    hours_per_day: rule(`More than the limit per person per day (default ${d.hours_per_day.severity}).`, {
      limit_hours: z.number().min(0.25).max(24).optional().describe(`Hours (default ${d.hours_per_day.limit_hours}).`),
    }),
    day_over_24h: rule(`More than 24 h per person per day (default ${d.day_over_24h.severity}).`, {}),
    hours_per_week: rule(`More than the limit per person per week (default ${d.hours_per_week.severity}).`, {
      limit_hours: z.number().min(1).max(168).optional().describe(`Hours (default ${d.hours_per_week.limit_hours}).`),
      week_starts_on: z.enum(['monday', 'sunday']).optional().describe('First day of the week (default monday, ISO 8601).'),
    }),
    overlap: rule(`Overlapping intervals of one person on one day (default ${d.overlap.severity}).`, {}),
    duplicate: rule(`Same person, day, issue, duration and description as an earlier entry (default ${d.duplicate.severity}).`, {}),
    future_date: rule(`Date after as_of (default ${d.future_date.severity}).`, {}),
    too_old: rule(`Date more than max_age_days before as_of (default ${d.too_old.severity}).`, {
      max_age_days: z.number().int().min(0).max(3650).optional().describe(`Days (default ${d.too_old.max_age_days}).`),
    }),
    closed_period: rule(`Date in a closed (locked) period (default ${d.closed_period.severity}).`, {
      locked_before: date('Every date before this one is closed.').nullable().optional().describe('Every date before this one is closed (null: none).'),
      periods: z
        .array(z.object({ start: date('First closed day.'), end: date('Last closed day.') }).describe('A closed period, both ends included.'))
        .max(100)
        .optional()
        .describe('Closed periods.'),
    }),
    weekend: rule(`Work on weekend days (default ${d.weekend.severity}).`, {
      days: z.array(z.enum(WEEKDAYS).describe('A weekday.')).max(7).optional().describe('Weekend days (default sat, sun).'),
    }),
    holiday: rule(`Work on a listed holiday (default ${d.holiday.severity}).`, {
      dates: z.array(date('A holiday.')).max(400).optional().describe('Holiday dates (default none).'),
    }),
    description_missing: rule(`No description (default ${d.description_missing.severity}).`, {}),
    description_too_short: rule(`Description shorter than min_length (default ${d.description_too_short.severity}).`, {
      min_length: z.number().int().min(1).max(500).optional().describe(`Characters (default ${d.description_too_short.min_length}).`),
    }),
    issue_key_missing: rule(`No issue key (default ${d.issue_key_missing.severity}).`, {}),
    issue_key_format: rule(`Issue key not of the Jira form PROJECT-123, or of a project not listed (default ${d.issue_key_format.severity}).`, {
      project_keys: z
        .array(z.string().regex(/^[A-Z][A-Z0-9_]{1,49}$/, 'must be a Jira project key such as ABC').describe('A project key.'))
        .max(200)
        .optional()
        .describe('Allowed project keys (default: any).'),
    }),
    rounding: rule(`Duration not a multiple of increment_minutes (default ${d.rounding.severity}).`, {
      increment_minutes: z.number().int().min(1).max(60).optional().describe(`Minutes (default ${d.rounding.increment_minutes}).`),
    }),
  })
  .optional()
  .describe('Rule settings; each rule takes enabled, severity and its own parameters. Anything not given keeps its default.');

export const input = z.object({
  entries: z.array(entry).min(1).max(2000).describe('Worklog entries to check (1 to 2000).'),
  guardrails,
  as_of: date('Reference date for future-date, age and closed-period rules; default: the UTC date of the request.').optional(),
});

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const violation = z.object({
  rule: z.enum(RULE_IDS).describe('Rule that fired.'),
  severity: z.enum(['block', 'warn']).describe('block or warn.'),
  message: z.string().describe('What is wrong, with the figures.'),
});

const base = { enabled: z.boolean().describe('Rule on or off.'), severity: z.enum(['block', 'warn']).describe('Severity.') };
const effective = <T extends z.ZodRawShape>(id: string, shape: T) => z.object({ ...base, ...shape }).describe(`Effective settings of ${id}.`);
const effectiveGuardrails = z
  .object({
    non_positive_duration: effective('non_positive_duration', {}),
    duration_mismatch: effective('duration_mismatch', { tolerance_minutes: z.number().describe('Allowed difference in minutes.') }),
    hours_per_entry: effective('hours_per_entry', { limit_hours: z.number().describe('Hours.') }),
    hours_per_day: effective('hours_per_day', { limit_hours: z.number().describe('Hours.') }),
    day_over_24h: effective('day_over_24h', {}),
    hours_per_week: effective('hours_per_week', { limit_hours: z.number().describe('Hours.'), week_starts_on: z.enum(['monday', 'sunday']).describe('First day of the week.') }),
    overlap: effective('overlap', {}),
    duplicate: effective('duplicate', {}),
    future_date: effective('future_date', {}),
    too_old: effective('too_old', { max_age_days: z.number().int().describe('Days.') }),
    closed_period: effective('closed_period', {
      locked_before: z.string().nullable().describe('Dates before this are closed, or null.'),
      periods: z.array(z.object({ start: z.string().describe('First closed day.'), end: z.string().describe('Last closed day.') })).describe('Closed periods.'),
    }),
    weekend: effective('weekend', { days: z.array(z.enum(WEEKDAYS)).describe('Weekend days.') }),
    holiday: effective('holiday', { dates: z.array(z.string()).describe('Holiday dates.') }),
    description_missing: effective('description_missing', {}),
    description_too_short: effective('description_too_short', { min_length: z.number().int().describe('Characters.') }),
    issue_key_missing: effective('issue_key_missing', {}),
    issue_key_format: effective('issue_key_format', { project_keys: z.array(z.string()).describe('Allowed projects; empty means any.') }),
    rounding: effective('rounding', { increment_minutes: z.number().int().describe('Minutes.') }),
  })
  .describe('The effective settings after defaults, so the result can be reproduced.');

const output = z.object({
  ok: z.boolean().describe('true when no violation has severity block: the batch can be posted.'),
  as_of: z.string().describe('Reference date used.'),
  entries: z
    .array(
      z.object({
        index: z.number().int().describe('Position in the submitted list.'),
        id: z.string().nullable().describe('The id sent, or null.'),
        minutes: z.number().nullable().describe('Minutes the entry records (duration, else end - start).'),
        violations: z.array(violation).describe('Violations, in rule order; empty when clean.'),
      }),
    )
    .describe('Every entry, in input order.'),
  summary: counts(Object.fromEntries(RULE_IDS.map((id) => [id, `Violations of ${id}.`])) as Record<(typeof RULE_IDS)[number], string>).describe('Violations per rule.'),
  totals: counts({
    entries: 'Entries checked.',
    entries_with_violations: 'Entries with at least one violation.',
    blocked_entries: 'Entries with at least one blocking violation.',
    block_violations: 'Blocking violations.',
    warn_violations: 'Warnings.',
  })
    .extend({ minutes: z.number().describe('Minutes across entries with a positive duration.') })
    .describe('Totals.'),
  guardrails: effectiveGuardrails,
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'worklog-guardrail',
  title: 'Worklog guardrail',
  summary: 'Check worklog entries against time-tracking guardrails before posting them',
  description:
    'Checks a batch of worklog entries (author, date, start/end or duration, issue key, description) against the guardrails time-tracking systems enforce: hours per entry, day (8 h) and week (40 h), more than 24 h in a day, zero or negative durations, duration disagreeing with start-end, overlapping intervals, duplicates, future dates, entries older than N days or in a closed period, weekend and holiday work, missing or short descriptions, missing or malformed Jira issue keys (optionally restricted to project keys), and rounding to 15 minutes. Every rule can be switched off, re-graded (block or warn) and tuned. as_of fixes "today" so results are reproducible (default: the UTC date of the request). ok is false when any blocking violation remains.',
  input,
  output,
  examples,
  hostile: hostileCases,
  codes: {
    entries_duration_required: 'An entry gives neither duration nor both start and end, so its time is unknown.',
  },
  run: (args, ctx) => check({ ...args, as_of: args.as_of ?? ctx.now().toISOString().slice(0, 10) }),
});
