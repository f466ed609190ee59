// Builds an audit-logging specification from a feature list: pure, and independent of the order the features arrive in.
import { fnv1aHex } from '../kit/hash.ts';
import { stemmer } from 'stemmer';
import { ALERTS } from './alerts.ts';
import { EVENT_BY_NAME, EVENT_ORDER } from './events.ts';
import type { EventDef } from './events.ts';
import { GENERIC_KIND, KINDS } from './feature-kinds.ts';
import type { FeatureKind } from './feature-kinds.ts';
import { ECS_VERSION, FIELDS, GLOBAL_OPTIONAL, GLOBAL_REQUIRED, fieldStandard } from './fields.ts';
import { ALWAYS_EVENTS, BASELINE_RETENTION, FRAMEWORK_EVENTS, FRAMEWORK_IDS, PRACTICES, REQUIREMENTS, RETENTION } from './frameworks.ts';
import type { FrameworkId, RetentionRule } from './frameworks.ts';
import { renderMarkdown } from './markdown.ts';
import { ALWAYS_NEVER_LOG, SENSITIVE, SENSITIVE_ORDER } from './sensitive-data.ts';
import type { Input, Output } from './tool.ts';

type FeatureInput = Input['features'][number];
type FieldSpec = Output['global_fields']['required'][number];
type NeverLogSpec = Output['never_log'][number];
type FeatureSpec = Output['features'][number];
type EventSpec = Output['events'][number];
type AlertSpec = Output['alerts'][number];
type RequirementSpec = Output['framework_requirements'][number];

const VOCABULARY = 'OWASP Application Logging Vocabulary';
const EXAMPLE_TIMESTAMP = '2026-01-15T09:30:00.000Z';

// ---------------------------------------------------------------------------------------------------------
// Text matching: stemmed word sequences, so the cost is linear in the text and immune to regex backtracking.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

