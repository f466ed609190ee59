// Rewrite rules of humanize, one per catalogue pattern it can fix: each turns a detected hit into an edit.
import { PATTERNS } from '../kit/text-tells/catalogue.ts';
import { atSentenceStart } from '../kit/text-tells/stats.ts';
import { LIST_CONTEXT, LIST_SWAPS } from './list-words.ts';
import { capitalise, clauseSubject, demonstrativeFor, finiteForm } from './verbs.ts';

/** A proposed replacement of text[start, end) by `after`. */
export interface Edit {
  rule: string;
  start: number;
  end: number;
  after: string;
}

/** What a rule sees: the current text, one hit of its pattern, and whether a range touches protected text. */
interface RuleInput {
  text: string;
  start: number;
  end: number;
  isProtected: (start: number, end: number) => boolean;
}

/** An edit, a group applied together or not at all, or (`each`) independent edits or groups. */
type RuleOutput = Edit | Edit[] | { each: (Edit | Edit[])[] } | null;

type Rule = (input: RuleInput) => RuleOutput;

const HSPACE = /[ \t]/;

function isLower(ch: string | undefined): boolean {
  return ch !== undefined && ch.toLowerCase() === ch && ch.toUpperCase() !== ch;
}

/**
 * Deletes text[start, end) plus the spaces after it, capitalising the following word when the deletion opened a
 * sentence (unless that word is protected).
 */
function deleteOpening(rule: string, inp: RuleInput, start: number, end: number): Edit | null {
  const { text } = inp;
  let e = end;
  while (e < text.length && HSPACE.test(text[e] as string)) e++;
  const next = text[e];
  if (atSentenceStart(text, start) && isLower(next) && !inp.isProtected(e, e + 1)) {
    return { rule, start, end: e + 1, after: (next as string).toUpperCase() };
  }
  return { rule, start, end: e, after: '' };
}

/** Whether an em dash comes before the sentence ends, walking from `from` in direction `step`, at most 400 characters. */
function dashInSentence(text: string, from: number, step: 1 | -1): boolean {
  for (let i = from, k = 0; i >= 0 && i < text.length && k < 400; i += step, k++) {
    const c = text[i];
    if (c === '—') return true;
    if (c === '.' || c === '!' || c === '?' || c === '\n') return false;
  }
  return false;
}

