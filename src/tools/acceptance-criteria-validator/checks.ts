// The four per-criterion checks (observable outcome, testable, atomic, clear condition) and the failure-case test.
import type { VagueCategory, VagueEntry } from './lexicon.ts';
import { CATEGORY_SOURCE, VAGUE_LEXICON, WORDS } from './lexicon.ts';
import type { Token } from './text.ts';
import { PhraseMatcher, tidy, tokenize } from './text.ts';

import type { Input, Output } from './tool.ts';

export type Strictness = Input['strictness'];
type Criterion = Output['criteria'][number];
type Problem = Criterion['problems'][number];
type Checks = Criterion['checks'];

interface CriterionAssessment {
  checks: Checks;
  problems: Problem[];
  /** Covers a failure, edge or negative case (for the set-level negative_coverage gap). */
  negative_case: boolean;
}

/** Points per check (SPEC); the README explains how they combine. */
const CHECK_POINTS = { observable_outcome: 45, testable: 35, atomic: 25, clear_condition: 5 } as const;

/** At most this many vague terms are returned per criterion, and this many quoted in the detail. */
export const MAX_TERMS = 50;
const DETAIL_TERMS = 10;

const normalMatcher = new PhraseMatcher<VagueEntry>(VAGUE_LEXICON.filter((e) => !e.strict));
const strictMatcher = new PhraseMatcher<VagueEntry>(VAGUE_LEXICON);

const MODALS = new Set(['should', 'must', 'shall', 'will', 'can', 'cannot', "can't", "won't", "shouldn't", "mustn't", 'need', 'needs']);
const STORY_WANTS = new Set(['want', 'wants', 'would', 'need', 'needs', 'wish', 'like']);
const PRONOUNS = new Set(['it', 'this', 'that', 'these', 'those', 'they']);
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'approx', 'cf', 'no', 'fig', 'min', 'max', 'incl', 'esp']);
// A leading "AC1:", "AC-2)", "Criterion 3 -" label is not part of what the criterion says.
const LABEL = /^(?:ac|acceptance criteri(?:on|a)|criteri(?:on|a)|scenario)[ \t]{0,3}#?\d{0,3}[ \t]{0,3}[:.)\u2013-][ \t]*/i;
// List markers a pasted criterion may still carry: "- ", "* ", "1. ", "(a) ", "[ ] ".
const MARKER = /^(?:[-*+\u2022\u00b7\u25aa\u2023\u25e6#>]+|\(?\d{1,3}[.)]|\(?[a-z][.)](?=\s))\s+(?:\[[ xX]?\]\s+)?/;
// A number: a count, a duration, a size, a percentile. Enough to ground a performance word or a comparison.
const HAS_NUMBER = /\d/;

/** Text as analysed: list marker and label removed, blanks collapsed, lines kept. */
export function analysisText(raw: string): string {
  return tidy(raw)
    .split('\n')
    .map((line) => line.replace(MARKER, '').replace(LABEL, ''))
    .join('\n');
}

interface GherkinShape {
  gherkin: boolean;
  whenCount: number;
  cycles: number;
  hasCondition: boolean;
  /** Tokens after a Then keyword (the stated outcome), concatenated over all Then blocks. */
  thenTokens: number;
}

function isStepKeyword(t: Token, i: number): boolean {
  if (t.lower !== 'given' && t.lower !== 'when' && t.lower !== 'then') return false;
  return i === 0 || t.lineStart || t.afterPunct || t.capital;
}

function gherkinShape(tokens: readonly Token[]): GherkinShape {
  let whenCount = 0;
  let cycles = 0;
  let thenTokens = 0;
  let hasGiven = false;
  let hasThen = false;
  let sawThen = false;
  let state: 'none' | 'given' | 'when' | 'then' = 'none';
  let stepLines = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.lineStart && (t.lower === 'given' || t.lower === 'when' || t.lower === 'then' || t.lower === 'and' || t.lower === 'but')) stepLines++;
    if (isStepKeyword(t, i)) {
      if (t.lower === 'given') {
        hasGiven = true;
        state = 'given';
      } else if (t.lower === 'when') {
        whenCount++;
        if (cycles === 0 || sawThen) cycles++;
        sawThen = false;
        state = 'when';
      } else {
        hasThen = true;
        sawThen = true;
        state = 'then';
      }
      continue;
    }
    if (state === 'then') thenTokens++;
  }
  const first = tokens[0];
  const opensWithStep = first !== undefined && (first.lower === 'given' || first.lower === 'then');
  const gherkin = (hasThen && (hasGiven || whenCount > 0)) || opensWithStep || stepLines >= 2;
  if (gherkin && cycles === 0 && hasThen) cycles = 1;
  return { gherkin, whenCount, cycles, hasCondition: hasGiven || whenCount > 0, thenTokens };
}