/** Collapse whitespace and drop control and bidi-override characters: names end up in headings and JSON examples. */
function cleanText(s: string): string {
  return s.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

function stemWord(w: string): string {
  return w.length > 2 && /^[a-z]+$/.test(w) ? stemmer(w) : w;
}

function stems(text: string): string[] {
  const words = text.toLowerCase().normalize('NFKC').match(/[a-z0-9]+/g) ?? [];
  return words.map(stemWord);
}

/**
 * Verbs (and their nouns: "upload", "export") that move or keep a thing without saying what the feature does with
 * it, with the kind they belong to. A thing they govern is the payload of that action (see `contentNouns`).
 */
const HANDLING: ReadonlyMap<string, string> = new Map(
  (
    [
      ['upload', 'file_upload'],
      ['attach', 'file_upload'],
      ['drop', 'file_upload'],
      ['import', 'data_import'],
      ['ingest', 'data_import'],
      ['sync', 'data_import'],
      ['export', 'data_export'],
      ['download', 'data_export'],
      ['print', 'data_export'],
      ['backup', 'data_export'],
      ['scan', 'handling'],
      ['ocr', 'handling'],
      ['parse', 'handling'],
      ['extract', 'handling'],
      ['store', 'handling'],
      ['archive', 'handling'],
      ['save', 'handling'],
      ['preview', 'handling'],
    ] as const
  ).map(([w, k]) => [stemWord(w), k]),
);
/**
 * How far back a handling verb governs a noun, in words other than articles, determiners and prepositions ("export
 * to a CSV file", "upload of supplier invoices"); further back it belongs to another phrase.
 */
const GOVERN_BACK = 3;
const GOVERN_SKIP: ReadonlySet<string> = new Set(['a', 'an', 'the', 'of', 'to', 'for', 'from', 'into', 'on', 'in', 'with', 'my', 'your', 'our', 'their', 'it', 'his', 'her', 'all', 'some', 'these', 'those', 'this', 'that', 'its', 'multiple', 'several', 'new'].map(stemWord));

interface CompiledPhrase {
  phrase: string;
  key: string;
  /** Words in the key. */
  length: number;
  content: boolean;
}

interface CompiledKind {
  kind: FeatureKind;
  phrases: CompiledPhrase[];
  /** Raw-word phrases inside which a trigger means something else. */
  unless: { key: string; length: number }[];
}

const rawKey = (phrase: string): string => (phrase.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(' ');

const COMPILED: CompiledKind[] = KINDS.map((kind) => {
  const content = new Set((kind.contentNouns ?? []).map((p) => stems(p).join(' ')));
  return {
    kind,
    phrases: kind.triggers.map((phrase) => {
      const key = stems(phrase).join(' ');
      return { phrase, key, length: key.split(' ').length, content: content.has(key) };
    }),
    unless: (kind.unless ?? []).map((u) => {
      const key = rawKey(u);
      return { key, length: key.split(' ').length };
    }),
  };
});

/**
 * The text as tokens: words, their stems, and for each token where its clause begins and ends. Clauses end at
 * punctuation, so a verb in one item of a list ("Login, file upload, invoices") does not govern the next.
 */
interface Tokens {
  words: string[];
  stems: string[];
  clauseStart: number[];
  clauseEnd: number[];
  stemGrams: Map<string, number[]>;
  /** Built on first use: only kinds with `unless` phrases whose trigger occurs need it. */
  rawGrams?: Map<string, number[]>;
}

const TOKEN = /[a-z0-9]+|[.,;:!?|()[\]{}\n\r]/g;

/** Every prefix (in whole words) of the given phrases: n-grams are only built along them. */
function prefixes(phrases: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const p of phrases) {
    const w = p.split(' ');
    for (let n = 1; n <= w.length; n++) out.add(w.slice(0, n).join(' '));
  }
  return out;
}
const STEM_PREFIXES = prefixes(COMPILED.flatMap((c) => c.phrases.map((p) => p.key)));
const RAW_PREFIXES = prefixes(COMPILED.flatMap((c) => c.unless.map((u) => u.key)));

/**
 * The n-grams that begin some phrase, inside a clause, with the positions they start at. Growing a gram stops as soon
 * as it is no phrase's prefix, so the work is about one set lookup per token whatever the text.
 */
function grams(tokens: readonly string[], clauseEnd: readonly number[], known: ReadonlySet<string>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < tokens.length; i++) {
    let key = tokens[i] as string;
    const end = clauseEnd[i] as number;
    for (let j = i; j < end; j++) {
      if (j > i) key = `${key} ${tokens[j] as string}`;
      if (!known.has(key)) break;
      const at = out.get(key);
      if (at) at.push(i);
      else out.set(key, [i]);
    }
  }
  return out;
}

function tokenize(text: string): Tokens {
  const words: string[] = [];
  const clauseStart: number[] = [];
  let start = 0;
  for (const m of text.toLowerCase().normalize('NFKC').matchAll(TOKEN)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    const isWord = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (!isWord) {
      start = words.length;
      continue;
    }
    words.push(t);
    clauseStart.push(start);
  }
  const clauseEnd = new Array<number>(words.length);
  for (let i = words.length - 1; i >= 0; i--) {
    clauseEnd[i] = i + 1 < words.length && clauseStart[i + 1] === clauseStart[i] ? (clauseEnd[i + 1] as number) : i + 1;
  }
  // Hostile and real texts repeat words: stem each distinct word once.
  const memo = new Map<string, string>();
  const stemsOf = words.map((w) => {
    let st = memo.get(w);
    if (st === undefined) {
      st = stemWord(w);
      memo.set(w, st);
    }
    return st;
  });
  return { words, stems: stemsOf, clauseStart, clauseEnd, stemGrams: grams(stemsOf, clauseEnd, STEM_PREFIXES) };
}

