// Bench for defect-triage (severity vs labelled bug reports) and coverage-check (uncovered requirements vs links).
import { parseCsv } from '../src/tools/shared/csv.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkCoverage } from '../src/tools/coverage-check/engine.ts';
import { THRESHOLDS, TITLE_FACTOR, severityLevel, severityOf, triage } from '../src/tools/defect-triage/engine.ts';
import type { Severity, SeverityThresholds } from '../src/tools/defect-triage/engine.ts';

const LABELS: readonly Severity[] = ['critical', 'high', 'medium', 'low'];

interface BugRow {
  id: string;
  title: string;
  body: string | null;
  severity: Severity;
}

interface ClassStats {
  precision: number;
  recall: number;
  f1: number;
  support: number;
}

function fmt(x: number): string {
  return x.toFixed(3);
}

/** Per-class precision/recall/F1, macro-F1 and accuracy of predictions against gold labels. */
function score(gold: readonly Severity[], pred: readonly Severity[]): { accuracy: number; macroF1: number; perClass: Record<Severity, ClassStats>; confusion: number[][] } {
  const confusion = LABELS.map(() => LABELS.map(() => 0));
  gold.forEach((g, i) => {
    const row = confusion[LABELS.indexOf(g)];
    const p = pred[i];
    if (row && p) row[LABELS.indexOf(p)] = (row[LABELS.indexOf(p)] ?? 0) + 1;
  });
  const perClass = {} as Record<Severity, ClassStats>;
  LABELS.forEach((l, k) => {
    const tp = confusion[k]?.[k] ?? 0;
    const predicted = confusion.reduce((a, row) => a + (row[k] ?? 0), 0);
    const support = (confusion[k] ?? []).reduce((a, b) => a + b, 0);
    const precision = predicted ? tp / predicted : 0;
    const recall = support ? tp / support : 0;
    perClass[l] = { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, support };
  });
  const correct = gold.filter((g, i) => g === pred[i]).length;
  return {
    accuracy: gold.length ? correct / gold.length : 0,
    macroF1: LABELS.reduce((a, l) => a + perClass[l].f1, 0) / LABELS.length,
    perClass,
    confusion,
  };
}

/** FNV-1a 32-bit: a stable fold assignment that does not depend on file order. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const FOLDS = 5;

/** Repetitions of the whole k-fold protocol, each with differently hashed folds; their spread is the noise. */
export const REPEATS = 10;

/** Fold of a report: its id hashed (with the repetition), so the folds do not depend on file order. */
export function foldOf(id: string, repeat = 0): number {
  return fnv1a(repeat === 0 ? id : `${repeat}:${id}`) % FOLDS;
}

const range = (from: number, to: number, step: number): number[] => {
  const out: number[] = [];
  for (let x = from; step > 0 ? x <= to + 1e-9 : x >= to - 1e-9; x += step) out.push(Math.round(x * 100) / 100);
  return out;
};
/** The cut-points searched; coarse on purpose (half points), so a fold cannot pick a value between two reports. */
const GRID = { critical: range(3, 10, 0.5), high: range(1, 6, 0.5), low: range(-0.5, -5, -0.5) };

export interface Scored {
  score: number;
  criticalCue: boolean;
}

/** Title weights tried in the sensitivity run; the engine's TITLE_FACTOR is one of them. */
export const TITLE_FACTORS: readonly number[] = [1, 1.5, 2, 2.5, 3];

/** What the protocol tunes: how much title words outweigh body words, and the three cut-points. */
export interface Setting {
  titleFactor: number;
  t: SeverityThresholds;
}

const SEVERITY_INDEX: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/** Macro-F1 from a flat 4x4 confusion count, without allocating per call (the grid search calls it often). */
function macroF1Of(confusion: Int32Array): number {
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    let predicted = 0;
    let support = 0;
    for (let j = 0; j < 4; j++) {
      predicted += confusion[j * 4 + k] ?? 0;
      support += confusion[k * 4 + j] ?? 0;
    }
    const tp = confusion[k * 4 + k] ?? 0;
    sum += tp === 0 ? 0 : (2 * tp) / (predicted + support);
  }
  return sum / 4;
}

/**
 * The cut-points set by hand before any calibration. Ties in the search go towards them rather than towards
 * the shipped (whole-file) ones, so nothing fitted on the whole file leaks into a fold's choice.
 */
