// Child process of bench/logs.ts: times log-analyzer on one log file in a fresh process, the first call (cold) and then
// warm calls, and prints one JSON line. Run: npx tsx bench/logs-cold.ts <file> [warm-up calls] [timed calls].
// CPU time is the process's (every thread); on Linux the first call's CPU is also split into the main thread's (the
// analysis itself) and the other threads' (V8 compiling hot functions in the background, and helping the GC), read
// from /proc/self/task/<tid>/stat (10 ms ticks).
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { analyzeLog } from '../src/tools/log-analyzer/engine.ts';
import type { AnalyzeOptions } from '../src/tools/log-analyzer/engine.ts';

export interface ColdWarm {
  lines: number;
  coldMs: number;
  coldCpuMs: number;
  /** The first call's CPU on the main thread and on the other threads (null where /proc is not readable). */
  coldMainCpuMs: number | null;
  coldOtherCpuMs: number | null;
  warmMs: number;
  warmCpuMs: number;
  clusters: number;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU ms per thread of this process (user + system, 10 ms ticks), or null without /proc. */
function threadCpu(): Map<string, number> | null {
  try {
    const out = new Map<string, number>();
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
    return out;
  } catch {
    return null;
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function main(): void {
  const [file, warmUp = '10', timed = '7'] = process.argv.slice(2);
  if (!file) throw new Error('usage: logs-cold.ts <file> [warm-up calls] [timed calls]');
  const text = readFileSync(file, 'utf8');
  const options: AnalyzeOptions = { maxClusters: 50, returnAssignments: true, nowMs: Date.UTC(2026, 6, 22, 12, 0, 0) };
  const threads0 = threadCpu();
  let c0 = cpuMs();
  let t0 = performance.now();
  const first = analyzeLog(text, options);
  const coldMs = performance.now() - t0;
  const coldCpuMs = cpuMs() - c0;
  const threads1 = threadCpu();
  let coldMainCpuMs: number | null = null;
  let coldOtherCpuMs: number | null = null;
  if (threads0 && threads1) {
    coldMainCpuMs = 0;
    coldOtherCpuMs = 0;
    for (const [tid, ms] of threads1) {
      const spent = ms - (threads0.get(tid) ?? 0);
      if (tid === String(process.pid)) coldMainCpuMs += spent;
      else coldOtherCpuMs += spent;
    }
  }
  for (let i = 0; i < Number(warmUp); i++) analyzeLog(text, options);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < Math.max(1, Number(timed)); i++) {
    c0 = cpuMs();
    t0 = performance.now();
    analyzeLog(text, options);
    wall.push(performance.now() - t0);
    cpu.push(cpuMs() - c0);
  }
  const out: ColdWarm = { lines: first.total_lines, coldMs, coldCpuMs, coldMainCpuMs, coldOtherCpuMs, warmMs: median(wall), warmCpuMs: median(cpu), clusters: first.cluster_count };
  console.log(JSON.stringify(out));
}

main();
