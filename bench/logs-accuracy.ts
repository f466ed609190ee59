// Loghub-2k accuracy for log-analyzer: grouping and parsing accuracy per system, against the original Loghub labels
// and the corrected Loghub-2.0 labels, in-sample and leave-one-system-out over the mining settings.
//
// Run alone: npx tsx bench/logs-accuracy.ts [--details] [--only Name] (bench/logs.ts runs it too).
// Reads ../shared/bench/loghub/<Name>/<Name>_2k.log (raw) and <Name>_2k.log_structured.csv (original labels); when
// the raw log is not beside the CSV, LOGHUB_RAW_DIR=<dir> supplies <dir>/<Name>/<Name>_2k.log. Corrected labels
// (logpai/loghub-2.0, 2k_dataset/<Name>/<Name>_2k.log_structured_corrected.csv) are read from LOGHUB2_DIR, either
// that repository's 2k_dataset folder or any folder holding <Name>/<Name>_2k.log_structured_corrected.csv; unset,
// the corrected columns are skipped with a note. The engine sees only the raw log: headers are detected, never taken
// from a CSV.
//
// Leave-one-system-out: the engine's only tunable settings are MiningConfig's (cluster.ts). For each held-out system,
// every setting of a grid of 90 around the shipped default is scored on the other systems, and the held-out system
// is scored with the setting chosen there by three rules: the mean over the settings tied at the best mean GA
// (nothing on the other systems prefers one of them; the worst is printed beside it), the tied setting that splits
// least, and the one-standard-error rule (Breiman et al. 1984; Hastie, Tibshirani and Friedman, The Elements of
// Statistical Learning, 7.10): the most parsimonious setting whose mean GA on the other systems is within one
// standard error of the best mean, the standard error taken across those systems (sample standard deviation of
// the best setting's per-system GA over the square root of their number). "Most parsimonious" is the setting that
// splits least: lower limits first, then requiring a repeated value, an order fixed before looking at any system.
// Every other rule in the engine is fixed and identical for every log.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_MINING } from '../src/tools/log-analyzer/cluster.ts';
import type { MiningConfig } from '../src/tools/log-analyzer/cluster.ts';
import { analyzeLog } from '../src/tools/log-analyzer/engine.ts';
import { groundTruth, groupingAccuracy, parsingAccuracy } from '../src/tools/log-analyzer/loghub-eval.ts';
import type { GroundTruth, WrongGroup } from '../src/tools/log-analyzer/loghub-eval.ts';

export const NOW_MS = Date.UTC(2026, 6, 22, 12, 0, 0);
export const LOGHUB_ROOT = path.resolve(process.cwd(), '../shared/bench/loghub');
/** The eight bench systems; the other eight Loghub systems are kept apart and never read here. */
export const BENCH_SYSTEMS = ['BGL', 'HDFS', 'HPC', 'Hadoop', 'HealthApp', 'Linux', 'OpenSSH', 'Proxifier'] as const;

export interface DataSet {
  name: string;
  raw: string;
  original: GroundTruth;
  corrected: GroundTruth | null;
}

function rawLogPath(name: string): string | null {
  const beside = path.join(LOGHUB_ROOT, name, `${name}_2k.log`);
  if (existsSync(beside)) return beside;
  const alt = process.env.LOGHUB_RAW_DIR;
  if (alt) {
    const p = path.join(alt, name, `${name}_2k.log`);
    if (existsSync(p)) return p;
  }
  return null;
}

function correctedPath(name: string): string | null {
  const dir = process.env.LOGHUB2_DIR;
  if (!dir) return null;
  for (const p of [path.join(dir, name, `${name}_2k.log_structured_corrected.csv`), path.join(dir, '2k_dataset', name, `${name}_2k.log_structured_corrected.csv`)]) {
    if (existsSync(p)) return p;
  }
  return null;
}