/** Sentences as token ranges: split at . ! ? ; followed by a blank (not in "3.5" or "e.g.") and at line breaks. */
function sentences(text: string, tokens: readonly Token[]): Token[][] {
  const out: Token[][] = [];
  let cur: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (cur.length > 0) {
      const prev = cur[cur.length - 1] as Token;
      const gap = text.slice(prev.end, t.start);
      const breaks = gap.includes('\n') || (/[.!?;]/.test(gap) && /\s/.test(gap) && !ABBREVIATIONS.has(prev.lower) && !/^\.\w/.test(gap));
      if (breaks) {
        out.push(cur);
        cur = [];
      }
    }
    cur.push(t);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

function isClaimWord(lower: string): boolean {
  return WORDS.claim.has(lower) || MODALS.has(lower);
}

function hasClaim(tokens: readonly Token[]): boolean {
  return tokens.some((t, i) => isClaimWord(t.lower) || WORDS.outcome.has(t.lower) || (i > 0 && WORDS.outcome_base_forms.has(t.lower)));
}

// Quoted literals ("Password change failed"), inline code and Gherkin table rows are exact expected values or test
// data, not wording to judge: they are blanked before the vague-term scan. A literal stays on one line and holds at
// most LITERAL_MAX characters (a table row TABLE_MAX); each becomes one blank.
const LITERAL_MAX = 500;
const TABLE_MAX = 2000;
const PAIRS: Readonly<Record<string, string>> = { '"': '"', '\u201c': '\u201d', '`': '`' };

/** Position of the next `ch` in `line` at or after `from`, from a per-character cache that only moves forward. */
class NextIndex {
  private readonly at = new Map<string, number>();
  constructor(private readonly line: string) {}
  of(ch: string, from: number): number {
    const cached = this.at.get(ch);
    if (cached !== undefined && (cached === -1 || cached >= from)) return cached;
    const found = this.line.indexOf(ch, from);
    this.at.set(ch, found);
    return found;
  }
}

/** One line with its literals blanked; a left-to-right scan in which every lookup moves forward (linear). */
function maskLine(line: string): string {
  const next = new NextIndex(line);
  const lastPipe = line.lastIndexOf('|');
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < line.length) {
    const c = line.charAt(i);
    let close = -1;
    const pair = PAIRS[c];
    if (pair !== undefined) {
      const at = next.of(pair, i + 1);
      if (at !== -1 && at - i - 1 <= LITERAL_MAX) close = at;
    } else if (c === '{' && line.charAt(i + 1) === '{') {
      const at = next.of('}', i + 2);
      if (at !== -1 && line.charAt(at + 1) === '}' && at - i - 2 <= LITERAL_MAX) close = at + 1;
    } else if (c === '|' && lastPipe > i) {
      const at = lastPipe - i - 1 <= TABLE_MAX ? lastPipe : line.lastIndexOf('|', i + TABLE_MAX + 1);
      if (at > i) close = at;
    }
    if (close === -1) {
      i++;
      continue;
    }
    out += `${line.slice(copied, i)} `;
    i = close + 1;
    copied = i;
  }
  return out + line.slice(copied);
}

export function maskLiterals(text: string): string {
  return text.includes('"') || text.includes('\u201c') || text.includes('`') || text.includes('{{') || text.includes('|') ? text.split('\n').map(maskLine).join('\n') : text;
}

