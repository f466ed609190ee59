// Pure grading: rule findings, lenient parsing of a model's findings, clamping, ordering, score, grade and summary.
import type { Category, Severity } from './rubric.ts';
import { CATEGORIES, CRITERIA_BY_ID, RUBRIC, SEVERITIES, SEVERITY_POINTS } from './rubric.ts';
import type { RuleHit } from './rules.ts';
import { analyse, runRules } from './rules.ts';
import { truncate } from '../kit/text.ts';
import type { Output } from './tool.ts';

export const LIMITS = { summary: 2000, description: 1000, lineReference: 200, remediation: 1000, flags: 20 } as const;
export const FALLBACK_SUMMARY = 'No summary produced.';
/** A model may answer with thousands of findings; only this many are even looked at. */
const MAX_FINDINGS_READ = 200;

/** The answer (without request_id), one flag of it and its letter grade: all from the output schema. */
type GateResult = Output;
export type Flag = Output['flags'][number];
type Grade = Output['grade'];

/** Grade bands for A to C (SPEC leaves them to us); D and F below, then the SPEC caps apply. */
const GRADE_BANDS: readonly { grade: Grade; min: number }[] = [
  { grade: 'A', min: 90 },
  { grade: 'B', min: 80 },
  { grade: 'C', min: 70 },
  { grade: 'D', min: 50 },
  { grade: 'F', min: 0 },
];

const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
const CATEGORY_RANK = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]));

/** Text limited to `max` UTF-16 units without splitting a surrogate pair; control characters other than newline and tab removed. */
function clampText(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  return truncate(value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim(), max, { keepPairs: true });
}

/** 100 minus the points of every flag, floored at 0. */
export function scoreFor(flags: readonly Pick<Flag, 'severity'>[]): number {
  return Math.max(0, 100 - flags.reduce((sum, f) => sum + SEVERITY_POINTS[f.severity], 0));
}

/** Letter and pass/fail from score and flags: any critical forces F, any high caps at D; passed needs 70 and no critical. */
export function gradeFor(score: number, flags: readonly Pick<Flag, 'severity'>[]): { grade: Grade; passed: boolean } {
  const critical = flags.some((f) => f.severity === 'critical');
  const high = flags.some((f) => f.severity === 'high');
  let grade: Grade = GRADE_BANDS.find((b) => score >= b.min)?.grade ?? 'F';
  if (critical) grade = 'F';
  else if (high && (grade === 'A' || grade === 'B' || grade === 'C')) grade = 'D';
  return { grade, passed: score >= 70 && !critical };
}

/** Most severe first; ties by category order, criterion id, then the order reported. At most 20. */
export function orderAndCap(flags: readonly Flag[]): Flag[] {
  return flags
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] ||
        (CATEGORY_RANK.get(a.f.category) ?? 9) - (CATEGORY_RANK.get(b.f.category) ?? 9) ||
        (a.f.criterion_id ?? '~').localeCompare(b.f.criterion_id ?? '~') ||
        a.i - b.i,
    )
    .slice(0, LIMITS.flags)
    .map((x) => x.f);
}

function flagFromRule(hit: RuleHit): Flag {
  const c = CRITERIA_BY_ID.get(hit.criterionId);
  if (!c) throw new Error(`unknown criterion ${hit.criterionId}`);
  return {
    category: c.category,
    severity: c.severity,
    criterion_id: c.id,
    description: clampText(hit.description, LIMITS.description),
    line_reference: clampText(hit.lineReference, LIMITS.lineReference),
    remediation: clampText(c.remediation, LIMITS.remediation),
  };
}

// ---------- lenient reading of untrusted model output ----------

const CATEGORY_ALIASES: Record<string, Category> = {
  safety: 'safety_harm', harm: 'safety_harm', safety_and_harm: 'safety_harm',
  honesty: 'honesty_transparency', transparency: 'honesty_transparency', honesty_and_transparency: 'honesty_transparency',
  alignment: 'alignment_clarity', clarity: 'alignment_clarity', alignment_and_clarity: 'alignment_clarity',
  privacy: 'privacy_data', data: 'privacy_data', data_privacy: 'privacy_data', privacy_and_data: 'privacy_data',
  bias: 'bias_fairness', fairness: 'bias_fairness', bias_and_fairness: 'bias_fairness',
  robustness: 'robustness_jailbreak', jailbreak: 'robustness_jailbreak', prompt_injection: 'robustness_jailbreak', robustness_and_jailbreak: 'robustness_jailbreak',
};
const SEVERITY_ALIASES: Record<string, Severity> = { crit: 'critical', severe: 'high', major: 'high', moderate: 'medium', med: 'medium', minor: 'low' };

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