const HAND_SET: Readonly<SeverityThresholds> = { critical: 6, high: 3, low: -2 };

/**
 * Cut-points that maximise macro-F1 on the given rows. Ties go to the cut-points nearest the hand-set ones
 * (L1), then to grid order, so the choice is deterministic and does not wander on plateaus.
 */
export function fitThresholds(gold: readonly Severity[], scored: readonly Scored[], prior: Readonly<SeverityThresholds> = HAND_SET): { t: SeverityThresholds; macroF1: number } {
  let best: SeverityThresholds = { ...prior };
  let bestF1 = -1;
  let bestDist = Infinity;
  const confusion = new Int32Array(16);
  const goldIdx = gold.map((g) => SEVERITY_INDEX[g]);
  for (const critical of GRID.critical) {
    for (const high of GRID.high) {
      if (high > critical) continue;
      for (const low of GRID.low) {
        const t = { critical, high, low };
        confusion.fill(0);
        scored.forEach((s, i) => {
          const cell = (goldIdx[i] ?? 0) * 4 + SEVERITY_INDEX[severityLevel(s.score, s.criticalCue, t)];
          confusion[cell] = (confusion[cell] ?? 0) + 1;
        });
        const f1 = macroF1Of(confusion);
        const dist = Math.abs(critical - prior.critical) + Math.abs(high - prior.high) + Math.abs(low - prior.low);
        if (f1 > bestF1 + 1e-12 || (Math.abs(f1 - bestF1) <= 1e-12 && dist < bestDist)) {
          best = t;
          bestF1 = f1;
          bestDist = dist;
        }
      }
    }
  }
  return { t: best, macroF1: bestF1 };
}

/** The title factor and cut-points that fit the given rows best; ties go to the engine's own title factor. */
export function fitSetting(
  gold: readonly Severity[],
  byFactor: ReadonlyMap<number, readonly Scored[]>,
  rows: readonly number[],
  factors: readonly number[] = [TITLE_FACTOR],
): Setting & { macroF1: number } {
  let best: (Setting & { macroF1: number }) | undefined;
  const g = rows.map((i) => gold[i] as Severity);
  for (const titleFactor of factors) {
    const all = byFactor.get(titleFactor) ?? [];
    const fit = fitThresholds(
      g,
      rows.map((i) => all[i] as Scored),
    );
    const closer = best !== undefined && Math.abs(titleFactor - TITLE_FACTOR) < Math.abs(best.titleFactor - TITLE_FACTOR);
    if (!best || fit.macroF1 > best.macroF1 + 1e-12 || (Math.abs(fit.macroF1 - best.macroF1) <= 1e-12 && closer)) best = { titleFactor, t: fit.t, macroF1: fit.macroF1 };
  }
  return best ?? { titleFactor: TITLE_FACTOR, t: { ...THRESHOLDS }, macroF1: 0 };
}

/** Scores of every report under every candidate title factor, computed once. */
export function scoreAll(rows: readonly { title: string; body: string | null }[]): Map<number, Scored[]> {
  return new Map(TITLE_FACTORS.map((f) => [f, rows.map((r) => severityOf(r.title, r.body ?? '', { titleFactor: f }))]));
}

/** Out-of-fold predictions: each fold is predicted with the setting fitted on the other folds only. */
export function crossValidate(
  ids: readonly string[],
  gold: readonly Severity[],
  byFactor: ReadonlyMap<number, readonly Scored[]>,
  factors: readonly number[] = [TITLE_FACTOR],
  repeat = 0,
): { pred: Severity[]; perFold: { fold: number; n: number; setting: Setting; macroF1: number }[] } {
  const pred: Severity[] = new Array<Severity>(ids.length).fill('medium');
  const perFold: { fold: number; n: number; setting: Setting; macroF1: number }[] = [];
  for (let f = 0; f < FOLDS; f++) {
    const train = ids.map((id, i) => (foldOf(id, repeat) === f ? -1 : i)).filter((i) => i >= 0);
    const test = ids.map((id, i) => (foldOf(id, repeat) === f ? i : -1)).filter((i) => i >= 0);
    const setting = fitSetting(gold, byFactor, train, factors);
    const scored = byFactor.get(setting.titleFactor) ?? [];
    for (const i of test) {
      const s = scored[i] as Scored;
      pred[i] = severityLevel(s.score, s.criticalCue, setting.t);
    }
    const fs = score(
      test.map((i) => gold[i] as Severity),
      test.map((i) => pred[i] as Severity),
    );
    perFold.push({ fold: f, n: test.length, setting: { titleFactor: setting.titleFactor, t: setting.t }, macroF1: fs.macroF1 });
  }
  return { pred, perFold };
}

