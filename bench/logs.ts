// Loghub-2k benchmark for log-analyzer: grouping and parsing accuracy per set (Loghub's definitions) and throughput.
// Run: npx tsx bench/logs.ts [--details] [--only Name] [--runs N]. Reads ../shared/bench/loghub/<Name>/ (raw
// <Name>_2k.log and <Name>_2k.log_structured.csv). When the raw log is not beside the CSV, LOGHUB_RAW_DIR=<dir>
// supplies <dir>/<Name>/<Name>_2k.log. The engine sees only the raw log: headers are detected, never taken from the CSV.
// Throughput: the first call on the 5 MB log is timed cold (before any warm-up, as a fresh server's first request),
// then the median of N warm runs; the load average is printed beside the figures (the machine is shared).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
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
const runsIdx = args.indexOf('--runs');
const RUNS = Math.max(1, Number(runsIdx >= 0 ? args[runsIdx + 1] : 7) || 7);
const TARGET_LINES_PER_SECOND = 100_000;

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
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function load(): string {
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs`;
}

const perSecond = (lines: number, ms: number): string => Math.round((lines / ms) * 1000).toLocaleString('en-US');

/** A 5 MB upload: the sets concatenated up to the tool's size cap, analysed as one log. */
function fiveMegabytes(sets: DataSet[]): { text: string; lines: number } {
  let big = '';
  outer: for (;;) {
    for (const s of sets) {
      const piece = s.raw.endsWith('\n') ? s.raw : `${s.raw}\n`;
      if (big.length + piece.length > UPLOAD_CAP) break outer;
      big += piece;
    }
  }
  return { text: big, lines: big.split('\n').length - 1 };
}

function main(): void {
  if (!existsSync(root)) {
    console.log(`No Loghub data at ${root}; nothing to measure.`);
    return;
  }
  const sets = loadSets();
  if (sets.length === 0) return;
  console.log(`log-analyzer bench, ${RUNS} warm runs per figure; at start: ${load()}`);
  const big = fiveMegabytes(sets);
  const bigOptions: AnalyzeOptions = { maxClusters: 50, returnAssignments: true, nowMs: NOW_MS };

  // The first call in this process: nothing is compiled yet, as for a server's first request.
  const c0 = performance.now();
  analyzeLog(big.text, bigOptions);
  const coldMs = performance.now() - c0;

  const options: AnalyzeOptions = { maxClusters: Number.MAX_SAFE_INTEGER, returnAssignments: true, nowMs: NOW_MS };
  // Warm the JIT on every set first, so the other timings measure the engine in a running server.
  for (let pass = 0; pass < 5; pass++) for (const s of sets) analyzeLog(s.raw, options);

  const rows: { name: string; ga: number; pa: number; lines: number; ms: number; clusters: number; events: number }[] = [];
  for (const s of sets) {
    const times: number[] = [];
    let result = analyzeLog(s.raw, options);
    for (let i = 0; i < RUNS; i++) {
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
  console.log(`throughput per set (median of ${RUNS} warm runs each, 2000-line logs): ${lines} lines in ${ms.toFixed(0)} ms = ${perSecond(lines, ms)} lines/s`);

  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    analyzeLog(big.text, bigOptions);
    times.push(performance.now() - t0);
  }
  const med = median(times);
  const size = `${(big.text.length / 1048576).toFixed(2)} MiB, ${big.lines} lines`;
  console.log(`5 MB log (${size}): cold first call ${coldMs.toFixed(0)} ms = ${perSecond(big.lines, coldMs)} lines/s`);
  console.log(
    `5 MB log (${size}): warm median of ${RUNS} ${med.toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}) = ${perSecond(big.lines, med)} lines/s`,
  );
  const met = (big.lines / med) * 1000 >= TARGET_LINES_PER_SECOND;
  console.log(
    `RESULT: 5 MB log at ${perSecond(big.lines, med)} lines/s (warm median) -> target >= ${TARGET_LINES_PER_SECOND.toLocaleString('en-US')} lines/s ${met ? 'MET' : 'NOT MET'}; ${load()}`,
  );
}

main();
