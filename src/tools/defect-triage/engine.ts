// Defect-triage engine: severity, category, completeness and batch priority of bug reports; pure.
import { CATEGORY_CUES, CATEGORY_ORDER, DEFINITION_GROUPS, SEVERITY_CUES } from './lexicon.ts';
import type { Category, CueGroup, CueLevel } from './lexicon.ts';

import type { Input, Output } from './tool.ts';
import { BoundedMemo } from '../kit/memo.ts';

/** A report as the tool receives it: a plain string, or the structured form. */
type ReportInput = Input['reports'][number];
type TriagedReport = Output['triaged'][number];
export type Severity = TriagedReport['severity'];
type MissingInfo = TriagedReport['missing_info'][number];

/**
 * The cue groups the tool uses: every definition group, and the candidate groups that held on each source of
 * the labelled bench when it was held out (bench/agile-triage.ts prints the per-source ablation).
 */
export const SHIPPED_GROUPS: ReadonlySet<CueGroup> = new Set<CueGroup>([...DEFINITION_GROUPS, 'test_only', 'dependency_bump']);

/**
 * Where the body's evidence counts. `title_first`: the title is the reporter's own summary of the defect, so
 * when it carries any evidence it decides, and the body is read only when the title carries none.
 * `highest`: the strongest evidence anywhere. `title_only`: the body is never read for severity.
 */
export type BodyPolicy = 'title_first' | 'highest' | 'title_only';
const BODY_POLICY: BodyPolicy = 'title_first';

export interface SeverityOptions {
  groups?: ReadonlySet<CueGroup>;
  body?: BodyPolicy;
}

const MAX_SIGNALS = 8;
const LEVEL_RANK: Record<CueLevel, number> = { critical: 3, major: 2, minor: 1 };
const LEVEL_SEVERITY: Record<CueLevel, Severity> = { critical: 'critical', major: 'high', minor: 'low' };
/** Points per cue for ordering reports of one severity in a batch (never for the severity itself). */
const LEVEL_POINTS: Record<CueLevel, number> = { critical: 4, major: 2, minor: -2 };

const MAINTENANCE_TITLE = /^\s*(?:\[[^\]]{0,40}\]\s*)?(?:[\w.-]{1,30}:\s*)?(?:upgrade|update|bump|backport|downgrade|pin)\b/i;