/** True when a handling verb of another kind governs the noun at `at` (just before it, or as the head right after it). */
function isPayload(t: Tokens, at: number, length: number, kindId: string): boolean {
  const foreign = (i: number): boolean => {
    const k = HANDLING.get(t.stems[i] as string);
    return k !== undefined && k !== kindId;
  };
  let words = 0;
  const first = Math.max(t.clauseStart[at] as number, at - 2 * GOVERN_BACK);
  for (let i = at - 1; i >= first && words < GOVERN_BACK; i--) {
    const w = t.stems[i] as string;
    if (HANDLING.has(w)) return foreign(i);
    if (!GOVERN_SKIP.has(w)) words++;
  }
  const next = at + length;
  return next < (t.clauseEnd[at] as number) && foreign(next);
}

/**
 * For each position, the furthest end of an `unless` phrase that starts at or before it: a trigger at [at, at + n)
 * lies inside one of them exactly when reach[at] >= at + n. Linear in the text, computed once per kind.
 */
function unlessReach(t: Tokens, unless: readonly { key: string; length: number }[]): Int32Array {
  t.rawGrams ??= grams(t.words, t.clauseEnd, RAW_PREFIXES);
  const reach = new Int32Array(t.words.length);
  for (const u of unless) for (const s of t.rawGrams.get(u.key) ?? []) reach[s] = Math.max(reach[s] as number, s + u.length);
  for (let i = 1; i < reach.length; i++) reach[i] = Math.max(reach[i] as number, reach[i - 1] as number);
  return reach;
}

/**
 * Kinds whose trigger phrases occur in the text, in catalogue order, with the phrases that matched. A trigger does
 * not count inside one of its kind's `unless` phrases, and a content noun does not count when it is only the payload
 * of another kind's handling verb.
 */
export function classify(text: string): { kind: FeatureKind; matched: string[] }[] {
  const t = tokenize(text);
  const out: { kind: FeatureKind; matched: string[] }[] = [];
  for (const c of COMPILED) {
    // Phrases that stem alike (encrypt, encrypted) are reported once, by their first spelling.
    const keys = new Set<string>();
    const matched: string[] = [];
    let reach: Int32Array | undefined;
    const covered = (at: number, n: number): boolean => {
      if (c.unless.length === 0) return false;
      reach ??= unlessReach(t, c.unless);
      return (reach[at] as number) >= at + n;
    };
    for (const p of c.phrases) {
      if (keys.has(p.key)) continue;
      const counts = (t.stemGrams.get(p.key) ?? []).some((at) => !(p.content && isPayload(t, at, p.length, c.kind.id)) && !covered(at, p.length));
      if (counts) {
        keys.add(p.key);
        matched.push(p.phrase);
      }
    }
    if (matched.length > 0) out.push({ kind: c.kind, matched });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Helpers.

/** Code-unit comparison: locale-independent, so the order is the same on every machine. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byEventOrder(a: string, b: string): number {
  return (EVENT_ORDER.get(a) ?? 0) - (EVENT_ORDER.get(b) ?? 0);
}

function neverLogSpecs(ids: Iterable<string>): NeverLogSpec[] {
  const unique = [...new Set(ids)].filter((id) => SENSITIVE.has(id));
  unique.sort((a, b) => (SENSITIVE_ORDER.get(a) ?? 0) - (SENSITIVE_ORDER.get(b) ?? 0));
  return unique.map((id) => {
    const s = SENSITIVE.get(id)!;
    return { data: s.data, treatment: s.treatment, how: s.how };
  });
}

function fieldSpec(name: string): FieldSpec {
  const def = FIELDS.get(name);
  if (!def) throw new Error(`log-audit-creator: field ${name} is not in the field table`);
  return { field: name, standard: fieldStandard(name), description: def.description };
}

/** A service name usable in event.dataset and service.name. */
export function serviceSlug(appName: string): string {
  const dashed = appName.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-');
  // Dashes are trimmed by index, not by an anchored `-+$` regex, which backtracks quadratically over a long run of them.
  const slug = trimDashes(trimDashes(dashed).slice(0, 64));
  return slug === '' ? 'app' : slug;
}

function trimDashes(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) === 45) start++;
  while (end > start && s.charCodeAt(end - 1) === 45) end--;
  return s.slice(start, end);
}

