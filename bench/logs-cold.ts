// Child process of bench/logs.ts: times log-analyzer on one log file in a fresh process, the first call (cold) and then
// warm calls, and prints one JSON line. Run: npx tsx bench/logs-cold.ts <file> [warm-up calls] [timed calls].
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { analyzeLog } from '../src/tools/log-analyzer/engine.ts';
import type { AnalyzeOptions } from '../src/tools/log-analyzer/engine.ts';

export interface ColdWarm {
  lines: number;
  coldMs: number;
  coldCpuMs: number;
  warmMs: number;
  warmCpuMs: number;
  clusters: number;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

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
  let c0 = cpuMs();
  let t0 = performance.now();
  const first = analyzeLog(text, options);
  const coldMs = performance.now() - t0;
  const coldCpuMs = cpuMs() - c0;
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
  const out: ColdWarm = { lines: first.total_lines, coldMs, coldCpuMs, warmMs: median(wall), warmCpuMs: median(cpu), clusters: first.cluster_count };
  console.log(JSON.stringify(out));
}

main();