/** A deliberately naive keyword rule, run here so the comparison uses the same data and metric. */
function naiveSeverity(text: string): Severity {
  const t = text.toLowerCase();
  if (/crash|data loss|corrupt|security|vulnerab/.test(t)) return 'critical';
  if (/error|fail|exception|broken|not work/.test(t)) return 'high';
  if (/typo|cosmetic|minor|trivial|\bdoc/.test(t)) return 'low';
  return 'medium';
}

/** The tracker a report comes from: the held-out unit of the leave-one-source-out protocol. */
export type Source = 'Hadoop Jira' | 'Eclipse Bugzilla' | 'OpenOffice Bugzilla';
export const SOURCES: readonly Source[] = ['Hadoop Jira', 'Eclipse Bugzilla', 'OpenOffice Bugzilla'];

export function sourceOf(id: string): Source {
  if (id.startsWith('HADOOP')) return 'Hadoop Jira';
  if (id.startsWith('Eclipse')) return 'Eclipse Bugzilla';
  return 'OpenOffice Bugzilla';
}

/** F1 of the severe class (gold and predicted critical or high) against the rest. */
export function severeF1(gold: readonly Severity[], pred: readonly Severity[]): number {
  const severe = (s: Severity | undefined): boolean => s === 'critical' || s === 'high';
  let tp = 0;
  let fp = 0;
  let fn = 0;
  gold.forEach((g, i) => {
    const p = severe(pred[i]);
    if (severe(g) && p) tp++;
    else if (p) fp++;
    else if (severe(g)) fn++;
  });
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}

/** Per held-out source and pooled: macro-F1 and severe-vs-rest F1 of out-of-source predictions. */
export function losoTable(name: string, sources: readonly Source[], gold: readonly Severity[], pred: readonly Severity[]): string[] {
  const cell = (idx: number[]): string => {
    const g = idx.map((i) => gold[i] as Severity);
    const p = idx.map((i) => pred[i] as Severity);
    return `macro-F1 ${fmt(score(g, p).macroF1)} severe-F1 ${fmt(severeF1(g, p))}`;
  };
  const all = gold.map((_g, i) => i);
  const parts = SOURCES.map((s) => `${s} (n ${sources.filter((x) => x === s).length}) ${cell(all.filter((i) => sources[i] === s))}`);
  return [`  ${name.padEnd(44)} pooled ${cell(all)}`, `      ${parts.join(' | ')}`];
}

