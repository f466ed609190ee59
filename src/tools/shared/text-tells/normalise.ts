// Whitespace/typography normalisation with an offset map back to the original text, plus code/URL masking.

/** Normalised text and, for every normalised index (and one past the end), its index in the original. */
export interface NormalisedText {
  text: string;
  origin: Int32Array;
}

// Everything normalise() changes: zero-width characters and soft hyphens, carriage returns, horizontal
// whitespace other than a single space, runs of spaces, and curly quotes/apostrophes.
const SPECIAL = /[\u200b-\u200d\u2060\ufeff\u00ad]|\r\n?|[ \t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]{2,}|[\t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]|[\u2018\u2019\u02bc\u201c\u201d]/g;
const HSPACE_ONLY = /^[ \t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+$/;

/**
 * Collapses horizontal whitespace runs to one space, turns \r\n and \r into \n, drops zero-width characters
 * and soft hyphens (used to dodge word lists), and folds curly apostrophes/quotes to straight ones, so the
 * patterns see one spelling. Length changes are tracked in `origin` so match offsets refer to the input.
 * Unchanged stretches are copied as slices, so ordinary text costs one regex scan.
 */
export function normalise(input: string): NormalisedText {
  const parts: string[] = [];
  const origin = new Int32Array(input.length + 1);
  let n = 0;
  let pos = 0;
  let lastWasSpace = false;
  const copy = (from: number, to: number): void => {
    if (to <= from) return;
    parts.push(input.slice(from, to));
    for (let i = from; i < to; i++) origin[n++] = i;
    lastWasSpace = input.charCodeAt(to - 1) === 0x20;
  };
  const emit = (ch: string, at: number): void => {
    parts.push(ch);
    origin[n++] = at;
    lastWasSpace = ch === ' ';
  };
  for (const m of input.matchAll(SPECIAL)) {
    copy(pos, m.index);
    const tok = m[0];
    const c = tok.charCodeAt(0);
    if (c === 0x0d) emit('\n', m.index);
    else if (HSPACE_ONLY.test(tok)) {
      if (!lastWasSpace) emit(' ', m.index);
    } else if (c === 0x2018 || c === 0x2019 || c === 0x02bc) emit("'", m.index);
    else if (c === 0x201c || c === 0x201d) emit('"', m.index);
    // Zero-width characters and soft hyphens are dropped.
    pos = m.index + tok.length;
  }
  copy(pos, input.length);
  origin[n] = input.length;
  return { text: parts.join(''), origin: origin.subarray(0, n + 1) };
}

/** A half-open character range. */
export interface Span {
  start: number;
  end: number;
}

// `(?![\s\S])` is the end of the text (with the m flag, `$` would be the end of any line). Delimiter runs are
// capped at 16 characters (longer ones still match, the rest of the run joining the info string or the code):
// with an open-ended run, a long line of backticks or tildes was rescanned once per run length, quadratic.
const FENCE = /^ {0,3}(`{3,16}|~{3,16})[^\n]*\n[\s\S]*?(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$)|(?![\s\S]))/gm;
// Bounded so that many unmatched backtick runs cannot make the scan quadratic.
const INLINE_CODE = /(`{1,16})[^`\n][^\n]{0,1000}?\1/g;
// Trailing sentence punctuation is not part of a URL ("see https://x.org.").
const URL = /\b(?:https?:\/\/|www\.)[^\s<>()"'\]]{0,2000}[^\s<>()"'\].,;:!?]/gi;

/** Matches of `re` that start outside the sorted, disjoint `blocks` (one forward pass). */
function outside(text: string, re: RegExp, blocks: readonly Span[]): Span[] {
  const found: Span[] = [];
  let b = 0;
  for (const m of text.matchAll(re)) {
    while (b < blocks.length && (blocks[b] as Span).end <= m.index) b++;
    const blk = blocks[b];
    if (blk && m.index >= blk.start) continue;
    found.push({ start: m.index, end: m.index + m[0].length });
  }
  return found;
}

/**
 * Ranges that are not prose: fenced code blocks, inline code and (optionally) URLs. Sorted, disjoint.
 * Fence bodies are matched lazily up to the closing fence, so an unclosed fence runs to the end (as in
 * CommonMark) and the text is walked once.
 */
export function nonProseSpans(text: string, includeUrls = true): Span[] {
  const fences: Span[] = [];
  for (const m of text.matchAll(FENCE)) fences.push({ start: m.index, end: m.index + m[0].length });
  const extra = outside(text, INLINE_CODE, fences);
  if (includeUrls) extra.push(...outside(text, URL, fences));
  return mergeSpans([...fences, ...extra]);
}

/** Sorts and merges overlapping spans. */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ start: s.start, end: s.end });
  }
  return merged;
}

/** Replaces every character inside `spans` by a space (newlines kept), so offsets stay the same. */
export function maskSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let pos = 0;
  for (const s of spans) {
    parts.push(text.slice(pos, s.start));
    parts.push(text.slice(s.start, s.end).replace(/[^\n]/g, ' '));
    pos = s.end;
  }
  parts.push(text.slice(pos));
  return parts.join('');
}
