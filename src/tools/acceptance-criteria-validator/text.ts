// Linear-time tokeniser and phrase matcher shared by the criterion checks and the story extractor.

export interface Token {
  /** Original spelling (curly apostrophes straightened). */
  word: string;
  lower: string;
  start: number;
  end: number;
  /** First word of the text or of a line. */
  lineStart: boolean;
  /** Punctuation (, ; : . ! ? ) ]) sits between this word and the previous one. */
  afterPunct: boolean;
  /** Starts with an upper-case letter. */
  capital: boolean;
}

// One word: letters/digits, optionally joined by an apostrophe or hyphen ("can't", "user-friendly").
// Each alternative consumes at least one character, so the scan is linear.
const WORD = /[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu;
const PUNCT_GAP = /[,;:.!?)\]]/;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  WORD.lastIndex = 0;
  let prevEnd = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text)) !== null) {
    const word = m[0].replace(/\u2019/g, "'");
    const start = m.index;
    const gap = text.slice(prevEnd, start);
    const first = word.charAt(0);
    out.push({
      word,
      lower: word.toLowerCase(),
      start,
      end: start + m[0].length,
      lineStart: out.length === 0 || gap.includes('\n'),
      afterPunct: PUNCT_GAP.test(gap),
      capital: first !== first.toLowerCase(),
    });
    prevEnd = start + m[0].length;
  }
  return out;
}

export interface PhraseEntry {
  phrase: string;
}

export interface PhraseHit<E extends PhraseEntry> {
  entry: E;
  /** The words actually matched, lower-case, space-joined (a wildcard shows the real word). */
  text: string;
  index: number;
  length: number;
}

/** Index of phrases by first word, longest first, so that "easy to use" wins over "easy". */
export class PhraseMatcher<E extends PhraseEntry> {
  private readonly byFirst = new Map<string, { words: string[]; entry: E }[]>();

  constructor(list: readonly E[]) {
    for (const entry of list) {
      const words = entry.phrase.split(' ').filter((w) => w.length > 0);
      const first = words[0];
      if (first === undefined || first === '*') continue;
      const bucket = this.byFirst.get(first) ?? [];
      bucket.push({ words, entry });
      this.byFirst.set(first, bucket);
    }
    for (const bucket of this.byFirst.values()) bucket.sort((a, b) => b.words.length - a.words.length);
  }

  /** Non-overlapping hits, left to right, longest match at each position. */
  match(tokens: readonly Token[]): PhraseHit<E>[] {
    const hits: PhraseHit<E>[] = [];
    let i = 0;
    while (i < tokens.length) {
      const tok = tokens[i];
      const bucket = tok ? this.byFirst.get(tok.lower) : undefined;
      let matched = 0;
      if (bucket) {
        for (const cand of bucket) {
          if (i + cand.words.length > tokens.length) continue;
          let ok = true;
          for (let k = 1; k < cand.words.length; k++) {
            const want = cand.words[k];
            const got = tokens[i + k];
            if (got === undefined || (want !== '*' && got.lower !== want)) {
              ok = false;
              break;
            }
          }
          if (ok) {
            const text = tokens
              .slice(i, i + cand.words.length)
              .map((t) => t.lower)
              .join(' ');
            hits.push({ entry: cand.entry, text, index: i, length: cand.words.length });
            matched = cand.words.length;
            break;
          }
        }
      }
      i += matched > 0 ? matched : 1;
    }
    return hits;
  }
}

/** Collapse runs of blanks inside lines and trim; keeps line breaks (Gherkin steps live on lines). */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
    .split('\n')
    .map((l) => l.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}