function triageSection(dir: string): string[] {
  const file = path.join(dir, 'bugs.jsonl');
  if (!existsSync(file)) return [`defect-triage: ${file} not found; skipped`];
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as BugRow);
  const out = triage(rows.map((r) => ({ id: r.id, title: r.title, description: r.body ?? '' })));
  const gold = rows.map((r) => r.severity);
  const pred = out.map((o) => o.severity);
  const ids = rows.map((r) => r.id);
  const byFactor = scoreAll(rows);
  const cv = crossValidate(ids, gold, byFactor);
  const oof = score(gold, cv.pred);
  const all = score(gold, pred);
  const everyRow = rows.map((_r, i) => i);
  const fitted = fitSetting(gold, byFactor, everyRow);
  const repeats = Array.from({ length: REPEATS }, (_x, r) => score(gold, crossValidate(ids, gold, byFactor, [TITLE_FACTOR], r).pred).macroF1);
  const tunedFactor = Array.from({ length: REPEATS }, (_x, r) => score(gold, crossValidate(ids, gold, byFactor, TITLE_FACTORS, r).pred).macroF1);
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  const spread = (xs: number[]): string => `mean ${fmt(mean(xs))}, min ${fmt(Math.min(...xs))}, max ${fmt(Math.max(...xs))}`;
  const cut = (t: Readonly<SeverityThresholds>): string => `critical >= ${t.critical}, high >= ${t.high}, low <= ${t.low}`;
  const setting = (s: Setting): string => `title x${s.titleFactor}, ${cut(s.t)}`;
  const perClass = (s: ReturnType<typeof score>): string =>
    `    per class   ${LABELS.map((l) => `${l} P ${fmt(s.perClass[l].precision)} R ${fmt(s.perClass[l].recall)} F1 ${fmt(s.perClass[l].f1)}`).join(' | ')}`;
  const confusion = (s: ReturnType<typeof score>): string => `    confusion (rows gold, cols predicted ${LABELS.join('/')}): ${s.confusion.map((r) => r.join(' ')).join(' | ')}`;
  const lines = [`defect-triage severity on ${path.relative(process.cwd(), file)} (${rows.length} reports; gold ${LABELS.map((l) => `${l} ${oof.perClass[l].support}`).join(', ')})`];
  lines.push(
    `  HEADLINE out-of-fold macro-F1 ${fmt(oof.macroF1)}   accuracy ${fmt(oof.accuracy)}   (${FOLDS}-fold by FNV-1a of id; cut-points fitted on the other folds; target: beat 0.40; naive baseline 0.28)`,
  );
  lines.push(perClass(oof), confusion(oof));
  for (const f of cv.perFold) lines.push(`    fold ${f.fold}  n ${String(f.n).padStart(3)}  fitted on the other folds: ${setting(f.setting)}  fold macro-F1 ${fmt(f.macroF1)}`);
  lines.push(`  out-of-fold macro-F1 over ${REPEATS} differently hashed ${FOLDS}-fold splits: ${spread(repeats)}`);
  const verdict = mean(tunedFactor) > mean(repeats) ? 'better: consider fitting it' : `not better: the engine keeps x${TITLE_FACTOR}`;
  lines.push(`  same, with the title weight also fitted per fold (from ${TITLE_FACTORS.join(', ')}): ${spread(tunedFactor)} (${verdict})`);
  lines.push(`  whole file, shipped setting (${setting({ titleFactor: TITLE_FACTOR, t: THRESHOLDS })}): macro-F1 ${fmt(all.macroF1)}   accuracy ${fmt(all.accuracy)}   (in-sample)`);
  lines.push(perClass(all), confusion(all));
  lines.push(`  cut-points fitted on the whole file: ${cut(fitted.t)} (macro-F1 ${fmt(fitted.macroF1)}, in-sample)`);
  // Leave one source out: the cut-points are fitted on the two other trackers, then applied to the third.
  const sources = rows.map((r) => sourceOf(r.id));
  const losoPred: Severity[] = new Array<Severity>(rows.length).fill('medium');
  const tuned = byFactor.get(TITLE_FACTOR) ?? [];
  for (const held of SOURCES) {
    const train = rows.map((_r, i) => i).filter((i) => sources[i] !== held);
    const fit = fitThresholds(
      train.map((i) => gold[i] as Severity),
      train.map((i) => tuned[i] as Scored),
    );
    rows.forEach((_r, i) => {
      if (sources[i] !== held) return;
      const s = tuned[i] as Scored;
      losoPred[i] = severityLevel(s.score, s.criticalCue, fit.t);
    });
    lines.push(`    held out ${held}: cut-points fitted on the other two: ${cut(fit.t)}`);
  }
  lines.push('  LEAVE-ONE-SOURCE-OUT (each tracker predicted by what was fitted on the other two):');
  lines.push(...losoTable('cut-points fitted on the other sources', sources, gold, losoPred));
  lines.push(...losoTable('shipped cut-points (fitted on all, in-sample)', sources, gold, pred));
  lines.push(...losoTable('naive keyword rule (nothing fitted)', sources, gold, rows.map((r) => naiveSeverity(`${r.title}\n${r.body ?? ''}`))));
  const subsets: [string, (r: BugRow, i: number) => boolean][] = [
    ['even rows', (_r, i) => i % 2 === 0],
    ['odd rows', (_r, i) => i % 2 === 1],
    ['Jira (Hadoop)', (r) => r.id.startsWith('HADOOP')],
    ['Bugzilla (Eclipse, OpenOffice)', (r) => !r.id.startsWith('HADOOP')],
  ];
  for (const [name, keep] of subsets) {
    const idx = rows.map((r, i) => (keep(r, i) ? i : -1)).filter((i) => i >= 0);
    const s = score(
      idx.map((i) => gold[i] as Severity),
      idx.map((i) => cv.pred[i] as Severity),
    );
    lines.push(`  out-of-fold split ${name.padEnd(31)} n ${String(idx.length).padStart(3)}  macro-F1 ${fmt(s.macroF1)}  accuracy ${fmt(s.accuracy)}`);
  }
  const naive = score(
    gold,
    rows.map((r) => naiveSeverity(`${r.title}\n${r.body ?? ''}`)),
  );
  lines.push(`  reference: naive keyword rule in this script  macro-F1 ${fmt(naive.macroF1)}  accuracy ${fmt(naive.accuracy)}`);
  const cats = new Map<string, number>();
  for (const o of out) cats.set(o.category, (cats.get(o.category) ?? 0) + 1);
  lines.push(`  categories: ${[...cats.entries()].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ')}`);
  return lines;
}