// Leading component tags ("[ABFS]", "S3A:", "[Regression]") are skipped before the verb is read.
const TITLE_PREFIX = /^\s*(?:\[[^\]]{0,40}\]\s*){0,3}(?:[\w.\- ]{1,30}:\s*)?/;
const REQUEST_VERB = /^(?:add|adding|support|allow|make|tune|configure|enable|introduce|expose|provide|implement|improve|enhance|optimi[sz]e|extend|generali[sz]e|generally support)\b/i;
const REQUEST_INFIX = /^[\w.#\- ]{1,40}? to (?:support|add|allow|expose|provide|log|use|implement)\b/i;

/** The request verb when a title asks for new or changed behaviour rather than reporting a malfunction. */
export function requestVerb(title: string): string | null {
  const rest = title.replace(TITLE_PREFIX, '');
  const m = REQUEST_VERB.exec(rest) ?? REQUEST_INFIX.exec(rest);
  if (!m) return null;
  const words = m[0].trim().split(/\s+/);
  return words.slice(words.length > 2 ? -2 : 0).join(' ').toLowerCase();
}

/**
 * A title that says a core action cannot be done ("cannot save", "printing is not possible", "does not allow
 * push"): Bugzilla's "major loss of function". "Should not" and "do not" state a wish or an order, not a failure.
 */
const CORE_ACTION =
  '(?:save|saving|print|printing|open|opening|load|loading|start|launch|connect|log ?in|login|sign ?in|install|export|import|compile|build|run|reach|read|write|paste|copy|work|allow|find|create|delete|upload|download|access|edit|commit|push|pull|deploy|boot)';
const LOSS_OF_FUNCTION = new RegExp(
  `(?:(?<!\\b(?:should|must|need|do|please) )\\bnot|\\bunable to|\\bfails? to|\\bfailed to|\\bimpossible to|\\bno longer) (?:be )?(?:able to )?${CORE_ACTION}\\b|\\bnot (?:possible|usable)\\b|\\bunusable\\b|\\bnot working\\b`,
);

/** The phrase by which a title reports that a core action cannot be done, or null. */
export function lossOfFunction(title: string): string | null {
  const t = title
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\bcan'?t\b|\bcannot\b/g, 'can not')
    .replace(/\bwon'?t\b/g, 'will not')
    .replace(/n't\b/g, ' not')
    .replace(/\s+/g, ' ');
  return LOSS_OF_FUNCTION.exec(t)?.[0] ?? null;
}

const DOC_EXTENSIONS = new Set(['md', 'markdown', 'rst', 'adoc', 'asciidoc']);

const isWordChar = (c: string): boolean => /\w/.test(c);

/** A word without the punctuation around it ("(README.md)," -> "README.md"). */
function trimPunctuation(word: string): string {
  let a = 0;
  let b = word.length;
  while (a < b && !isWordChar(word.charAt(a))) a++;
  while (b > a && !isWordChar(word.charAt(b - 1))) b--;
  return word.slice(a, b);
}

/** A documentation source file named in a title (README.md, install.rst), or null. A scan, not a regex. */
export function docFile(title: string): string | null {
  const lower = title.toLowerCase();
  if (![...DOC_EXTENSIONS].some((ext) => lower.includes(`.${ext}`))) return null;
  for (const raw of title.split(/\s+/)) {
    const word = trimPunctuation(raw);
    const dot = word.lastIndexOf('.');
    if (dot <= 0 || dot > 80) continue;
    if (DOC_EXTENSIONS.has(word.slice(dot + 1).toLowerCase()) && /^[\w-]+$/.test(word.slice(0, dot))) return word;
  }
  return null;
}

/** A title that announces a dependency or version change rather than a malfunction. */
export function isMaintenance(title: string): boolean {
  return MAINTENANCE_TITLE.test(title) || /\bdependenc(?:y|ies)\b/i.test(title);
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

const BOUNDARY = '|';
const NEGATORS = new Set(['not', 'no', 'never', 'without', 'nor']);
/** Words that may stand between a negator and its cue ("does not seem to crash", "no more hangs"). */
const NEGATION_FILLER = new Set(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'be', 'been', 'seem', 'seems', 'appear', 'appears', 'to', 'any', 'longer', 'more', 'ever', 'a', 'an', 'the', 'cause', 'causes', 'lead', 'leads', 'result', 'in']);
/** Look-back window for a negator, and how many other words may stand between it and the cue. */
const NEGATION_WINDOW = 5;
const NEGATION_GAP = 1;

/** Is the cue starting at token i negated: a negator in the same clause, past at most one ordinary word? */
function negatedAt(tokens: readonly Token[], i: number): boolean {
  let gap = 0;
  for (let k = i - 1; k >= 0 && k >= i - NEGATION_WINDOW; k--) {
    const t = tokens[k];
    if (!t || t.stem === BOUNDARY) return false;
    if (NEGATORS.has(t.stem)) return true;
    if (NEGATION_FILLER.has(t.raw)) continue;
    gap++;
    if (gap > NEGATION_GAP) return false;
  }
  return false;
}

interface Token {
  stem: string;
  raw: string;
}

interface CompiledCue {
  stems: string[];
  phrase: string;
  level: CueLevel;
  group: CueGroup;
  negatable: boolean;
  category?: Category | undefined;
}

/**
 * Inflection-only normalisation (plural, past, gerund, final e). Deliberately weaker than a Porter stem:
 * Porter merges words whose triage meaning differs (unused/unusable, several/severe, secure/security,
 * document/documentation), while cue lists only need "crash", "crashes", "crashed" and "crashing" to meet.
 */
const LEMMAS = new BoundedMemo<string>(20_000);

export function lemma(word: string): string {
  return LEMMAS.get(word, () => lemmaOf(word));
}

function lemmaOf(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('ses')) w = w.slice(0, -1);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  else if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  if (w !== word && /([b-df-hj-km-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Cue words as match keys: a word written `=word` matches only itself or its plural (spelling, not spell). */
function stemPhrase(phrase: string): string[] {
  return phrase.split(' ').map((w) => (w.startsWith('=') ? w : lemma(w)));
}

/** Does a token meet one cue word (a lemma, or an `=word` exact form)? */
function meets(tok: Token | undefined, key: string | undefined): boolean {
  if (!tok || key === undefined) return false;
  if (key.startsWith('=')) return tok.raw === key.slice(1) || tok.raw === `${key.slice(1)}s`;
  return tok.stem === key;
}

function indexByFirst(cues: CompiledCue[]): Map<string, CompiledCue[]> {
  const map = new Map<string, CompiledCue[]>();
  for (const c of cues) {
    const first = c.stems[0] ?? '';
    const list = map.get(first) ?? [];
    list.push(c);
    map.set(first, list);
  }
  // Longest first, so that "can not start" wins over "can not" at the same position.
  for (const list of map.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return map;
}

const SEVERITY_INDEX = indexByFirst(
  SEVERITY_CUES.map((c) => ({ stems: stemPhrase(c.phrase), phrase: c.phrase, level: c.level, group: c.group, negatable: c.negatable === true })),
);
const CATEGORY_INDEX = indexByFirst(
  CATEGORY_ORDER.flatMap((cat) => (CATEGORY_CUES[cat as Exclude<Category, 'other'>] ?? []).map((p) => ({ stems: stemPhrase(p), phrase: p, level: 'minor' as const, group: 'cosmetic' as const, negatable: false, category: cat }))),
);

/**
 * Removes fenced code, Jira {code}/{noformat} blocks and stack-trace or build-log lines: machine output
 * repeats words like "ERROR" and "Exception" that say nothing about how bad the bug is. Linear scan.
 */
export function stripMachineText(text: string): { prose: string; hadTrace: boolean } {
  let out = '';
  let i = 0;
  let hadTrace = false;
  const openers: readonly [string, string][] = [
    ['```', '```'],
    ['{code', '{code}'],
    ['{noformat', '{noformat}'],
  ];
  // Next position of each opener, reused until the scan passes it, so each is searched for once per use.
  const nextAt = openers.map(() => -2);
  while (i < text.length) {
    let next = -1;
    let pair: readonly [string, string] | undefined;
    openers.forEach((p, k) => {
      if (nextAt[k] !== -1 && (nextAt[k] ?? -2) < i) nextAt[k] = text.indexOf(p[0], i);
      const at = nextAt[k] ?? -1;
      if (at !== -1 && (next === -1 || at < next)) {
        next = at;
        pair = p;
      }
    });
    if (next === -1 || !pair) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, next);
    const bodyStart = pair[0] === '```' ? next + 3 : text.indexOf('}', next) + 1;
    if (bodyStart <= 0) {
      out += text.slice(next);
      break;
    }
    const close = text.indexOf(pair[1], bodyStart);
    if (close === -1) {
      out += text.slice(next);
      break;
    }
    hadTrace = true;
    out += ' . ';
    i = close + pair[1].length;
  }
  // Without any of the markers no line can be machine output, and the text stays as it is.
  if (!out.includes('at ') && !out.includes('[') && !out.includes('Caused by') && !out.includes('Exception in thread')) return { prose: out, hadTrace };
  const lines = out.split('\n').filter((line) => {
    const t = line.trimStart();
    const first = t.charAt(0);
    // Only lines opening with "at ", "[" , "Caused by" or "Exception" can be machine output.
    if (first !== 'a' && first !== '[' && first !== 'C' && first !== 'E') return true;
    const machine = /^at [\w$.]+\(/.test(t) || /^\[(?:INFO|ERROR|WARN|WARNING|DEBUG)\]/.test(t) || /^(?:Caused by|Exception in thread)\b/.test(t);
    if (machine) hadTrace = true;
    return !machine;
  });
  return { prose: lines.join('\n'), hadTrace };
}

/** Lowercase words with contractions expanded; punctuation that ends a clause becomes a boundary token. */
const CLAUSE_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', '(', ')', '[', ']', '{', '}', '\n']);

/** The text lowercased (NFKC when not ASCII), curly apostrophes made straight and contractions expanded. */
export function expandContractions(text: string): string {
  // eslint-disable-next-line no-control-regex
  return (/[^\u0000-\u007f]/.test(text) ? text.normalize('NFKC') : text)
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\bcan'?t\b/g, 'can not')
    .replace(/\bcannot\b/g, 'can not')
    .replace(/\bwon'?t\b/g, 'will not')
    .replace(/n't\b/g, ' not');
}

export function tokenize(text: string): Token[] {
  const t = expandContractions(text);
  const out: Token[] = [];
  // One pass over the characters: runs of letters and digits are words, clause punctuation a boundary.
  const n = t.length;
  let i = 0;
  while (i < n) {
    const width = wordCharWidth(t, i);
    if (width > 0) {
      let j = i + width;
      for (let w = wordCharWidth(t, j); w > 0; w = wordCharWidth(t, j)) j += w;
      if (j - i <= 60) {
        const word = t.slice(i, j);
        out.push({ stem: lemma(word), raw: word });
      }
      i = j;
      continue;
    }
    const ch = t.charAt(i);
    if (CLAUSE_PUNCTUATION.has(ch) && out.length > 0 && out[out.length - 1]?.stem !== BOUNDARY) out.push({ stem: BOUNDARY, raw: ch });
    i += 1;
  }
  return out;
}

const UNICODE_WORD_CHAR = /^[\p{L}\p{N}]$/u;

/** Length in UTF-16 units of the letter or digit at `i` (1, or 2 for an astral one), or 0 when it is neither. */
function wordCharWidth(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) ? 1 : 0;
  if (Number.isNaN(c)) return 0;
  const cp = text.codePointAt(i) ?? c;
  const ch = String.fromCodePoint(cp);
  return UNICODE_WORD_CHAR.test(ch) ? ch.length : 0;
}

/** A cue found at `start`, covering `length` tokens; its surface words are read only when reported. */
interface Hit {
  cue: CompiledCue;
  start: number;
  length: number;
}

function surfaceOf(tokens: readonly Token[], h: Hit): string {
  return tokens
    .slice(h.start, h.start + h.length)
    .map((t) => t.raw)
    .join(' ');
}

/** Non-overlapping, longest-first cue matches in reading order. */
/** Words that some cue spells exactly (`=word`): only these need the exact-form lookups. */
const EXACT_WORDS: ReadonlySet<string> = new Set(
  [...SEVERITY_CUES.map((c) => c.phrase), ...Object.values(CATEGORY_CUES).flat()].flatMap((p) => p.split(' ')).filter((w) => w.startsWith('=')).map((w) => w.slice(1)),
);
const NO_CUES: readonly CompiledCue[] = [];

/** The cues that may start at a token, longest first. */
function candidatesAt(tok: Token, index: Map<string, CompiledCue[]>): readonly CompiledCue[] {
  const byStem = index.get(tok.stem) ?? NO_CUES;
  const singular = tok.raw.endsWith('s') ? tok.raw.slice(0, -1) : '';
  if (!EXACT_WORDS.has(tok.raw) && !EXACT_WORDS.has(singular)) return byStem;
  const exact = [...(index.get(`=${tok.raw}`) ?? NO_CUES), ...(singular ? (index.get(`=${singular}`) ?? NO_CUES) : NO_CUES)];
  return [...byStem, ...exact].sort((a, b) => b.stems.length - a.stems.length);
}

/** Non-overlapping, longest-first cue matches in reading order. */
function matchCues(tokens: readonly Token[], index: Map<string, CompiledCue[]>, useNegation: boolean): Hit[] {
  const hits: Hit[] = [];
  let i = 0;
  while (i < tokens.length) {
    const tok = tokens[i] as Token;
    if (tok.stem === BOUNDARY) {
      i++;
      continue;
    }
    let matched: CompiledCue | undefined;
    for (const c of candidatesAt(tok, index)) {
      let ok = true;
      for (let k = 1; k < c.stems.length; k++) {
        if (!meets(tokens[i + k], c.stems[k])) {
          ok = false;
          break;
        }
      }
      if (ok) {
        matched = c;
        break;
      }
    }
    if (!matched) {
      i++;
      continue;
    }
    const negated = useNegation && matched.negatable && negatedAt(tokens, i);
    if (!negated) hits.push({ cue: matched, start: i, length: matched.stems.length });
    i += matched.stems.length;
  }
  return hits;
}

/** Report fields flattened to the texts the rules read. */
interface Normalised {
  id: string | null;
  title: string;
  body: string;
  steps: string;
  expected: string;
  actual: string;
  environment: string;
}

function normaliseReport(r: ReportInput): Normalised {
  if (typeof r === 'string') {
    const text = r.trim();
    const nl = text.indexOf('\n');
    return { id: null, title: nl === -1 ? text : text.slice(0, nl), body: nl === -1 ? '' : text.slice(nl + 1), steps: '', expected: '', actual: '', environment: '' };
  }
  return {
    id: r.id === undefined ? null : String(r.id),
    title: r.title,
    body: r.description ?? '',
    steps: Array.isArray(r.steps) ? r.steps.join('\n') : (r.steps ?? ''),
    expected: r.expected ?? '',
    actual: r.actual ?? '',
    environment: r.environment ?? '',
  };
}

/** One piece of severity evidence: the cue's level and family, and the report's own words. */
interface Evidence {
  key: string;
  level: CueLevel;
  group: CueGroup;
  surface: string;
}

/** Words that put data in someone else's hands: "another tenant", "other users'", "the wrong customer". */
const OTHER_WORDS = new Set(['other', 'another', 'different', 'foreign', 'wrong']);
const OWNER_WORDS = new Set(
  ['tenant', 'user', 'customer', 'account', 'organization', 'organisation', 'org', 'company', 'client', 'member', 'patient', 'team', 'workspace', 'person', 'people', 'owner', 'subscriber', 'recipient'].map(
    (w) => lemma(w),
  ),
);
const ACCESS_WORDS = new Set(
  ['see', 'seen', 'view', 'access', 'read', 'download', 'list', 'show', 'shown', 'display', 'visible', 'expose', 'leak', 'return', 'get', 'got', 'open', 'edit', 'modify', 'delete', 'browse', 'fetch', 'retrieve', 'search', 'receive', 'send', 'sent', 'include', 'contain'].map(
    (w) => lemma(w),
  ),
);
const EXPECTATION_MODALS = new Set(['should', 'must', 'shall']);

/**
 * Data exposure: in one clause, a verb of access (see, view, list, return, download, send ...) whose object is
 * someone else's ("... lists invoices of another tenant", "API returns other users' data", "sent to the wrong
 * customer"). Broken access control is OWASP's first risk class. "Cannot see other users' files" is a loss
 * of function, not an exposure; "should not see other tenants' data" states the broken expectation.
 */
export function exposure(tokens: readonly Token[]): string | null {
  let access = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.stem === BOUNDARY) {
      access = -1;
      continue;
    }
    if (ACCESS_WORDS.has(t.stem)) {
      const negated = negatedAt(tokens, i) && !tokens.slice(Math.max(0, i - 4), i).some((p) => EXPECTATION_MODALS.has(p.raw));
      if (!negated) access = i;
      continue;
    }
    if (access < 0 || !OTHER_WORDS.has(t.raw)) continue;
    for (let k = i + 1; k <= i + 2 && k < tokens.length; k++) {
      const owner = tokens[k] as Token;
      if (owner.stem === BOUNDARY) break;
      if (OWNER_WORDS.has(owner.stem)) return `${(tokens[access] as Token).raw} ${tokens.slice(i, k + 1).map((x) => x.raw).join(' ')}`;
    }
  }
  return null;
}

const LOSS_WORDS = new Set(['lose', 'lost', 'loses', 'losing', 'loss', 'disappear', 'disappeared', 'vanish', 'vanished', 'wiped', 'erased']);
const LOSS_AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'get', 'gets', 'got', 'be', 'been', 'being']);
/** What a user makes and expects to keep: losing it is Bugzilla's "loss of data" whatever the wording. */
const CONTENT_WORDS = new Set(
  ['data', 'file', 'document', 'work', 'change', 'edit', 'page', 'image', 'picture', 'photo', 'text', 'content', 'record', 'message', 'email', 'mail', 'note', 'entry', 'row', 'attachment', 'comment', 'draft', 'spreadsheet', 'sheet', 'slide', 'database', 'commit', 'order', 'payment'].map(
    (w) => lemma(w),
  ),
);

/**
 * Loss of user content in other words than "data loss": "lost many pages of a file", "images disappeared",
 * "my changes are lost". A loss word and a content word within three words in one clause, not negated.
 */
export function contentLoss(tokens: readonly Token[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (!LOSS_WORDS.has(t.raw) || negatedAt(tokens, i)) continue;
    for (let k = i + 1; k <= i + 3 && k < tokens.length; k++) {
      const n = tokens[k] as Token;
      if (n.stem === BOUNDARY) break;
      if (CONTENT_WORDS.has(n.stem)) return tokens.slice(i, k + 1).map((x) => x.raw).join(' ');
    }
    for (let k = i - 1; k >= i - 3 && k >= 0; k--) {
      const n = tokens[k] as Token;
      if (n.stem === BOUNDARY) break;
      if (LOSS_AUXILIARIES.has(n.raw)) continue;
      if (CONTENT_WORDS.has(n.stem)) return tokens.slice(k, i + 1).map((x) => x.raw).join(' ');
      break;
    }
  }
  return null;
}

/** A title that names a test ("TestFoo fails", "flaky test"): the word, or null. */
function testWord(titleTokens: readonly Token[]): string | null {
  return titleTokens.find((t) => t.stem === 'test' || /^i?test[a-z0-9]{3,}/.test(t.raw))?.raw ?? null;
}

/** The evidence a text carries, from the lexicon and from the shapes only a title has. */
function evidenceOf(tokens: readonly Token[], groups: ReadonlySet<CueGroup>, title: string | null): Evidence[] {
  const out: Evidence[] = [];
  // Each cue counts once, in the words of its first occurrence.
  const seen = new Set<string>();
  for (const h of matchCues(tokens, SEVERITY_INDEX, true)) {
    if (!groups.has(h.cue.group) || seen.has(h.cue.phrase)) continue;
    seen.add(h.cue.phrase);
    out.push({ key: h.cue.phrase, level: h.cue.level, group: h.cue.group, surface: surfaceOf(tokens, h) });
  }
  const request = title === null ? null : requestVerb(title);
  const exposed = request === null && groups.has('security') ? exposure(tokens) : null;
  if (exposed) out.push({ key: '#exposure', level: 'critical', group: 'security', surface: exposed });
  const lost = groups.has('data_loss') ? contentLoss(tokens) : null;
  if (lost) out.push({ key: '#content-loss', level: 'critical', group: 'data_loss', surface: lost });
  if (title === null) return out;
  const loss = groups.has('loss_of_function') ? lossOfFunction(title) : null;
  if (loss) out.push({ key: '#loss-of-function', level: 'major', group: 'loss_of_function', surface: loss });
  if (request && groups.has('request')) out.push({ key: '#request', level: 'minor', group: 'request', surface: request });
  const doc = groups.has('docs') ? docFile(title) : null;
  if (doc) out.push({ key: '#doc-file', level: 'minor', group: 'docs', surface: doc });
  const test = groups.has('test_only') ? testWord(tokens) : null;
  if (test) out.push({ key: '#test-only', level: 'minor', group: 'test_only', surface: test });
  return out;
}

export interface SeverityVerdict {
  severity: Severity;
  /** Strength of the deciding evidence, for ordering reports of one severity in a batch. */
  score: number;
  /** The words that decided, strongest first (at most 8). */
  signals: string[];
}

/**
 * Severity from the trackers' definitions: the strongest level of evidence decides (critical: crash, hang,
 * data loss, security or exposure, blocker; major: major loss of function; minor: cosmetic, minor, easy
 * workaround, request), medium when there is none. No score cut-point: a level is evidence, not a sum.
 */
export function severityOf(title: string, body: string, options: SeverityOptions = {}): SeverityVerdict {
  return severityOfText(new ReportText(title, body), options);
}

/** A report's title and body, tokenised once and only when a rule needs them (severity and category share them). */
class ReportText {
  private titleTokenList: Token[] | undefined;
  private proseTokenList: Token[] | undefined;
  constructor(
    readonly title: string,
    private readonly body: string,
  ) {}
  get titleTokens(): Token[] {
    this.titleTokenList ??= tokenize(this.title);
    return this.titleTokenList;
  }
  get proseTokens(): Token[] {
    this.proseTokenList ??= this.body.trim() === '' ? [] : tokenize(stripMachineText(this.body).prose);
    return this.proseTokenList;
  }
}

function severityOfText(text: ReportText, options: SeverityOptions = {}): SeverityVerdict {
  const groups = options.groups ?? SHIPPED_GROUPS;
  const policy = options.body ?? BODY_POLICY;
  const title = text.title;
  const titleEvidence = evidenceOf(text.titleTokens, groups, title);
  // The body is read only when it can count: always under `highest`, under `title_first` when the title is silent.
  const readBody = policy === 'highest' || (policy === 'title_first' && titleEvidence.length === 0);
  const bodyEvidence = readBody ? evidenceOf(text.proseTokens, groups, null) : [];
  let decisive = [...titleEvidence, ...bodyEvidence];
  // A dependency bump is planned maintenance: the crash or CVE it quotes is upstream and its reach unproven.
  if (groups.has('dependency_bump') && isMaintenance(title)) decisive = decisive.filter((e) => e.level === 'minor');
  let top: CueLevel | null = null;
  for (const e of decisive) if (top === null || LEVEL_RANK[e.level] > LEVEL_RANK[top]) top = e.level;
  if (top === null) return { severity: 'medium', score: 0, signals: [] };
  const fromTitle = new Set(titleEvidence);
  const seen = new Set<string>();
  let score = 0;
  for (const e of decisive) {
    if (seen.has(e.key)) continue;
    seen.add(e.key);
    score += LEVEL_POINTS[e.level] * (fromTitle.has(e) ? 2 : 1);
  }
  const signals = [...new Set(decisive.filter((e) => e.level === top).map((e) => e.surface))].slice(0, MAX_SIGNALS);
  return { severity: LEVEL_SEVERITY[top], score, signals };
}

/**
 * First category (in CATEGORY_ORDER) with a cue in the title, else in the body: the title says what the
 * report is about, while a body mentions many things in passing. Signals are that category's cue words.
 */
export function categoryOf(title: string, body: string): { category: Category; signals: string[] } {
  return categoryOfText(new ReportText(title, body));
}

function categoryOfText(text: ReportText): { category: Category; signals: string[] } {
  // Someone else's data in view is a security defect whatever other words the report uses.
  if (requestVerb(text.title) === null) {
    const exposed = exposure(text.titleTokens) ?? exposure(text.proseTokens);
    if (exposed) return { category: 'security', signals: [exposed] };
  }
  for (const tokens of [text.titleTokens, text.proseTokens]) {
    const hits = matchCues(tokens, CATEGORY_INDEX, false);
    for (const cat of CATEGORY_ORDER) {
      const words = new Set<string>();
      for (const h of hits) {
        if (h.cue.category !== cat) continue;
        words.add(surfaceOf(tokens, h));
        if (words.size >= MAX_SIGNALS) break;
      }
      if (words.size > 0) return { category: cat, signals: [...words] };
    }
  }
  return { category: 'other', signals: [] };
}

const REPRO_CUE = /\b(?:steps? to reproduce|to reproduce|how to reproduce|reproduc(?:e|ed|ible|tion) (?:steps|with|by|when)|repro(?:duction)? steps|str:|reproducer)\b/i;
const NUMBERED_LINE = /^\s{0,8}(?:\d{1,2}[.)]|#|step \d{1,2}\b)/i;
const ACTION_LINE = /^\s{0,8}(?:[-*]\s+)?(?:open|click|go to|navigate|run|type|enter|select|create|press|start|launch|call|execute|submit|upload|add|set)\b/i;
const EXPECTED_CUE = /\b(?:expected|expect|expects|expectation|should|supposed to|ought to|instead of|would like)\b/i;
const ENV_CUE = /\b(?:windows|linux|ubuntu|debian|centos|rhel|red hat|fedora|mac ?os|os ?x|osx|android|ios|os\/2|chrome|chromium|firefox|safari|edge|opera|jdk|jre|java \d|openjdk|node(?:\.js)? v?\d|python \d|\.net|version|build \d|browser|platform|x86|x64|amd64|arm64|aarch64)\b/i;
const VERSION_NUMBER = /\bv?\d{1,4}\.\d{1,4}\.\d{1,6}\b/;

/** Does the report carry reproduction steps? */
function hasRepro(n: Normalised): boolean {
  if (n.steps.trim()) return true;
  const text = `${n.title}\n${n.body}`;
  if (REPRO_CUE.test(text)) return true;
  let numbered = 0;
  let actions = 0;
  for (const line of n.body.split('\n')) {
    if (NUMBERED_LINE.test(line)) numbered++;
    if (ACTION_LINE.test(line)) actions++;
    if (numbered >= 2 || actions >= 2) return true;
  }
  return /\bgiven\b/i.test(n.body) && /\bwhen\b/i.test(n.body) && /\bthen\b/i.test(n.body);
}

function missingInfo(n: Normalised, repro: boolean): MissingInfo[] {
  const out: MissingInfo[] = [];
  if (!repro) out.push('no_repro_steps');
  const text = `${n.title}\n${n.body}\n${n.steps}`;
  // The actual behaviour is always stated (a bug title says what went wrong); what reports lack is the
  // expected behaviour (only 35% state it, Chaparro et al. 2017), so the pair is complete when that is there.
  const expected = n.expected.trim() !== '' || EXPECTED_CUE.test(text);
  if (!expected) out.push('no_expected_vs_actual');
  const env = n.environment.trim() !== '' || ENV_CUE.test(text) || VERSION_NUMBER.test(text);
  if (!env) out.push('no_environment');
  return out;
}

/** Triage a batch: every report in input order, with priority ranks across the batch. */
export function triage(reports: readonly ReportInput[]): TriagedReport[] {
  const rows = reports.map((r, index) => {
    const n = normaliseReport(r);
    const text = new ReportText(n.title, [n.body, n.actual].filter((s) => s.trim() !== '').join('\n'));
    const sev = severityOfText(text);
    const cat = categoryOfText(text);
    const repro = hasRepro(n);
    return {
      index,
      id: n.id,
      severity: sev.severity,
      category: cat.category,
      has_repro: repro,
      missing_info: missingInfo(n, repro),
      priority: 0,
      signals: { severity: sev.signals, category: cat.signals },
      score: sev.score,
    };
  });
  const catRank = (c: Category): number => (c === 'other' ? CATEGORY_ORDER.length : CATEGORY_ORDER.indexOf(c));
  const order = [...rows].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      b.score - a.score ||
      catRank(a.category) - catRank(b.category) ||
      a.index - b.index,
  );
  order.forEach((row, rank) => {
    row.priority = rank + 1;
  });
  return rows.map(({ score: _score, ...rest }) => rest);
}
