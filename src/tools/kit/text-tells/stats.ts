// Tokenising, sentence splitting and the document statistics (cadence and style signals) the scorer uses.
import type { TextStats } from './score-schema.ts';

const HSPACE = /[ \t]/;

/** True when `pos` starts a sentence: text start, a line start (after list/heading markers), or after . ! ? : */
export function atSentenceStart(text: string, pos: number): boolean {
  let i = pos - 1;
  while (i >= 0 && HSPACE.test(text[i] as string)) i--;
  if (i < 0 || text[i] === '\n') return true;
  // Markdown list, heading or quote marker at the start of the line.
  // Only a marker within 8 characters of the line start counts, so the line start is looked for no further
  // back (lastIndexOf over a text without line breaks made every call linear, and the scan quadratic).
  let lineStart = i;
  while (lineStart > 0 && i - lineStart < 8 && text[lineStart - 1] !== '\n') lineStart--;
  const atLineStart = lineStart === 0 || text[lineStart - 1] === '\n';
  if (atLineStart && i - lineStart < 8 && /^[ \t]*(?:[-*+]|\d{1,3}[.)]|#{1,6}|>)$/.test(text.slice(lineStart, i + 1))) return true;
  const j = i;
  while (i >= 0 && j - i < 4 && /["')\]*_]/.test(text[i] as string)) i--;
  return i >= 0 && /[.!?:]/.test(text[i] as string) && pos - 1 > i;
}

/** A word token with its offsets in the (normalised) text it came from. */
export interface Token {
  /** Lower-cased text. */
  word: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu;

/**
 * Word tokens, lower-cased; apostrophes and inner hyphens stay inside a word. Pass `alreadyLower` when the
 * text is lower-cased already (offsets are the same), which saves a string per token.
 */
export function tokenise(text: string, alreadyLower = false): Token[] {
  const out: Token[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    out.push({ word: alreadyLower ? m[0] : m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

// A sentence ends at . ! ? (with any closing quotes/brackets) followed by whitespace, or at a line break.
// Each run is taken whole (a lookahead capture, which is atomic) and only from its first character: written
// plainly as /[.!?]+["')\]]*(?=\s)/, a long run of dots not followed by a space was rescanned from every
// position in it, quadratic in the run (200,000 dots took minutes). The matches are the same.
const SENTENCE_END = /(?<![.!?])(?=([.!?]+))\1(?=(["')\]]*))\2(?=\s)|\n/g;

/** Number of words in each sentence, in order (sentences without words are skipped). */
function sentenceLengths(text: string, tokens: readonly Token[]): number[] {
  const lengths: number[] = [];
  let t = 0;
  let count = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    while (t < tokens.length && (tokens[t] as Token).start < end) {
      count++;
      t++;
    }
    if (count > 0) lengths.push(count);
    count = 0;
  }
  count += tokens.length - t;
  if (count > 0) lengths.push(count);
  return lengths;
}

const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself']);
const CONTRACTION = /^[\p{L}]+'(?:s|t|re|ve|ll|d|m)$/u;
const WINDOW = 50;

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function movingTtr(tokens: readonly Token[]): number {
  if (tokens.length === 0) return 0;
  if (tokens.length <= WINDOW) return new Set(tokens.map((t) => t.word)).size / tokens.length;
  const counts = new Map<string, number>();
  let distinct = 0;
  let sum = 0;
  for (let i = 0; i < tokens.length; i++) {
    const w = (tokens[i] as Token).word;
    const c = counts.get(w) ?? 0;
    if (c === 0) distinct++;
    counts.set(w, c + 1);
    if (i >= WINDOW) {
      const old = (tokens[i - WINDOW] as Token).word;
      const oc = counts.get(old) as number;
      if (oc === 1) distinct--;
      counts.set(old, oc - 1);
    }
    if (i >= WINDOW - 1) sum += distinct / WINDOW;
  }
  return sum / (tokens.length - WINDOW + 1);
}

/** Computes the statistics of a prose text (code and URLs already masked out). */
export function computeStats(text: string, tokens: readonly Token[]): TextStats {
  const lengths = sentenceLengths(text, tokens);
  const n = tokens.length;
  const s = lengths.length;
  const mean = s > 0 ? lengths.reduce((a, b) => a + b, 0) / s : 0;
  const sd = s > 1 ? Math.sqrt(lengths.reduce((a, b) => a + (b - mean) ** 2, 0) / (s - 1)) : 0;
  let letters = 0;
  let contractions = 0;
  let firstPerson = 0;
  for (const t of tokens) {
    letters += t.word.length;
    if (t.word.includes("'") && CONTRACTION.test(t.word)) contractions++;
    if (FIRST_PERSON.has(t.word)) firstPerson++;
  }
  let marks = 0;
  let commas = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3f || c === 0x21) marks++;
    else if (c === 0x2c) commas++;
  }
  const per100 = (x: number): number => (n > 0 ? (100 * x) / n : 0);
  return {
    words: n,
    sentences: s,
    paragraphs: text.split(/\n[ \t]*\n/).filter((p) => /\S/.test(p)).length,
    mean_sentence_length: round(mean),
    sentence_length_sd: round(sd),
    sentence_length_cv: round(mean > 0 ? sd / mean : 0),
    type_token_ratio: round(movingTtr(tokens)),
    mean_word_length: round(n > 0 ? letters / n : 0),
    contractions_per_100_words: round(per100(contractions)),
    first_person_per_100_words: round(per100(firstPerson)),
    questions_exclamations_per_sentence: round(s > 0 ? marks / s : 0),
    commas_per_sentence: round(s > 0 ? commas / s : 0),
  };
}
