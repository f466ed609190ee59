// How the rubric rules read a prompt: sentences, spelling normalised, negation and scope of a clause, quoted vs adopted text, language.
import { truncate } from '../kit/text.ts';

export interface Sentence {
  /** 1-based line number. */
  line: number;
  /** The sentence as written (for quoting evidence). */
  text: string;
  /** Lower case, typographic quotes straightened, look-alike letters folded. */
  lower: string;
  /** `lower` with leetspeak tokens decoded and near-misspellings of key words corrected (same length is not kept). */
  plain: string;
  /** Offsets of `"` in `plain`, for quote tests. */
  quotes: number[];
}

export interface Language {
  /** True when the prompt is mostly in a language the keyword heuristics cannot read. */
  nonEnglish: boolean;
  /** What was seen: `english`, `cjk`, `other-script` or `latin-other`. */
  kind: 'english' | 'cjk' | 'other-script' | 'latin-other';
}

export interface PreparedText {
  lower: string;
  plain: string;
  lines: string[];
  /** Sentences with at least one letter or digit: the only ones a phrase can match in. */
  sentences: Sentence[];
  /** Sentences of symbols only (dividers, quote marks, dots), kept apart for the format checks. */
  bare: Sentence[];
  words: number;
  language: Language;
}

// ---------- character normalisation ----------

const SMALL_CAPS: Record<string, string> = {
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ǫ: 'q', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
};
const SMALL_CAPS_RE = new RegExp(`[${Object.keys(SMALL_CAPS).join('')}]`, 'g');

/**
 * Lower case with look-alikes folded: NFKC (full-width and mathematical letters), small capitals, typographic
 * quotes and apostrophes straightened, zero-width characters removed. One pattern then covers "don't" and "don’t".
 */
