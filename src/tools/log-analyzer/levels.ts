// Log level vocabulary: header level words, numeric JSON levels, and a keyword fallback for lines without one.

/** The canonical levels reported by the tool, least to most severe. */
export const LEVELS = ['trace', 'debug', 'info', 'notice', 'warn', 'error', 'fatal'] as const;
export type Level = (typeof LEVELS)[number];

const WORDS: Record<string, Level> = {
  trace: 'trace', finest: 'trace', finer: 'trace', verbose: 'trace',
  debug: 'debug', dbg: 'debug', fine: 'debug',
  info: 'info', information: 'info', informational: 'info', config: 'info',
  notice: 'notice',
  warn: 'warn', warning: 'warn',
  error: 'error', err: 'error', severe: 'error', failure: 'error',
  fatal: 'fatal', critical: 'fatal', crit: 'fatal', alert: 'fatal', emerg: 'fatal', emergency: 'fatal', panic: 'fatal',
};

/** logcat / glog single-letter levels. */
const LETTERS: Record<string, Level> = { V: 'trace', D: 'debug', I: 'info', W: 'warn', E: 'error', F: 'fatal', A: 'fatal' };

/** Severity rank for comparisons (higher is worse). */
export function levelRank(level: Level): number {
  return LEVELS.indexOf(level);
}

/**
 * The level a header word names, or null. Accepts `INFO`, `Info`, `info`, `<info>`, `INFO:`, and the
 * module-qualified bracket form of Apache 2.4 (`core:error`). Mixed-case spellings such as `iNfo` are not levels.
 */
export function levelWord(word: string): Level | null {
  return levelWordAt(word, 0, word.length);
}

/**
 * levelWord for `s.slice(start, end)`, without slicing: header scanning asks this of every word-like chunk, and a
 * fresh substring per chunk (hashed again for a Map lookup) was a large share of header detection time.
 */
export function levelWordAt(s: string, start: number, end: number): Level | null {
  let a = start;
  let b = end;
  // Cheap reject before any lookup: level words are 3 to 13 letters, maybe wrapped or module-qualified.
  if (b - a > 24 || b - a < 3) return null;
  const c0 = s.charCodeAt(a);
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122) || c0 === 60)) return null;
  const direct = spellingAt(s, a, b);
  if (direct !== null) return direct;
  if (b - a < 4) return null;
  // The last colon inside the word (a module prefix), searched within the word only (at most 24 characters).
  let colon = b - 1;
  while (colon > a && s.charCodeAt(colon) !== 58) colon--;
  // A plain word (no wrapper, no colon) was answered by the direct lookup.
  if (colon === a && c0 !== 60) return null;
  if (s.charCodeAt(b - 1) === 58) b--;
  if (s.charCodeAt(a) === 60 && s.charCodeAt(b - 1) === 62) {
    a++;
    b--;
  }
  for (let k = b - 1; k > a; k--) {
    if (s.charCodeAt(k) === 58) {
      a = k + 1;
      break;
    }
  }
  return spellingAt(s, a, b);
}

/** Level words (lower case) by length and first letter: most words of a line share neither with any level word. */
const WORD_TABLE: { words: string[]; levels: Level[] }[] = (() => {
  const table: { words: string[]; levels: Level[] }[] = [];
  for (let i = 0; i < 14 * 26; i++) table.push({ words: [], levels: [] });
  for (const [w, level] of Object.entries(WORDS)) {
    const slot = table[w.length * 26 + (w.charCodeAt(0) - 97)]!;
    slot.words.push(w);
    slot.levels.push(level);
  }
  return table;
})();

/** The level of `s.slice(a, b)` when it is a level word in lower case, upper case or capitalised. */
function spellingAt(s: string, a: number, b: number): Level | null {
  const n = b - a;
  if (n < 1 || n > 13) return null;
  const c0 = s.charCodeAt(a);
  const upper0 = c0 >= 65 && c0 <= 90;
  const lower0 = upper0 ? c0 + 32 : c0;
  if (lower0 < 97 || lower0 > 122) return null;
  const slot = WORD_TABLE[n * 26 + (lower0 - 97)]!;
  const words = slot.words;
  if (words.length === 0) return null;
  // All upper case when the first two letters are; capitalised when only the first one is.
  const allUpper = upper0 && n > 1 && s.charCodeAt(a + 1) >= 65 && s.charCodeAt(a + 1) <= 90;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let k = 1;
    for (; k < n; k++) {
      const expected = w.charCodeAt(k);
      if (s.charCodeAt(a + k) !== (allUpper ? expected - 32 : expected)) break;
    }
    if (k === n) return slot.levels[i]!;
  }
  return null;
}

/** A single-letter level (logcat `D`, `E`), or null. */
export function levelLetter(word: string): Level | null {
  return word.length === 1 ? (LETTERS[word] ?? null) : null;
}

/** Level from a JSON field value: a word or a pino/bunyan number (10 trace ... 60 fatal). */
export function levelFromValue(v: unknown): Level | null {
  if (typeof v === 'number') {
    if (v >= 60) return 'fatal';
    if (v >= 50) return 'error';
    if (v >= 40) return 'warn';
    if (v >= 30) return 'info';
    if (v >= 20) return 'debug';
    return 'trace';
  }
  if (typeof v !== 'string') return null;
  return WORDS[v.trim().toLowerCase()] ?? levelLetter(v.trim());
}

const ERROR_WORDS = /\b(?:errors?|exceptions?|fatal|panic|failed|failure|failures|crash(?:ed)?|abort(?:ed)?|segfault|unreachable|refused)\b/i;
const WARN_WORDS = /\b(?:warn(?:ing)?|denied|timed? ?out|timeout|invalid|deprecated|retry(?:ing)?|unable|cannot|can't|could not|not responding)\b/i;

/**
 * Level for a line whose header named none: a message that speaks of errors or failures counts as an error,
 * one that speaks of warnings, denials or timeouts as a warning, anything else as info.
 */
export function inferLevel(message: string): Level {
  const text = message.length > 2000 ? message.slice(0, 2000) : message;
  if (ERROR_WORDS.test(text)) return 'error';
  if (WARN_WORDS.test(text)) return 'warn';
  return 'info';
}
