// humanize engine: rewrites detected AI-writing tells to a fixed point, protecting code, quotes, URLs and names.
import { detect } from '../shared/text-tells/detect.ts';
import { mergeSpans, nonProseSpans } from '../shared/text-tells/normalise.ts';
import type { Span } from '../shared/text-tells/normalise.ts';
import { scoreText } from '../shared/text-tells/scorer.ts';
import { PATTERNS } from '../shared/text-tells/catalogue.ts';
import { RULES } from './rules.ts';
import type { Edit } from './rules.ts';

export interface Change {
  rule: string;
  before: string;
  after: string;
  /** Offset of `before` in the input text. */
  offset: number;
}

export interface HumanizeResult {
  text: string;
  changes: Change[];
  score_before: number;
  score_after: number;
}

/** Rewriting stops after this many passes; every pass after the first only handles what earlier edits exposed. */
const MAX_PASSES = 8;
/** Changes listed in the output (the text always carries every change). */
export const MAX_CHANGES = 2000;
/** Longest replaced text and replacement one edit may have (the output schema's bounds). */
export const MAX_BEFORE = 2000;
export const MAX_AFTER = 1000;

const QUOTED = /"[^"\n]{0,2000}"|“[^”\n]{0,2000}”|«[^»\n]{0,2000}»/g;
const HTML_TAG = /<\/?[A-Za-z][^<>\n]{0,300}>/g;
// Numbers with their units and separators: 3.5%, $1,200, 10:30, 2024-05-01.
const NUMBER = /[$£€]?\d[\d.,:/-]{0,40}%?/g;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Rules whose hit is a chatbot's reply about the request, not part of the text: a line such as "Here is a 20
 * sentence story based on the prompt:" is deleted whole, the count in it included; so are citation markers
 * (turn0search3, [oaicite:1]) with their indexes. Every other rule leaves numbers alone.
 */
const PREAMBLE_RULES = new Set(['chatbot-artefact.here-is', 'markup-residue.turn-search', 'markup-residue.oaicite']);

/** Spans no rule may touch: code, URLs, quotations, HTML tags, numbers (unless `numbers` is false) and preserved terms. */
export function protectedSpans(text: string, preserve: readonly string[], numbers = true): Span[] {
  const spans: Span[] = [...nonProseSpans(text)];
  for (const re of numbers ? [QUOTED, HTML_TAG, NUMBER] : [QUOTED, HTML_TAG]) for (const m of text.matchAll(re)) spans.push({ start: m.index, end: m.index + m[0].length });
  const terms = preserve.filter((t) => t.trim() !== '');
  if (terms.length > 0) {
    const re = new RegExp(terms.map((t) => `(?<![\\p{L}\\p{N}])${escapeRegExp(t)}(?![\\p{L}\\p{N}])`).join('|'), 'giu');
    for (const m of text.matchAll(re)) if (m[0].length > 0) spans.push({ start: m.index, end: m.index + m[0].length });
  }
  return mergeSpans(spans);
}

/** Whether [start, end) overlaps any of the sorted, disjoint spans (binary search). */
function overlaps(spans: readonly Span[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid] as Span;
    if (s.end <= start) lo = mid + 1;
    else if (s.start >= Math.max(end, start + 1)) hi = mid - 1;
    else return true;
  }
  return false;
}

const RULE_ORDER = new Map(PATTERNS.map((p, i) => [p.id, i]));

