// Times alignment-gate's hostile cases through the tool's call path (validation, prepare, run), in process.
//
// Run from the repository root: `npx tsx bench/alignment-hostile.ts` (npm run bench:alignment-hostile). For each
// case: the status, the fastest and median wall time of 7 runs after one warm-up, and the median CPU time (on a
// busy shared machine wall time is inflated; CPU time is the cost of the call). Exits 1 when a case answers 5xx
// or its fastest run takes 300 ms or more.
import { callTool, makeTestContext } from '../test/support/tool-harness.ts';
import def from '../src/tools/alignment-gate/tool.ts';

const RUNS = 7;
const LIMIT_MS = 300;

async function main(): Promise<void> {
  const cases = def.hostile?.() ?? [];
  let failed = 0;
  process.stdout.write(`${'case'.padEnd(58)} status   best ms  median ms  median cpu ms\n`);
  for (const c of cases) {
    const ctx = makeTestContext();
    let status = (await callTool(def, c.input, ctx)).status;
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      status = (await callTool(def, c.input, ctx)).status;
      walls.push(performance.now() - t0);
      const cpu = process.cpuUsage(c0);
      cpus.push((cpu.user + cpu.system) / 1000);
    }
    walls.sort((a, b) => a - b);
    cpus.sort((a, b) => a - b);
    const best = walls[0] ?? 0;
    const bad = status >= 500 || best >= LIMIT_MS;
    if (bad) failed++;
    process.stdout.write(
      `${c.name.slice(0, 57).padEnd(58)} ${String(status).padStart(6)} ${best.toFixed(1).padStart(9)} ${(walls[RUNS >> 1] ?? 0).toFixed(1).padStart(10)} ${(cpus[RUNS >> 1] ?? 0).toFixed(1).padStart(14)}${bad ? '  FAIL' : ''}\n`,
    );
  }
  process.stdout.write(`${cases.length} cases, ${failed} over ${LIMIT_MS} ms or 5xx\n`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