function hex(seed: string, length: number): string {
  let out = '';
  let i = 0;
  while (out.length < length) {
    out += fnv1aHex(`${seed}#${i}`);
    i++;
  }
  return out.slice(0, length);
}

function exampleUuid(seed: string): string {
  const h = hex(seed, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i] as string;
    const next = cur[key];
    if (next === undefined || next === null || typeof next !== 'object' || Array.isArray(next)) cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1] as string] = value;
}

/**
 * One example log line in the ecs-logging layout: @timestamp, log.level and message first, ecs.version
 * dotted, everything else nested.
 */
function exampleLine(def: EventDef, service: string): string {
  const values: Record<string, unknown> = {
    '@timestamp': EXAMPLE_TIMESTAMP,
    'event.id': exampleUuid(`${service}/${def.name}`),
    'event.action': def.name,
    'event.category': [...def.category],
    'event.type': [...def.type],
    'event.outcome': def.outcome,
    'event.kind': def.kind,
    'event.dataset': `${service}.audit`,
    'log.level': def.level.toLowerCase(),
    message: def.message.replace(/\{user\}/g, 'u-1001').replace(/\{target\}/g, 'u-2002'),
    'service.name': service,
    ...def.examples,
  };
  const valueOf = (name: string): unknown => (name in values ? values[name] : FIELDS.get(name)?.example);
  const line: Record<string, unknown> = {
    '@timestamp': valueOf('@timestamp'),
    'log.level': valueOf('log.level'),
    message: valueOf('message'),
    'ecs.version': ECS_VERSION,
  };
  for (const name of [...GLOBAL_REQUIRED, ...def.required]) {
    if (name === '@timestamp' || name === 'log.level' || name === 'message' || name === 'ecs.version') continue;
    setPath(line, name, valueOf(name));
  }
  return JSON.stringify(line);
}

function describeCondition(a: { events: string[]; threshold: number; window_seconds: number; group_by: string | null; filter?: string | undefined }): string {
  const what = a.events.length === 1 ? (a.events[0] as string) : `${a.events.slice(0, -1).join(', ')} or ${a.events[a.events.length - 1] as string}`;
  const filter = a.filter ? ` matching ${a.filter}` : '';
  const group = a.group_by ? ` for the same ${a.group_by}` : '';
  if (a.threshold === 1) return `any ${what} event${filter}${group}`;
  return `at least ${a.threshold} ${what} events${filter} within ${a.window_seconds} s${group}`;
}

function kqlQuery(service: string, events: string[], filter: string | undefined): string {
  const actions = events.map((e) => `"${e}"`).join(' or ');
  return `event.dataset:"${service}.audit" and event.action:(${actions})${filter ? ` and ${filter}` : ''}`;
}

// ---------------------------------------------------------------------------------------------------------
// The specification.

interface MergedFeature {
  key: string;
  name: string;
  descriptions: string[];
}

/** Duplicates (same name, case-insensitively) merge; the order of arrival is forgotten. */
function mergeFeatures(features: FeatureInput[]): MergedFeature[] {
  const byKey = new Map<string, MergedFeature>();
  for (const f of features) {
    const name = cleanText(typeof f === 'string' ? f : f.name);
    const description = typeof f === 'string' || f.description === undefined ? '' : cleanText(f.description);
    if (name === '') continue;
    const key = name.toLowerCase();
    const cur = byKey.get(key);
    if (!cur) {
      byKey.set(key, { key, name, descriptions: description ? [description] : [] });
      continue;
    }
    if (cmp(name, cur.name) < 0) cur.name = name;
    if (description && !cur.descriptions.includes(description)) cur.descriptions.push(description);
  }
  const merged = [...byKey.values()];
  for (const m of merged) m.descriptions.sort(cmp);
  merged.sort((a, b) => cmp(a.key, b.key) || cmp(a.name, b.name));
  return merged;
}

