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
  let w = word;
  // Cheap reject before any lookup: level words are 3 to 13 letters, maybe wrapped or module-qualified.
  if (w.length > 24 || w.length < 3) return null;
  const c0 = w.charCodeAt(0);
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122) || c0 === 60)) return null;
  const direct = SPELLINGS.get(w);
  if (direct !== undefined) return direct;
  if (w.length < 4) return null;
  if (w.endsWith(':')) w = w.slice(0, -1);
  if (w.startsWith('<') && w.endsWith('>')) w = w.slice(1, -1);
  const colon = w.lastIndexOf(':');
  if (colon > 0) w = w.slice(colon + 1);
  return SPELLINGS.get(w) ?? null;
}

/** Every accepted spelling of every level word: lower case, upper case, capitalised. */
const SPELLINGS: Map<string, Level> = (() => {
  const m = new Map<string, Level>();
  for (const [w, level] of Object.entries(WORDS)) {
    m.set(w, level);
    m.set(w.toUpperCase(), level);
    m.set(w.charAt(0).toUpperCase() + w.slice(1), level);
  }
  return m;
})();

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
