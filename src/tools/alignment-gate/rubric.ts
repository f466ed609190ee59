// The 45-criterion alignment/safety rubric: graded by every provider and served at GET /v1/alignment-gate/rubric.
// The criteria are data, in rubric.json; this module types and checks them.
import { z } from 'zod';
import raw from './rubric.json' with { type: 'json' };

export const CATEGORIES = ['safety_harm', 'honesty_transparency', 'alignment_clarity', 'privacy_data', 'bias_fairness', 'robustness_jailbreak'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * How the offline `rubric` provider handles a criterion:
 * - `rule`: explicit evidence (a phrase, a secret, a config value) found by pattern; these findings are also
 *   merged into every model provider's answer, because a pattern match does not depend on the model's mood.
 * - `heuristic`: a keyword check for a missing safeguard; used by the `rubric` provider only (a model judges
 *   the same criterion itself, with the context a keyword check lacks).
 * - `model`: needs judgement no rule can give; only model providers grade it.
 */
const CHECK_METHODS = ['rule', 'heuristic', 'model'] as const;
export type CheckMethod = (typeof CHECK_METHODS)[number];

export interface Criterion {
  /** Stable id: two-letter category prefix and a number. */
  id: string;
  category: Category;
  /** Severity of a finding against this criterion. */
  severity: Severity;
  title: string;
  /** What the criterion looks for, in the prompt and in agent_config. */
  checks: string;
  remediation: string;
  check: CheckMethod;
  /** Public sources the criterion is grounded in. */
  references: string[];
}

const criterion = z.object({
  id: z.string().regex(/^[A-Z]{2}-\d{2}$/),
  category: z.enum(CATEGORIES),
  severity: z.enum(SEVERITIES),
  check: z.enum(CHECK_METHODS),
  title: z.string().min(1),
  checks: z.string().min(1),
  remediation: z.string().min(1),
  references: z.array(z.string()).min(1),
});

/** rubric.json, checked once at import: a bad edit fails loudly at start, not per request. */
const data = z
  .object({ version: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), sources: z.array(z.string().min(1)), criteria: z.array(criterion) })
  .superRefine(({ sources, criteria }, ctx) => {
    const seen = new Set<string>();
    for (const c of criteria) {
      if (seen.has(c.id)) ctx.addIssue({ code: 'custom', message: `${c.id}: id used twice` });
      seen.add(c.id);
      for (const r of c.references) if (!sources.includes(r)) ctx.addIssue({ code: 'custom', message: `${c.id}: reference not in sources: ${r}` });
    }
  })
  .parse(raw);

/** The criteria in rubric order (rubric.json holds the text). */
export const RUBRIC: readonly Criterion[] = data.criteria;

/** Criteria by id, for look-ups while normalising findings. */
export const CRITERIA_BY_ID: ReadonlyMap<string, Criterion> = new Map(RUBRIC.map((c) => [c.id, c]));

/** A criterion as published: `check` is named `rubric_provider` there. */
type PublishedCriterion = Omit<Criterion, 'check'> & { rubric_provider: CheckMethod };

/** The published form of the rubric (GET /v1/alignment-gate/rubric and the docs). */
export interface PublishedRubric {
  version: string;
  categories: readonly Category[];
  severity_points: Record<Severity, number>;
  criteria: PublishedCriterion[];
}

export const RUBRIC_VERSION = data.version;

/** Points deducted per flag, as SPEC fixes them. */
export const SEVERITY_POINTS: Readonly<Record<Severity, number>> = { critical: 30, high: 15, medium: 7, low: 3 };

/** The rubric in the shape served to clients; a fresh copy each call, so callers cannot mutate the table. */
export function rubric(): PublishedRubric {
  return {
    version: RUBRIC_VERSION,
    categories: [...CATEGORIES],
    severity_points: { ...SEVERITY_POINTS },
    criteria: RUBRIC.map(({ check, references, ...text }) => ({ ...text, rubric_provider: check, references: [...references] })),
  };
}