/** The bench systems present on disk (only the eight named above, whatever else the folder holds). */
export function loadSets(only?: string): DataSet[] {
  if (!existsSync(LOGHUB_ROOT)) return [];
  const present = new Set(readdirSync(LOGHUB_ROOT));
  const sets: DataSet[] = [];
  for (const name of BENCH_SYSTEMS) {
    if (!present.has(name) || (only && only !== name)) continue;
    const csv = path.join(LOGHUB_ROOT, name, `${name}_2k.log_structured.csv`);
    const logPath = rawLogPath(name);
    if (!existsSync(csv) || !logPath) {
      console.log(`${name}: raw ${name}_2k.log or its labels not found (beside the CSV or under LOGHUB_RAW_DIR); skipped.`);
      continue;
    }
    const cPath = correctedPath(name);
    sets.push({
      name,
      raw: readFileSync(logPath, 'utf8'),
      original: groundTruth(readFileSync(csv, 'utf8')),
      corrected: cPath ? groundTruth(readFileSync(cPath, 'utf8')) : null,
    });
  }
  return sets;
}

export interface Score {
  ga: number;
  pa: number;
  gaCorrected: number | null;
  paCorrected: number | null;
  clusters: number;
  events: number;
  wrong: WrongGroup[];
  format: string;
}

/** One system scored under one mining setting. */
export function score(set: DataSet, mining: MiningConfig = DEFAULT_MINING): Score {
  const result = analyzeLog(set.raw, { maxClusters: Number.MAX_SAFE_INTEGER, returnAssignments: true, nowMs: NOW_MS, mining });
  const assignments = result.assignments!;
  if (assignments.length !== set.original.eventIds.length) {
    throw new Error(`${set.name}: ${assignments.length} lines parsed but ${set.original.eventIds.length} labelled`);
  }
  const predicted = assignments.map((a) => (a >= 0 ? result.clusters[a]!.signature : '(no record)'));
  const { ga, wrong } = groupingAccuracy(predicted, set.original.eventIds);
  const c = set.corrected;
  return {
    ga,
    pa: parsingAccuracy(predicted, set.original.templates),
    gaCorrected: c ? groupingAccuracy(predicted, c.eventIds).ga : null,
    paCorrected: c ? parsingAccuracy(predicted, c.templates) : null,
    clusters: result.cluster_count,
    events: new Set(set.original.eventIds).size,
    wrong,
    format: `${result.format.name} (${result.format.layout})`,
  };
}

/** The grid searched for leave-one-system-out: each setting around the shipped default. */
export function miningGrid(): MiningConfig[] {
  const grid: MiningConfig[] = [DEFAULT_MINING];
  for (const maxSplitValues of [2, 3, 4, 6, 8]) {
    for (const maxEnumValues of [4, 16, 32]) {
      for (const maxFirstWordValues of [4, 16, 32]) {
        for (const requireRepeat of [true, false]) {
          const c = { maxSplitValues, maxEnumValues, maxFirstWordValues, requireRepeat };
          if (!sameConfig(c, DEFAULT_MINING)) grid.push(c);
        }
      }
    }
  }
  return grid;
}

function sameConfig(a: MiningConfig, b: MiningConfig): boolean {
  return a.maxSplitValues === b.maxSplitValues && a.maxEnumValues === b.maxEnumValues && a.maxFirstWordValues === b.maxFirstWordValues && a.requireRepeat === b.requireRepeat;
}

const configLabel = (c: MiningConfig): string => `split<=${c.maxSplitValues} enum<=${c.maxEnumValues} first<=${c.maxFirstWordValues}${c.requireRepeat ? '' : ' no-repeat'}`;

export interface LosoRow {
  name: string;
  inSample: Score;
  /** Held-out scores: each label set's figure uses the setting chosen on the other systems with that label set. */
  ga: number;
  pa: number;
  /** The lowest held-out GA among the settings tied on the other systems. */
  gaWorst: number;
  /** Held-out GA with the tie broken toward the setting that splits least (a prior fixed before any data). */
  gaFewest: number;
  /** Held-out GA and PA with the setting of the one-standard-error rule (see the file's head). */
  gaOneSe: number;
  paOneSe: number;
  gaCorrected: number | null;
  paCorrected: number | null;
  gaCorrectedWorst: number | null;
  gaCorrectedFewest: number | null;
  gaCorrectedOneSe: number | null;
  paCorrectedOneSe: number | null;
  chosen: string;
  /** The setting the one-standard-error rule chose, with the best mean and the standard error on the other systems. */
  chosenOneSe: string;
  chosenOneSeCorrected: string | null;
  chosenCorrected: string | null;
}

