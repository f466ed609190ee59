// Text to weighted terms for coverage matching: normalise, fold phrases and synonyms, drop stop words, stem.
import { stemmer } from 'stemmer';
import { BoundedMemo } from '../kit/memo.ts';

/**
 * Function words plus requirement boilerplate ("the system shall", "as a user I want ... so that"): they
 * carry no scope, so two texts sharing them are no closer in meaning.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been before being below ' +
    'between both but by can cannot could did do does doing don down during each either else etc even ever every ' +
    'few for from further had has have having he her here hers herself him himself his how however i ie if in ' +
    'into is it its itself just let may me might more most must my myself neither no nor not now of off on once ' +
    'only onto or other otherwise our ours ourselves out over own per same shall she should so some such than ' +
    'that the their theirs them themselves then there these they this those through thus to too under until up ' +
    'upon us very via was we were what when whenever where whether which while who whom whose why will with ' +
    'within without would yet you your yours yourself eg e g ' +
    // requirement and user-story boilerplate
    'able ability allow allows allowed allowing want wants wanted wish wishes wished need needs needed like ' +
    'ensure ensures possible please shall able given one two three certain any anyone someone something ' +
    'following follow way ways kind sort thing things'
  ).split(/\s+/),
);

/**
 * Words that occur in almost every requirement of almost every product. They still count, but at a fraction
 * of their weight, so that a match on "system" alone never makes a requirement look covered in small inputs
 * where inverse document frequency has too few documents to learn this.
 */
const WEAK_WORDS = new Set(
  'system application app user users data information feature function functionality provide provides use uses used using support make makes get gets set time new input output value values process work take put give let go come run keep bring hold perform handle happen occur include contain involve appear become try exist various different specific particular general'
    .split(/\s+/)
    .map((w) => stemmer(w)),
);

/** Weight multiplier for a WEAK_WORDS stem. */
const WEAK_WEIGHT = 0.35;

/**
 * Multi-word expressions folded into one token before tokenising, so that "log in", "signed in" and "logon"
 * meet. Each pattern is a bounded alternation with no nested quantifiers (linear time on any input).
 */
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:log(?:s|ged|ging)?|sign(?:s|ed|ing)?)[ \t-]?(?:in(?:to)?|on)\b/g, ' login '],
  [/\blog(?:s|ged|ging)?[ \t-]?(?:out|off)\b/g, ' logout '],
  [/\bsign(?:s|ed|ing)?[ \t-]?(?:out|off)\b/g, ' logout '],
  [/\bsign(?:s|ed|ing)?[ \t-]?up\b/g, ' signup '],
  [/\b(?:turn|switch)(?:s|ed|ing)?[ \t]on\b/g, ' enable '],
  [/\b(?:turn|switch)(?:s|ed|ing)?[ \t]off\b/g, ' disable '],
  [/\bout[ \t]of[ \t]service\b/g, ' disable '],
  [/\b(?:back[ \t])?in(?:to)?[ \t]service\b/g, ' enable '],
  [/\blook(?:s|ed|ing)?[ \t-]?up\b/g, ' search '],
  [/\bset(?:s|ting)?[ \t-]?up\b/g, ' configure '],
  [/\bclean(?:s|ed|ing)?[ \t-]?up\b/g, ' cleanup '],
  [/\bpass[ \t-]?word\b/g, ' password '],
  [/\be-?mail(?:s|ed|ing)?\b/g, ' email '],
  [/\buser[ \t]?name\b/g, ' username '],
  [/\bto[ \t-]?do\b/g, ' todo '],
  [/\bcheck(?:s|ed|ing)?[ \t-]?out\b/g, ' checkout '],
  [/\bup[ \t-]?load(?:s|ed|ing)?\b/g, ' upload '],
  [/\bdown[ \t-]?load(?:s|ed|ing)?\b/g, ' download '],
];

/**
 * Synonym groups: every member maps to the group's first word. General software vocabulary only (CRUD verbs,
 * access, notification, failure), so that a requirement and a story written by different people meet.
 */
