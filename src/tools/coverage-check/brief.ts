// Splits a free-text brief into requirement statements: list items, then sentences of the remaining prose.

/** Abbreviations whose final period does not end a sentence. */
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'mr', 'mrs', 'ms', 'dr', 'no', 'fig', 'approx', 'incl', 'cf', 'al', 'st', 'min', 'max', 'sec']);

const LIST_MARKER = /^\s{0,12}(?:[-*+\u2022\u25e6\u2023]|\d{1,3}[.)]|[a-zA-Z][.)]|\(\d{1,3}\)|\[[ xX]?\])\s+/;
const HEADING = /^\s{0,3}#{1,6}\s/;

/** A piece of the brief before filtering: its text and whether it came from a list item. */
interface Piece {
  text: string;
  listItem: boolean;
}

function isHeadingLine(line: string): boolean {
  const t = line.trim();
  if (HEADING.test(t)) return true;
  // "Billing:" or "Functional requirements" on its own line introduces items; it is not one.
  if (t.endsWith(':') && t.length <= 80) return true;
  if (/^[=\-_*]{3,}$/.test(t)) return true;
  return false;
}

/** The run of letters and dots that ends at `end` (not before `from`), lower-cased: "e.g" in "e.g.", "etc". */
export function wordBefore(text: string, from: number, end: number): string {
  let k = end;
  while (k > from && /[A-Za-z.]/.test(text.charAt(k - 1))) k--;
  return text.slice(k, end).toLowerCase();
}

/** Sentence split with abbreviation and decimal guards; one left-to-right pass, linear in the text length. */
export function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const n = paragraph.length;
  while (i < n) {
    const ch = paragraph.charAt(i);
    if (ch !== '.' && ch !== '!' && ch !== '?') {
      i++;
      continue;
    }
    const mark = i;
    while (i < n && '.!?'.includes(paragraph.charAt(i))) i++;
    while (i < n && '"\')]\u201d'.includes(paragraph.charAt(i))) i++;
    if (i >= n || !/\s/.test(paragraph.charAt(i))) continue;
    let end = i;
    while (end < n && /\s/.test(paragraph.charAt(end))) end++;
    const next = paragraph.charAt(end);
    if (next === '' || !/[A-Z0-9"'(\u201c]/.test(next)) continue;
    const lastWord = wordBefore(paragraph, Math.max(start, mark - 12), mark);
    if (paragraph.charAt(mark) === '.' && (ABBREVIATIONS.has(lastWord) || /^[a-z]$/.test(lastWord))) continue;
    out.push(paragraph.slice(start, end).trim());
    start = end;
    i = end;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** List items and prose sentences in document order. */
function pieces(brief: string): Piece[] {
  const lines = brief.replace(/\r\n?/g, '\n').split('\n');
  const out: Piece[] = [];
  let prose: string[] = [];
  let item: string[] | null = null;
  const flushProse = (): void => {
    // A lone short line without a full stop ("Shop MVP", "Billing") titles what follows; it is not a requirement.
    const only = prose.length === 1 ? (prose[0] ?? '') : '';
    if (only && !/[.!?]$/.test(only) && only.split(/\s+/).length <= 6) {
      prose = [];
      return;
    }
    if (prose.length > 0) {
      for (const s of splitSentences(prose.join(' '))) out.push({ text: s, listItem: false });
      prose = [];
    }
  };
  const flushItem = (): void => {
    if (item) {
      out.push({ text: item.join(' ').trim(), listItem: true });
      item = null;
    }
  };
  for (const raw of lines) {
    const line = raw.replace(/\t/g, '    ');
    if (line.trim() === '') {
      flushItem();
      flushProse();
      continue;
    }
    if (isHeadingLine(line)) {
      flushItem();
      flushProse();
      continue;
    }
    const marker = LIST_MARKER.exec(line);
    if (marker) {
      flushItem();
      flushProse();
      item = [line.slice(marker[0].length).trim()];
      continue;
    }
    if (item && /^\s{2,}/.test(line)) {
      item.push(line.trim());
      continue;
    }
    flushItem();
    prose.push(line.trim());
  }
  flushItem();
  flushProse();
  return out;
}

/**
 * Requirement statements of a brief. A list item is one requirement (several sentences in one item stay
 * together); prose is split into sentences; headings and fragments without content words are dropped.
 */
export function splitBrief(brief: string, contentWordCount: (text: string) => number): string[] {
  const out: string[] = [];
  for (const p of pieces(brief)) {
    const text = p.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const n = contentWordCount(text);
    if (n === 0) continue;
    if (!p.listItem && n < 2) continue;
    out.push(text);
  }
  return out;
}