/** A sentence that itself states a requirement: a modal, or an outcome verb ("returns", "is exported", "they include"). */
function isRequirementSentence(tokens: readonly Token[]): boolean {
  return tokens.some((t, i) => MODALS.has(t.lower) || (WORDS.outcome.has(t.lower) && !NOUNS.has(t.lower)) || (i > 0 && WORDS.outcome_base_forms.has(t.lower)));
}
// Outcome words that are usually nouns: alone they do not make a sentence a requirement ("Error message.").
const NOUNS = new Set([
  'error', 'errors', 'message', 'messages', 'email', 'emails', 'notification', 'notifications', 'response', 'responses', 'status',
  'alerts', 'logs', 'records', 'changes', 'updates', 'imports', 'exports', 'downloads', 'uploads', 'prints', 'triggers', 'runs',
  'stops', 'starts', 'charges', 'refunds', 'archives', 'blocks', 'toast', 'banner', 'dialog', 'popup', 'tooltip', 'confirmation',
  'visible', 'invisible', 'hidden', 'reset', 'works',
]);

function isStoryForm(tokens: readonly Token[]): boolean {
  const a = tokens[0]?.lower;
  const b = tokens[1]?.lower;
  if (a !== 'as' || (b !== 'a' && b !== 'an' && b !== 'the')) return false;
  for (let i = 2; i < Math.min(tokens.length - 1, 40); i++) {
    if ((tokens[i] as Token).lower === 'i' && STORY_WANTS.has((tokens[i + 1] as Token).lower)) return true;
  }
  return false;
}

function hasConditionClause(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const opening = i === 0 || t.lineStart || t.afterPunct;
    if (WORDS.condition.has(t.lower)) {
      if (t.lower === 'where' || t.lower === 'after' || t.lower === 'before' || t.lower === 'until' || t.lower === 'once') {
        if (opening) return true;
      } else {
        return true;
      }
    }
    if (t.lower === 'case' && tokens[i - 1]?.lower === 'in') return true;
    if (t.lower === 'on' && opening && (tokens[i + 1]?.lower.endsWith('ing') ?? false)) return true;
  }
  const first = tokens[0];
  // "Clicking the field opens ..." names its trigger as a gerund subject.
  if (first && first.lower.length > 4 && first.lower.endsWith('ing') && tokens.some((t) => MODALS.has(t.lower) || WORDS.outcome.has(t.lower))) return true;
  // "For new installations, X is checked by default" scopes the outcome to a stated situation.
  if (first?.lower === 'for' && tokens.slice(1, 9).some((t) => t.afterPunct)) return true;
  return false;
}

interface VagueFinding {
  terms: string[];
  categories: VagueCategory[];
}

function vagueTerms(text: string, tokens: readonly Token[], strictness: Strictness): VagueFinding {
  const matcher = strictness === 'strict' ? strictMatcher : normalMatcher;
  const measurable = HAS_NUMBER.test(text);
  const baseline = measurable || tokens.some((t) => WORDS.baseline.has(t.lower));
  const terms: string[] = [];
  const categories: VagueCategory[] = [];
  const add = (found: string, category: VagueCategory): void => {
    const term = found.slice(0, 100);
    if (!terms.includes(term) && terms.length < MAX_TERMS) terms.push(term);
    if (!categories.includes(category)) categories.push(category);
  };
  for (const hit of matcher.match(tokens)) {
    const cat = hit.entry.category;
    if (cat === 'quality_without_threshold' && measurable) continue;
    if (cat === 'comparative' && baseline) continue;
    add(hit.text, cat);
  }
  if (/\band\/or\b/i.test(text)) add('and/or', 'open_ended');
  if (/(?:\.\.\.|\u2026)/.test(text)) add('...', 'open_ended');
  if (strictness === 'strict') {
    const first = tokens[0];
    const second = tokens[1];
    if (first && second && PRONOUNS.has(first.lower) && (isClaimWord(second.lower) || WORDS.outcome.has(second.lower))) add(first.lower, 'vague_pronoun');
  }
  return { terms, categories };
}

function taskOpener(tokens: readonly Token[]): string | undefined {
  const first = tokens[0];
  if (!first || !WORDS.task_verbs.has(first.lower)) return undefined;
  const next = tokens[1]?.lower;
  if (next !== undefined && WORDS.outcome_introducers.has(next)) return undefined;
  // An imperative opener followed by a stated claim ("Add a row; the total is updated") still names an outcome.
  if (tokens.slice(1).some((t) => isClaimWord(t.lower) && t.lower !== 'need' && t.lower !== 'needs')) return undefined;
  return first.word;
}

