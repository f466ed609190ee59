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

/** Score at or above which a report is critical / high; at or below which it is low. */
export const THRESHOLDS = { critical: 6, high: 3, low: -2 } as const;
/** Title words say what the reporter thinks matters most; they count this much more than body words. */
const TITLE_FACTOR = 1.5;
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

/** A title that announces a dependency or version change rather than a malfunction. */
export function isMaintenance(title: string): boolean {
  return MAINTENANCE_TITLE.test(title) || /\bdependenc(?:y|ies)\b/i.test(title);
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

const NEGATORS = new Set(['not', 'no', 'never', 'without', 'nor']);
const BOUNDARY = '|';

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
    const negated =
      useNegation &&
      matched.negatable &&
      [tokens[i - 1], tokens[i - 2]].some((p, k) => p !== undefined && NEGATORS.has(p.stem) && (k === 0 || tokens[i - 1]?.stem !== BOUNDARY));
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
export function severityOf(title: string, body: string): { severity: Severity; score: number; signals: string[] } {
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
  add(matchCues(titleTokens, SEVERITY_INDEX, true), (h) => factorFor(h, TITLE_FACTOR));
  add(matchCues(tokenize(prose), SEVERITY_INDEX, true), (h) => factorFor(h, 1));
  // A failure confined to a test suite (a test class or the word "test" in the title) reaches no user.
  const testWord = titleTokens.find((t) => t.stem === 'test' || /^i?test[a-z0-9]{3,}/.test(t.raw));
  if (testWord) best.set('#test-only', { w: TEST_ONLY_WEIGHT, base: TEST_ONLY_WEIGHT, surface: testWord.raw });

  let strong = 0;
  let weak = 0;
  for (const { w, base } of best.values()) {
    if (Math.abs(base) >= 2) strong += w;
    else weak += w;
  }
  // A stack trace shows something threw; worth a weak nudge, not a verdict.
  if (hadTrace) weak += 0.5;
  weak = Math.max(-WEAK_LIMIT, Math.min(WEAK_LIMIT, weak));
  const score = Math.round((strong + weak) * 100) / 100;
  // Critical needs a critical reason (crash, loss, vulnerability, outage), not a pile of lesser complaints.
  const criticalCue = [...best.values()].some((v) => v.base >= CRITICAL_CUE && v.w >= CRITICAL_CUE);
  const severity: Severity =
    score >= THRESHOLDS.critical && criticalCue ? 'critical' : score >= THRESHOLDS.high ? 'high' : score <= THRESHOLDS.low ? 'low' : 'medium';
  // Signals name the words that pushed the verdict's way, strongest first.
  const direction = severity === 'low' ? -1 : severity === 'medium' ? 0 : 1;
  const signals = [...best.values()]
    .filter((v) => (direction === 0 ? true : Math.sign(v.w) === direction))
    .sort((a, b) => Math.abs(b.w) - Math.abs(a.w) || (a.surface < b.surface ? -1 : a.surface > b.surface ? 1 : 0))
    .map((v) => v.surface);
  return { severity, score, signals: [...new Set(signals)].slice(0, MAX_SIGNALS) };
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