/** Retention per chosen framework and the period that satisfies them all. */
function retentionFor(frameworks: FrameworkId[]): Output['retention'] {
  const rules = frameworks.map((f) => RETENTION[f]);
  if (rules.length === 0) {
    return { rules, effective: { ...BASELINE_RETENTION, driven_by: [], note: 'No framework chosen: 12 months with the last 3 searchable is a common baseline for security logs.' } };
  }
  const periodOf = (r: RetentionRule): number => r.minimum_days ?? r.recommended_days;
  const days = Math.max(...rules.map(periodOf));
  const hot = rules.map((r) => r.immediately_available_days).filter((d): d is number => d !== null);
  const drivenBy = rules.filter((r) => periodOf(r) === days).map((r) => r.framework);
  let note = `Keep audit logs ${days} days (the longest period among the chosen frameworks).`;
  const gdpr = RETENTION.gdpr;
  if (frameworks.includes('gdpr') && gdpr.maximum_days !== null && days > gdpr.maximum_days) {
    note += ` That exceeds GDPR's usual ${gdpr.maximum_days}-day ceiling; the legal obligation of ${drivenBy.join(', ')} justifies it, but pseudonymise user ids and IP addresses in logs older than ${gdpr.maximum_days} days and document the reason.`;
  }
  return { rules, effective: { days, immediately_available_days: hot.length > 0 ? Math.max(...hot) : BASELINE_RETENTION.immediately_available_days, driven_by: drivenBy, note } };
}

/** The chosen frameworks' logging requirements, each answered by events present, another section, or nothing. */
function requirementsFor(frameworks: FrameworkId[], present: ReadonlySet<string>, alertCount: number): RequirementSpec[] {
  return REQUIREMENTS.filter((r) => frameworks.includes(r.framework)).map((r) => {
    const base = { framework: r.framework, reference: r.reference, requirement: r.requirement };
    if (r.answeredBy) {
      const where = r.answeredBy === 'global_fields' ? 'the global fields' : r.answeredBy === 'retention' ? 'the retention section' : 'the alert rules';
      const status = r.answeredBy === 'alerts' && alertCount === 0 ? 'missing' : 'covered';
      return { ...base, status, events: [], note: `Answered by ${where}.` };
    }
    if (r.events.length === 0) return { ...base, status: 'outside_application', events: [], note: r.note ?? null };
    const hits = r.events.filter((e) => present.has(e));
    return {
      ...base,
      status: hits.length > 0 ? 'covered' : 'missing',
      events: hits,
      note: hits.length > 0 ? null : `No listed feature produces ${r.events.join(', ')}: add the feature that does, or log one of them.`,
    };
  });
}

/** What a human should resolve: unrecognised features, and frameworks whose subject no feature covers. */
function gapsFor(features: FeatureSpec[], frameworks: FrameworkId[], matchedKinds: ReadonlySet<string>, handled: ReadonlySet<string>): { code: string; message: string }[] {
  const gaps: { code: string; message: string }[] = [];
  for (const f of features) {
    if (!f.recognised) {
      gaps.push({ code: 'feature_unrecognised', message: `"${f.name}" matched no known kind of feature; it gets generic record events. Describe what it does (who logs in, what data it reads or changes) for a sharper list.` });
    }
  }
  if (frameworks.length > 0 && !matchedKinds.has('authentication')) {
    gaps.push({ code: 'no_authentication_feature', message: 'No feature covers signing in, yet every chosen framework asks for login and failed-access records: add the authentication feature (or state that an identity provider logs it).' });
  }
  if (frameworks.includes('pci_dss') && !handled.has('cardholder')) {
    gaps.push({ code: 'pci_no_cardholder_feature', message: 'PCI DSS was chosen but no feature handles payments or card data; PCI DSS 10.2.1.1 needs the features that touch cardholder data named.' });
  }
  if (frameworks.includes('hipaa') && !handled.has('health')) {
    gaps.push({ code: 'hipaa_no_health_feature', message: 'HIPAA was chosen but no feature handles health records; HIPAA 164.312(b) needs every feature that creates, reads, updates or deletes ePHI named.' });
  }
  if (frameworks.includes('gdpr') && !matchedKinds.has('privacy')) {
    gaps.push({ code: 'gdpr_no_privacy_feature', message: 'GDPR was chosen but no feature handles consent or data-subject requests; Art. 7(1) and Art. 15-21 need them recorded.' });
  }
  return gaps;
}