/**
 * Score every system under every grid setting, then, per held-out system, take the settings with the best mean GA on
 * the other systems. When several settings tie there, nothing on the other systems prefers one of them, so the
 * held-out figure is their mean (the expected figure of a choice made without the held-out system), and the worst
 * of them is reported beside it.
 */
export function leaveOneSystemOut(sets: DataSet[], progress: (msg: string) => void = () => undefined): LosoRow[] {
  const grid = miningGrid();
  const table: Score[][] = [];
  grid.forEach((config, i) => {
    table.push(sets.map((s) => score(s, config)));
    if ((i + 1) % 15 === 0 || i + 1 === grid.length) progress(`  leave-one-system-out grid: ${i + 1}/${grid.length} settings scored`);
  });
  const best = (held: number, key: 'ga' | 'gaCorrected'): number[] => {
    const means = table.map((row) => {
      let sum = 0;
      for (let k = 0; k < sets.length; k++) if (k !== held) sum += row[k]![key] ?? 0;
      return sum / Math.max(1, sets.length - 1);
    });
    const top = Math.max(...means);
    return means.flatMap((m, g) => (m >= top - 1e-12 ? [g] : []));
  };
  const avg = (gs: number[], k: number, key: 'ga' | 'pa' | 'gaCorrected' | 'paCorrected'): number => gs.reduce((a, g) => a + (table[g]![k]![key] ?? 0), 0) / gs.length;
  const worst = (gs: number[], k: number, key: 'ga' | 'gaCorrected'): number => Math.min(...gs.map((g) => table[g]![k]![key] ?? 0));
  // Fewest splits: lower limits first, then requiring a repeated value (both split less).
  const splitting = (c: MiningConfig): number => c.maxSplitValues * 1e6 + c.maxEnumValues * 1e3 + c.maxFirstWordValues + (c.requireRepeat ? 0 : 0.5);
  const fewest = (gs: number[]): number => [...gs].sort((a, b) => splitting(grid[a]!) - splitting(grid[b]!) || a - b)[0]!;
  // One-standard-error rule: the best mean GA on the other systems, its standard error across those systems, and
  // the setting that splits least among those within one standard error of the best.
  const oneSe = (held: number, key: 'ga' | 'gaCorrected'): { g: number; best: number; se: number; candidates: number } => {
    const others = sets.map((_, k) => k).filter((k) => k !== held);
    const scores = table.map((row) => others.map((k) => row[k]![key] ?? 0));
    const means = scores.map((xs) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length));
    const top = Math.max(...means);
    // Settings tied at the best mean: the standard error of the first in grid order (tied settings score the other
    // systems alike in every fold of this bench, so the choice among them does not change the error).
    const bestG = means.findIndex((m) => m >= top - 1e-12);
    const xs = scores[bestG]!;
    const n = xs.length;
    const sd = n > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - top) ** 2, 0) / (n - 1)) : 0;
    const se = n > 0 ? sd / Math.sqrt(n) : 0;
    const within = means.flatMap((m, g) => (m >= top - se - 1e-12 ? [g] : []));
    return { g: fewest(within), best: top, se, candidates: within.length };
  };
  const label = (gs: number[]): string => (gs.length === 1 ? configLabel(grid[gs[0]!]!) : `${gs.length} settings tie (${gs.slice(0, 3).map((g) => configLabel(grid[g]!)).join('; ')}${gs.length > 3 ? '; ...' : ''})`);
  // The same rule on all the systems: the setting it would ship.
  const all = oneSe(-1, 'ga');
  progress(`one-standard-error rule on all ${sets.length} systems: ${configLabel(grid[all.g]!)} (best mean ${all.best.toFixed(4)}, SE ${all.se.toFixed(4)}, ${all.candidates} settings within; shipped: ${configLabel(DEFAULT_MINING)})`);
  return sets.map((s, k) => {
    const g = best(k, 'ga');
    const hasCorrected = s.corrected !== null;
    const gc = hasCorrected ? best(k, 'gaCorrected') : [];
    const se = oneSe(k, 'ga');
    const seC = hasCorrected ? oneSe(k, 'gaCorrected') : null;
    const seLabel = (r: { g: number; best: number; se: number; candidates: number }): string =>
      `${configLabel(grid[r.g]!)} (best mean ${r.best.toFixed(4)}, SE ${r.se.toFixed(4)}, ${r.candidates} within)`;
    return {
      name: s.name,
      inSample: table[0]![k]!,
      ga: avg(g, k, 'ga'),
      pa: avg(g, k, 'pa'),
      gaWorst: worst(g, k, 'ga'),
      gaFewest: table[fewest(g)]![k]!.ga,
      gaOneSe: table[se.g]![k]!.ga,
      paOneSe: table[se.g]![k]!.pa,
      gaCorrected: hasCorrected ? avg(gc, k, 'gaCorrected') : null,
      paCorrected: hasCorrected ? avg(gc, k, 'paCorrected') : null,
      gaCorrectedWorst: hasCorrected ? worst(gc, k, 'gaCorrected') : null,
      gaCorrectedFewest: hasCorrected ? table[fewest(gc)]![k]!.gaCorrected : null,
      gaCorrectedOneSe: seC ? table[seC.g]![k]!.gaCorrected : null,
      paCorrectedOneSe: seC ? table[seC.g]![k]!.paCorrected : null,
      chosen: label(g),
      chosenCorrected: hasCorrected ? label(gc) : null,
      chosenOneSe: seLabel(se),
      chosenOneSeCorrected: seC ? seLabel(seC) : null,
    };
  });
}