/** Bounds of the sentence around [start, end): back to the previous terminal or line break, on to the next. */
function sentenceAround(text: string, start: number, end: number): { start: number; end: number } {
  let s = start;
  while (s > 0 && !/[.!?\n]/.test(text[s - 1] as string) && start - s < 400) s--;
  while (s < start && HSPACE.test(text[s] as string)) s++;
  let e = end;
  while (e < text.length && !/[.!?\n]/.test(text[e] as string) && e - end < 400) e++;
  while (e < text.length && /[.!?"')\]]/.test(text[e] as string)) e++;
  return { start: s, end: e };
}

/** Deletes the whole sentence holding the hit (chatbot sign-offs and the like), with the space before it. */
function deleteSentence(rule: string, maxWords = 40): Rule {
  return (inp) => {
    const { text } = inp;
    const b = sentenceAround(text, inp.start, inp.end);
    const body = text.slice(b.start, b.end);
    if ((body.match(/\S+/g) ?? []).length > maxWords) return null;
    if (inp.isProtected(b.start, b.end)) return null;
    let s = b.start;
    let e = b.end;
    // Take the separating space on one side so no double space is left.
    if (e < text.length && HSPACE.test(text[e] as string)) while (e < text.length && HSPACE.test(text[e] as string)) e++;
    else while (s > 0 && HSPACE.test(text[s - 1] as string)) s--;
    return { rule, start: s, end: e, after: '' };
  };
}

/** The indefinite article a word takes, by its first sound (the catalogue's plain words are regular English). */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const w = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^(?:one\b|once|uni(?!mp|nt|nf|nv|nh)|use|usu|ura|eu)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

// The indefinite article standing right before a hit: "an" + spaces at the end of the text before it.
const ARTICLE_BEFORE = /(?:^|[^\p{L}\p{N}'-])(an?)([ \t]{1,8})$/iu;

/**
 * The edit replacing text[start, end) by `after`, taking the indefinite article in front along when the
 * replacement changes the sound it must agree with ("an intricate design" -> "a complex design", "an indelible
 * mark" -> "a mark"). An article that did not agree with the replaced word either ("a one-off") is left as written.
 */
function withArticle(rule: string, text: string, start: number, end: number, after: string): Edit {
  const m = ARTICLE_BEFORE.exec(text.slice(Math.max(0, start - 12), start));
  if (!m || after === '') return { rule, start, end, after };
  const article = (m[1] as string).toLowerCase();
  const want = indefiniteArticle(after);
  if (article === want || article !== indefiniteArticle(text.slice(start, end))) return { rule, start, end, after };
  const at = start - (m[1] as string).length - (m[2] as string).length;
  const written = /^A/.test(m[1] as string) ? capitalise(want) : want;
  return { rule, start: at, end, after: `${written}${m[2] as string}${after}` };
}

/** Replaces the words of a `words` pattern by the plain word of the catalogue, keeping sentence-initial case. */
function swapWords(rule: string, map: Readonly<Record<string, string>>, skip?: (text: string, start: number, end: number) => boolean): Rule {
  return (inp) => {
    const { text, start, end } = inp;
    const word = text.slice(start, end);
    const lower = word.toLowerCase();
    const plain = map[lower];
    if (!plain) return null;
    if (skip && skip(text, start, end)) return null;
    if (word === lower) return withArticle(rule, text, start, end, plain);
    // Capitalised mid-sentence is a name (Vibrant Media): leave it. ALL CAPS is emphasis: leave it.
    // Sentence-initial and capitalised, but followed by another capitalised word: a name too (Vibrant Media).
    if (word === capitalise(lower) && atSentenceStart(text, start) && !/^[ \t]+\p{Lu}/u.test(text.slice(end, end + 3))) return { rule, start, end, after: capitalise(plain) };
    return null;
  };
}

/** Replaces the hit with fn(hit text), keeping a capital first letter when the hit had one (and the article before it in agreement). */
function replaceHit(rule: string, fn: (hit: string) => string | null): Rule {
  return (inp) => {
    const hit = inp.text.slice(inp.start, inp.end);
    const out = fn(hit);
    if (out === null || out === hit) return null;
    const cap = /^\p{Lu}/u.test(hit) && !/^\p{Lu}/u.test(out) ? capitalise(out) : out;
    return withArticle(rule, inp.text, inp.start, inp.end, cap);
  };
}

const IRREGULAR_PAST: Record<string, string> = {
  feel: 'felt', think: 'thought', see: 'saw', hear: 'heard', take: 'took', get: 'got', give: 'gave', keep: 'kept', make: 'made',
  run: 'ran', say: 'said', tell: 'told', come: 'came', go: 'went', know: 'knew', find: 'found', leave: 'left', begin: 'began',
  shake: 'shook', catch: 'caught', break: 'broke', hold: 'held', stand: 'stood', sit: 'sat', speak: 'spoke', write: 'wrote',
  bring: 'brought', buy: 'bought', fall: 'fell', let: 'let', put: 'put', wonder: 'wondered', grin: 'grinned', nod: 'nodded',
  stop: 'stopped', grab: 'grabbed', admit: 'admitted', hug: 'hugged', beam: 'beamed', be: 'was', have: 'had', do: 'did', eat: 'ate',
  drink: 'drank', sing: 'sang', swim: 'swam', weep: 'wept',
};

/** Past tense of a base-form verb (regular rules plus the common irregulars); null when unsure. */
export function pastTense(verb: string): string | null {
  const v = verb.toLowerCase();
  const irregular = IRREGULAR_PAST[v];
  if (irregular) return irregular;
  if (/(?:ed|ing|s)$/.test(v) && !/(?:ss|us)$/.test(v)) return null;
  if (/e$/.test(v)) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  return `${v}ed`;
}

const VERB_THIRD: Record<string, string> = {
  highlighting: 'shows', underscoring: 'shows', emphasizing: 'stresses', emphasising: 'stresses', showcasing: 'shows', illustrating: 'shows',
  demonstrating: 'shows', reflecting: 'reflects', signaling: 'signals', signalling: 'signals', reinforcing: 'reinforces', reaffirming: 'reaffirms',
  solidifying: 'strengthens', cementing: 'strengthens', marking: 'marks', symbolizing: 'symbolises', symbolising: 'symbolises',
  ensuring: 'ensures', fostering: 'encourages', enabling: 'enables', contributing: 'contributes', paving: 'paves', 'allowing for': 'allows for',
  'leading to': 'leads to', 'resulting in': 'results in', 'making it': 'makes it', 'creating a': 'creates a', 'offering a': 'offers a',
  'providing a': 'provides a', 'adding to': 'adds to',
};

/** ", highlighting X" becomes ". This shows X": the claim stays, the tacked-on participle goes. */
const ingTail: (rule: string) => Rule = (rule) => (inp) => {
  const hit = inp.text.slice(inp.start, inp.end);
  const m = /^,\s(?:thereby |thus )?(.+)$/i.exec(hit);
  if (!m) return null;
  const verb = VERB_THIRD[(m[1] as string).toLowerCase().replace(/\s+/g, ' ')];
  if (!verb) return null;
  return { rule, start: inp.start, end: inp.end, after: `. This ${verb}` };
};

// "not just X, it's Y": the negation, and the joint that ends the hit (the last one, as the hit ends there).
const NOT_JUST = /\bnot\s(?:just|merely|simply|only)\b/i;
const NOT_JUST_END = /([,;:—–-])(\s?)(it's|it is|they're|this is|but|rather)$/i;

/** Longest text rewritePreamble reads (the catalogue's preamble pattern matches at most about 170). */
const MAX_PREAMBLE = 400;

const PREAMBLE_LEAD = /^(?:\[(?:assistant|ai|bot)\]:[ \t]?)?(?:(?:sure|okay|ok|alright|certainly)[,!][ \t]*)?(?:here(?:[ \t]+is|['\u2019]s|[ \t]+are)|below[ \t]+is)[ \t]+/i;
// Framing that points at the request rather than the text: "based on the prompt", "for the given title".
const REQUEST_TAIL =
  // redos-bounded: only run on a preamble, which rewritePreamble caps at MAX_PREAMBLE characters
  /[ \t,]+(?:based[ \t]+on|for|from|using|following|in[ \t]+response[ \t]+to|according[ \t]+to)[ \t]+(?:the|your|my|this|that)[ \t]+(?:(?:given|provided|following|above|original|requested|first)[ \t]+){0,3}(?:[\p{L}-]{1,20}[ \t]+)?(?:prompt|summary|title|sentence|text|information|instructions?|request|description|topic|question|input|outline|brief)$/iu;
// A length spec in front of the noun: "30 sentence story", "20-word summary".
// redos-bounded: only run on a preamble, which rewritePreamble caps at MAX_PREAMBLE characters
const COUNT_UNIT = /(\p{Nd}+(?:[.,]\p{Nd}+)*)[ \t]*-?[ \t]*(sentence|word|paragraph|line|page|verse|stanza|chapter|scene|minute|point|step|part|item|bullet|tweet|section)s?[ \t]+(?=\p{L})/iu;

// Where the noun after a length spec ends: "a 30 sentence story about a dragon" -> "a story in 30 sentences about a dragon".
// redos-bounded: only run on a preamble, which rewritePreamble caps at MAX_PREAMBLE characters
const NOUN_END = /[ \t]+(?:for|about|on|from|with|titled|called|named|that|which|where|to|based|in|set|featuring)\b/i;

/**
 * A chatbot preamble that carries a number, as plain prose that keeps every number: the reply framing ("Here
 * is", and with `complete` a tail such as "based on the prompt") goes, and a length spec moves behind its noun
 * ("Here is a 30 sentence story based on the prompt" -> "A story in 30 sentences"). `body` is the preamble
 * without its terminator, or (`complete` false) the part of it before a quotation, whose trailing space is kept.
 * Null when it has no digit: such a preamble is deleted whole.
 */
function rewritePreamble(body: string, complete = true): string | null {
  // The catalogue's preamble pattern matches at most about 170 characters; anything longer is not a preamble.
  if (body.length > MAX_PREAMBLE) return null;
  const lead = PREAMBLE_LEAD.exec(body);
  if (!lead) return null;
  let t = body.length;
  while (t > 0 && HSPACE.test(body[t - 1] as string)) t--;
  const trailing = body.slice(t);
  let core = body.slice(lead[0].length, body.length - trailing.length);
  if (!/\p{Nd}/u.test(core)) return null;
  const tail = complete ? REQUEST_TAIL.exec(core) : null;
  if (tail && !/\p{Nd}/u.test(tail[0])) core = core.slice(0, tail.index);
  const unit = COUNT_UNIT.exec(core);
  if (unit) {
    const n = unit[1] as string;
    const afterUnit = core.slice(unit.index + unit[0].length);
    const stop = NOUN_END.exec(afterUnit);
    const noun = (stop ? afterUnit.slice(0, stop.index) : afterUnit).trim();
    const rest = stop ? afterUnit.slice(stop.index) : '';
    const head = core.slice(0, unit.index).trim();
    const u = (unit[2] as string).toLowerCase();
    core = `${head === '' ? '' : `${head} `}${noun} in ${n} ${u}${n === '1' ? '' : 's'}${rest}`;
    // The article now stands before another word: "an 8 sentence news article" -> "a news article in 8 sentences".
    core = core.replace(/^(an?)([ \t]+)(\p{L})/iu, (_x, _a: string, sp: string, c: string) => `${/[aeiou]/i.test(c) ? 'an' : 'a'}${sp}${c}`);
  }
  return capitalise(core) + trailing;
}

const FORMS: Record<string, string> = { e: 'e', es: 'es', ed: 'ed', ing: 'ing' };

// A clause that can stand as a sentence starts with a pronoun or determiner.
const CLAUSE_START = /^(?:i|you|he|she|it|we|they|this|that|these|those|the|a|an|his|her|their|its|our|my|your|there|then|each|every|many|some|one|no)\b/i;
// Clause joints: "; ", ", and/but/so/yet/as/which ", and a comma-less " and " before a subject pronoun ("he
// smiled and she laughed"). "as" and the bare "and" only count before a subject pronoun (see SUBJECT_PRONOUN);
// "which" only before a verb the lexicon knows (see demonstrativeFor).
const JOINT = /; |, (?:and|but|so|yet|as|which) | and (?=(?:he|she|they|we|I)\b)/g;
const SUBJECT_PRONOUN = /^(?:i|you|he|she|it|we|they)\b/i;
const MIN_SPLIT_SENTENCE = 14;
const MIN_PART = 4;

function wordCount(s: string): number {
  return (s.match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? []).length;
}

/**
 * Uniform cadence: split long sentences where two independent clauses are joined ("X; Y", "X, and Y",
 * "X, but Y", "X, so Y", "X, yet Y", "X, as he Y", "X and she Y", "X, which could Y" -> "X. This could Y"),
 * giving short and long sentences. Only clause joints qualify: the left part since the previous comma and the
 * right part up to the next comma both have 4+ words, and the right part starts like a clause (a pronoun or
 * determiner), so lists ("apples, pears, and plums") are left alone. Participle tails are split too (see
 * participleSplit). Every joint of the text is split in one pass, which keeps the rewrite idempotent.
 */
const varyCadence: Rule = (inp) => {
  const { text } = inp;
  const edits: (Edit | Edit[])[] = [];
  const sentence = /[^.!?\n]+[.!?]*/g;
  for (const sm of text.matchAll(sentence)) {
    const body = sm[0];
    const tail = participleSplit(text, sm.index, body, inp.isProtected);
    if (tail) edits.push(tail);
    if (wordCount(body) < MIN_SPLIT_SENTENCE) continue;
    for (const jm of body.matchAll(JOINT)) {
      const at = sm.index + jm.index;
      const leftSeg = body.slice(0, jm.index).split(/[,;:]/).pop() ?? '';
      const rightAll = body.slice(jm.index + jm[0].length);
      const rightSeg = rightAll.split(/[,;:.!?]/)[0] ?? '';
      if (jm[0] === ', which ') {
        // "X, which could include Y" -> "X. This could include Y" (These before a plural verb).
        const verb = /^[a-z]+/.exec(rightAll);
        const pronoun = verb ? demonstrativeFor(verb[0]) : null;
        if (pronoun && wordCount(leftSeg) >= MIN_PART && wordCount(rightSeg) >= MIN_TAIL) edits.push({ rule: 'cadence.uniform-sentences', start: at, end: at + jm[0].length, after: `. ${pronoun} ` });
        continue;
      }
      if (wordCount(leftSeg) < MIN_PART || wordCount(rightSeg) < MIN_PART || !CLAUSE_START.test(rightAll)) continue;
      // After "as" a determiner may open a noun phrase ("as a symbol of hope"): only a pronoun opens a clause.
      if ((jm[0] === ', as ' || jm[0] === ' and ') && !SUBJECT_PRONOUN.test(rightAll)) continue;
      // ", and" after an earlier comma may close a list ("the fall of empires, the birth of new ideas, and the ...").
      if (jm[0] === ', and ' && body.slice(0, jm.index).includes(',')) continue;
      // "shows that X, and that Y": a second object clause, not a sentence.
      if (/^that\b/i.test(rightAll) && /\bthat\b/i.test(body.slice(0, jm.index))) continue;
      const joint = jm[0];
      const nextStart = at + joint.length;
      const next = text[nextStart] as string;
      if (/^, (?:but|so|yet) $/.test(joint)) {
        // "X, but Y" -> "X. But Y": the conjunction carries meaning, so it stays.
        edits.push({ rule: 'cadence.uniform-sentences', start: at, end: at + 3, after: `. ${joint.slice(2, 3).toUpperCase()}` });
      } else if (isLower(next) && !inp.isProtected(nextStart, nextStart + 1)) {
        edits.push({ rule: 'cadence.uniform-sentences', start: at, end: nextStart + 1, after: `. ${next.toUpperCase()}` });
      }
    }
  }
  return edits.length > 0 ? { each: edits } : null;
};

/** Words a participle tail (the participle included) must have to stand as a sentence (the clause before it has a subject and a verb). */
const MIN_TAIL = 3;
const PARTICIPLE_SENTENCE = 10;
// A participle after a comma, and one coordinated with it by "and", "or" or a comma.
const TAIL = /, ([a-z]+ing)\b/g;
const NEXT_PARTICIPLE = /(?:,? and |,? or |, )([a-z]+ing)\b/g;
const CLAUSE_MARKER = /[;:]|\b(?:and|but|so|yet|or|nor|as|who|whom|whose|which|that|when|whenever|while|where|because|before|after|until|if|though|although|since|unless|whether)\b/i;

/**
 * Participle tails, the run-on of generated narrative ("He sat at the desk, staring at the screen"): the tail
 * becomes a sentence with the clause's subject repeated and the participle in the clause's tense ("He sat at the
 * desk. He stared at the screen"). Only when the clause opens with its subject (clauseSubject: a pronoun, a
 * short noun phrase as "It"/"They", a name as written), the tense is clear, no other clause comes between verb
 * and tail, and every participle of the tail is in the verb lexicon (verbs.ts).
 */
function participleSplit(text: string, start: number, body: string, isProtected: RuleInput['isProtected']): Edit[] | null {
  if (wordCount(body) < PARTICIPLE_SENTENCE) return null;
  const lead = /^[ \t]*/.exec(body) as RegExpExecArray;
  const subject = clauseSubject(body.slice(lead[0].length));
  if (!subject) return null;
  TAIL.lastIndex = lead[0].length + subject.verbEnd;
  for (let m = TAIL.exec(body); m !== null; m = TAIL.exec(body)) {
    const first = finiteForm(m[1] as string, subject.tense, subject.third);
    if (!first) continue;
    // Another clause between the verb and the tail may own it ("the craft descended as ..., landing"): leave it.
    if (CLAUSE_MARKER.test(body.slice(lead[0].length + subject.verbEnd, m.index))) return null;
    const tailStart = m.index + 2;
    const tail = body.slice(tailStart).split(/[.!?;:]/)[0] ?? '';
    if (wordCount(tail) < MIN_TAIL) return null;
    const edits: Edit[] = [{ rule: 'cadence.uniform-sentences', start: start + m.index, end: start + tailStart + (m[1] as string).length, after: `. ${subject.pronoun} ${first}` }];
    // Participles joined to the first one take the same form; one outside the lexicon stops the rewrite.
    NEXT_PARTICIPLE.lastIndex = (m[1] as string).length;
    for (let n = NEXT_PARTICIPLE.exec(tail); n !== null; n = NEXT_PARTICIPLE.exec(tail)) {
      const form = finiteForm(n[1] as string, subject.tense, subject.third);
      if (!form) return null;
      const at = start + tailStart + n.index + n[0].length - (n[1] as string).length;
      edits.push({ rule: 'cadence.uniform-sentences', start: at, end: at + (n[1] as string).length, after: form });
    }
    return edits.some((e) => isProtected(e.start, e.end)) ? null : edits;
  }
  return null;
}

/** Rules of the word patterns: each swaps a listed word for its plain replacement. */
function addWordSwaps(m: Map<string, Rule>): void {
  for (const p of PATTERNS) {
    if (p.matcher.kind !== 'words') continue;
    const notBefore = p.matcher.notBefore;
    const skip = notBefore ? (t: string, _s: number, e: number): boolean => notBefore.test(t.slice(e, e + 24)) : undefined;
    m.set(p.id, swapWords(p.id, p.matcher.words, skip));
  }
}

// The word after a hit, on the same line: "essence" needs "of" after it to become "core".
const NEXT_WORD = /^[ \t]{1,8}([A-Za-z]{1,30})/;

/**
 * Words of the antislop sampler's published list with a plain twin of the same part of speech and inflection
 * (list-words.ts: "utterly" -> "completely", "vanished" -> "disappeared", "the essence of" -> "the core of").
 */
function addListSwaps(m: Map<string, Rule>): void {
  const id = 'ai-vocabulary.antislop-list';
  const skip = (text: string, start: number, end: number): boolean => {
    const want = LIST_CONTEXT[text.slice(start, end).toLowerCase()];
    if (want === undefined) return false;
    const next = NEXT_WORD.exec(text.slice(end, end + 40))?.[1]?.toLowerCase();
    return want.startsWith('!') ? next === want.slice(1) : next !== want;
  };
  m.set(id, swapWords(id, LIST_SWAPS, skip));
}

/** AI vocabulary with a rewrite of its own (landscape, navigate, narrative clichés). */
function addVocabularyRules(m: Map<string, Rule>): void {
  m.set('ai-vocabulary.landscape', replaceHit('ai-vocabulary.landscape', (h) => (/landscape of/i.test(h) ? h.replace(/landscape/i, 'world') : h.replace(/landscape/i, 'scene'))));
  m.set('ai-vocabulary.navigate', replaceHit('ai-vocabulary.navigate', (h) => h.replace(/^navigat(e|es|ed|ing)/i, (_x, f: string) => `handl${FORMS[f.toLowerCase()] ?? f}`)));
  const clicheReplace = replaceHit('ai-vocabulary.narrative-cliche', (h) => {
      if (/^(?:a|the) sense of /i.test(h)) return h.replace(/^(?:a|the) sense of /i, '');
      if (/^with (?:newfound|renewed) /i.test(h)) return h.replace(/^with (?:newfound|renewed) /i, 'with ');
      if (/ forever$/i.test(h)) return h.replace(/ forever$/i, '');
      if (/^for what felt like /i.test(h)) return 'for a long time';
      if (/^sen(?:t|ding|ds) (?:a )?shivers? down$/i.test(h)) return h.replace(/(?:a )?shivers?/i, 'a chill');
      if (/^hung heavy$/i.test(h)) return 'hung';
      if (/^the air (?:was )?thick with$/i.test(h)) return h.replace(/thick with$/i, 'full of');
      if (/^a wave of /i.test(h)) return h.replace(/^a wave of /i, '');
      if (/^barely above a whisper$/i.test(h)) return 'very low';
      return null;
  });
  // "couldn't help but smile" -> "smiled"; "little did she know" -> "she did not know".
  const clicheRewrite: Rule = (inp) => {
    const hit = inp.text.slice(inp.start, inp.end);
    if (/^little did /i.test(hit)) {
      // "little did <who> know": the third word.
      const who = hit.split(/[ \n]/)[2] ?? '';
      const comma = inp.text[inp.end] === ',';
      const out = `${who === 'i' || who === 'I' ? 'I' : who.toLowerCase()} did not know${comma ? ' it yet, but' : ''}`;
      return { rule: 'ai-vocabulary.narrative-cliche', start: inp.start, end: inp.end + (comma ? 1 : 0), after: /^L/.test(hit) ? capitalise(out) : out };
    }
    if (!/^could(?:n't| not) help but$/i.test(hit)) return null;
    const verb = /^[ \t]+([a-z]{2,20})\b/.exec(inp.text.slice(inp.end, inp.end + 24));
    if (!verb) return null;
    const past = pastTense(verb[1] as string);
    if (!past) return null;
    return { rule: 'ai-vocabulary.narrative-cliche', start: inp.start, end: inp.end + verb[0].length, after: past };
  };
  m.set('ai-vocabulary.narrative-cliche', (inp) => clicheRewrite(inp) ?? clicheReplace(inp));
}

/** Significance inflation: the inflated phrase becomes a plain one. */
function addSignificanceRules(m: Map<string, Rule>): void {
  m.set('significance-inflation.stands-as', replaceHit('significance-inflation.stands-as', (h) => h.replace(/^stands as/i, 'is').replace(/^stand as/i, 'are').replace(/^serv(?:es|ed|ing) as a (\w+)/i, (_x, n: string) => `is a ${n}`)));
  m.set('significance-inflation.testament', replaceHit('significance-inflation.testament', (h) => h.replace(/^a testament to$/i, 'proof of').replace(/^(is|as) testament to$/i, '$1 proof of')));
  m.set('significance-inflation.pivotal-role', replaceHit('significance-inflation.pivotal-role', (h) => h.replace(/ (?:a|an) \w+ role$/i, ' a role')));
  m.set('significance-inflation.underscores-importance', replaceHit('significance-inflation.underscores-importance', (h) => h.replace(/^(?:underscor|highlight|emphasiz|emphasis|stress)\w*/i, (v) => (/ing$/i.test(v) ? 'showing' : /ed$/i.test(v) ? 'showed' : /s$/i.test(v) ? 'shows' : 'show'))));
  m.set(
    'significance-inflation.setting-stage',
    replaceHit('significance-inflation.setting-stage', (h) =>
      h
        .replace(/^(set|sets|setting) the stage$/i, (_x, v: string) => ({ set: 'prepare', sets: 'prepares', setting: 'preparing' })[v.toLowerCase()] ?? v)
        .replace(/^(pave|paves|paved|paving) the way$/i, (_x, v: string) => `${({ pave: 'open', paves: 'opens', paved: 'opened', paving: 'opening' })[v.toLowerCase()] ?? v} the way`),
    ),
  );
  m.set('significance-inflation.indelible', replaceHit('significance-inflation.indelible', (h) => h.replace(/^(?:indelible|enduring|lasting) /i, '')));
  m.set('significance-inflation.step-forward', replaceHit('significance-inflation.step-forward', (h) => (/step forward$/i.test(h) ? 'progress' : h.replace(/^marks? (a|an) (?:significant |major |crucial |important |pivotal )?/i, (x) => (/^marks /i.test(x) ? 'is a ' : 'are a ')).replace(/^(is|are) a (?=[aeiou])/i, '$1 an '))));
  m.set(
    'significance-inflation.shed-light',
    replaceHit('significance-inflation.shed-light', (h) => {
      const v = /^sh(ed|eds|edding) (?:new )?light on$/i.exec(h);
      if (v) return ({ ed: 'explain', eds: 'explains', edding: 'explaining' })[(v[1] as string).toLowerCase()] ?? null;
      if (/insights?$/i.test(h)) return h.replace(/^\w+ /, '');
      return h.replace(/deeper understanding/i, 'better understanding');
    }),
  );
  m.set('significance-inflation.evolving', replaceHit('significance-inflation.evolving', (h) => (/^ever-/i.test(h) ? h.replace(/^ever-(\w+)/i, '$1') : /^rapidly /i.test(h) ? h.replace(/^rapidly /i, 'fast-') : null)));
}

/** -ing tails and chatbot artefacts (preambles, sign-offs, "Certainly!"). */
function addChatbotRules(m: Map<string, Rule>): void {
  m.set('ing-tail.highlighting', ingTail('ing-tail.highlighting'));
  m.set('ing-tail.ensuring', ingTail('ing-tail.ensuring'));

  m.set('chatbot-artefact.hope-helps', deleteSentence('chatbot-artefact.hope-helps'));
  m.set('chatbot-artefact.let-me-know', deleteSentence('chatbot-artefact.let-me-know'));
  m.set('chatbot-artefact.as-an-ai', (inp) => {
    const tail = /^,?[ \t]*/.exec(inp.text.slice(inp.end, inp.end + 4)) as RegExpExecArray;
    if (!/^as an/i.test(inp.text.slice(inp.start, inp.end)) || !tail[0].startsWith(',')) return deleteSentence('chatbot-artefact.as-an-ai')(inp);
    return deleteOpening('chatbot-artefact.as-an-ai', inp, inp.start, inp.end + tail[0].length);
  });
  m.set('chatbot-artefact.certainly', (inp) => {
    const after = /^[!,.][ \t]*/.exec(inp.text.slice(inp.end, inp.end + 8));
    return after ? deleteOpening('chatbot-artefact.certainly', inp, inp.start, inp.end + after[0].length) : null;
  });
  m.set('chatbot-artefact.here-is', (inp) => {
    const { text } = inp;
    // A quoted title inside the preamble stays byte for byte: only the part before it is rewritten.
    let cut = inp.end;
    for (let i = inp.start; i < inp.end; i++) {
      if (inp.isProtected(i, i + 1)) {
        cut = i;
        break;
      }
    }
    if (cut < inp.end) {
      const part = rewritePreamble(text.slice(inp.start, cut), false);
      return part === null ? null : { rule: 'chatbot-artefact.here-is', start: inp.start, end: cut, after: part };
    }
    const hit = text.slice(inp.start, inp.end);
    const line = rewritePreamble(hit.slice(0, -1));
    if (line !== null) {
      // The preamble carries a number: it stays as a line of plain prose (numbers are never dropped).
      let e = inp.end;
      while (e < text.length && HSPACE.test(text[e] as string)) e++;
      const next = text[e];
      if (next === undefined || next === '\n') return { rule: 'chatbot-artefact.here-is', start: inp.start, end: inp.end, after: `${line}${hit.slice(-1)}` };
      // Text follows on the same line ("...the prompt:John had"): the preamble becomes a sentence of its own.
      const cap = isLower(next) && !inp.isProtected(e, e + 1);
      return { rule: 'chatbot-artefact.here-is', start: inp.start, end: cap ? e + 1 : e, after: `${line}. ${cap ? (next as string).toUpperCase() : ''}` };
    }
    const edit = deleteOpening('chatbot-artefact.here-is', inp, inp.start, inp.end);
    // A preamble that was the whole first line takes the blank lines after it along.
    if (edit && edit.after === '' && inp.start === 0) {
      let e = edit.end;
      while (e < text.length && /\s/.test(text[e] as string)) e++;
      return { ...edit, end: e };
    }
    return edit;
  });
}

/** Negative parallelisms, stacked transitions and wrap-up openers. */
function addParallelismRules(m: Map<string, Rule>): void {
  m.set('negative-parallelism.not-only', (inp) => {
    const hit = inp.text.slice(inp.start, inp.end);
    // Inverted clauses ("Not only does it ...") need a rewrite of the verb: leave them.
    if (/^not only (?:does|do|did|is|are|was|were|has|have|had|can|could|will|would)\b/i.test(hit)) return null;
    const also = /^[ \t]+also\b/i.exec(inp.text.slice(inp.end, inp.end + 8));
    const lead = /^not only[ \t]+/i.exec(hit) as RegExpExecArray;
    const edits: Edit[] = [];
    const first = deleteOpening('negative-parallelism.not-only', inp, inp.start, inp.start + lead[0].length);
    if (first) edits.push(first);
    // "but (also)" becomes "and"; both edits are applied together or not at all.
    edits.push({ rule: 'negative-parallelism.not-only', start: inp.end - 3, end: inp.end + (also ? also[0].length : 0), after: 'and' });
    return edits;
  });
  m.set('negative-parallelism.not-just', (inp) => {
    const hit = inp.text.slice(inp.start, inp.end);
    const not = NOT_JUST.exec(hit);
    const ending = NOT_JUST_END.exec(hit);
    if (!not || !ending || ending.index < not.index + not[0].length) return null;
    const head = `${hit.slice(0, not.index)}more than`;
    // The space before a spaced dash goes with it: "a product — it is" -> "a product; it is".
    const middle = hit.slice(not.index + not[0].length, ending.index).trimEnd();
    const end = ending[3] as string;
    const joint = /^but$/i.test(end) ? ':' : /^rather$/i.test(end) ? '; rather' : `; ${end}`;
    return { rule: 'negative-parallelism.not-just', start: inp.start, end: inp.end, after: `${head}${middle}${joint}` };
  });

  const dropOpener = (id: string): Rule => (inp) => {
    const comma = /^,[ \t]*/.exec(inp.text.slice(inp.end, inp.end + 4));
    return comma ? deleteOpening(id, inp, inp.start, inp.end + comma[0].length) : null;
  };
  m.set('stacked-transition.moreover', dropOpener('stacked-transition.moreover'));
  m.set('stacked-transition.notably', dropOpener('stacked-transition.notably'));
  m.set('upbeat-conclusion.in-conclusion', dropOpener('upbeat-conclusion.in-conclusion'));
}

/** Em dashes and spaced double hyphens. */
function addDashRules(m: Map<string, Rule>): void {
  m.set('dash-overuse.em-dash', (inp) => {
    const { text } = inp;
    let s = inp.start;
    let e = inp.end;
    const prev = text[s - 1];
    const next = text[e];
    // A run of dashes (a rule line, or a separator: not prose) keeps its dashes.
    if (prev === '—' || next === '—') return null;
    // Dialogue dashes, list dashes, ranges and interrupted speech ("Wait—") keep their dash.
    if (prev === undefined || prev === '\n' || next === undefined || next === '\n' || /["'.,;:!?)\]]/.test(next) || /\d/.test(prev)) return null;
    while (s > 0 && HSPACE.test(text[s - 1] as string)) s--;
    while (e < text.length && HSPACE.test(text[e] as string)) e++;
    if (s === 0 || text[s - 1] === '\n') return null;
    // A lone dash before an independent clause becomes a full stop; a pair (an aside) becomes commas. The
    // sentence is searched for another dash up to 400 characters each way, stopping at the first dash or end.
    const lone = !dashInSentence(text, e, 1) && !dashInSentence(text, s - 1, -1);
    const rest = lone ? text.slice(e, e + 400) : '';
    const nx = text[e];
    if (lone && CLAUSE_START.test(rest) && isLower(nx) && !inp.isProtected(e, e + 1)) {
      return { rule: 'dash-overuse.em-dash', start: s, end: e + 1, after: `. ${(nx as string).toUpperCase()}` };
    }
    return { rule: 'dash-overuse.em-dash', start: s, end: e, after: ', ' };
  });
  m.set('dash-overuse.double-hyphen', (inp) => {
    // Next to other punctuation ("cried. -- --", "wait -- , no") a comma would double it: leave the dash.
    if (/[.,;:!?\-–—]/.test(inp.text[inp.start - 1] ?? '') || /[.,;:!?\-–—]/.test(inp.text[inp.end] ?? '')) return null;
    return replaceHit('dash-overuse.double-hyphen', () => ', ')(inp);
  });
  // The hit of double-hyphen includes its spaces, so ", " replaces " -- " exactly.
}

/** Promotional puffery and signposting. */
function addPufferyAndSignpostingRules(m: Map<string, Rule>): void {
  m.set('promotional-puffery.nestled', replaceHit('promotional-puffery.nestled', (h) => (/^nestled$/i.test(h) ? 'set' : 'in the middle of')));
  m.set('promotional-puffery.rich-heritage', replaceHit('promotional-puffery.rich-heritage', (h) => h.replace(/^rich /i, 'long ')));
  m.set(
    'promotional-puffery.gem',
    replaceHit('promotional-puffery.gem', (h) => {
      if (/gem$/i.test(h)) return 'find';
      if (/^must-/i.test(h)) return 'recommended';
      if (/^second to none$/i.test(h)) return 'excellent';
      return null;
    }),
  );

  m.set('signposting.dive-in', (inp) => {
    const hit = inp.text.slice(inp.start, inp.end);
    if (/^let's/i.test(hit) || /^without further ado$/i.test(hit) || /^buckle up$/i.test(hit)) return deleteSentence('signposting.dive-in', 12)(inp);
    return replaceHit('signposting.dive-in', (h) => h.replace(/^dive (?:deep )?into$/i, 'look at'))(inp);
  });
  m.set('signposting.worth-noting', (inp) => {
    const that = /^[ \t]+that\b[ \t]*/i.exec(inp.text.slice(inp.end, inp.end + 8));
    if (!that || !atSentenceStart(inp.text, inp.start)) return null;
    return deleteOpening('signposting.worth-noting', inp, inp.start, inp.end + that[0].length);
  });
  m.set('signposting.great-question', deleteSentence('signposting.great-question', 10));
  m.set('signposting.heres-the-thing', (inp) => {
    const hit = inp.text.slice(inp.start, inp.end);
    const punct = /^[:,.!]?[ \t]*/.exec(inp.text.slice(inp.end, inp.end + 4)) as RegExpExecArray;
    if (!atSentenceStart(inp.text, inp.start)) return null;
    return deleteOpening('signposting.heres-the-thing', inp, inp.start, inp.end + (hit.endsWith(',') ? 0 : punct[0].length));
  });
}

/** Knowledge-cutoff disclaimers, markup residue, formatting and cadence. */
function addResidueAndFormattingRules(m: Map<string, Rule>): void {
  m.set('knowledge-cutoff.last-update', (inp) => {
    const comma = /^[^,.!?\n]{0,40},[ \t]*/.exec(inp.text.slice(inp.end, inp.end + 44));
    if (!comma || !atSentenceStart(inp.text, inp.start)) return null;
    return deleteOpening('knowledge-cutoff.last-update', inp, inp.start, inp.end + comma[0].length);
  });

  m.set('markup-residue.turn-search', (inp) => {
    let s = inp.start;
    let e = inp.end;
    // Chat citation wrappers around the token: 【...】 or  ...  (private-use brackets).
    while (s > 0 && /[\u3010\ue200-\ue2ff]/.test(inp.text[s - 1] as string)) s--;
    while (e < inp.text.length && /[\u3011\ue200-\ue2ff]/.test(inp.text[e] as string)) e++;
    while (s > 0 && HSPACE.test(inp.text[s - 1] as string)) s--;
    return { rule: 'markup-residue.turn-search', start: s, end: e, after: '' };
  });
  m.set('markup-residue.role-tag', (inp) => deleteOpening('markup-residue.role-tag', inp, inp.start, inp.end));
  m.set('markup-residue.oaicite', (inp) => {
    // :contentReference[oaicite:0]{index=0} and [oaicite:3] as a whole.
    const whole = /:?contentReference\[oaicite:\d{1,4}\]\{index=\d{1,4}\}|\[?oaicite:\d{1,4}\]?|oai_citation:\d{1,4}(?:‡[^\s)\]]{1,200})?/iy;
    let s = inp.start;
    if (inp.text[s - 1] === ':' && /^contentReference/i.test(inp.text.slice(s, s + 16))) s--;
    if (inp.text[s - 1] === '[') s--;
    whole.lastIndex = s;
    const m3 = whole.exec(inp.text);
    if (!m3) return null;
    let start = s;
    while (start > 0 && HSPACE.test(inp.text[start - 1] as string)) start--;
    return { rule: 'markup-residue.oaicite', start, end: s + m3[0].length, after: '' };
  });

  m.set('formatting.bold-label', (inp) => {
    const hit = inp.text.slice(inp.start, inp.end);
    const b = /^([ \t]*(?:[-*+][ \t]|\d{1,3}[.)][ \t])?)\*\*([^*\n]{1,60})\*\*(:?)$/.exec(hit);
    if (!b || (b[1] as string).trim() === '') return null;
    const label = b[2] as string;
    return { rule: 'formatting.bold-label', start: inp.start, end: inp.end, after: `${b[1] as string}${label}${label.endsWith(':') ? '' : b[3] as string}` };
  });
  m.set('formatting.emoji-bullet', (inp) => {
    // The hit is the bullet prefix plus one pictograph; drop the pictograph, its variation selector and spaces.
    const hit = inp.text.slice(inp.start, inp.end);
    const prefix = /^[ \t]*(?:[-*+][ \t])?/.exec(hit) as RegExpExecArray;
    let e = inp.end;
    while (e < inp.text.length && /[\ufe0f \t]/.test(inp.text[e] as string)) e++;
    return { rule: 'formatting.emoji-bullet', start: inp.start + prefix[0].length, end: e, after: '' };
  });
  m.set('cadence.uniform-sentences', varyCadence);
}

/** Rules keyed by pattern id. Patterns without a rule (vague attribution, cadence, ...) are only reported. */
export const RULES: ReadonlyMap<string, Rule> = (() => {
  const m = new Map<string, Rule>();
  // Later groups may replace a word swap with a rule of its own: the order is part of the table.
  for (const add of [addWordSwaps, addListSwaps, addVocabularyRules, addSignificanceRules, addChatbotRules, addParallelismRules, addDashRules, addPufferyAndSignpostingRules, addResidueAndFormattingRules]) add(m);
  return m;
})();
