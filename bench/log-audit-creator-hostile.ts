// Times log-audit-creator's declared hostile cases in-process through the call path (fastest and median of 9 runs).
//
// Run from the repository root: `npx tsx bench/log-audit-creator-hostile.ts`. Exits 1 when a case answers a 5xx or its fastest
// run takes 300 ms or more.
import os from 'node:os';
import { callTool } from '../test/support/tool-harness.ts';
import def from '../src/tools/log-audit-creator/tool.ts';

let failed = false;
for (const c of def.hostile?.() ?? []) {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    status = (await callTool(def, c.input)).status;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const best = times[0] as number;
  if (status >= 500 || best >= 300) failed = true;
  const size = JSON.stringify(c.input).length;
  console.log(`${c.name.padEnd(52)} ${String(size).padStart(7)} B  status ${status}  fastest ${best.toFixed(1).padStart(6)} ms  median ${(times[4] as number).toFixed(1).padStart(6)} ms`);
}
console.log(`load average ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores${failed ? '\nTARGET MISSED (a 5xx, or 300 ms or more)' : ''}`);
if (failed) process.exitCode = 1;
