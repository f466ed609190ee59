// Worklog guardrail engine: checks a batch of entries against the configured rules, relative to a fixed as_of date.
import { DEFAULT_GUARDRAILS, ISSUE_KEY, RULE_IDS, WEEKDAYS } from './rules.ts';
import type { Guardrails, RuleId } from './rules.ts';
import { clockLabel, clockMinutes, durationMinutes, epochDay, isoWeekday } from './time.ts';

import type { Input, Output } from './tool.ts';

type EntryInput = Input['entries'][number];
type GuardrailOverrides = Input['guardrails'];
/** The engine's input: as_of is fixed by the call (the request's UTC date when the caller gives none). */
type GuardrailInput = Omit<Input, 'as_of'> & { as_of: string };
type Violation = Output['entries'][number]['violations'][number];
type EntryReport = Output['entries'][number];

interface Resolved {
  index: number;
  entry: EntryInput;
  author: string;
  day: number;
  minutes: number | null;
  /** Interval in minutes after midnight, when start (or end and duration) is known. */
  from: number | null;
  to: number | null;
}

function mergeGuardrails(overrides: GuardrailOverrides | undefined): Guardrails {
  const out = structuredClone(DEFAULT_GUARDRAILS);
  if (!overrides) return out;
  for (const rule of RULE_IDS) {
    const given = overrides[rule];
    if (!given) continue;
    const target = out[rule] as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(given)) {
      if (value !== undefined && key in target) target[key] = Array.isArray(value) ? [...value] : value;
    }
  }
  return out;
}

function hours(minutes: number): string {
  return `${Math.round((minutes / 60) * 100) / 100} h`;
}