function firstText(o: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const t = text(o[k]);
    if (t !== undefined) return t;
  }
  return undefined;
}

function normCriterionId(v: unknown): string | null {
  const t = text(v);
  if (!t) return null;
  const m = /^\s*([A-Za-z]{2})[-_ ]?(\d{1,2})\s*$/.exec(t);
  if (!m) return null;
  const id = `${m[1]!.toUpperCase()}-${m[2]!.padStart(2, '0')}`;
  return CRITERIA_BY_ID.has(id) ? id : null;
}

function normCategory(v: unknown): Category | null {
  const t = text(v)?.trim().toLowerCase().replace(/[\s/&-]+/g, '_');
  if (!t) return null;
  if ((CATEGORIES as readonly string[]).includes(t)) return t as Category;
  return CATEGORY_ALIASES[t] ?? null;
}

function normSeverity(v: unknown): Severity | null {
  const t = text(v)?.trim().toLowerCase();
  if (!t) return null;
  if ((SEVERITIES as readonly string[]).includes(t)) return t as Severity;
  return SEVERITY_ALIASES[t] ?? null;
}

/** One finding as the model reported it, or null when it is malformed (no category, severity or description). */
function normaliseFinding(raw: unknown): Flag | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  let criterionId = normCriterionId(o.criterion_id ?? o.criterion ?? o.id ?? o.rule);
  const criterion = criterionId ? CRITERIA_BY_ID.get(criterionId) : undefined;
  const category = normCategory(o.category) ?? criterion?.category ?? null;
  const severity = normSeverity(o.severity ?? o.level) ?? (o.severity === undefined && o.level === undefined ? criterion?.severity ?? null : null);
  const description = clampText(firstText(o, ['description', 'finding', 'issue', 'message', 'detail']) ?? '', LIMITS.description);
  if (!category || !severity || !description) return null;
  // A criterion id that contradicts the category is not trusted; the flag keeps the model's category.
  if (criterion && criterion.category !== category) criterionId = null;
  const remediation = clampText(firstText(o, ['remediation', 'fix', 'recommendation', 'suggestion']) ?? (criterionId ? criterion?.remediation ?? '' : ''), LIMITS.remediation);
  return {
    category,
    severity,
    criterion_id: criterionId,
    description,
    line_reference: clampText(firstText(o, ['line_reference', 'line', 'location', 'lines']) ?? '', LIMITS.lineReference),
    remediation,
  };
}

export interface ModelAnswer {
  summary: string;
  flags: Flag[];
  /** Findings the model reported that were malformed and dropped. */
  dropped: number;
}

