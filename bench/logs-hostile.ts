// Times log-analyzer's hostile cases (src/tools/log-analyzer/hostile.ts) through the tool's run, each in a small loop.
// Run: npx tsx bench/logs-hostile.ts [--runs N] [--only substring]. Prints a progress line per case and a summary
// table of wall and CPU time (the machine is shared: CPU time is what the call itself costs); exits 1 when a case's
// median CPU time reaches 300 ms or a case answers 5xx.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { hostileCases } from '../src/tools/log-analyzer/hostile.ts';
import tool from '../src/tools/log-analyzer/tool.ts';
import { callTool, makeTestContext } from '../test/support/tool-harness.ts';

const LIMIT_MS = 300;
const args = process.argv.slice(2);
const runsIdx = args.indexOf('--runs');
const RUNS = Math.max(1, Number(runsIdx >= 0 ? args[runsIdx + 1] : 5) || 5);
const onlyIdx = args.indexOf('--only');
const only = onlyIdx >= 0 ? args[onlyIdx + 1] : undefined;

async function main(): Promise<void> {
  const ctx = makeTestContext();
  const rows: { name: string; status: number; first: number; median: number; max: number; cpu: number }[] = [];
  console.log(`log-analyzer hostile cases, ${RUNS} runs each; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const c of hostileCases()) {
    if (only && !c.name.includes(only)) continue;
    const times: number[] = [];
    const cpus: number[] = [];
    let status = 0;
    for (let i = 0; i < RUNS; i++) {
      const u0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await callTool(tool, c.input, ctx);
      times.push(performance.now() - t0);
      const u = process.cpuUsage(u0);
      cpus.push((u.user + u.system) / 1000);
      status = r.status;
    }
    const mid = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const row = { name: c.name, status, first: times[0]!, median: mid(times), max: Math.max(...times), cpu: mid(cpus) };
    rows.push(row);
    console.log(`  ${row.name}: ${status}, CPU median ${row.cpu.toFixed(0)} ms, wall median ${row.median.toFixed(0)} ms (first ${row.first.toFixed(0)}, max ${row.max.toFixed(0)})`);
  }
  console.log('\n| case | status | CPU median ms | wall median ms | wall first ms | wall max ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.status} | ${r.cpu.toFixed(0)} | ${r.median.toFixed(0)} | ${r.first.toFixed(0)} | ${r.max.toFixed(0)} |`);
  const slow = rows.filter((r) => r.cpu >= LIMIT_MS || r.status >= 500);
  console.log(
    `\nRESULT: ${rows.length - slow.length}/${rows.length} cases answer in under ${LIMIT_MS} ms of CPU (median)${slow.length ? `; over: ${slow.map((r) => r.name).join(', ')}` : ''}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  if (slow.length) process.exitCode = 1;
}

await main();