function negativeCase(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (WORDS.negative_case.has(t.lower)) return true;
    if (t.lower.endsWith("n't")) return true;
    // An HTTP error status (4xx, 5xx) is a failure outcome.
    if (/^[45]\d\d$/.test(t.lower)) return true;
    if ((t.lower === 'no' || t.lower === 'too') && i + 1 < tokens.length) {
      const n = (tokens[i + 1] as Token).lower;
      if (t.lower === 'too' || n === 'results' || n === 'access' || n === 'permission' || n === 'permissions' || n === 'data' || n === 'items' || n === 'connection' || n === 'network' || n === 'longer') return true;
    }
  }
  return false;
}

// Atomicity after AQUSA (Lucassen et al. 2016): a requirement whose means holds more than one verb phrase, split at
// a conjunction, asks for more than one feature. Without a part-of-speech tagger, a word is read as a verb by its
// position: right after a modal or an infinitive "to", or at the head of a coordinated part with its object
// (a determiner or pronoun) after it; the action-verb lexicon settles the rest.
const FOLLOWERS = new Set(['a', 'an', 'the', 'it', 'them', 'this', 'that', 'these', 'those', 'his', 'her', 'their', 'my', 'your', 'our', 'its', 'all', 'each', 'every', 'any', 'one', 'in', 'out', 'on', 'off', 'up', 'down', 'into', 'back']);
const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'his', 'her', 'their', 'my', 'your', 'our', 'its', 'all', 'each', 'every', 'any', 'some', 'no', 'both', 'either', 'neither', 'one', 'another', 'other', 'such', 'more', 'most', 'many', 'few', 'several']);
const FUNCTION_WORDS = new Set([
  ...DETERMINERS,
  ...['i', 'you', 'he', 'she', 'it', 'we', 'they', 'me', 'him', 'us', 'them', 'who', 'what', 'which', 'whom'],
  ...['in', 'on', 'at', 'by', 'for', 'with', 'from', 'to', 'of', 'into', 'onto', 'about', 'over', 'under', 'through', 'between', 'within', 'without', 'via', 'per', 'as', 'than', 'across', 'along', 'around', 'during', 'against', 'among', 'upon', 'up', 'down', 'out', 'off'],
  ...['be', 'is', 'are', 'was', 'were', 'been', 'being', 'have', 'has', 'had', 'do', 'does', 'did', 'get', 'gets', 'got'],
  ...['and', 'or', 'but', 'nor', 'so', 'yet', 'if', 'when', 'while', 'then', 'not', 'also', 'only', 'never', 'just', 'still', 'always', 'now', 'again', 'too', 'even', 'very', 'well', 'there', 'here'],
]);
const SPAN_STOPS = new Set(['so', 'because', 'when', 'whenever', 'if', 'unless', 'while', 'until', 'after', 'before', 'where', 'which', 'who', 'whose', 'that', 'since', 'though', 'although', 'once', 'without']);
const BEFORE_VERB = new Set(['also', 'only', 'not', 'never', 'easily', 'then', 'just', 'still', 'always', 'now', 'directly', 'both', 'either', 'successfully']);
// "be able to" and "be allowed to" lead to the action; any other "be" makes a passive outcome ("be persisted").
const ABILITY = new Set(['able', 'allowed']);
const DETERMINERS_BEFORE_ACTOR = new Set(['the', 'a', 'an', 'each', 'every', 'all', 'any']);
const PARTICLES = new Set(['in', 'out', 'on', 'off', 'up']);

/** The base form of a third-person verb ("crops" -> "crop", "replies" -> "reply"), when it is an action verb. */
function baseOfThirdPerson(word: string): string | undefined {
  const candidates = word.endsWith('ies') ? [`${word.slice(0, -3)}y`] : word.endsWith('es') ? [word.slice(0, -2), word.slice(0, -1)] : word.endsWith('s') ? [word.slice(0, -1)] : [];
  return candidates.find((c) => WORDS.action_verbs.has(c));
}

