// Loghub-2k benchmark for log-analyzer: accuracy (bench/logs-accuracy.ts: GA and PA per system against the original
// and the corrected Loghub-2.0 labels, in-sample and leave-one-system-out), then throughput on two 5 MB logs built
// from the eight bench systems, beside Drain3 on the same files.
//
// Run: npx tsx bench/logs.ts [--rounds N] [--details] [--only Name] [--no-loso] [--no-accuracy]
// Data: ../shared/bench/loghub/<Name>/ (raw <Name>_2k.log and <Name>_2k.log_structured.csv); LOGHUB_RAW_DIR=<dir>
// supplies <dir>/<Name>/<Name>_2k.log when the raw log is not beside the CSV; LOGHUB2_DIR=<dir> gives the corrected
// labels (see bench/logs-accuracy.ts). The engine sees only the raw log: headers are detected, never taken from a CSV.
//
// Throughput, per round: each log is analysed in a fresh process (bench/logs-cold.ts): the first call (cold: nothing
// compiled yet, as a fresh server's first request), then 10 warm-up calls and the median of 7 warm calls. The logs:
//   bench log: the eight systems one after the other (2000 lines each), repeated up to the 5 MB upload cap;
//   mixed log: the eight systems interleaved in blocks of 100 lines, up to the cap (eight header formats and their
//              templates side by side, as in a collector's merged stream);
//   HDFS log:  HDFS alone, repeated up to the cap (one header format, 14 templates): the reference for what template
//              and format diversity cost.
// DRAIN3_DIR=<dir holding the drain3 package> (a checkout of logpai/Drain3; never committed) runs Drain3 on the same
// files with the system Python (/usr/bin/python3, or DRAIN3_PYTHON; needs jsonpickle and cachetools, e.g. the Debian
// packages python3-jsonpickle and python3-cachetools) and its example configuration
// (examples/drain3.ini when present, else Drain3's defaults); unset, Drain3 is skipped with a note. The machine is
// shared: every figure is printed in wall time and CPU time (user + system of the process), and the ratios that
// matter (ours vs Drain3, cold vs warm, mixed vs bench log) are taken within the same round.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeLog } from '../src/tools/log-analyzer/engine.ts';
import { groupingAccuracy, parsingAccuracy } from '../src/tools/log-analyzer/loghub-eval.ts';
import type { ColdWarm } from './logs-cold.ts';
import { LOGHUB_ROOT, NOW_MS, loadSets, reportAccuracy } from './logs-accuracy.ts';
import type { DataSet } from './logs-accuracy.ts';

const UPLOAD_CAP = 5_242_880;
const BLOCK_LINES = 100;
const TARGET_WARM = 250_000;
const TARGET_COLD = 120_000;
const HERE = path.dirname(fileURLToPath(import.meta.url));

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROUNDS = Math.max(1, Number(flag('--rounds') ?? 3) || 3);

