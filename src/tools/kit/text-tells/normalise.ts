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

/** Offset where the line starting at `from` ends (its \n, \r\n or \r, or the end of the text). */
function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) return i;
  }
  return text.length;
}

/** Offset of the line after the one that ends at `end` (past its \n, \r\n or \r). */
function nextLine(text: string, end: number): number {
  if (text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a) return end + 2;
  return end + 1;
}

/** The fence run opening `text[from, to)` (up to 3 spaces, then 3+ backticks or tildes), or null. */
function fenceRun(text: string, from: number, to: number): { ch: number; len: number; end: number } | null {
  let i = from;
  while (i < to && i - from < 3 && text.charCodeAt(i) === 0x20) i++;
  const ch = text.charCodeAt(i);
  if (ch !== 0x60 && ch !== 0x7e) return null;
  let j = i;
  while (j < to && text.charCodeAt(j) === ch) j++;
  return j - i >= 3 ? { ch, len: j - i, end: j } : null;
}

/**
 * Fenced code blocks, line by line (CommonMark line endings \n, \r\n, \r): an opening line of up to 3 spaces
 * and 3+ backticks or tildes that is followed by a line break, up to a closing line of the same character at least
 * as long (then only spaces or tabs), or to the end of the text when none closes it. Each line is read once: a
 * regular expression here rescanned the rest of a line from every line start, quadratic on " ```\r" repeated.
 */
function fenceSpans(text: string): Span[] {
  const spans: Span[] = [];
  let open: { start: number; ch: number; len: number } | null = null;
  for (let pos = 0; pos < text.length; ) {
    const end = lineEnd(text, pos);
    if (open === null) {
      const run = end < text.length ? fenceRun(text, pos, end) : null;
      if (run) open = { start: pos, ch: run.ch, len: run.len };
    } else {
      const run = fenceRun(text, pos, end);
      let rest = run ? run.end : end;
      while (rest < end && (text.charCodeAt(rest) === 0x20 || text.charCodeAt(rest) === 0x09)) rest++;
      if (run && run.ch === open.ch && run.len >= open.len && rest === end) {
        spans.push({ start: open.start, end });
        open = null;
      }
    }
    pos = nextLine(text, end);
  }
  if (open !== null) spans.push({ start: open.start, end: text.length });
  return spans;
}

/** Longest inline code span (from its opening run to its closing one). */
const MAX_INLINE_CODE = 1_032;

/**
 * Inline code: a backtick run closed by the next run of the same length on the same line, within
 * MAX_INLINE_CODE characters, with something between them. Runs are taken whole (CommonMark). Linear: the runs of
 * a line are listed once, and the next run of each length is found walking them from the right.
 */
function inlineCodeSpans(text: string): Span[] {
  const spans: Span[] = [];
  // Lines without a backtick are skipped in one step: the next backtick is looked up once, not once per line.
  for (let pos = text.indexOf('`'); pos >= 0 && pos < text.length; ) {
    const end = lineEnd(text, pos);
    const runs: Span[] = [];
    for (let i = pos; i >= 0 && i < end; i = text.indexOf('`', i)) {
      let j = i;
      while (j < end && text.charCodeAt(j) === 0x60) j++;
      runs.push({ start: i, end: j });
      i = j;
    }
    const next = new Int32Array(runs.length).fill(-1);
    const lastOfLength = new Map<number, number>();
    for (let k = runs.length - 1; k >= 0; k--) {
      const r = runs[k] as Span;
      next[k] = lastOfLength.get(r.end - r.start) ?? -1;
      lastOfLength.set(r.end - r.start, k);
    }
    for (let k = 0; k < runs.length; ) {
      const r = runs[k] as Span;
      const c = next[k] as number;
      const close = c >= 0 ? (runs[c] as Span) : null;
      if (close && close.end - r.start <= MAX_INLINE_CODE) {
        spans.push({ start: r.start, end: close.end });
        k = c + 1;
      } else k++;
    }
    pos = text.indexOf('`', nextLine(text, end));
  }
  return spans;
}

/** Spans of `found` that start outside the sorted, disjoint `blocks` (one forward pass). */
function outsideSpans(found: readonly Span[], blocks: readonly Span[]): Span[] {
  const out: Span[] = [];
  let b = 0;
  for (const f of found) {
    while (b < blocks.length && (blocks[b] as Span).end <= f.start) b++;
    const blk = blocks[b];
    if (blk && f.start >= blk.start) continue;
    out.push(f);
  }
  return out;
}

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
 * An unclosed fence runs to the end (as in CommonMark); every scan walks the text once.
 */
export function nonProseSpans(text: string, includeUrls = true): Span[] {
  const fences = fenceSpans(text);
  const extra = outsideSpans(inlineCodeSpans(text), fences);
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
