// Loghub-2k benchmark for log-analyzer: grouping and parsing accuracy per set (Loghub's definitions) and throughput.
// Run: npx tsx bench/logs.ts [--details] [--only Name]. Reads ../shared/bench/loghub/<Name>/ (raw <Name>_2k.log and
// <Name>_2k.log_structured.csv). When the raw log is not beside the CSV, LOGHUB_RAW_DIR=<dir> supplies
// <dir>/<Name>/<Name>_2k.log. The engine sees only the raw log: headers are detected, never taken from the CSV.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { analyzeLog } from '../src/tools/log-analyzer/engine.ts';
import type { AnalyzeOptions } from '../src/tools/log-analyzer/engine.ts';
import { groundTruth, groupingAccuracy, parsingAccuracy } from '../src/tools/log-analyzer/loghub-eval.ts';

const NOW_MS = Date.UTC(2026, 6, 22, 12, 0, 0);
const UPLOAD_CAP = 5_242_880;
const root = path.resolve(process.cwd(), '../shared/bench/loghub');
const args = process.argv.slice(2);
const details = args.includes('--details');
const onlyIdx = args.indexOf('--only');
const only = onlyIdx >= 0 ? args[onlyIdx + 1] : undefined;

function rawLogPath(name: string): string | null {
  const beside = path.join(root, name, `${name}_2k.log`);
  if (existsSync(beside)) return beside;
  const alt = process.env.LOGHUB_RAW_DIR;
  if (alt) {
    const p = path.join(alt, name, `${name}_2k.log`);
    if (existsSync(p)) return p;
  }
  return null;
}

interface DataSet {
  name: string;
  raw: string;
  eventIds: string[];
  templates: string[];
}

function loadSets(): DataSet[] {
  const names = readdirSync(root)
    .filter((n) => existsSync(path.join(root, n, `${n}_2k.log_structured.csv`)))
    .filter((n) => !only || n === only)
    .sort();
  const sets: DataSet[] = [];
  for (const name of names) {
    const logPath = rawLogPath(name);
    if (!logPath) {
      console.log(`${name}: raw ${name}_2k.log not found (beside the CSV or under LOGHUB_RAW_DIR); skipped.`);
      continue;
    }
    const truth = groundTruth(readFileSync(path.join(root, name, `${name}_2k.log_structured.csv`), 'utf8'));
    sets.push({ name, raw: readFileSync(logPath, 'utf8'), ...truth });
  }
  return sets;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

function main(): void {
  if (!existsSync(root)) {
    console.log(`No Loghub data at ${root}; nothing to measure.`);
    return;
  }
  const sets = loadSets();
  if (sets.length === 0) return;
  const options: AnalyzeOptions = { maxClusters: Number.MAX_SAFE_INTEGER, returnAssignments: true, nowMs: NOW_MS };
  // Warm the JIT on every set first, so timings measure the engine in a running server rather than the compiler.
  for (let pass = 0; pass < 5; pass++) for (const s of sets) analyzeLog(s.raw, options);

  const rows: { name: string; ga: number; pa: number; lines: number; ms: number; clusters: number; events: number }[] = [];
  for (const s of sets) {
    const times: number[] = [];
    let result = analyzeLog(s.raw, options);
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      result = analyzeLog(s.raw, options);
      times.push(performance.now() - t0);
    }
    const assignments = result.assignments!;
    if (assignments.length !== s.eventIds.length) {
      console.log(`${s.name}: ${assignments.length} lines parsed but ${s.eventIds.length} labelled; skipped.`);
      continue;
    }
    const predicted = assignments.map((a) => (a >= 0 ? result.clusters[a]!.signature : '(no record)'));
    const { ga, wrong } = groupingAccuracy(predicted, s.eventIds);
    const pa = parsingAccuracy(predicted, s.templates);
    rows.push({ name: s.name, ga, pa, lines: assignments.length, ms: median(times), clusters: result.cluster_count, events: new Set(s.eventIds).size });
    if (details) {
      console.log(`\n== ${s.name}: format ${result.format.name} (${result.format.layout})`);
      const templateOf = new Map<string, string>();
      s.eventIds.forEach((id, i) => templateOf.set(id, s.templates[i]!));
      for (const w of wrong.slice(0, 25)) {
        const ids = [...w.truthIds.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
        console.log(`  ${String(w.size).padStart(5)}  ${w.key.slice(0, 110)}`);
        for (const [id, k] of ids) console.log(`         ${String(k).padStart(4)} ${id}: ${templateOf.get(id)!.slice(0, 100)}`);
      }
    }
  }
  if (rows.length === 0) return;
  console.log('\nset          lines  events clusters     GA      PA     ms');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(12)} ${String(r.lines).padStart(5)} ${String(r.events).padStart(7)} ${String(r.clusters).padStart(8)}  ${r.ga.toFixed(4)}  ${r.pa.toFixed(4)} ${r.ms.toFixed(1).padStart(6)}`,
    );
  }
  const avgGa = rows.reduce((a, r) => a + r.ga, 0) / rows.length;
  const avgPa = rows.reduce((a, r) => a + r.pa, 0) / rows.length;
  const lines = rows.reduce((a, r) => a + r.lines, 0);
  const ms = rows.reduce((a, r) => a + r.ms, 0);
  console.log(`average over ${rows.length} sets: GA ${avgGa.toFixed(4)}  PA ${avgPa.toFixed(4)} (one configuration for every set)`);
  console.log(`throughput per set (median of 5 runs each, 2000-line logs): ${lines} lines in ${ms.toFixed(0)} ms = ${Math.round((lines / ms) * 1000)} lines/s`);

  // A 5 MB upload: the sets concatenated up to the tool's size cap, analysed as one log.
  let big = '';
  outer: for (;;) {
    for (const s of sets) {
      const piece = s.raw.endsWith('\n') ? s.raw : `${s.raw}\n`;
      if (big.length + piece.length > UPLOAD_CAP) break outer;
      big += piece;
    }
  }
  const bigLines = big.split('\n').length - 1;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    analyzeLog(big, { maxClusters: 50, returnAssignments: true, nowMs: NOW_MS });
    times.push(performance.now() - t0);
  }
  const med = median(times);
  console.log(`5 MB log: ${(big.length / 1048576).toFixed(2)} MiB, ${bigLines} lines in ${med.toFixed(0)} ms (median of 5) = ${Math.round((bigLines / med) * 1000)} lines/s`);
}

main();