function load(): string {
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs`;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const rate = (lines: number, ms: number): number => (lines / ms) * 1000;
const k = (x: number): string => `${Math.round(x / 1000).toLocaleString('en-US')}k`;

interface BenchLog {
  name: string;
  text: string;
  lines: number;
  /** Per line, `<system>:<EventId>` and the template (original labels), for grouping accuracy on the merged log. */
  truth: string[];
  templates: string[];
}

function linesOf(set: DataSet): string[] {
  const lines = set.raw.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The eight systems one after the other, repeated up to the cap. */
function benchLog(sets: DataSet[]): BenchLog {
  const parts: string[] = [];
  const truth: string[] = [];
  const templates: string[] = [];
  let size = 0;
  outer: for (;;) {
    for (const s of sets) {
      const lines = linesOf(s);
      const piece = `${lines.join('\n')}\n`;
      if (size + piece.length > UPLOAD_CAP) break outer;
      parts.push(piece);
      size += piece.length;
      lines.forEach((_, i) => {
        truth.push(`${s.name}:${s.original.eventIds[i]}`);
        templates.push(s.original.templates[i]!);
      });
    }
  }
  return { name: 'bench log', text: parts.join(''), lines: truth.length, truth, templates };
}

/** One system's log (the first of the sets: BGL, or --only's) repeated up to the cap: one header format, few templates. */
function oneSystemLog(set: DataSet): BenchLog {
  const lines = linesOf(set);
  const piece = `${lines.join('\n')}\n`;
  const parts: string[] = [];
  const truth: string[] = [];
  const templates: string[] = [];
  for (let size = 0; size + piece.length <= UPLOAD_CAP; size += piece.length) {
    parts.push(piece);
    lines.forEach((_, i) => {
      truth.push(`${set.name}:${set.original.eventIds[i]}`);
      templates.push(set.original.templates[i]!);
    });
  }
  return { name: `${set.name} log`, text: parts.join(''), lines: truth.length, truth, templates };
}

/** The eight systems interleaved in blocks of BLOCK_LINES lines (each system's lines in order, cycling), up to the cap. */
function mixedLog(sets: DataSet[]): BenchLog {
  const all = sets.map(linesOf);
  const next = sets.map(() => 0);
  const parts: string[] = [];
  const truth: string[] = [];
  const templates: string[] = [];
  let size = 0;
  outer: for (;;) {
    for (let s = 0; s < sets.length; s++) {
      for (let j = 0; j < BLOCK_LINES; j++) {
        const i = next[s]! % all[s]!.length;
        const line = `${all[s]![i]!}\n`;
        if (size + line.length > UPLOAD_CAP) break outer;
        parts.push(line);
        size += line.length;
        truth.push(`${sets[s]!.name}:${sets[s]!.original.eventIds[i]}`);
        templates.push(sets[s]!.original.templates[i]!);
        next[s]!++;
      }
    }
  }
  return { name: 'mixed log', text: parts.join(''), lines: truth.length, truth, templates };
}

function ours(file: string): ColdWarm {
  const out = execFileSync(process.execPath, [...process.execArgv, path.join(HERE, 'logs-cold.ts'), file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').pop()!) as ColdWarm;
}

const DRAIN3 = `
import json, sys, time, os
sys.path.insert(0, sys.argv[1])
from drain3 import TemplateMiner
from drain3.template_miner_config import TemplateMinerConfig
config = TemplateMinerConfig()
ini = os.path.join(sys.argv[1], 'examples', 'drain3.ini')
if os.path.exists(ini):
    config.load(ini)
config.profiling_enabled = False
miner = TemplateMiner(config=config)
with open(sys.argv[2], encoding='utf-8') as f:
    lines = [l.rstrip('\\n').rstrip('\\r') for l in f]
w0 = time.perf_counter(); c0 = time.process_time()
for line in lines:
    miner.add_log_message(line)
print(json.dumps({'lines': len(lines), 'ms': (time.perf_counter() - w0) * 1000, 'cpuMs': (time.process_time() - c0) * 1000, 'clusters': len(miner.drain.clusters), 'config': 'examples/drain3.ini' if os.path.exists(ini) else 'defaults'}))
`;

interface Drain3Run {
  lines: number;
  ms: number;
  cpuMs: number;
  clusters: number;
  config: string;
}

function drain3(file: string): Drain3Run | null {
  const dir = process.env.DRAIN3_DIR;
  if (!dir || !existsSync(path.join(dir, 'drain3', 'template_miner.py'))) return null;
  const python = process.env.DRAIN3_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
  try {
    const out = execFileSync(python, ['-c', DRAIN3, dir, file], { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop()!) as Drain3Run;
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? String(err);
    console.log(`Drain3 could not run with ${python}: ${stderr.trim().split('\n').pop()} (skipped)`);
    return null;
  }
}

function accuracyOnMerged(log: BenchLog): string {
  const r = analyzeLog(log.text, { maxClusters: Number.MAX_SAFE_INTEGER, returnAssignments: true, nowMs: NOW_MS });
  const predicted = r.assignments!.map((a) => (a >= 0 ? r.clusters[a]!.signature : '(no record)'));
  const { ga } = groupingAccuracy(predicted, log.truth);
  return `${log.name}: ${log.lines} lines, detected layout "${r.format.layout}", ${r.cluster_count} clusters, GA ${ga.toFixed(4)}, PA ${parsingAccuracy(predicted, log.templates).toFixed(4)} (labels <system>:<EventId>)`;
}

function main(): void {
  const sets = loadSets(flag('--only'));
  if (sets.length === 0) {
    console.log(`No Loghub data at ${LOGHUB_ROOT}; nothing to measure.`);
    return;
  }
  console.log(`log-analyzer bench; at start: ${load()}`);
  if (!args.includes('--no-accuracy')) reportAccuracy(sets, { details: args.includes('--details'), loso: !args.includes('--no-loso') && sets.length > 1 });

  const logs = [benchLog(sets), mixedLog(sets), oneSystemLog(sets.find((s) => s.name === 'HDFS') ?? sets[0]!)];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ddt-logs-bench-'));
  const files = logs.map((l, i) => {
    const f = path.join(dir, `log-${i}.log`);
    writeFileSync(f, l.text);
    return f;
  });
  console.log('\nOne analysis of each 5 MB log (one configuration; the mixed log holds eight header formats at once):');
  for (const l of logs) console.log(`  ${accuracyOnMerged(l)}`);
  if (!process.env.DRAIN3_DIR) console.log('DRAIN3_DIR unset: Drain3 is skipped (set it to a checkout of logpai/Drain3 to compare).');

  const runs = logs.map(() => ({ ours: [] as ColdWarm[], drain: [] as Drain3Run[] }));
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const parts: string[] = [];
      logs.forEach((l, i) => {
        const o = ours(files[i]!);
        runs[i]!.ours.push(o);
        const d = drain3(files[i]!);
        if (d) runs[i]!.drain.push(d);
        parts.push(
          `${l.name} cold ${o.coldMs.toFixed(0)} ms (CPU ${o.coldCpuMs.toFixed(0)}${o.coldMainCpuMs !== null ? `: main thread ${o.coldMainCpuMs}, other threads ${o.coldOtherCpuMs}` : ''}), warm ${o.warmMs.toFixed(0)} ms (CPU ${o.warmCpuMs.toFixed(0)})${d ? `, Drain3 ${d.ms.toFixed(0)} ms (CPU ${d.cpuMs.toFixed(0)})` : ''}`,
        );
      });
      console.log(`round ${round}/${ROUNDS}: ${parts.join('; ')}; ${load()}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Medians over rounds; ratios per round, then their median (the rounds share the machine's load of the moment).
  console.log(`\nThroughput, median of ${ROUNDS} rounds (lines/s; wall time, then CPU time in brackets):`);
  console.log('"cold, main thread": the first call\'s CPU on the main thread alone; "other threads": CPU ms that V8 spent beside it');
  console.log('(compiling hot functions in the background, helping the GC), counted in the cold CPU figure (Linux /proc only).');
  console.log('| log | lines | cold | warm | cold / warm | cold, main thread | other threads (ms) | Drain3 | ours warm / Drain3 | ours cold / Drain3 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const summary = logs.map((l, i) => {
    const o = runs[i]!.ours;
    const d = runs[i]!.drain;
    const cold = median(o.map((x) => rate(x.lines, x.coldMs)));
    const coldCpu = median(o.map((x) => rate(x.lines, x.coldCpuMs)));
    const warm = median(o.map((x) => rate(x.lines, x.warmMs)));
    const warmCpu = median(o.map((x) => rate(x.lines, x.warmCpuMs)));
    const coldOverWarm = median(o.map((x) => x.coldMs / x.warmMs));
    const coldOverWarmCpu = median(o.map((x) => x.coldCpuMs / x.warmCpuMs));
    const drain = d.length ? median(d.map((x) => rate(x.lines, x.ms))) : null;
    const drainCpu = d.length ? median(d.map((x) => rate(x.lines, x.cpuMs))) : null;
    const vsDrain = d.length ? median(d.map((x, r) => x.ms / o[r]!.warmMs)) : null;
    const vsDrainCpu = d.length ? median(d.map((x, r) => x.cpuMs / o[r]!.warmCpuMs)) : null;
    const coldVsDrain = d.length ? median(d.map((x, r) => x.ms / o[r]!.coldMs)) : null;
    const coldVsDrainCpu = d.length ? median(d.map((x, r) => x.cpuMs / o[r]!.coldCpuMs)) : null;
    const x = (a: number | null, b: number | null): string => (a === null || b === null ? 'n/a' : `${a.toFixed(1)}x (${b.toFixed(1)}x)`);
    const split = o.every((r) => r.coldMainCpuMs !== null && r.coldMainCpuMs > 0);
    const coldMain = split ? `${k(median(o.map((r) => rate(r.lines, r.coldMainCpuMs!))))} CPU` : 'n/a';
    const coldOther = split ? median(o.map((r) => r.coldOtherCpuMs!)).toFixed(0) : 'n/a';
    console.log(
      `| ${l.name} | ${l.lines} | ${k(cold)} (${k(coldCpu)}) | ${k(warm)} (${k(warmCpu)}) | ${x(coldOverWarm, coldOverWarmCpu)} | ${coldMain} | ${coldOther} | ${drain === null ? 'n/a' : `${k(drain)} (${k(drainCpu!)})`} | ${x(vsDrain, vsDrainCpu)} | ${x(coldVsDrain, coldVsDrainCpu)} |`,
    );
    return { cold, coldCpu, warm, warmCpu, o };
  });
  const [bench, mixed, single] = summary;
  if (bench && mixed && single) {
    const perLine = (s: (typeof summary)[number], key: 'warmMs' | 'coldMs' | 'warmCpuMs' | 'coldCpuMs'): number => median(s.o.map((x) => x[key] / x.lines));
    for (const [label, a, b] of [
      ['mixed / bench log', mixed, bench],
      [`mixed / ${logs[2]!.name}`, mixed, single],
    ] as const) {
      console.log(
        `${label}, time per line: warm ${(perLine(a, 'warmMs') / perLine(b, 'warmMs')).toFixed(2)}x (CPU ${(perLine(a, 'warmCpuMs') / perLine(b, 'warmCpuMs')).toFixed(2)}x), cold ${(perLine(a, 'coldMs') / perLine(b, 'coldMs')).toFixed(2)}x (CPU ${(perLine(a, 'coldCpuMs') / perLine(b, 'coldCpuMs')).toFixed(2)}x)`,
      );
    }
    const met = (v: number, t: number): string => (v >= t ? 'MET' : 'NOT MET');
    console.log(
      `RESULT: mixed log warm ${k(mixed.warm)} lines/s (CPU ${k(mixed.warmCpu)}) -> target >= ${k(TARGET_WARM)} ${met(mixed.warm, TARGET_WARM)} (CPU ${met(mixed.warmCpu, TARGET_WARM)}); cold ${k(mixed.cold)} lines/s (CPU ${k(mixed.coldCpu)}) -> target >= ${k(TARGET_COLD)} ${met(mixed.cold, TARGET_COLD)} (CPU ${met(mixed.coldCpu, TARGET_COLD)}); ${load()}`,
    );
  }
}

main();
