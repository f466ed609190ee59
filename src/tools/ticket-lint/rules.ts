// The ticket-lint rule catalogue: every code SPEC lists, its field, its severity per issue type, and its fix.

export const ISSUE_TYPES = ['story', 'bug', 'task', 'epic', 'spike', 'subtask'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

/** Finding severities, most severe first, and the points a finding of each costs (SPEC Limits). */
export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_POINTS: Readonly<Record<Severity, number>> = { high: 20, medium: 8, low: 3 };

/** Below this score a ticket needs work even without a high finding (a pile of medium findings). */
export const READY_MIN_SCORE = 70;

type PerType = Partial<Record<IssueType, Severity>>;
const ALL = (s: Severity): PerType => ({ story: s, bug: s, task: s, epic: s, spike: s, subtask: s });

/** SPEC's finding.field enum: the part of the ticket a rule reads. */
export const FINDING_FIELDS = [
  'summary',
  'description',
  'acceptance_criteria',
  'estimate',
  'priority',
  'epic_link',
  'assignee',
  'labels',
  'components',
  'attachments_count',
] as const;
type FindingField = (typeof FINDING_FIELDS)[number];

export interface RuleSpec {
  field: FindingField;
  /** Severity per issue type; a type that is absent is not checked by this rule. */
  severity: PerType;
  fix: string;
}

/** SPEC's findings by code, in catalogue order (the order findings of equal severity are listed in). */
const CATALOGUE = {
  summary_missing: { field: 'summary', severity: ALL('high'), fix: 'Write a one-line summary that names the change or the failure.' },
  summary_too_short: { field: 'summary', severity: ALL('medium'), fix: 'Say what changes and where in at least three words, e.g. "Export invoices as CSV".' },
  summary_too_long: { field: 'summary', severity: ALL('low'), fix: 'Keep the summary to one scannable line; move detail into the description.' },
  summary_all_caps: { field: 'summary', severity: ALL('low'), fix: 'Write the summary in sentence case; capitals read as shouting and hide acronyms.' },
  summary_weak_start: { field: 'summary', severity: ALL('low'), fix: 'Open with what changes or what fails ("Export invoices as CSV", "Checkout rejects valid cards"), not with filler.' },
  summary_trailing_ellipsis: { field: 'summary', severity: ALL('low'), fix: 'Finish the sentence; a trailing ellipsis usually means a truncated paste.' },
  description_missing: {
    field: 'description',
    severity: { story: 'medium', bug: 'high', task: 'low', epic: 'medium', spike: 'medium', subtask: 'low' },
    fix: 'Describe the context, the change and how to know it is done.',
  },
  description_too_short: {
    field: 'description',
    severity: { story: 'medium', bug: 'medium', task: 'low', epic: 'medium', spike: 'low', subtask: 'low' },
    fix: 'Add the context a developer needs without asking: who, what, why, and the constraints.',
  },
  no_user_value: {
    field: 'description',
    severity: { story: 'medium', epic: 'low' },
    fix: 'State the benefit: "As a <role>, I want <goal>, so that <benefit>".',
  },
  epic_no_child_scope: { field: 'description', severity: { epic: 'medium' }, fix: 'Link child stories or list the epic\'s scope (in scope / out of scope) in the description.' },
  bug_no_repro: { field: 'description', severity: { bug: 'high' }, fix: 'Add numbered steps to reproduce, starting from a known state.' },
  bug_no_expected_actual: { field: 'description', severity: { bug: 'medium' }, fix: 'State the expected behaviour and the actual behaviour separately ("Expected: ...", "Actual: ...").' },
  bug_no_environment: { field: 'description', severity: { bug: 'medium' }, fix: 'Name the environment: version or build, OS, browser or device, and which deployment (production, staging).' },
  bug_no_attachment: { field: 'attachments_count', severity: { bug: 'low' }, fix: 'Attach a screenshot, a log excerpt or a stack trace, or paste the relevant lines into the description.' },
  ac_missing: {
    field: 'acceptance_criteria',
    severity: { story: 'high', task: 'medium', spike: 'low' },
    fix: 'Add acceptance criteria, each naming an observable outcome (Given/When/Then works well); run them through the acceptance-criteria validator.',
  },
  estimate_missing: {
    field: 'estimate',
    severity: { story: 'high', bug: 'medium', task: 'medium', spike: 'medium', subtask: 'medium' },
    fix: 'Estimate the ticket (story points for stories, a timebox for spikes, hours for sub-tasks).',
  },
  estimate_oversized: {
    field: 'estimate',
    severity: { story: 'medium', bug: 'medium', task: 'medium', spike: 'medium', subtask: 'medium' },
    fix: 'Split the ticket into pieces that each fit comfortably in one sprint.',
  },
  estimate_mismatch: {
    field: 'estimate',
    severity: { story: 'low', bug: 'low', task: 'low', spike: 'low', subtask: 'low' },
    fix: 'Use the team\'s scale: planning-poker or Fibonacci values for points (0.5, 1, 2, 3, 5, 8, 13, 20/21, ...), quarter hours for hours.',
  },
  priority_missing: {
    field: 'priority',
    severity: { story: 'low', bug: 'medium', task: 'low', epic: 'low', spike: 'low', subtask: 'low' },
    fix: 'Set a priority so the ticket can be ordered against the rest of the backlog.',
  },
  urgent_thin_context: {
    field: 'priority',
    severity: ALL('medium'),
    fix: 'Urgent work needs more context, not less: describe impact, scope and who is affected.',
  },
  epic_link_missing: { field: 'epic_link', severity: { story: 'low', task: 'low', spike: 'low' }, fix: 'Link the ticket to its epic so the work rolls up to a goal.' },
  assignee_missing: {
    field: 'assignee',
    severity: { story: 'low', bug: 'low', task: 'low', spike: 'low', subtask: 'low' },
    fix: 'Assign an owner, or leave it deliberately unassigned for the team to pull.',
  },
  labels_empty: { field: 'labels', severity: ALL('low'), fix: 'Add the labels your board and reports filter on.' },
  components_empty: { field: 'components', severity: ALL('low'), fix: 'Set the component so the ticket reaches the right owners.' },
} satisfies Record<string, RuleSpec>;

export type FindingCode = keyof typeof CATALOGUE;
export const RULES: Readonly<Record<FindingCode, RuleSpec>> = CATALOGUE;

/** SPEC's finding.code enum: the catalogue's codes, in its order. */
export const FINDING_CODES = Object.keys(CATALOGUE) as [FindingCode, ...FindingCode[]];

/**
 * Story-point values a team's scale can hold: the planning-poker deck (Grenning 2002; Cohn 2005: 0, 1/2, 1, 2, 3,
 * 5, 8, 13, 20, 40, 100) and the plain Fibonacci values teams also use (21, 34, 55, 89). Anything else (4, 6, 10,
 * 16) is a mismatch with the scale.
 */
export const POINT_SCALE: readonly number[] = [0, 0.5, 1, 2, 3, 5, 8, 13, 20, 21, 34, 40, 55, 89, 100];

/** Largest estimate that still fits a sprint: 13 points (the last value before the "too big to plan" cards), 16 hours. */
export const OVERSIZE = { points: 13, hours: 16 } as const;

/** Jira's hard limit on a summary, and the length past which a summary no longer fits one board line. */
export const SUMMARY_LIMITS = { hard: 255, soft: 150, minWords: 3, minChars: 10 } as const;

/** Fewer words than this in a description is too little to act on. */
export const DESCRIPTION_MIN_WORDS = 10;

/** Fewer description words than this behind an urgent priority is thin context. */
export const URGENT_MIN_WORDS = 25;