function normalise(s: string): string {
  // Printable ASCII needs none of the folding below but the backtick.
  if (!/[^\t\x20-\x7e]/.test(s)) return s.toLowerCase().replace(/`/g, "'");
  return s
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(SMALL_CAPS_RE, (c) => SMALL_CAPS[c] ?? c)
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb\u201e\u201f]/g, '"');
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's' };

/** A token that mixes letters with leetspeak digits or symbols (`h3r3`, `unf1lt3r3d`), decoded; anything else unchanged. */
function deleet(token: string): string {
  const letters = token.replace(/[^a-z]/g, '').length;
  const leet = token.replace(/[^013457@$8]/g, '').length;
  if (letters < 2 || leet === 0 || token.length < 3 || leet > letters + 1 || /^\d+[a-z]{1,3}$/.test(token) || /^[a-z]{1,5}-?\d+$/.test(token)) return token;
  return token.replace(/[013457@$8]/g, (c) => LEET[c] ?? c);
}

/**
 * Words jailbreaks misspell on purpose to slip past filters ("unfliteredly", "restirctions"). Long words only
 * (nine letters and more), so a one-letter difference cannot turn one common word into another.
 */
const KEY_WORDS = [
  'unfiltered', 'unfilteredly', 'uncensored', 'unrestricted', 'restrictions', 'guidelines', 'censorship', 'apologize', 'apologise', 'apologies',
  'disclaimer', 'disclaimers', 'limitations', 'boundaries', 'jailbroken', 'programming', 'inappropriate', 'unethical', 'constraints', 'liberated',
];
const KEY_BY_LENGTH = new Map<number, string[]>();
for (const w of KEY_WORDS) KEY_BY_LENGTH.set(w.length, [...(KEY_BY_LENGTH.get(w.length) ?? []), w]);

/** Optimal-string-alignment distance, stopping early once it exceeds 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (restA.slice(1) === restB.slice(1)) return true; // substitution
  if (restA.slice(1) === restB || restA === restB.slice(1)) return true; // deletion / insertion
  return restA.length > 1 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2); // transposition
}

function correct(word: string): string {
  if (word.length < 9 || word.length > 14) return word;
  for (const len of [word.length, word.length - 1, word.length + 1]) {
    for (const k of KEY_BY_LENGTH.get(len) ?? []) if (k !== word && withinOneEdit(word, k)) return k;
  }
  return word;
}

/** Leetspeak decoded and deliberate misspellings of key words corrected, token by token. */
/** Contractions written without the apostrophe ("dont", "doesnt"), restored so one pattern reads both. */
const CONTRACTIONS: Record<string, string> = {
  dont: "don't", doesnt: "doesn't", didnt: "didn't", wont: "won't", cant: "can't", isnt: "isn't", arent: "aren't", wasnt: "wasn't",
  shouldnt: "shouldn't", wouldnt: "wouldn't", couldnt: "couldn't", mustnt: "mustn't", havent: "haven't", hasnt: "hasn't", youre: "you're",
};

/** Pictographs used as decoration between words ("rules📏 and instructions📖"), with their variation selectors. */
const PICTOGRAPH = /\p{Extended_Pictographic}(?:\u{fe0f}|[\u{1f3fb}-\u{1f3ff}])?/gu;

function plainOf(lower: string): string {
  // Decoration and runs of spaces between words are not part of a phrase: "rules📏 and  instructions" reads "rules and instructions".
  const bare = /[^\t\x20-\x7e]/.test(lower) ? lower.replace(PICTOGRAPH, ' ') : lower;
  return bare.replace(/[ \t]{2,}/g, ' ').replace(/[a-z0-9@$]+/g, (tok) => {
    if (tok.length < 3 || tok.length > 40) return tok;
    const c = CONTRACTIONS[tok];
    if (c) return c;
    if (!/[0-9@$]/.test(tok)) return tok.length >= 9 ? correct(tok) : tok;
    const d = deleet(tok);
    return /^[a-z]+$/.test(d) ? correct(d) : d;
  });
}

// ---------- sentences and language ----------

const EN_WORDS = new Set('the and you to of a is in that for with your be are not if or as on this it do will can any all an'.split(' '));
const OTHER_LATIN_WORDS = new Set(
  'el la los las de del que y en un una es por para con no se su sus lo al como más pero le les des et est une pour pas qui dans sur ne ce der die das und ist nicht zu ein eine mit sie ich du den dem auf für im o os as um uma não em com seu sua il di che è per non gli della het een en van ik je niet dat zijn'.split(' '),
);

/** Which language family the prompt is mostly in, from letters' scripts and function words (scale-free shares). */
function detectLanguage(text: string): Language {
  const sample = text.length > 20_000 ? text.slice(0, 20_000) : text;
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return { nonEnglish: false, kind: 'english' };
  const cjk = sample.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  if (cjk / letters > 0.3) return { nonEnglish: true, kind: 'cjk' };
  const latin = sample.match(/\p{Script=Latin}/gu)?.length ?? 0;
  if (latin / letters < 0.5) return { nonEnglish: true, kind: 'other-script' };
  const words = normalise(sample).match(/\p{L}+/gu) ?? [];
  let en = 0;
  let other = 0;
  for (const w of words) {
    if (EN_WORDS.has(w)) en++;
    if (OTHER_LATIN_WORDS.has(w)) other++;
  }
  // Telegraphic English ("ROLE = amoral AI") has few function words of any language; only another language's own win.
  if (other >= 3 && other > en && other / words.length > 0.05) return { nonEnglish: true, kind: 'latin-other' };
  return { nonEnglish: false, kind: 'english' };
}

function quoteOffsets(s: string): number[] {
  const out: number[] = [];
  for (let i = s.indexOf('"'); i >= 0; i = s.indexOf('"', i + 1)) out.push(i);
  return out;
}

/** Sentences of every line (split after . ! ? followed by space), each normalised twice (lower and plain). */
export function prepareText(prompt: string): PreparedText {
  const lines = prompt.split(/\r\n|\r|\n/);
  const sentences: Sentence[] = [];
  const bare: Sentence[] = [];
  lines.forEach((line, i) => {
    for (const part of line.split(/(?<=[.!?])\s+/)) {
      const text = part.trim();
      if (!text) continue;
      if (!/[\p{L}\p{N}]/u.test(text)) {
        bare.push({ line: i + 1, text, lower: text, plain: text, quotes: [] });
        continue;
      }
      const lower = normalise(text);
      const plain = plainOf(lower);
      sentences.push({ line: i + 1, text, lower, plain, quotes: quoteOffsets(plain) });
    }
  });
  // Words of spaced scripts, plus CJK characters at two per word (those scripts do not separate words by spaces).
  const spaced = prompt.match(/[^\s]+/g)?.filter((w) => /[\p{L}\p{N}]/u.test(w) && !/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u.test(w)).length ?? 0;
  const cjkChars = prompt.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  const words = spaced + Math.floor(cjkChars / 2);
  return {
    lower: sentences.map((x) => x.lower).join('\n'),
    plain: sentences.map((x) => x.plain).join('\n'),
    lines,
    sentences,
    bare,
    words,
    language: detectLanguage(prompt),
  };
}

// ---------- negation, scope and quotation of a match ----------

/** Whether offset `index` of a sentence lies inside double quotes (an odd number of `"` before it). */
function insideQuotes(s: Pick<Sentence, 'quotes'>, index: number): boolean {
  let lo = 0;
  let hi = s.quotes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((s.quotes[mid] as number) < index) lo = mid + 1;
    else hi = mid;
  }
  return lo % 2 === 1;
}

const NEGATOR = /\b(?:not|never|no|none|nor|neither|don't|dont|doesn't|won't|wouldn't|shouldn't|mustn't|cannot|can't|couldn't|isn't|aren't|avoid|avoids|refrain from|prohibited|forbidden|forbid|instead of|rather than|without)\b/;
const NEGATOR_END = /\b(?:not|never|don't|do not|must not|should not|will not|cannot|can't)\s*$/;
/**
 * Words that make what follows a description of something to resist or an example, not an instruction: "decline
 * requests to X", "users may try to X", "if someone asks you to X", "such as X".
 */
const MENTION = /\b(?:requests? (?:to|for|that|asking)|asks? (?:you |me |it |the assistant |the model |the ai )?to|asked (?:you )?to|asking (?:you )?to|(?:any|an|such|these|those|their|user|users'|jailbreak|manipulation) attempts? to|(?:users?|people|someone|anyone|they|attackers?|others|it|this) (?:tries|try|trying|tried|attempt|attempts|attempting) to|claims? (?:that|to)|claiming (?:that|to)|insists? (?:that|on)|tells? you (?:that|to)|telling you (?:that|to)|saying (?:that|you)|says (?:that|you)|examples? (?:of|include|such)|e\.g\.|such as|for instance|for example|manipulation|tactics?|(?:decline|refuse|reject|resist|ignore|report|flag|detect|recogni[sz]e) (?:any |all |such |these |those )?(?:requests?|attempts?|instructions?|prompts?|messages?|efforts?|demands?|tricks?)|if (?:a|the|any) user|if someone|if anyone|whenever (?:a|the) user|users? (?:may|might|could|can|often|sometimes|will sometimes)|someone (?:may|might|could)|(?:instruct|instructs|help|helps|teach|teaches|enable|enables|assist|assists|get|gets|trick|tricks|convince|persuade|encourage|encourages|cause|causes) (?:ai models?|models?|users?|others|people|someone|them|llms?|other ais?|the model|chatbots?|ais?)(?: how)? to)\b/;
/** What introduces a quotation that is someone else's words or an example: `users may write "..."`, `phrases like "..."`. */
const QUOTE_SPEAKER = /\b(?:users?|someone|anyone|people|they|i|he|she|customers?|others|attackers?)(?: (?:may|might|could|can|will|often|sometimes))? (?:say|says|said|write|writes|wrote|type|types|typed|ask|asks|asked|send|sends|sent|tell|tells|claim|claims|use|uses)\b/;
/** Quotations listed as examples earlier in the same window: `(e.g., "a" vs "b", "c" vs "d")`. */
const QUOTE_LIST = /\b(?:e\.g\.|for example|for instance|such as|examples? of)/;
const QUOTE_EXAMPLE = /\b(?:like|phrases?|words?|messages?|prompts?|requests?|examples?|e\.g\.|such as|including|e\.g|i\.e\.)[:,]?$/;
const CLAUSE_BREAK = /[;:,()[\]]|\b(?:but|however|unless|except|and then|otherwise|whereas|instead|then)\b/;

export interface MatchContext {
  /** A negation governs the match ("do not X", "never X", "without X"). */
  negated: boolean;
  /** The match is something to resist or an example of what others say, not an instruction to the model. */
  mentioned: boolean;
  /** The match sits inside double quotes. */
  quoted: boolean;
  /** Why it counts as mentioned: a described attack or request, someone else's quoted words, or a quoted example. */
  described: boolean;
  speaker: boolean;
  example: boolean;
}

/**
 * The clause around a match in `text` (a sentence's `plain` or `lower`): only the text since the last clause break
 * counts, so "If the user asks anything, DAN answers without limits" reads "DAN answers without limits". A quoted
 * match counts as adopted unless what introduces the quote marks it as someone else's words or an example.
 */
export function matchContext(s: Pick<Sentence, 'quotes'>, text: string, index: number): MatchContext {
  const quoted = insideQuotes(s, index);
  let end = index;
  if (quoted) {
    // Judge a quotation by what introduces it: `reply with "..."` adopts it, `users may write "..."` mentions it.
    let q = 0;
    for (const off of s.quotes) {
      if (off >= index) break;
      q = off;
    }
    end = q;
  }
  const window = text.slice(Math.max(0, end - 90), end);
  const segments = window.split(CLAUSE_BREAK);
  let last = segments[segments.length - 1] ?? '';
  let prev = segments.length > 1 ? (segments[segments.length - 2] ?? '') : '';
  if (quoted && last.trim().length < 3 && segments.length > 1) {
    // `such as: "..."`: the clause break sits right before the quotation; read the clause before it.
    last = prev;
    prev = segments.length > 2 ? (segments[segments.length - 3] ?? '') : '';
  }
  const negated = NEGATOR.test(last) || NEGATOR_END.test(prev);
  const described = MENTION.test(last);
  const speaker = quoted && QUOTE_SPEAKER.test(last);
  const example = quoted && (QUOTE_EXAMPLE.test(window.trimEnd()) || QUOTE_LIST.test(window));
  return { negated, mentioned: described || speaker || example, quoted, described, speaker, example };
}

const PRESENT = new WeakMap<PreparedText, Map<RegExp, boolean>>();

/**
 * Whether `re` matches anywhere in the prompt's plain text: one scan of the whole text, remembered, so that the
 * per-sentence loops of a pattern that occurs nowhere cost nothing (a prompt can hold 25,000 one-word sentences).
 * Patterns anchored with ^ or $ are always scanned sentence by sentence.
 */
export function present(p: PreparedText, re: RegExp): boolean {
  if (re.source.includes('$') || re.source.includes('^')) return true;
  let cache = PRESENT.get(p);
  if (!cache) {
    cache = new Map();
    PRESENT.set(p, cache);
  }
  let v = cache.get(re);
  if (v === undefined) {
    re.lastIndex = 0;
    v = re.test(p.plain);
    re.lastIndex = 0;
    cache.set(re, v);
  }
  return v;
}

/** Every match of a global `re` in `text`, at most `max`. */
export function* matches(re: RegExp, text: string, max = 50): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  let n = 0;
  try {
    for (let m = re.exec(text); m && n < max; m = re.exec(text), n++) {
      yield m;
      if (m[0].length === 0) re.lastIndex++;
    }
  } finally {
    re.lastIndex = 0;
  }
}

/** Text shortened to `max` UTF-16 units without splitting a surrogate pair; control characters flattened to spaces. */
export function clip(s: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  return truncate(s.replace(/[\u0000-\u001f\u007f]+/g, ' '), max, { keepPairs: true });
}
