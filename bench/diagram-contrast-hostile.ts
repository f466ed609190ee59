// Times every hostile case of diagram-contrast in-process (validation, prepare and run, as the gateway calls
// them): each must answer 200 or a 4xx in well under 300 ms. Wall time and this process's CPU time are both
// shown: on a shared machine the wall clock also counts other processes' turns.
// Run: npx tsx bench/diagram-contrast-hostile.ts [--runs 5] [--only text]
import { callTool } from '../test/support/tool-harness.ts';
import tool from '../src/tools/diagram-contrast/tool.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const runs = Number(arg('runs') ?? 5);
const only = arg('only');
const cases = (tool.hostile?.() ?? []).filter((c) => !only || c.name.includes(only));
let worst = 0;
let slow = 0;
console.log(`diagram-contrast hostile cases: ${cases.length}, median of ${runs} runs each (after one warm-up); load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (const c of cases) {
  const size = typeof c.input.diagram === 'string' ? c.input.diagram.length : 0;
  let status = 0;
  let error = '';
  const times: number[] = [];
  const cpus: number[] = [];
  for (let r = 0; r <= runs; r++) {
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    let res;
    try {
      res = await callTool(tool, c.input);
    } catch (err) {
      status = 500;
      error = (err as Error).message.slice(0, 80);
      break;
    }
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    if (r > 0) {
      times.push(ms);
      cpus.push((cpu.user + cpu.system) / 1000);
    }
    status = res.status;
    error = res.ok ? '' : String(res.body.error);
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? NaN;
  const max = times[times.length - 1] ?? NaN;
  const cpuMedian = cpus[Math.floor(cpus.length / 2)] ?? NaN;
  if (!(max < 300) || status >= 500) slow++;
  worst = Math.max(worst, Number.isFinite(max) ? max : Infinity);
  console.log(
    `${String(status).padEnd(4)}${median.toFixed(1).padStart(8)} ms (max ${max.toFixed(1).padStart(6)}, cpu ${cpuMedian.toFixed(1).padStart(6)})  ${String(size).padStart(8)} ch  ${c.name}${error ? `  [${error}]` : ''}`,
  );
}
console.log(`worst ${worst.toFixed(1)} ms; ${slow} case(s) at or over 300 ms or answering 5xx`);
process.exitCode = slow > 0 ? 1 : 0;
