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
// the settings with the best mean GA on the other systems are found in a grid of 90 around the shipped default, and
// the held-out system is scored with them: the mean over the settings tied there (nothing on the other systems
// prefers one of them; the worst is printed beside it), and the tied setting that splits least (a prior fixed before
// looking at any system). Every other rule in the engine is fixed and identical for every log.
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
  gaCorrected: number | null;
  paCorrected: number | null;
  gaCorrectedWorst: number | null;
  gaCorrectedFewest: number | null;
  chosen: string;
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
  const label = (gs: number[]): string => (gs.length === 1 ? configLabel(grid[gs[0]!]!) : `${gs.length} settings tie (${gs.slice(0, 3).map((g) => configLabel(grid[g]!)).join('; ')}${gs.length > 3 ? '; ...' : ''})`);
  return sets.map((s, k) => {
    const g = best(k, 'ga');
    const hasCorrected = s.corrected !== null;
    const gc = hasCorrected ? best(k, 'gaCorrected') : [];
    return {
      name: s.name,
      inSample: table[0]![k]!,
      ga: avg(g, k, 'ga'),
      pa: avg(g, k, 'pa'),
      gaWorst: worst(g, k, 'ga'),
      gaFewest: table[fewest(g)]![k]!.ga,
      gaCorrected: hasCorrected ? avg(gc, k, 'gaCorrected') : null,
      paCorrected: hasCorrected ? avg(gc, k, 'paCorrected') : null,
      gaCorrectedWorst: hasCorrected ? worst(gc, k, 'gaCorrected') : null,
      gaCorrectedFewest: hasCorrected ? table[fewest(gc)]![k]!.gaCorrected : null,
      chosen: label(g),
      chosenCorrected: hasCorrected ? label(gc) : null,
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
        chosen: configLabel(DEFAULT_MINING),
        chosenCorrected: null,
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
  console.log('LOSO "mean": mean over the settings tied on the other systems (worst in brackets); "fewest": the tie broken toward');
  console.log('the setting that splits least. "corr." = corrected Loghub-2.0 labels; PA LOSO is the tied settings\' mean.');
  console.log('| system | events | clusters | GA | PA | GA corr. | PA corr. | GA LOSO mean | GA LOSO fewest | GA corr. LOSO mean | GA corr. LOSO fewest | PA LOSO | PA corr. LOSO |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const loso = (x: number | null, w: number | null): string => (w !== null && x !== null && w < x - 5e-5 ? `${f4(x)} (${f4(w)})` : f4(x));
  for (const r of rows) {
    const i = r.inSample;
    console.log(
      `| ${r.name} | ${i.events} | ${i.clusters} | ${f4(i.ga)} | ${f4(i.pa)} | ${f4(i.gaCorrected)} | ${f4(i.paCorrected)} | ${loso(r.ga, r.gaWorst)} | ${f4(r.gaFewest)} | ${loso(r.gaCorrected, r.gaCorrectedWorst)} | ${f4(r.gaCorrectedFewest)} | ${f4(r.pa)} | ${f4(r.paCorrected)} |`,
    );
  }
  const col = (fn: (r: LosoRow) => number | null): string => f4(mean(rows.map(fn)));
  console.log(
    `| mean | | | ${col((r) => r.inSample.ga)} | ${col((r) => r.inSample.pa)} | ${col((r) => r.inSample.gaCorrected)} | ${col((r) => r.inSample.paCorrected)} | ${col((r) => r.ga)} | ${col((r) => r.gaFewest)} | ${col((r) => r.gaCorrected)} | ${col((r) => r.gaCorrectedFewest)} | ${col((r) => r.pa)} | ${col((r) => r.paCorrected)} |`,
  );
  console.log(
    `lowest leave-one-system-out GA: ${Math.min(...rows.map((r) => r.ga)).toFixed(4)} (mean over ties; worst tied setting ${Math.min(...rows.map((r) => r.gaWorst)).toFixed(4)}), ${Math.min(...rows.map((r) => r.gaFewest)).toFixed(4)} (fewest splits); target >= 0.97 on every system`,
  );
  if (options.loso !== false) {
    console.log('settings chosen per held-out system (original labels / corrected labels):');
    for (const r of rows) console.log(`  ${r.name.padEnd(10)} ${r.chosen}${r.chosenCorrected ? ` / ${r.chosenCorrected}` : ''}`);
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
