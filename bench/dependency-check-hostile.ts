// Times every hostile case of dependency-check and supply-chain-scan through the tool harness: best of 3 runs each.
// Usage: npx tsx bench/dependency-check-hostile.ts [dependency-check|supply-chain-scan]... (default: both)
import { performance } from 'node:perf_hooks';
import { callTool } from '../test/support/tool-harness.ts';
import type { ToolDefinition } from '../src/tools/contract.ts';
import dependencyCheck from '../src/tools/dependency-check/tool.ts';
import supplyChainScan from '../src/tools/supply-chain-scan/tool.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const TOOLS: Record<string, ToolDefinition<any, any, any>> = { 'dependency-check': dependencyCheck, 'supply-chain-scan': supplyChainScan };
const TARGET_MS = 300;
const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(TOOLS);
let slow = 0;
for (const name of names) {
  const def = TOOLS[name];
  if (!def?.hostile) throw new Error(`${name}: no hostile cases`);
  for (const h of def.hostile()) {
    let best = Infinity;
    let status = 0;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await callTool(def, h.input);
      best = Math.min(best, performance.now() - t0);
      status = r.status;
      if (best > 5 * TARGET_MS) break;
    }
    if (best > TARGET_MS || status >= 500) slow++;
    console.log(`${name}\t${h.name}\t${status}\t${best.toFixed(1)} ms${best > TARGET_MS ? '\tSLOW' : ''}`);
  }
}
console.log(slow === 0 ? `all under ${TARGET_MS} ms` : `${slow} case(s) over ${TARGET_MS} ms or 5xx`);
process.exitCode = slow === 0 ? 0 : 1;
