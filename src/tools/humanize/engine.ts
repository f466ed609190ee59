// humanize engine: rewrites detected AI-writing tells to a fixed point, protecting code, quotes, URLs and names.
import { detect } from '../kit/text-tells/detect.ts';
import { mergeSpans, nonProseSpans } from '../kit/text-tells/normalise.ts';
import type { Span } from '../kit/text-tells/normalise.ts';
import { scoreText } from '../kit/text-tells/scorer.ts';
import { PATTERNS } from '../kit/text-tells/catalogue.ts';
import { artefactSpans, hasDigit, keepsNumbers, numberWindow, sameNumbers } from './numbers.ts';
import type { Replacement } from './numbers.ts';
import { RULES } from './rules.ts';
import type { Edit } from './rules.ts';
import type { Output } from './tool.ts';
import { escapeRegExp } from '../kit/text.ts';

type Change = Output['changes'][number];

/** Rewriting stops after this many passes; every pass after the first only handles what earlier edits exposed. */
const MAX_PASSES = 8;
/** Changes listed in the output (the text always carries every change). */
export const MAX_CHANGES = 2000;
/** Longest replaced text and replacement one edit may have (the output schema's bounds). */
export const MAX_BEFORE = 2000;
export const MAX_AFTER = 1000;

/** Longest curly-quoted or guillemet quotation protected (between its marks). */
const MAX_QUOTE = 2000;
const SPACE_BEFORE_QUOTE = /[\s([{\u2014\u2013]/;
const SPACE_AFTER_QUOTE = /[\s.,;:!?)\]}\u2014\u2013]/;
const HTML_TAG = /<\/?[A-Za-z][^<>\n]{0,300}>/g;
// Numbers with their units and separators: 3.5%, $1,200, 10:30, 2024-05-01.
const NUMBER = /[$£€]?\p{Nd}[\p{Nd}.,:/-]{0,40}%?/gu;


/**
 * Rules that may edit text holding digits: a chatbot preamble is rewritten around the count it carries ("Here is
 * a 20 sentence story based on the prompt:" -> "A story in 20 sentences:"), and citation markers (turn0search3,
 * [oaicite:1]) are removed with their indexes, which are artefact, not content (numbers.ts). Every other rule
 * leaves number spans alone. Whatever the rule, an edit that would change the number tokens is dropped.
 */
const DIGIT_RULES = new Set(['chatbot-artefact.here-is', 'markup-residue.turn-search', 'markup-residue.oaicite']);

/**
 * Straight-quoted text, line by line. A quote with a space (or bracket) before it and a letter after it opens;
 * one the other way round closes. Pairing quotes blindly left to right goes wrong after one stray quote (dialogue
 * cut at its start: 'I told you!" said George. "...'), leaving the quotes unprotected and the prose between them
 * protected. Here a closing quote with no opener protects its line up to it (from the previous quotation, if any),
 * an opener with no closer protects the rest of its line, and while a quotation is open any quote closes it.
 */
export function straightQuoteSpans(text: string): Span[] {
  const spans: Span[] = [];
  let open = -1;
  let floor = 0;
  for (let i = text.indexOf('"'), lineEnd = text.indexOf('\n'); i >= 0; i = text.indexOf('"', i + 1)) {
    // Lines passed since the last quote close what is open.
    while (lineEnd >= 0 && lineEnd < i) {
      if (open >= 0) spans.push({ start: open, end: lineEnd });
      open = -1;
      floor = lineEnd + 1;
      lineEnd = text.indexOf('\n', lineEnd + 1);
    }
    if (open >= 0) {
      spans.push({ start: open, end: i + 1 });
      open = -1;
      floor = i + 1;
      continue;
    }
    const prev = text[i - 1];
    const next = text[i + 1];
    const closing = prev !== undefined && !SPACE_BEFORE_QUOTE.test(prev) && (next === undefined || SPACE_AFTER_QUOTE.test(next));
    if (closing) {
      spans.push({ start: floor, end: i + 1 });
      floor = i + 1;
    } else open = i;
  }
  if (open >= 0) {
    const lineEnd = text.indexOf('\n', open);
    spans.push({ start: open, end: lineEnd < 0 ? text.length : lineEnd });
  }
  return spans;
}

/**
 * Curly-quoted and guillemet quotations (the marks say which side they open): from an opening mark to the next
 * closing one on the same line, at most MAX_QUOTE characters apart; the search goes on after the closing mark.
 * Straight quotes are paired by straightQuoteSpans. Linear: the next closing mark and the next line break only
 * move forward.
 */
function pairedQuoteSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const [open, close] of [
    ['\u201c', '\u201d'],
    ['\u00ab', '\u00bb'],
  ] as const) {
    let nextClose = -1;
    let nextBreak = -1;
    for (let i = text.indexOf(open); i >= 0; ) {
      if (nextClose <= i) nextClose = text.indexOf(close, i + 1);
      if (nextClose < 0) break;
      if (nextBreak <= i) {
        nextBreak = text.indexOf('\n', i + 1);
        if (nextBreak < 0) nextBreak = text.length;
      }
      if (nextClose < nextBreak && nextClose - i - 1 <= MAX_QUOTE) {
        spans.push({ start: i, end: nextClose + 1 });
        i = text.indexOf(open, nextClose + 1);
      } else i = text.indexOf(open, i + 1);
    }
  }
  return spans;
}

/** Spans no rule may touch: code, URLs, quotations, HTML tags, numbers (unless `numbers` is false) and preserved terms. */
function protectedSpans(text: string, preserve: readonly string[], numbers = true): Span[] {
  const spans: Span[] = [...nonProseSpans(text), ...straightQuoteSpans(text), ...pairedQuoteSpans(text)];
  for (const re of numbers ? [HTML_TAG, NUMBER] : [HTML_TAG]) for (const m of text.matchAll(re)) spans.push({ start: m.index, end: m.index + m[0].length });
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
  let digitRuleSpans: Span[] | null = null;
  const groups: Edit[][] = [];
  for (const [id, hits] of detect(text).hits) {
    const rule = RULES.get(id);
    if (!rule) continue;
    if (DIGIT_RULES.has(id)) digitRuleSpans ??= protectedSpans(text, preserve, false);
    const active = DIGIT_RULES.has(id) ? (digitRuleSpans as Span[]) : spans;
    const isProtected = (s: number, e: number): boolean => overlaps(active, s, e);
    // Protection is checked on each proposed edit, not on the hit: a rule may work around protected text inside
    // its hit (a quoted title in a preamble) or edit the whole document (cadence).
    for (const h of hits) {
      const out = rule({ text, start: h.start, end: h.end, isProtected });
      if (!out) continue;
      const candidates = Array.isArray(out) ? [out] : 'each' in out ? out.each.map((e) => (Array.isArray(e) ? e : [e])) : [[out]];
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
  const isFree = (start: number, end: number): boolean => {
    for (let i = start; i < Math.max(end, start + 1); i++) if (taken[i] === 1) return false;
    return true;
  };
  let artefacts: Replacement[] | null = null;
  for (const g of groups) {
    if (!g.every((e) => isFree(e.start, e.end))) continue;
    // An edit next to or inside a number is checked on its number window (numbers.ts), and the window is
    // reserved, so no other edit of this pass can join, split or drop a digit run next to it.
    let windows = g.map((e) => numberWindow(text, e.start, e.end));
    if (windows.some((w, i) => hasDigit(text.slice(w.start, w.end)) || hasDigit((g[i] as Edit).after))) {
      artefacts ??= artefactSpans(text);
      const arts = artefacts;
      windows = mergeSpans(g.map((e) => numberWindow(text, e.start, e.end, arts)));
      const kept = windows.every((w) => isFree(w.start, w.end) && keepsNumbers(text, w.start, w.end, g.filter((e) => e.start >= w.start && e.end <= w.end)));
      if (!kept) continue;
      accepted.push(g);
      for (const w of windows) taken.fill(1, w.start, Math.max(w.end, w.start + 1));
      continue;
    }
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
export function humanize(input: string, preserve: readonly string[] = []): Output {
  let text = input;
  const history: Edit[][] = [];
  const changes: Change[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const groups = proposeEdits(text, preserve);
    if (groups.length === 0) break;
    const edits = groups.flat().sort((a, b) => a.start - b.start);
    const next = apply(text, edits);
    // The window checks make this hold; the whole-text check is the guarantee: a pass that would change a
    // number token is not applied, and rewriting stops (so the output is still a fixed point).
    if (!sameNumbers(text, next)) break;
    let offsets = edits.map((e) => e.start);
    for (let k = history.length - 1; k >= 0; k--) offsets = mapThrough(offsets, history[k] as Edit[]);
    edits.forEach((e, i) => {
      if (changes.length < MAX_CHANGES) changes.push({ rule: e.rule, before: text.slice(e.start, e.end), after: e.after, offset: offsets[i] as number });
    });
    history.push(edits);
    text = next;
  }
  changes.sort((a, b) => a.offset - b.offset);
  return { text, changes, score_before: scoreText(input).score, score_after: scoreText(text).score };
}