function coverageSection(dir: string): string[] {
  const base = path.join(dir, 'coverage', 'dataset-1');
  const files = ['high', 'low', 'links'].map((k) => `${base}_${k}.csv`);
  if (!files.every((f) => existsSync(f))) return [`coverage-check: ${base}_{high,low,links}.csv not found; skipped`];
  // high = requirements (id,text), low = use cases (id,text), links = requirement id -> "UC1,UC2" or "".
  const [high, low, links] = files.map((f) => parseCsv(readFileSync(f, 'utf8')).slice(1)) as [string[][], string[][], string[][]];
  const truth = new Map(links.map((r) => [r[0] ?? '', (r[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean)]));
  const res = checkCoverage({ requirements: high.map((r) => r[1] ?? ''), stories: low.map((r) => r[1] ?? '') });
  const reqId = (i: number): string => high[i]?.[0] ?? '';
  const storyId = (i: number): string => low[i]?.[0] ?? '';
  const predicted = new Set(res.uncovered_requirements.map((u) => reqId(u.index)));
  const actual = new Set(high.map((r) => r[0] ?? '').filter((id) => (truth.get(id) ?? []).length === 0));
  const tp = [...predicted].filter((id) => actual.has(id)).length;
  const precision = predicted.size ? tp / predicted.size : 0;
  const recall = actual.size ? tp / actual.size : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  // Link level, for context: every (requirement, story) pair the tool reports against the truth pairs.
  const predPairs = new Set(res.covered.flatMap((c) => c.story_indexes.map((s) => `${reqId(c.index)}>${storyId(s)}`)));
  const truePairs = new Set([...truth.entries()].flatMap(([r, ss]) => ss.map((s) => `${r}>${s}`)));
  const pairTp = [...predPairs].filter((p) => truePairs.has(p)).length;
  const missed = [...actual].filter((id) => !predicted.has(id));
  const wrong = [...predicted].filter((id) => !actual.has(id));
  return [
    `coverage-check uncovered-requirement detection on ${path.relative(process.cwd(), base)}_*.csv (${high.length} requirements, ${low.length} use cases, ${actual.size} uncovered in links.csv)`,
    `  precision ${fmt(precision)}   recall ${fmt(recall)}   F1 ${fmt(f1)}   (flagged ${predicted.size}, correct ${tp})`,
    `  missed (truth uncovered, tool found a story): ${missed.join(' ') || '-'}`,
    `  false alarms (truth covered, tool found none): ${wrong.join(' ') || '-'}`,
    `  link level: precision ${fmt(predPairs.size ? pairTp / predPairs.size : 0)}  recall ${fmt(truePairs.size ? pairTp / truePairs.size : 0)}  (${predPairs.size} pairs reported, ${truePairs.size} true)`,
    `  coverage_score ${res.coverage_score} (truth ${Math.round((100 * (high.length - actual.size)) / high.length)}), orphan stories ${res.orphan_stories.length}, missing buckets ${res.missing_buckets.map((b) => b.bucket).join(', ') || '-'}`,
  ];
}

/** The printable report; data is read from ../shared/bench/agile relative to the repository root. */
export async function run(): Promise<string> {
  const dir = path.resolve(process.cwd(), '../shared/bench/agile');
  return [...triageSection(dir), '', ...coverageSection(dir)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await run());
}
