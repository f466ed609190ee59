// Loghub-2k benchmark for log-analyzer: accuracy (bench/logs-accuracy.ts: GA and PA per system against the original
// and the corrected Loghub-2.0 labels, in-sample and leave-one-system-out) and throughput.
// Run: npx tsx bench/logs.ts [--details] [--only Name] [--runs N] [--no-loso]. Reads ../shared/bench/loghub/<Name>/
// (raw <Name>_2k.log and <Name>_2k.log_structured.csv); LOGHUB_RAW_DIR=<dir> supplies <dir>/<Name>/<Name>_2k.log when
// the raw log is not beside the CSV; LOGHUB2_DIR=<dir> gives the corrected labels (see bench/logs-accuracy.ts).
// The engine sees only the raw log: headers are detected, never taken from the CSV.
// Throughput: the first call on the 5 MB log is timed cold (before any warm-up, as a fresh server's first request),
// then the median of N warm runs; the load average is printed beside the figures (the machine is shared).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { analyzeLog } from '../src/tools/log-analyzer/engine.ts';
import type { AnalyzeOptions } from '../src/tools/log-analyzer/engine.ts';
import { LOGHUB_ROOT, NOW_MS, loadSets, reportAccuracy } from './logs-accuracy.ts';
import type { DataSet } from './logs-accuracy.ts';

const UPLOAD_CAP = 5_242_880;
const args = process.argv.slice(2);
const onlyIdx = args.indexOf('--only');
const only = onlyIdx >= 0 ? args[onlyIdx + 1] : undefined;
const runsIdx = args.indexOf('--runs');
const RUNS = Math.max(1, Number(runsIdx >= 0 ? args[runsIdx + 1] : 7) || 7);
const TARGET_LINES_PER_SECOND = 100_000;

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
  const sets = loadSets(only);
  if (sets.length === 0) {
    console.log(`No Loghub data at ${LOGHUB_ROOT}; nothing to measure.`);
    return;
  }
  console.log(`log-analyzer bench, ${RUNS} warm runs per figure; at start: ${load()}`);
  const big = fiveMegabytes(sets);
  const bigOptions: AnalyzeOptions = { maxClusters: 50, returnAssignments: true, nowMs: NOW_MS };

  // The first call in this process: nothing is compiled yet, as for a server's first request.
  const c0 = performance.now();
  analyzeLog(big.text, bigOptions);
  const coldMs = performance.now() - c0;

  reportAccuracy(sets, { details: args.includes('--details'), loso: !args.includes('--no-loso') && sets.length > 1 });

  const options: AnalyzeOptions = { maxClusters: Number.MAX_SAFE_INTEGER, returnAssignments: true, nowMs: NOW_MS };
  let lines = 0;
  let ms = 0;
  for (const s of sets) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      analyzeLog(s.raw, options);
      times.push(performance.now() - t0);
    }
    lines += s.original.eventIds.length;
    ms += median(times);
  }
  console.log(`\nthroughput per set (median of ${RUNS} warm runs each, 2000-line logs): ${lines} lines in ${ms.toFixed(0)} ms = ${perSecond(lines, ms)} lines/s`);

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