const SYNONYM_GROUPS: ReadonlyArray<readonly string[]> = [
  ['login', 'logon', 'signin', 'authenticate', 'authentication', 'authenticated', 'credential', 'credentials'],
  ['logout', 'signout', 'logoff'],
  ['signup', 'register', 'registration', 'enrol', 'enroll', 'enrolment', 'enrollment'],
  ['create', 'add', 'insert', 'creation'],
  ['update', 'edit', 'modify', 'change', 'amend', 'alter', 'modification'],
  ['delete', 'remove', 'erase', 'purge', 'discard', 'deletion', 'removal'],
  ['view', 'display', 'show', 'see', 'browse', 'read'],
  ['search', 'find', 'locate', 'query', 'lookup'],
  ['disable', 'deactivate', 'suspend', 'suspension', 'block', 'lock'],
  ['enable', 'activate', 'reactivate', 'resume', 'unblock', 'unlock', 'restore'],
  ['cancel', 'terminate', 'termination', 'cancellation'],
  ['assign', 'associate', 'allocate', 'link', 'map', 'attach', 'association', 'assignment'],
  ['unassign', 'disassociate', 'deallocate', 'unlink', 'detach'],
  ['notify', 'alert', 'notification', 'warn', 'warning', 'remind', 'reminder'],
  ['error', 'fault', 'failure', 'exception', 'fail', 'failed'],
  ['restart', 'reset', 'reboot', 'reload'],
  ['bill', 'invoice', 'billing', 'invoicing'],
  ['pay', 'payment', 'checkout'],
  ['price', 'cost', 'fee', 'tariff', 'rate', 'charge'],
  ['customer', 'client', 'subscriber'],
  ['administrator', 'admin', 'administrative', 'administration', 'operator', 'superuser'],
  ['phone', 'telephone', 'handset'],
  ['permission', 'authorization', 'authorisation', 'authorize', 'authorise', 'privilege', 'role', 'rights'],
  ['report', 'summary', 'statistic', 'statistics', 'analytics', 'dashboard'],
  ['export', 'download'],
  ['import', 'upload'],
  ['configure', 'configuration', 'setting', 'settings', 'preference', 'preferences', 'parameter'],
  ['history', 'log', 'audit', 'trail'],
  ['save', 'store', 'persist'],
  ['print', 'printout'],
  ['message', 'chat', 'sms'],
  ['picture', 'photo', 'image'],
  ['buy', 'purchase'],
  ['connect', 'connection'],
  ['quick', 'fast', 'speed', 'performance', 'latency', 'responsive'],
];

/** stem -> canonical stem; built once. A word listed in two groups keeps its first group. */
const SYNONYMS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const group of SYNONYM_GROUPS) {
    const head = stemmer(group[0] ?? '');
    for (const word of group) {
      const s = stemmer(word);
      if (!map.has(s)) map.set(s, head);
    }
  }
  return map;
})();

/** Synonym groups as data, for tests and the README. */
export function synonymGroups(): ReadonlyArray<readonly string[]> {
  return SYNONYM_GROUPS;
}

/** One content term of a text: its canonical stem and the first surface word that produced it. */
export interface Term {
  stem: string;
  surface: string;
}

/** Lowercase, fold typography and phrases; the result is plain ASCII-ish lowercase text. */
export function normalise(text: string): string {
  let t = text.normalize('NFKC').toLowerCase();
  t = t.replace(/[\u2018\u2019\u02bc`]/g, "'").replace(/'s\b/g, '').replace(/s'\B/g, 's');
  for (const [re, rep] of PHRASES) t = t.replace(re, rep);
  return t;
}

/** word -> canonical stem (null for a word that is not a content term), shared across calls and bounded. */
const STEMS = new BoundedMemo<string | null>(50_000);

/** The canonical stem of a word (stemmed, synonyms folded), or null for stop words, numbers and odd lengths. */
function canonicalStem(word: string): string | null {
  return STEMS.get(word, () => {
    if (word.length < 2 || word.length > 40 || STOP_WORDS.has(word) || /^\d+$/.test(word)) return null;
    const stem = stemmer(word);
    return STOP_WORDS.has(stem) ? null : (SYNONYMS.get(stem) ?? stem);
  });
}

/** A content term with the number of times the text uses it (any surface form). */
export interface CountedTerm extends Term {
  count: number;
}

/** Content terms of a text in order of first appearance, one per canonical stem, with their counts. */
export function countedTerms(text: string): CountedTerm[] {
  const out: CountedTerm[] = [];
  const byStem = new Map<string, CountedTerm>();
  const words = normalise(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const canonical = canonicalStem(word);
    if (canonical === null) continue;
    const seen = byStem.get(canonical);
    if (seen) {
      seen.count++;
      continue;
    }
    const term = { stem: canonical, surface: word, count: 1 };
    byStem.set(canonical, term);
    out.push(term);
  }
  return out;
}

/** Content terms of a text in order of first appearance, deduplicated by canonical stem. */
export function terms(text: string): Term[] {
  return countedTerms(text).map(({ stem, surface }) => ({ stem, surface }));
}

/** Prior weight of a stem before corpus statistics: generic words count for less. */
export function priorWeight(stem: string): number {
  return WEAK_WORDS.has(stem) ? WEAK_WEIGHT : 1;
}