/** The features, the events each brings (and which features need each event), and the kinds and data they handle. */
interface FeatureScan {
  features: FeatureSpec[];
  eventFeatures: Map<string, Set<string>>;
  handled: Set<string>;
  matchedKinds: Set<string>;
}

function scanFeatures(input: Input): FeatureScan {
  const scan: FeatureScan = { features: [], eventFeatures: new Map(), handled: new Set(), matchedKinds: new Set() };
  for (const m of mergeFeatures(input.features)) {
    const description = m.descriptions.length > 0 ? m.descriptions.join(' ') : null;
    const found = classify(`${m.name} . ${description ?? ''}`);
    const recognised = found.length > 0;
    const kinds = recognised ? found : [{ kind: GENERIC_KIND, matched: [] as string[] }];
    const events = [...new Set(kinds.flatMap((k) => k.kind.events))].sort(byEventOrder);
    for (const k of kinds) {
      scan.matchedKinds.add(k.kind.id);
      for (const h of k.kind.handles ?? []) scan.handled.add(h);
    }
    for (const e of events) {
      if (!scan.eventFeatures.has(e)) scan.eventFeatures.set(e, new Set());
      scan.eventFeatures.get(e)!.add(m.name);
    }
    scan.features.push({
      name: m.name,
      description,
      kinds: kinds.map((k) => ({ id: k.kind.id, label: k.kind.label, matched_terms: k.matched })),
      recognised,
      events,
      never_log: neverLogSpecs(kinds.flatMap((k) => k.kind.neverLog)),
    });
  }
  return scan;
}

/** Application-wide events: those always logged and those the chosen frameworks add, with their reasons. */
function baselineReasonsFor(frameworks: FrameworkId[]): Map<string, string[]> {
  const baselineReasons = new Map<string, string[]>();
  for (const a of ALWAYS_EVENTS) baselineReasons.set(a.event, [a.reason]);
  for (const f of FRAMEWORK_EVENTS) {
    if (!frameworks.includes(f.framework)) continue;
    const reasons = baselineReasons.get(f.event) ?? [];
    reasons.push(f.reason);
    baselineReasons.set(f.event, reasons);
  }
  return baselineReasons;
}

/** Alert rules restricted to the events present, and which rules watch each event. */
function alertsFor(service: string, present: ReadonlySet<string>): { alerts: AlertSpec[]; alertsByEvent: Map<string, string[]> } {
  const alerts: AlertSpec[] = [];
  const alertsByEvent = new Map<string, string[]>();
  for (const a of ALERTS) {
    const events = a.events.filter((e) => present.has(e));
    if (events.length === 0) continue;
    alerts.push({
      id: a.id,
      events,
      severity: a.severity,
      threshold: a.threshold,
      window_seconds: a.window_seconds,
      group_by: a.group_by,
      condition: describeCondition({ ...a, events }),
      query: kqlQuery(service, events, a.filter),
      response: a.response,
    });
    for (const e of events) alertsByEvent.set(e, [...(alertsByEvent.get(e) ?? []), a.id]);
  }
  return { alerts, alertsByEvent };
}