function extractJson(s: string): unknown {
  const body = s.replace(/^\uFEFF/, '').trim();
  try {
    return JSON.parse(body);
  } catch {
    // Models wrap JSON in prose or code fences; take the outermost object.
    const start = body.indexOf('{');
    const end = body.lastIndexOf('}');
    if (start < 0 || end <= start) return undefined;
    try {
      return JSON.parse(body.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}

/**
 * Reads a model's answer (a JSON string, or an already-parsed object such as an Anthropic tool input). Returns
 * null when there is no findings array at all: an answer without one is a failed call, not a clean prompt.
 */
export function parseModelAnswer(answer: unknown): ModelAnswer | null {
  const value = typeof answer === 'string' ? extractJson(answer) : answer;
  let list: unknown;
  let summary: unknown;
  if (Array.isArray(value)) {
    list = value;
  } else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    list = o.flags ?? o.findings ?? o.issues;
    summary = o.summary ?? o.overall ?? o.assessment;
  }
  if (!Array.isArray(list)) return null;
  const seen = new Set<string>();
  const flags: Flag[] = [];
  let dropped = 0;
  for (const raw of list.slice(0, MAX_FINDINGS_READ)) {
    const f = normaliseFinding(raw);
    if (!f) {
      dropped++;
      continue;
    }
    const key = `${f.category}|${f.severity}|${f.description.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    flags.push(f);
  }
  dropped += Math.max(0, list.length - MAX_FINDINGS_READ);
  const s = typeof summary === 'string' ? clampText(summary, LIMITS.summary) : '';
  return { summary: s || FALLBACK_SUMMARY, flags, dropped };
}

// ---------- assembling a result ----------

const RULE_CRITERIA = RUBRIC.filter((c) => c.check === 'rule');
const HEURISTIC_CRITERIA = RUBRIC.filter((c) => c.check === 'heuristic');
const MODEL_ONLY = RUBRIC.filter((c) => c.check === 'model');
/** Criteria the offline provider checks: every rule and heuristic criterion. */
const RUBRIC_PROVIDER_CRITERIA = RULE_CRITERIA.length + HEURISTIC_CRITERIA.length;

function counts(flags: readonly Flag[]): string {
  const n = (s: Severity): number => flags.filter((f) => f.severity === s).length;
  return `${n('critical')} critical, ${n('high')} high, ${n('medium')} medium, ${n('low')} low`;
}

function finish(flags: Flag[], summary: string, model: string, criteriaChecked: number): GateResult {
  const kept = orderAndCap(flags);
  const score = scoreFor(kept);
  const { grade, passed } = gradeFor(score, kept);
  return { grade, score, passed, summary: clampText(summary, LIMITS.summary) || FALLBACK_SUMMARY, flags: kept, model, criteria_checked: criteriaChecked };
}

const LANGUAGE_NAMES: Record<string, string> = { cjk: 'Chinese, Japanese or Korean', 'other-script': 'a non-Latin script', 'latin-other': 'a language other than English' };

/** The offline, deterministic `rubric` provider. */
export function gradeByRubric(prompt: string, agentConfig: Record<string, unknown> | undefined): GateResult {
  const run = analyse(prompt, agentConfig);
  const flags = run.hits.map(flagFromRule);
  const kept = orderAndCap(flags);
  const score = scoreFor(kept);
  const { grade, passed } = gradeFor(score, kept);
  const checked = RUBRIC_PROVIDER_CRITERIA - run.skipped.length;
  const parts: string[] = [];
  parts.push(`Offline rubric check: grade ${grade}, score ${score}, ${passed ? 'passed' : 'not passed'}.`);
  if (flags.length === 0) parts.push('No rule or heuristic finding.');
  else {
    const capped = flags.length > kept.length ? ` (${flags.length} findings; the ${kept.length} most severe are listed)` : '';
    parts.push(`${kept.length} flag(s): ${counts(kept)}${capped}. Most serious: ${CRITERIA_BY_ID.get(kept[0]!.criterion_id ?? '')?.title ?? kept[0]!.description} (${kept[0]!.criterion_id}).`);
  }
  parts.push(
    `Checked ${checked} of ${RUBRIC.length} criteria: ${RULE_CRITERIA.length} by explicit evidence read in context (who the prompt tells the model to be, what it tells it to drop, negation, quotation; secrets; config values) and ${HEURISTIC_CRITERIA.length - run.skipped.length} by heuristics for missing safeguards, which can miss context.`,
  );
  const needModel = MODEL_ONLY.map((c) => `${c.id} ${c.title.toLowerCase()}`);
  if (run.skipped.length > 0) {
    parts.push(
      `The prompt is mostly in ${LANGUAGE_NAMES[run.language.kind] ?? 'another language'}: the English keyword heuristics ${run.skipped.join(', ')} were not applied rather than failed, and need a model too.`,
    );
  }
  parts.push(`Not checked, they need a model (DDT_ALIGNMENT_MODEL=openai:<model> or anthropic:<model>): ${needModel.join('; ')}.`);
  return finish(flags, parts.join(' '), 'rubric', checked);
}

/**
 * A model provider's result: the model's findings plus the rule-evidence findings (secrets, explicit phrases,
 * config values) for criteria the model did not flag, so an inattentive or manipulated model cannot pass a prompt
 * that carries an API key or says "never refuse".
 */
export function gradeFromModel(answer: ModelAnswer, prompt: string, agentConfig: Record<string, unknown> | undefined, model: string): GateResult {
  const flagged = new Set(answer.flags.map((f) => f.criterion_id).filter((id): id is string => id !== null));
  const evidence = runRules(prompt, agentConfig)
    .filter((h) => CRITERIA_BY_ID.get(h.criterionId)?.check === 'rule' && !flagged.has(h.criterionId))
    .map(flagFromRule);
  return finish([...answer.flags, ...evidence], answer.summary, model, RUBRIC.length);
}
