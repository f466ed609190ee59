// Defect-triage engine: severity, category, completeness and batch priority of bug reports; pure.
import { CATEGORY_CUES, CATEGORY_ORDER, SEVERITY_CUES } from './lexicon.ts';
import type { Category } from './lexicon.ts';

export type Severity = 'critical' | 'high' | 'medium' | 'low';
export type MissingInfo = 'no_repro_steps' | 'no_expected_vs_actual' | 'no_environment';

/** A report as the tool receives it: a plain string, or the structured form. */
export type ReportInput =
  | string
  | {
      id?: string | number | undefined;
      title: string;
      description?: string | undefined;
      steps?: string | string[] | undefined;
      expected?: string | undefined;
      actual?: string | undefined;
      environment?: string | undefined;
    };

export interface TriagedReport {
  index: number;
  id: string | null;
  severity: Severity;
  category: Category;
  has_repro: boolean;
  missing_info: MissingInfo[];
  priority: number;
  signals: { severity: string[]; category: string[] };
}

/** Cut-points on the severity score: at or above `critical` / `high`, at or below `low`. */
export interface SeverityThresholds {
  critical: number;
  high: number;
  low: number;
}
/** Score at or above which a report is critical / high; at or below which it is low. */
export const THRESHOLDS: Readonly<SeverityThresholds> = { critical: 6.5, high: 2.5, low: -2.5 };
/** Title words say what the reporter thinks matters most; they count this much more than body words. */
export const TITLE_FACTOR = 1.5;
/**
 * Weak cues (|weight| < 2: "error", "fails", "sometimes") pile up in long reports and stack traces; their
 * total is capped so that only a strong cue can move a report two levels.
 */
const WEAK_LIMIT = 2;
const MAX_SIGNALS = 8;
/** Base weight from which a cue alone can justify critical. */
const CRITICAL_CUE = 5;
/** Weight of a title that names a test ("TestFoo fails", "flaky test"). */
const TEST_ONLY_WEIGHT = -2;
/** Severity cues in a dependency-bump report count this fraction of their weight. */
const MAINTENANCE_FACTOR = 0.3;
const MAINTENANCE_TITLE = /^\s*(?:\[[^\]]{0,40}\]\s*)?(?:[\w.-]{1,30}:\s*)?(?:upgrade|update|bump|backport|downgrade|pin)\b/i;

/** Weight of a title worded as a request for new or changed behaviour ("Add ...", "S3A to support ..."). */
const REQUEST_WEIGHT = -1.5;
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
 * Weight of a title that says a core action cannot be done ("cannot save", "printing is not possible", "does
 * not allow push"): Bugzilla's "major loss of function", the line between major and normal. Like the other
 * title-shape weights below, it applies once, to the title, without the title factor. "Should not" and
 * "do not" state a wish or an order, not a failure.
 */
const LOSS_OF_FUNCTION_WEIGHT = 2.5;
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

/** Weight of a title naming a documentation source file (README.md, install.rst): a docs change. */
const DOC_FILE_WEIGHT = -2.5;
const DOC_FILE = /\b[\w-]{1,80}\.(?:md|markdown|rst|adoc|asciidoc)\b/i;

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
  weight: number;
  negatable: boolean;
  category?: Category | undefined;
}

/**
 * Inflection-only normalisation (plural, past, gerund, final e). Deliberately weaker than a Porter stem:
 * Porter merges words whose triage meaning differs (unused/unusable, several/severe, secure/security,
 * document/documentation), while cue lists only need "crash", "crashes", "crashed" and "crashing" to meet.
 */