function round2(x: number): number {
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? 0 : r;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

/** User text quoted in a message: no control or bidi characters, at most 40 characters. */
function quote(s: string): string {
  const clean = s.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  // 82 UTF-16 units hold at least 41 code points: enough to tell whether to cut, without splitting the whole text.
  const head = Array.from(clean.slice(0, 82));
  return head.length > 40 ? `${head.slice(0, 39).join('')}…` : clean;
}

/** Code points in `s` (a surrogate pair is one, as `[...s]` counts), counted no further than `limit`. */
function codePoints(s: string, limit: number): number {
  let n = 0;
  for (let i = 0; i < s.length && n < limit; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

const NON_ASCII = /[\u0080-\uffff]/;

/** Case, spacing and compatibility forms ignored. ASCII text is its own NFKC form, so it skips the normaliser. */
function normText(s: string | undefined): string {
  const t = s ?? '';
  return (NON_ASCII.test(t) ? t.normalize('NFKC') : t).trim().replace(/\s+/g, ' ').toLowerCase();
}

function resolve(entry: EntryInput, index: number): Resolved {
  const day = epochDay(entry.date) ?? 0;
  const start = entry.start !== undefined ? clockMinutes(entry.start) : null;
  const end = entry.end !== undefined ? clockMinutes(entry.end, true) : null;
  const duration = entry.duration !== undefined ? durationMinutes(entry.duration) : null;
  const span = start !== null && end !== null ? end - start : null;
  const minutes = duration ?? span;
  let from: number | null = null;
  let to: number | null = null;
  if (start !== null && end !== null) [from, to] = [start, end];
  else if (start !== null && duration !== null) [from, to] = [start, start + duration];
  else if (end !== null && duration !== null) [from, to] = [end - duration, end];
  return { index, entry, author: normText(entry.author), day, minutes, from, to };
}

/** Entries with a positive duration count toward totals and overlaps. */
const positive = (r: Resolved): boolean => r.minutes !== null && r.minutes > 0;

/** What every step reads and where it writes: the merged rules, the resolved entries, their violations. */
interface Pass {
  input: GuardrailInput;
  g: Guardrails;
  asOf: number;
  entries: Resolved[];
  violations: Violation[][];
  /** Records a violation of `rule` on entry `i`, when the rule is enabled. */
  add(i: number, rule: RuleId, message: string): void;
}

export function check(input: GuardrailInput): Output {
  const g = mergeGuardrails(input.guardrails);
  const entries = input.entries.map(resolve);
  const violations: Violation[][] = entries.map(() => []);
  const add = (i: number, rule: RuleId, message: string): void => {
    const cfg = g[rule];
    if (cfg.enabled) violations[i]!.push({ rule, severity: cfg.severity, message });
  };
  const pass: Pass = { input, g, asOf: epochDay(input.as_of) ?? 0, entries, violations, add };
  entryRules(pass);
  duplicates(pass);
  const { byDay, byWeek } = groups(pass);
  for (const list of byDay.values()) dayRules(pass, list);
  for (const list of byWeek.values()) weekRules(pass, list);
  return report(pass);
}

/** The rules that judge one entry alone: durations, dates, description, issue key, rounding. */
function entryRules({ input, g, asOf, entries, add }: Pass): void {
  const closedPeriods = g.closed_period.periods.map((p) => ({ ...p, from: epochDay(p.start) ?? 0, to: epochDay(p.end) ?? 0 }));
  const lockedBefore = g.closed_period.locked_before === null ? null : epochDay(g.closed_period.locked_before);
  const holidays = new Set(g.holiday.dates);
  const weekendDays = new Set(g.weekend.days.map((d) => WEEKDAYS.indexOf(d) + 1));
  const projectKeys = new Set(g.issue_key_format.project_keys);
  for (const r of entries) {
    const e = r.entry;
    const i = r.index;
    if (r.minutes !== null && r.minutes <= 0) {
      add(i, 'non_positive_duration', r.entry.start !== undefined && r.entry.end !== undefined && r.entry.duration === undefined ? `End ${e.end} is not after start ${e.start}; entries that cross midnight must be split per day.` : `Duration is ${round2(r.minutes)} min; it must be above zero.`);
    }
    if (e.duration !== undefined && e.start !== undefined && e.end !== undefined) {
      const start = clockMinutes(e.start);
      const end = clockMinutes(e.end, true);
      const duration = durationMinutes(e.duration);
      if (start !== null && end !== null && duration !== null && Math.abs(end - start - duration) > g.duration_mismatch.tolerance_minutes) {
        add(i, 'duration_mismatch', `Duration ${round2(duration)} min does not match ${e.start}-${e.end} (${round2(end - start)} min).`);
      }
    }
    if (positive(r) && (r.minutes as number) > g.hours_per_entry.limit_hours * 60) {
      add(i, 'hours_per_entry', `One entry of ${hours(r.minutes as number)} exceeds the ${g.hours_per_entry.limit_hours} h limit per entry; split it by task or day.`);
    }
    if (r.day > asOf) add(i, 'future_date', `Date ${e.date} is after ${input.as_of}; time cannot be logged in advance.`);
    if (asOf - r.day > g.too_old.max_age_days) add(i, 'too_old', `Date ${e.date} is ${asOf - r.day} days before ${input.as_of}; entries older than ${g.too_old.max_age_days} days need approval.`);
    if (lockedBefore !== null && r.day < lockedBefore) {
      add(i, 'closed_period', `Date ${e.date} is in the closed period before ${g.closed_period.locked_before}.`);
    } else {
      const period = closedPeriods.find((p) => r.day >= p.from && r.day <= p.to);
      if (period) add(i, 'closed_period', `Date ${e.date} is in the closed period ${period.start} to ${period.end}.`);
    }
    const weekday = isoWeekday(r.day);
    if (weekendDays.has(weekday)) add(i, 'weekend', `Date ${e.date} is a ${DAY_NAMES[weekday - 1]}; weekend work is flagged for review.`);
    if (holidays.has(e.date)) add(i, 'holiday', `Date ${e.date} is a listed holiday.`);
    const description = (e.description ?? '').trim();
    if (description === '') add(i, 'description_missing', 'Description is missing; say what was done.');
    else {
      const length = codePoints(description, g.description_too_short.min_length);
      if (length < g.description_too_short.min_length) add(i, 'description_too_short', `Description "${quote(description)}" has ${length} characters; at least ${g.description_too_short.min_length} are expected.`);
    }
    const key = (e.issue_key ?? '').trim();
    if (key === '') {
      add(i, 'issue_key_missing', 'Issue key is missing; every entry must be booked to an issue.');
    } else {
      const m = ISSUE_KEY.exec(key);
      if (!m) {
        const upper = key.toUpperCase();
        const hint = ISSUE_KEY.test(upper) ? ` Did you mean ${upper}?` : '';
        add(i, 'issue_key_format', `Issue key "${quote(key)}" is not of the form PROJECT-123.${hint}`);
      } else if (projectKeys.size > 0 && !projectKeys.has(m[1] as string)) {
        add(i, 'issue_key_format', `Project ${m[1]} of ${key} is not one of the allowed projects (${[...projectKeys].slice(0, 10).join(', ')}).`);
      }
    }
    const inc = g.rounding.increment_minutes;
    if (positive(r) && Math.abs((r.minutes as number) / inc - Math.round((r.minutes as number) / inc)) > 1e-6) {
      add(i, 'rounding', `Duration ${round2(r.minutes as number)} min is not a multiple of ${inc} min.`);
    }
  }

}

/** Duplicates: same person, day, issue, duration and text; the first stays, later copies are flagged. */
function duplicates({ entries, add }: Pass): void {
  const seen = new Map<string, number>();
  for (const r of entries) {
    // Length-prefixed text fields keep the key unambiguous without escaping 2000-character descriptions.
    const issue = normText(r.entry.issue_key).toUpperCase();
    const key = `${r.author.length}:${r.author}|${r.day}|${issue.length}:${issue}|${r.minutes === null ? 'none' : round2(r.minutes)}|${normText(r.entry.description)}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, r.index);
    else add(r.index, 'duplicate', `Same author, date, issue, duration and description as entry ${first}.`);
  }

}

const chronological = (a: Resolved, b: Resolved): number => a.day - b.day || (a.from ?? Infinity) - (b.from ?? Infinity) || a.index - b.index;

/** The entries with a positive duration grouped by author and day, and by author and week. */
function groups({ g, entries }: Pass): { byDay: Map<string, Resolved[]>; byWeek: Map<string, Resolved[]> } {
  const byDay = new Map<string, Resolved[]>();
  const byWeek = new Map<string, Resolved[]>();
  const weekOffset = g.hours_per_week.week_starts_on === 'monday' ? 1 : 0;
  for (const r of entries) {
    if (!positive(r)) continue;
    const dayKey = `${r.author}\u0000${r.day}`;
    const dayList = byDay.get(dayKey);
    if (dayList) dayList.push(r);
    else byDay.set(dayKey, [r]);
    const weekStart = r.day - ((isoWeekday(r.day) - weekOffset + 7) % 7);
    const weekKey = `${r.author}\u0000${weekStart}`;
    const list = byWeek.get(weekKey);
    if (list) list.push(r);
    else byWeek.set(weekKey, [r]);
  }
  return { byDay, byWeek };
}

/** One author's day: overlapping intervals, the daily limit and more than 24 hours. */
function dayRules({ g, add }: Pass, list: Resolved[]): void {
  list.sort(chronological);
  // Overlaps: sweep by start, remembering the entry that reaches furthest.
  let reach: Resolved | null = null;
  for (const r of list) {
    if (r.from === null || r.to === null || r.to <= r.from) continue;
    if (reach && r.from < (reach.to as number)) {
      add(r.index, 'overlap', `${clockLabel(r.from)}-${clockLabel(r.to)} overlaps entry ${reach.index} (${clockLabel(reach.from as number)}-${clockLabel(reach.to as number)}) of the same author.`);
    }
    if (!reach || r.to > (reach.to as number)) reach = r;
  }
  // Daily totals: flag the entry that crosses the limit and every later one that day.
  let total = 0;
  const dayLimit = g.hours_per_day.limit_hours * 60;
  for (const r of list) {
    total += r.minutes as number;
    if (total > dayLimit) add(r.index, 'hours_per_day', `${hours(total)} logged on ${r.entry.date} up to this entry; the daily limit is ${g.hours_per_day.limit_hours} h.`);
    if (total > 1440) add(r.index, 'day_over_24h', `${hours(total)} logged on ${r.entry.date} up to this entry: more than a day has.`);
  }
}

/** One author's week: the weekly limit. */
function weekRules({ g, add }: Pass, list: Resolved[]): void {
  list.sort(chronological);
  let total = 0;
  const weekLimit = g.hours_per_week.limit_hours * 60;
  for (const r of list) {
    total += r.minutes as number;
    if (total > weekLimit) add(r.index, 'hours_per_week', `${hours(total)} logged in the week up to this entry; the weekly limit is ${g.hours_per_week.limit_hours} h.`);
  }
}

/** The answer: entries in input order, violations in rule order, the summary and totals. */
function report({ input, g, entries, violations }: Pass): Output {
  // Report in input order, violations in rule order.
  const order = new Map(RULE_IDS.map((id, i) => [id, i]));
  const summary = Object.fromEntries(RULE_IDS.map((id) => [id, 0])) as Record<RuleId, number>;
  let block = 0;
  let warn = 0;
  let blockedEntries = 0;
  let withViolations = 0;
  let minutes = 0;
  const reports: EntryReport[] = entries.map((r) => {
    const v = violations[r.index]!.sort((a, b) => (order.get(a.rule) ?? 0) - (order.get(b.rule) ?? 0));
    for (const x of v) {
      summary[x.rule]++;
      if (x.severity === 'block') block++;
      else warn++;
    }
    if (v.length > 0) withViolations++;
    if (v.some((x) => x.severity === 'block')) blockedEntries++;
    if (positive(r)) minutes += r.minutes as number;
    return { index: r.index, id: r.entry.id ?? null, minutes: r.minutes === null ? null : round2(r.minutes), violations: v };
  });

  return {
    ok: block === 0,
    as_of: input.as_of,
    entries: reports,
    summary,
    totals: { entries: entries.length, entries_with_violations: withViolations, blocked_entries: blockedEntries, block_violations: block, warn_violations: warn, minutes: round2(minutes) },
    guardrails: g,
  };
}