const f4 = (x: number | null): string => (x === null ? '   n/a' : x.toFixed(4));
const mean = (xs: (number | null)[]): number | null => (xs.some((x) => x === null) || xs.length === 0 ? null : xs.reduce((a: number, x) => a + x!, 0) / xs.length);

/** Print the accuracy tables (paste-ready) and return the rows. */
export function reportAccuracy(sets: DataSet[], options: { details?: boolean; loso?: boolean } = {}): LosoRow[] {
  const progress = (msg: string): void => console.log(msg);
  if (!sets.some((s) => s.corrected)) {
    console.log('Corrected Loghub-2.0 labels: LOGHUB2_DIR unset or without <Name>/<Name>_2k.log_structured_corrected.csv; corrected columns show n/a.');
  }
  let rows: LosoRow[];
  if (options.loso === false) {
    rows = sets.map((s) => {
      const sc = score(s);
      return {
        name: s.name,
        inSample: sc,
        ga: sc.ga,
        pa: sc.pa,
        gaWorst: sc.ga,
        gaFewest: sc.ga,
        gaCorrected: sc.gaCorrected,
        paCorrected: sc.paCorrected,
        gaCorrectedWorst: sc.gaCorrected,
        gaCorrectedFewest: sc.gaCorrected,
        gaOneSe: sc.ga,
        paOneSe: sc.pa,
        gaCorrectedOneSe: sc.gaCorrected,
        paCorrectedOneSe: sc.paCorrected,
        chosen: configLabel(DEFAULT_MINING),
        chosenCorrected: null,
        chosenOneSe: configLabel(DEFAULT_MINING),
        chosenOneSeCorrected: null,
      };
    });
  } else {
    progress(`Scoring ${sets.length} systems under ${miningGrid().length} mining settings (shipped default: ${configLabel(DEFAULT_MINING)})`);
    rows = leaveOneSystemOut(sets, progress);
  }
  if (options.details) {
    for (const s of sets) {
      const sc = rows.find((r) => r.name === s.name)!.inSample;
      console.log(`\n== ${s.name}: format ${sc.format}`);
      const templateOf = new Map<string, string>();
      s.original.eventIds.forEach((id, i) => templateOf.set(id, s.original.templates[i]!));
      for (const w of sc.wrong.slice(0, 25)) {
        const ids = [...w.truthIds.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
        console.log(`  ${String(w.size).padStart(5)}  ${w.key.slice(0, 110)}`);
        for (const [id, k] of ids) console.log(`         ${String(k).padStart(4)} ${id}: ${templateOf.get(id)!.slice(0, 100)}`);
      }
    }
  }
  console.log('\nAccuracy: shipped setting (in-sample) and leave-one-system-out (LOSO: setting chosen on the other systems).');
  console.log('LOSO "mean of ties": mean over the settings tied at the best mean GA on the other systems (worst in brackets);');
  console.log('"fewest": the tie broken toward the setting that splits least; "1-SE": the setting that splits least within one');
  console.log('standard error of the best mean (the one-standard-error rule); PA LOSO with the same settings.');
  const loso = (x: number | null, w: number | null): string => (w !== null && x !== null && w < x - 5e-5 ? `${f4(x)} (${f4(w)})` : f4(x));
  const col = (fn: (r: LosoRow) => number | null): string => f4(mean(rows.map(fn)));
  for (const corrected of [false, true]) {
    if (corrected && !rows.some((r) => r.inSample.gaCorrected !== null)) continue;
    console.log(`\n${corrected ? 'Corrected Loghub-2.0 labels' : 'Original Loghub labels'}:`);
    console.log('| system | events | clusters | GA shipped | PA shipped | GA LOSO mean of ties | GA LOSO fewest | GA LOSO 1-SE | PA LOSO mean of ties | PA LOSO 1-SE |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const pick = (r: LosoRow): (number | null)[] =>
      corrected
        ? [r.inSample.gaCorrected, r.inSample.paCorrected, r.gaCorrected, r.gaCorrectedWorst, r.gaCorrectedFewest, r.gaCorrectedOneSe, r.paCorrected, r.paCorrectedOneSe]
        : [r.inSample.ga, r.inSample.pa, r.ga, r.gaWorst, r.gaFewest, r.gaOneSe, r.pa, r.paOneSe];
    for (const r of rows) {
      const [ga, pa, m, w, fw, se, pm, pse] = pick(r);
      console.log(`| ${r.name} | ${r.inSample.events} | ${r.inSample.clusters} | ${f4(ga!)} | ${f4(pa!)} | ${loso(m!, w!)} | ${f4(fw!)} | ${f4(se!)} | ${f4(pm!)} | ${f4(pse!)} |`);
    }
    const c = (i: number): string => col((r) => pick(r)[i]!);
    console.log(`| mean | | | ${c(0)} | ${c(1)} | ${c(2)} | ${c(4)} | ${c(5)} | ${c(6)} | ${c(7)} |`);
    const low = (i: number): string => Math.min(...rows.map((r) => pick(r)[i] ?? 0)).toFixed(4);
    console.log(`lowest LOSO GA: ${low(2)} (mean of ties; worst tied setting ${low(3)}), ${low(4)} (fewest splits), ${low(5)} (1-SE rule); target >= 0.97 on every system`);
  }
  if (options.loso !== false) {
    console.log('\nsettings tied at the best mean GA per held-out system (original labels / corrected labels):');
    for (const r of rows) console.log(`  ${r.name.padEnd(10)} ${r.chosen}${r.chosenCorrected ? ` / ${r.chosenCorrected}` : ''}`);
    console.log('setting of the one-standard-error rule per held-out system (original labels / corrected labels):');
    for (const r of rows) console.log(`  ${r.name.padEnd(10)} ${r.chosenOneSe}${r.chosenOneSeCorrected ? ` / ${r.chosenOneSeCorrected}` : ''}`);
  }
  return rows;
}

function main(): void {
  const args = process.argv.slice(2);
  const onlyIdx = args.indexOf('--only');
  const sets = loadSets(onlyIdx >= 0 ? args[onlyIdx + 1] : undefined);
  if (sets.length === 0) {
    console.log(`No Loghub data at ${LOGHUB_ROOT}; nothing to measure.`);
    return;
  }
  reportAccuracy(sets, { details: args.includes('--details'), loso: !args.includes('--no-loso') && sets.length > 1 });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
