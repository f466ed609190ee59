// Runs every catalogue pattern over a text once and returns the raw hits (offsets in the input) and statistics.
import { PATTERNS } from './catalogue.ts';
import type { PatternDef } from './catalogue.ts';
import { maskSpans, nonProseSpans, normalise } from './normalise.ts';
import { atSentenceStart, computeStats, tokenise } from './stats.ts';
import type { TextStats } from './score-schema.ts';
import type { Token } from './stats.ts';

/** One match of a pattern: offsets index the caller's original text. */
interface Hit {
  start: number;
  end: number;
}

export interface Detection {
  /** Hits per pattern id, only for patterns that fired, in catalogue order; sorted, at most `maxHits` each. */
  hits: Map<string, Hit[]>;
  /** Full number of hits per fired pattern (can exceed the hits kept). */
  counts: Map<string, number>;
  /** Hits per word of the `list` patterns (the model counts each word at most a few times). */
  listWords: Map<string, number>;
  stats: TextStats;
}

/** Word (lower-case) to the id of the `words` pattern that owns it. */
const WORD_INDEX: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const p of PATTERNS) {
    if (p.matcher.kind !== 'words') continue;
    for (const w of Object.keys(p.matcher.words)) {
      if (m.has(w)) throw new Error(`word "${w}" is in two patterns`);
      m.set(w, p.id);
    }
  }
  return m;
})();

/** Word (lower-case) to the id of the `list` pattern that counts it, for words no `words` pattern owns. */
const LIST_INDEX: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const p of PATTERNS) {
    if (p.matcher.kind !== 'list') continue;
    for (const w of p.matcher.words) if (!WORD_INDEX.has(w) && !m.has(w)) m.set(w, p.id);
  }
  return m;
})();

const WORD_PATTERN: ReadonlyMap<string, { notBefore?: RegExp }> = new Map(PATTERNS.flatMap((p) => (p.matcher.kind === 'words' ? [[p.id, p.matcher] as const] : [])));

/**
 * Case-insensitive expressions run without the `i` flag over the lower-cased prose: case folding makes
 * V8's matcher several times slower, and lower-casing the text once is cheap.
 */
const CASELESS: ReadonlyMap<string, RegExp> = new Map(
  PATTERNS.flatMap((p) => (p.matcher.kind === 'regex' && p.matcher.re.flags.includes('i') ? [[p.id, new RegExp(p.matcher.re.source, p.matcher.re.flags.replace('i', ''))] as const] : [])),
);

/** Cadence fires on 8+ sentences whose lengths vary less than this (sd/mean). */
const UNIFORM_CV = 0.4;
const UNIFORM_MIN_SENTENCES = 8;

/** A capitalised word inside a sentence (after a word, number or comma) is taken as part of a name. */
function isNameLike(text: string, t: Token): boolean {
  const first = text.charCodeAt(t.start);
  if (!(first >= 0x41 && first <= 0x5a)) return false;
  let i = t.start - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return i >= 0 && /[\p{L}\p{N},;]/u.test(text[i] as string);
}

interface Found {
  hits: Hit[];
  count: number;
}

function regexHits(re: RegExp, text: string, maxHits: number, accept?: (m: string) => boolean, sentenceStart = false): Found {
  const hits: Hit[] = [];
  let count = 0;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (accept && !accept(m[0])) continue;
    if (sentenceStart && !atSentenceStart(text, m.index)) continue;
    count++;
    if (hits.length < maxHits) hits.push({ start: m.index, end: m.index + m[0].length });
  }
  return { hits, count };
}

/**
 * Detects every pattern in `input`. Offsets of hits refer to `input` itself. `maxHits` bounds the hits kept
 * per pattern (counts stay exact): the scorer lists only a few, and a text of 200,000 dashes should not
 * allocate 200,000 objects to say so.
 */
export function detect(input: string, maxHits = Number.POSITIVE_INFINITY): Detection {
  const norm = normalise(input);
  const prose = maskSpans(norm.text, nonProseSpans(norm.text));
  const lowered = prose.toLowerCase();
  // Lower-casing keeps offsets only when no character changes length (it does for a few, such as U+0130).
  const lower = lowered.length === prose.length ? lowered : null;
  const tokens: Token[] = lower !== null ? tokenise(lower, true) : tokenise(prose);
  const stats = computeStats(prose, tokens);
  const toOrig = (h: Hit): Hit => ({ start: norm.origin[h.start] as number, end: (norm.origin[h.end - 1] as number) + 1 });

  const byWord = new Map<string, Found>();
  const listWords = new Map<string, number>();
  for (const t of tokens) {
    const id = WORD_INDEX.get(t.word) ?? LIST_INDEX.get(t.word);
    if (id === undefined) continue;
    if (isNameLike(prose, t)) continue;
    if (!WORD_INDEX.has(t.word)) listWords.set(t.word, (listWords.get(t.word) ?? 0) + 1);
    const def = WORD_PATTERN.get(id);
    if (def?.notBefore && def.notBefore.test(prose.slice(t.end, t.end + 24))) continue;
    let f = byWord.get(id);
    if (!f) byWord.set(id, (f = { hits: [], count: 0 }));
    f.count++;
    if (f.hits.length < maxHits) f.hits.push(toOrig(t));
  }

  const hits = new Map<string, Hit[]>();
  const counts = new Map<string, number>();
  for (const p of PATTERNS as readonly PatternDef[]) {
    const m = p.matcher;
    let found: Found = { hits: [], count: 0 };
    if (m.kind === 'words' || m.kind === 'list') found = byWord.get(p.id) ?? found;
    else if (m.kind === 'regex') {
      const fast = lower !== null ? CASELESS.get(p.id) : undefined;
      found = fast ? regexHits(fast, lower as string, maxHits, m.accept, m.sentenceStart === true) : regexHits(m.re, prose, maxHits, m.accept, m.sentenceStart === true);
      found.hits = found.hits.map(toOrig);
    } else if (m.kind === 'raw') found = regexHits(m.re, input, maxHits);
    else if (p.id === 'cadence.uniform-sentences') {
      if (stats.sentences >= UNIFORM_MIN_SENTENCES && stats.sentence_length_cv < UNIFORM_CV) found = { hits: [{ start: 0, end: input.length }], count: 1 };
    }
    if (found.count > 0) {
      hits.set(p.id, found.hits);
      counts.set(p.id, found.count);
    }
  }
  return { hits, counts, listWords, stats };
}