export function lemma(word: string): string {
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

const SEVERITY_INDEX = indexByFirst(SEVERITY_CUES.map((c) => ({ stems: stemPhrase(c.phrase), phrase: c.phrase, weight: c.weight, negatable: c.negatable === true })));
const CATEGORY_INDEX = indexByFirst(
  CATEGORY_ORDER.flatMap((cat) => (CATEGORY_CUES[cat as Exclude<Category, 'other'>] ?? []).map((p) => ({ stems: stemPhrase(p), phrase: p, weight: 0, negatable: false, category: cat }))),
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
  const lines = out.split('\n').filter((line) => {
    const t = line.trim();
    const machine = /^at [\w$.]+\(/.test(t) || /^\[(?:INFO|ERROR|WARN|WARNING|DEBUG)\]/.test(t) || /^(?:Caused by|Exception in thread)\b/.test(t);
    if (machine) hadTrace = true;
    return !machine;
  });
  return { prose: lines.join('\n'), hadTrace };
}

/** Lowercase words with contractions expanded; punctuation that ends a clause becomes a boundary token. */
export function tokenize(text: string): Token[] {
  const t = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\bcan'?t\b/g, 'can not')
    .replace(/\bcannot\b/g, 'can not')
    .replace(/\bwon'?t\b/g, 'will not')
    .replace(/n't\b/g, ' not');
  const out: Token[] = [];
  const re = /[\p{L}\p{N}]+|[.,;:!?()[\]{}\n]/gu;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t)) !== null) {
    const w = m[0];
    if (w.length === 1 && !/[\p{L}\p{N}]/u.test(w)) {
      if (out.length > 0 && out[out.length - 1]?.stem !== BOUNDARY) out.push({ stem: BOUNDARY, raw: w });
      continue;
    }
    if (w.length > 60) continue;
    out.push({ stem: lemma(w), raw: w });
  }
  return out;
}

interface Hit {
  cue: CompiledCue;
  surface: string;
}

/** Non-overlapping, longest-first cue matches in reading order. */
function matchCues(tokens: readonly Token[], index: Map<string, CompiledCue[]>, useNegation: boolean): Hit[] {
  const hits: Hit[] = [];
  let i = 0;
  while (i < tokens.length) {
    const tok = tokens[i];
    let matched: CompiledCue | undefined;
    if (tok) {
      const exactKey = tok.raw.endsWith('s') ? `=${tok.raw.slice(0, -1)}` : '';
      const candidates = [...(index.get(tok.stem) ?? []), ...(index.get(`=${tok.raw}`) ?? []), ...(exactKey ? (index.get(exactKey) ?? []) : [])];
      candidates.sort((a, b) => b.stems.length - a.stems.length);
      for (const c of candidates) {
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
    }
    if (!matched) {
      i++;
      continue;
    }
    const negated = useNegation && matched.negatable && negatedAt(tokens, i);
    if (!negated) {
      hits.push({ cue: matched, surface: tokens.slice(i, i + matched.stems.length).map((t) => t.raw).join(' ') });
    }
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

/** Severity score and the cue words behind it. */
export function severityOf(
  title: string,
  body: string,
  options: { thresholds?: Readonly<SeverityThresholds>; titleFactor?: number } = {},
): { severity: Severity; score: number; criticalCue: boolean; signals: string[] } {
  const { prose, hadTrace } = stripMachineText(body);
  const best = new Map<string, { w: number; base: number; surface: string }>();
  const add = (hits: Hit[], factor: (h: Hit) => number): void => {
    for (const h of hits) {
      const w = h.cue.weight * factor(h);
      const prev = best.get(h.cue.phrase);
      if (!prev || Math.abs(w) > Math.abs(prev.w)) best.set(h.cue.phrase, { w, base: h.cue.weight, surface: h.surface });
    }
  };
  const titleTokens = tokenize(title);
  // A dependency bump is planned maintenance: the crash or CVE it quotes is upstream and its reach unproven.
  const damp = isMaintenance(title) ? MAINTENANCE_FACTOR : 1;
  const factorFor = (h: Hit, base: number): number => base * (h.cue.weight > 0 ? damp : 1);
  add(matchCues(titleTokens, SEVERITY_INDEX, true), (h) => factorFor(h, options.titleFactor ?? TITLE_FACTOR));
  add(matchCues(tokenize(prose), SEVERITY_INDEX, true), (h) => factorFor(h, 1));
  // A failure confined to a test suite (a test class or the word "test" in the title) reaches no user.
  const testWord = titleTokens.find((t) => t.stem === 'test' || /^i?test[a-z0-9]{3,}/.test(t.raw));
  if (testWord) best.set('#test-only', { w: TEST_ONLY_WEIGHT, base: TEST_ONLY_WEIGHT, surface: testWord.raw });
  const loss = lossOfFunction(title);
  if (loss) best.set('#loss-of-function', { w: LOSS_OF_FUNCTION_WEIGHT * damp, base: LOSS_OF_FUNCTION_WEIGHT, surface: loss });
  const docFile = DOC_FILE.exec(title);
  if (docFile) best.set('#doc-file', { w: DOC_FILE_WEIGHT, base: DOC_FILE_WEIGHT, surface: docFile[0] });
  const request = requestVerb(title);
  if (request) best.set('#request', { w: REQUEST_WEIGHT, base: REQUEST_WEIGHT, surface: request });

  let strong = 0;
  let weak = 0;
  for (const { w, base } of best.values()) {
    // In a dependency bump every aggravating cue is weak: together they can nudge the report, not carry it.
    if (Math.abs(base) >= 2 && !(damp < 1 && w > 0)) strong += w;
    else weak += w;
  }
  // A stack trace shows something threw; worth a weak nudge, not a verdict.
  if (hadTrace) weak += 0.5;
  weak = Math.max(-WEAK_LIMIT, Math.min(WEAK_LIMIT, weak));
  const score = Math.round((strong + weak) * 100) / 100;
  // Critical needs a critical reason (crash, loss, vulnerability, outage), not a pile of lesser complaints.
  const criticalCue = [...best.values()].some((v) => v.base >= CRITICAL_CUE && v.w >= CRITICAL_CUE);
  const severity = severityLevel(score, criticalCue, options.thresholds ?? THRESHOLDS);
  // Signals name the words that pushed the verdict's way, strongest first.
  const direction = severity === 'low' ? -1 : severity === 'medium' ? 0 : 1;
  const signals = [...best.values()]
    .filter((v) => (direction === 0 ? true : Math.sign(v.w) === direction))
    .sort((a, b) => Math.abs(b.w) - Math.abs(a.w) || (a.surface < b.surface ? -1 : a.surface > b.surface ? 1 : 0))
    .map((v) => v.surface);
  return { severity, score, criticalCue, signals: [...new Set(signals)].slice(0, MAX_SIGNALS) };
}

/** The level a score falls in; critical also needs a critical cue, so lesser complaints never add up to it. */
export function severityLevel(score: number, criticalCue: boolean, t: Readonly<SeverityThresholds> = THRESHOLDS): Severity {
  if (score >= t.critical && criticalCue) return 'critical';
  if (score >= t.high) return 'high';
  if (score <= t.low) return 'low';
  return 'medium';
}

/**
 * First category (in CATEGORY_ORDER) with a cue in the title, else in the body: the title says what the
 * report is about, while a body mentions many things in passing. Signals are that category's cue words.
 */
export function categoryOf(title: string, body: string): { category: Category; signals: string[] } {
  const { prose } = stripMachineText(body);
  for (const hits of [matchCues(tokenize(title), CATEGORY_INDEX, false), matchCues(tokenize(prose), CATEGORY_INDEX, false)]) {
    for (const cat of CATEGORY_ORDER) {
      const words = hits.filter((h) => h.cue.category === cat).map((h) => h.surface);
      if (words.length > 0) return { category: cat, signals: [...new Set(words)].slice(0, MAX_SIGNALS) };
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
export function hasRepro(n: Normalised): boolean {
  if (n.steps.trim()) return true;
  const text = `${n.title}\n${n.body}`;
  if (REPRO_CUE.test(text)) return true;
  const lines = n.body.split('\n');
  const numbered = lines.filter((l) => NUMBERED_LINE.test(l)).length;
  const actions = lines.filter((l) => ACTION_LINE.test(l)).length;
  if (numbered >= 2 || actions >= 2) return true;
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
    const detail = [n.body, n.actual].filter((s) => s.trim() !== '').join('\n');
    const sev = severityOf(n.title, detail);
    const cat = categoryOf(n.title, detail);
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