/** One pass: every rule proposes edits for the hits in `text`; non-overlapping ones are kept, earlier rules first. */
function proposeEdits(text: string, preserve: readonly string[]): Edit[][] {
  const spans = protectedSpans(text, preserve);
  let preambleSpans: Span[] | null = null;
  const groups: Edit[][] = [];
  for (const [id, hits] of detect(text).hits) {
    const rule = RULES.get(id);
    if (!rule) continue;
    if (PREAMBLE_RULES.has(id)) preambleSpans ??= protectedSpans(text, preserve, false);
    const active = PREAMBLE_RULES.has(id) ? (preambleSpans as Span[]) : spans;
    const isProtected = (s: number, e: number): boolean => overlaps(active, s, e);
    for (const h of hits) {
      if (isProtected(h.start, h.end)) continue;
      const out = rule({ text, start: h.start, end: h.end, isProtected });
      if (!out) continue;
      const candidates = Array.isArray(out) ? [out] : 'each' in out ? out.each.map((e) => [e]) : [[out]];
      for (const group of candidates) {
        // Edits past the output bounds (a preamble followed by a sea of spaces) are skipped, not truncated.
        if (group.some((e) => e.end - e.start > MAX_BEFORE || e.after.length > MAX_AFTER || isProtected(e.start, e.end) || text.slice(e.start, e.end) === e.after)) continue;
        groups.push(group);
      }
    }
  }
  // Widest edits first (a sentence deletion or phrase rewrite wins over a word swap inside it), then catalogue
  // order, then position: so one pass usually settles a region and `before` texts are input text.
  const width = (g: Edit[]): number => Math.max(...g.map((e) => e.end - e.start));
  groups.sort((a, b) => width(b) - width(a) || (RULE_ORDER.get((a[0] as Edit).rule) ?? 0) - (RULE_ORDER.get((b[0] as Edit).rule) ?? 0) || (a[0] as Edit).start - (b[0] as Edit).start);
  const accepted: Edit[][] = [];
  // One flag per character (plus one past the end for insertions): linear in the total edit length.
  const taken = new Uint8Array(text.length + 1);
  const free = (e: Edit): boolean => {
    for (let i = e.start; i < Math.max(e.end, e.start + 1); i++) if (taken[i] === 1) return false;
    return true;
  };
  for (const g of groups) {
    if (!g.every(free)) continue;
    accepted.push(g);
    for (const e of g) taken.fill(1, e.start, Math.max(e.end, e.start + 1));
  }
  return accepted;
}

/**
 * Maps sorted offsets in the output of one pass back to that pass's input, through its sorted edits: an offset
 * inside a replacement maps to the start of the replaced text. Linear in offsets plus edits.
 */
function mapThrough(offsets: readonly number[], edits: readonly Edit[]): number[] {
  const out: number[] = [];
  let k = 0;
  let shift = 0;
  for (const pos of offsets) {
    let mapped: number | null = null;
    while (k < edits.length) {
      const e = edits[k] as Edit;
      const newStart = e.start + shift;
      const newEnd = newStart + e.after.length;
      if (pos < newStart) break;
      if (pos < newEnd) {
        mapped = e.start;
        break;
      }
      shift += e.after.length - (e.end - e.start);
      k++;
    }
    out.push(mapped ?? pos - shift);
  }
  return out;
}

/** Applies sorted, disjoint edits. */
function apply(text: string, edits: readonly Edit[]): string {
  const parts: string[] = [];
  let pos = 0;
  for (const e of edits) {
    parts.push(text.slice(pos, e.start), e.after);
    pos = e.end;
  }
  parts.push(text.slice(pos));
  return parts.join('');
}

/** Rewrites `input` until no rule applies; reports every edit with its offset in `input`. */
export function humanize(input: string, preserve: readonly string[] = []): HumanizeResult {
  let text = input;
  const history: Edit[][] = [];
  const changes: Change[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const groups = proposeEdits(text, preserve);
    if (groups.length === 0) break;
    const edits = groups.flat().sort((a, b) => a.start - b.start);
    let offsets = edits.map((e) => e.start);
    for (let k = history.length - 1; k >= 0; k--) offsets = mapThrough(offsets, history[k] as Edit[]);
    edits.forEach((e, i) => {
      if (changes.length < MAX_CHANGES) changes.push({ rule: e.rule, before: text.slice(e.start, e.end), after: e.after, offset: offsets[i] as number });
    });
    history.push(edits);
    text = apply(text, edits);
  }
  changes.sort((a, b) => a.offset - b.offset);
  return { text, changes, score_before: scoreText(input).score, score_after: scoreText(text).score };
}