/** Web addresses blanked: their slashes join path segments, not verbs. A scan, linear in the text. */
function maskUrls(text: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const at = text.indexOf('://', i);
    if (at < 0) return out + text.slice(i);
    let start = at;
    while (start > i && /[a-z]/i.test(text.charAt(start - 1))) start--;
    let end = at + 3;
    while (end < text.length && !/\s/.test(text.charAt(end))) end++;
    out += `${text.slice(i, start)} `;
    i = end;
  }
}

/** Is the word a gerund of an action verb ("uploading", "cropping", "saving")? */
function isActionGerund(word: string): boolean {
  if (!word.endsWith('ing') || word.length < 6) return false;
  const stem = word.slice(0, -3);
  return WORDS.action_verbs.has(stem) || WORDS.action_verbs.has(`${stem}e`) || (stem.at(-1) === stem.at(-2) && WORDS.action_verbs.has(stem.slice(0, -1)));
}

/** A lower-case content word: not a function word, a number, an adverb in -ly or a capitalised name. */
function isContentWord(t: Token | undefined): boolean {
  return t !== undefined && !t.capital && /^[a-z][a-z'-]*$/.test(t.lower) && !FUNCTION_WORDS.has(t.lower) && !MODALS.has(t.lower) && !t.lower.endsWith('ly');
}

type Mode = 'verb' | 'noun';

/** Where the first action of a sentence starts, and whether its list is of verbs or of action nouns. */
function actionAnchors(s: readonly Token[]): { at: number; mode: Mode }[] {
  const out: { at: number; mode: Mode }[] = [];
  let start = 0;
  while (start < s.length && DETERMINERS_BEFORE_ACTOR.has((s[start] as Token).lower)) start++;
  const subject = s[start];
  if (subject && WORDS.actors.has(subject.lower)) {
    const v = s[start + 1]?.lower;
    if (v !== undefined && (WORDS.action_verbs.has(v) || baseOfThirdPerson(v) !== undefined) && !WORDS.noun_like_verbs.has(v)) out.push({ at: start + 1, mode: 'verb' });
  }
  for (let i = 0; i < s.length; i++) {
    const t = (s[i] as Token).lower;
    if (WORDS.feature_verbs.has(t)) out.push({ at: i + 1, mode: 'noun' });
    if (!MODALS.has(t) && t !== 'to') continue;
    let j = i + 1;
    while (j < s.length && BEFORE_VERB.has((s[j] as Token).lower)) j++;
    if (s[j]?.lower === 'be') {
      if (!ABILITY.has(s[j + 1]?.lower ?? '') || s[j + 2]?.lower !== 'to') continue;
      j += 3;
      while (j < s.length && BEFORE_VERB.has((s[j] as Token).lower)) j++;
    }
    // After a modal or "to", a content word is the verb ("can register", "to learn"); "to the page" is a place.
    if (WORDS.action_verbs.has(s[j]?.lower ?? '') || isContentWord(s[j])) out.push({ at: j, mode: 'verb' });
  }
  return out;
}

/** Does the part open with a verb: an action verb, or any content word with its object right after it? */
function verbHead(p: readonly Token[], first: boolean, firstBare: boolean): string | undefined {
  let h = 0;
  while (h < p.length && (p[h]?.lower === 'then' || p[h]?.lower === 'also' || p[h]?.lower === 'to')) h++;
  const head = p[h];
  if (!head) return undefined;
  const next = p[h + 1];
  const base = WORDS.action_verbs.has(head.lower) ? head.lower : baseOfThirdPerson(head.lower);
  const objectFollows = next !== undefined && FOLLOWERS.has(next.lower);
  const verb = first || (base !== undefined && (!WORDS.noun_like_verbs.has(base) || firstBare || objectFollows)) || (isContentWord(head) && objectFollows && next !== undefined && DETERMINERS.has(next.lower));
  if (!verb) return undefined;
  return next !== undefined && PARTICLES.has(next.lower) ? `${head.lower} ${next.lower}` : head.lower;
}

/**
 * The actions of a sentence when several are coordinated under one subject ("register, log in and reset
 * passwords", "upload a photo and crop it", "supports login, logout and password reset"), else undefined.
 * Coordinated objects of one action ("their name and email") are one behaviour.
 */
function coordinatedActions(text: string, s: readonly Token[]): string[] | undefined {
  for (const { at, mode } of actionAnchors(s)) {
    // The span runs to the end of the sentence, to a subordinate clause or to a second modal.
    let end = at;
    while (end < s.length) {
      const w = (s[end] as Token).lower;
      if (end > at && (SPAN_STOPS.has(w) || MODALS.has(w))) break;
      end++;
    }
    const span = s.slice(at, end);
    const hasConjunction = span.some((t) => t.lower === 'and' || t.lower === 'or');
    const parts: Token[][] = [[]];
    for (let k = 0; k < span.length; k++) {
      const t = span[k] as Token;
      const current = parts[parts.length - 1] as Token[];
      const gap = k === 0 ? '' : text.slice((span[k - 1] as Token).end, t.start);
      // A comma separates list items when a conjunction closes the list, or right after a bare verb ("create, modify").
      const bareVerb = current.length === 1 && mode === 'verb' && parts.length === 1;
      // "view/upload" joins two verbs; "control read/write access" joins two modifiers of one noun.
      const slash = gap === '/' ? current.length === 1 : /[&/+]/.test(gap);
      const symbol = slash || (gap.includes(',') && (hasConjunction || bareVerb));
      if (t.lower === 'and' || t.lower === 'or' || t.lower === 'plus') {
        parts.push([]);
        continue;
      }
      if (symbol && current.length > 0) parts.push([]);
      (parts[parts.length - 1] as Token[]).push(t);
    }
    const filled = parts.filter((p) => p.length > 0);
    if (filled.length < 2) continue;
    const heads: string[] = [];
    if (mode === 'noun') {
      for (const p of filled) {
        const noun = p.find((t) => WORDS.action_nouns.has(t.lower) || isActionGerund(t.lower));
        if (noun) heads.push(noun.lower);
      }
    } else {
      const first = filled[0] as Token[];
      const firstBare = first.length === 1 || (first.length === 2 && PARTICLES.has(first[1]?.lower ?? ''));
      filled.forEach((p, k) => {
        const head = verbHead(p, k === 0, firstBare);
        if (head !== undefined) heads.push(head);
      });
    }
    if (heads.length >= 2) return heads;
  }
  return undefined;
}

/** Why the criterion states no observable outcome, or undefined when it states one. */
function observableProblem(text: string, tokens: readonly Token[], wordCount: number, shape: GherkinShape): string | undefined {
  if (wordCount === 0) return 'The criterion has no words, so it states no outcome.';
  if (isStoryForm(tokens)) return 'This is a user story ("As a ..., I want ..."), not an acceptance criterion: state what an observer sees when the story is done.';
  if (shape.gherkin) return shape.thenTokens === 0 ? 'The scenario has no Then step, so it never states the expected outcome.' : undefined;
  if (/\?\s*$/.test(text)) return 'The criterion is a question; state the expected outcome instead.';
  const task = taskOpener(tokens);
  if (task !== undefined) {
    return `The criterion opens with "${task}" and describes work to do, not an outcome an observer can check (a message shown, a status code, a record stored, an email sent).`;
  }
  if (!hasClaim(tokens)) {
    return 'The criterion is a fragment with no verb stating what happens; name the observable outcome (a message shown, a status code, a record stored, an email sent).';
  }
  return undefined;
}

/** The testable problem (vague wording; in strict mode, no clear condition), or undefined when testable. */
function testableProblem(text: string, tokens: readonly Token[], wordCount: number, clear: boolean, strictness: Strictness): Problem | undefined {
  const vague = vagueTerms(text, tokens, strictness);
  const reasons: string[] = [];
  if (vague.terms.length > 0) {
    const why = vague.categories.map((c) => CATEGORY_SOURCE[c]).join('; ');
    const shown = vague.terms.slice(0, DETAIL_TERMS).map((t) => `"${t}"`).join(', ');
    const more = vague.terms.length > DETAIL_TERMS ? ` and ${vague.terms.length - DETAIL_TERMS} more` : '';
    reasons.push(`Vague wording (${shown}${more}): ${why}. Replace it with a measurable threshold or an exact expected value.`);
  }
  if (strictness === 'strict' && !clear && wordCount > 0) {
    reasons.push('Strict mode requires a clear condition: say when the outcome applies (Given/When/Then, or "When ..., ...", "If ..., ...").');
  }
  if (reasons.length === 0 && wordCount > 0) return undefined;
  return { rule: 'testable', detail: reasons.length > 0 ? reasons.join(' ') : 'The criterion is empty.', vague_terms: vague.terms };
}

/** Why the criterion is not one behaviour, or undefined when it is atomic. */
function atomicProblem(text: string, tokens: readonly Token[], shape: GherkinShape): string | undefined {
  if (shape.gherkin) {
    if (shape.whenCount > 1 || shape.cycles > 1) {
      return `The scenario has ${shape.whenCount} When steps${shape.cycles > 1 ? ` in ${shape.cycles} When/Then cycles` : ''}; one When per criterion keeps it to one behaviour. Split it into separate scenarios.`;
    }
    return undefined;
  }
  const reqSentences = sentences(text, tokens).filter(isRequirementSentence).length;
  if (reqSentences > 1) return `The criterion states ${reqSentences} separate requirements in ${reqSentences} sentences; give each its own criterion.`;
  const plain = maskUrls(text);
  const plainTokens = plain === text ? tokens : tokenize(plain);
  const actions = sentences(plain, plainTokens)
    .map((sentence) => coordinatedActions(plain, sentence))
    .find((a) => a !== undefined);
  if (actions) {
    return `Several behaviours under one subject (${actions.map((a) => `"${a}"`).join(', ')}); give each its own criterion, so that each can pass or fail on its own (AQUSA atomicity).`;
  }
  return joinedRequirements(tokens);
}

/** Two modal requirements joined by and/or/but/also ("must log ... and should email ..."), described; else undefined. */
function joinedRequirements(tokens: readonly Token[]): string | undefined {
  let modalSeen = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (MODALS.has(t.lower)) modalSeen = true;
    if (!modalSeen || (t.lower !== 'and' && t.lower !== 'or' && t.lower !== 'but' && t.lower !== 'also')) continue;
    const after = tokens.slice(i + 1, i + 5).find((a) => MODALS.has(a.lower));
    if (after) return `Two requirements are joined by "${t.lower}" ("... ${t.lower} ... ${after.lower} ..."); give each its own criterion.`;
  }
  return undefined;
}