/** One event of the specification, from its catalogue entry. */
function eventSpec(name: string, service: string, scan: FeatureScan, baselineReasons: ReadonlyMap<string, string[]>, alertsByEvent: ReadonlyMap<string, string[]>): EventSpec {
  const def = EVENT_BY_NAME.get(name);
  if (!def) throw new Error(`log-audit-creator: event ${name} is not in the catalogue`);
  return {
    name,
    source: def.source,
    signature: def.signature,
    level: def.level,
    trigger: def.trigger,
    ecs: { action: name, kind: def.kind, category: [...def.category], type: [...def.type], outcome: def.outcome },
    required_fields: def.required.map(fieldSpec),
    optional_fields: def.optional.filter((f) => !def.required.includes(f)).map(fieldSpec),
    never_log: neverLogSpecs(def.neverLog),
    alerts: alertsByEvent.get(name) ?? [],
    features: [...(scan.eventFeatures.get(name) ?? [])].sort(cmp),
    baseline_reason: baselineReasons.get(name)?.join(' ') ?? null,
    example: exampleLine(def, service),
  };
}

function summaryOf(features: readonly FeatureSpec[], events: readonly EventSpec[], alerts: readonly AlertSpec[]): Output['summary'] {
  return {
    feature_count: features.length,
    unrecognised_feature_count: features.filter((f) => !f.recognised).length,
    event_count: events.length,
    owasp_event_count: events.filter((e) => e.source === 'owasp').length,
    custom_event_count: events.filter((e) => e.source === 'custom').length,
    critical_event_count: events.filter((e) => e.level === 'CRITICAL').length,
    alert_count: alerts.length,
  };
}

export function buildSpec(input: Input): Output {
  const frameworks = FRAMEWORK_IDS.filter((id) => (input.frameworks ?? []).includes(id));
  const appName = cleanText(input.app_name ?? '') || 'app';
  const service = serviceSlug(appName);
  const format = input.format ?? 'json';

  const scan = scanFeatures(input);
  const { features, matchedKinds, handled } = scan;
  const baselineReasons = baselineReasonsFor(frameworks);
  const baselineEvents = [...baselineReasons.entries()]
    .sort((a, b) => byEventOrder(a[0], b[0]))
    .map(([event, reasons]) => ({ event, reason: reasons.join(' ') }));
  const eventNames = [...new Set([...scan.eventFeatures.keys(), ...baselineReasons.keys()])].sort(byEventOrder);
  const present = new Set(eventNames);
  const { alerts, alertsByEvent } = alertsFor(service, present);
  const events = eventNames.map((name) => eventSpec(name, service, scan, baselineReasons, alertsByEvent));

  const kindNeverLog = [...KINDS, GENERIC_KIND].filter((k) => matchedKinds.has(k.id)).flatMap((k) => k.neverLog);
  const neverLog = neverLogSpecs([...ALWAYS_NEVER_LOG, ...events.flatMap((e) => EVENT_BY_NAME.get(e.name)?.neverLog ?? []), ...kindNeverLog]);
  const practices = PRACTICES.filter((p) => p.framework === undefined || frameworks.includes(p.framework)).map((p) => ({ rule: p.rule, source: p.source }));

  const spec: Output = {
    app_name: appName,
    service_name: service,
    format,
    frameworks,
    vocabulary: VOCABULARY,
    ecs_version: ECS_VERSION,
    summary: summaryOf(features, events, alerts),
    global_fields: { required: GLOBAL_REQUIRED.map(fieldSpec), optional: GLOBAL_OPTIONAL.map(fieldSpec) },
    features,
    baseline_events: baselineEvents,
    events,
    alerts,
    retention: retentionFor(frameworks),
    framework_requirements: requirementsFor(frameworks, present, alerts.length),
    never_log: neverLog,
    practices,
    gaps: gapsFor(features, frameworks, matchedKinds, handled),
  };
  if (format === 'markdown') spec.markdown = renderMarkdown(spec);
  return spec;
}
