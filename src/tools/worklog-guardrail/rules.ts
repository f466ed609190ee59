// The guardrail rules (Tempo, Clockify, GitLab time tracking, MS Project Server practice), their parameters and defaults.
import type { Output } from './tool.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Rule ids, in the order summaries list them. */
export const RULE_IDS = [
  'non_positive_duration',
  'duration_mismatch',
  'hours_per_entry',
  'hours_per_day',
  'day_over_24h',
  'hours_per_week',
  'overlap',
  'duplicate',
  'future_date',
  'too_old',
  'closed_period',
  'weekend',
  'holiday',
  'description_missing',
  'description_too_short',
  'issue_key_missing',
  'issue_key_format',
  'rounding',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** Every rule's effective settings: the answer's `guardrails`, as the output schema gives it. */
export type Guardrails = Output['guardrails'];

/** Defaults: block what a time-tracking system would refuse or what corrupts billing; warn on policy. */
export const DEFAULT_GUARDRAILS: Guardrails = {
  non_positive_duration: { enabled: true, severity: 'block' },
  duration_mismatch: { enabled: true, severity: 'block', tolerance_minutes: 1 },
  hours_per_entry: { enabled: true, severity: 'warn', limit_hours: 8 },
  hours_per_day: { enabled: true, severity: 'warn', limit_hours: 8 },
  day_over_24h: { enabled: true, severity: 'block' },
  hours_per_week: { enabled: true, severity: 'warn', limit_hours: 40, week_starts_on: 'monday' },
  overlap: { enabled: true, severity: 'block' },
  duplicate: { enabled: true, severity: 'block' },
  future_date: { enabled: true, severity: 'block' },
  too_old: { enabled: true, severity: 'block', max_age_days: 30 },
  closed_period: { enabled: true, severity: 'block', locked_before: null, periods: [] },
  weekend: { enabled: true, severity: 'warn', days: ['sat', 'sun'] },
  holiday: { enabled: true, severity: 'warn', dates: [] },
  description_missing: { enabled: true, severity: 'block' },
  description_too_short: { enabled: true, severity: 'warn', min_length: 10 },
  issue_key_missing: { enabled: true, severity: 'block' },
  issue_key_format: { enabled: true, severity: 'block', project_keys: [] },
  rounding: { enabled: true, severity: 'warn', increment_minutes: 15 },
};

/** Jira issue key: project key (letter, then letters, digits, underscores), hyphen, number. */
export const ISSUE_KEY = /^([A-Z][A-Z0-9_]+)-(\d+)$/;