/** Evaluate one criterion. Pure; linear in the length of the text. */
export function assessCriterion(raw: string, strictness: Strictness): CriterionAssessment {
  const original = analysisText(raw);
  const originalTokens = tokenize(original);
  // Everything but the failure-case test reads the text with its quoted literals blanked: a quoted message may
  // contain "When", a full stop or "fast" without changing what the criterion itself says.
  const text = maskLiterals(original);
  const tokens = text === original ? originalTokens : tokenize(text);
  const problems: Problem[] = [];
  const shape = gherkinShape(tokens);

  const observableDetail = observableProblem(text, tokens, originalTokens.length, shape);
  if (observableDetail !== undefined) problems.push({ rule: 'observable_outcome', detail: observableDetail });
  // clear_condition (a bonus; required only in strict mode, where its absence makes the criterion untestable)
  const clear = tokens.length > 0 && (shape.gherkin ? shape.hasCondition : hasConditionClause(tokens));
  const testable = testableProblem(text, tokens, originalTokens.length, clear, strictness);
  if (testable) problems.push(testable);
  const atomicDetail = atomicProblem(text, tokens, shape);
  if (atomicDetail !== undefined) problems.push({ rule: 'atomic', detail: atomicDetail });

  return {
    checks: { observable_outcome: observableDetail === undefined, testable: testable === undefined, atomic: atomicDetail === undefined, clear_condition: clear },
    problems,
    negative_case: negativeCase(originalTokens),
  };
}

/** 100 minus the points of each failed check, plus the clear-condition bonus, clamped to 0..100. */
export function scoreChecks(checks: Checks): number {
  let score = 100;
  if (!checks.observable_outcome) score -= CHECK_POINTS.observable_outcome;
  if (!checks.testable) score -= CHECK_POINTS.testable;
  if (!checks.atomic) score -= CHECK_POINTS.atomic;
  if (checks.clear_condition) score += CHECK_POINTS.clear_condition;
  return Math.max(0, Math.min(100, score));
}
