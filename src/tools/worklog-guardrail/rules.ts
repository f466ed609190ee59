// The guardrail rules (Tempo, Clockify, GitLab time tracking, MS Project Server practice), their parameters and defaults.

type Severity = 'block' | 'warn';
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type Weekday = (typeof WEEKDAYS)[number];

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

export interface Guardrails {
  non_positive_duration: { enabled: boolean; severity: Severity };
  duration_mismatch: { enabled: boolean; severity: Severity; tolerance_minutes: number };
  hours_per_entry: { enabled: boolean; severity: Severity; limit_hours: number };
  hours_per_day: { enabled: boolean; severity: Severity; limit_hours: number };
  day_over_24h: { enabled: boolean; severity: Severity };
  hours_per_week: { enabled: boolean; severity: Severity; limit_hours: number; week_starts_on: 'monday' | 'sunday' };
  overlap: { enabled: boolean; severity: Severity };
  duplicate: { enabled: boolean; severity: Severity };
  future_date: { enabled: boolean; severity: Severity };
  too_old: { enabled: boolean; severity: Severity; max_age_days: number };
  closed_period: { enabled: boolean; severity: Severity; locked_before: string | null; periods: { start: string; end: string }[] };
  weekend: { enabled: boolean; severity: Severity; days: Weekday[] };
  holiday: { enabled: boolean; severity: Severity; dates: string[] };
  description_missing: { enabled: boolean; severity: Severity };
  description_too_short: { enabled: boolean; severity: Severity; min_length: number };
  issue_key_missing: { enabled: boolean; severity: Severity };
  issue_key_format: { enabled: boolean; severity: Severity; project_keys: string[] };
  rounding: { enabled: boolean; severity: Severity; increment_minutes: number };
}

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
