// Times blm-land-lookup's declared hostile cases in-process against the fake ArcGIS server (fastest and median of 9 runs, uncached).
//
// Run from the repository root: `npx tsx bench/blm-land-lookup-hostile.ts`. Exits 1 when a case answers a 5xx or its
// fastest run takes 300 ms or more.
import os from 'node:os';
import { callTool, makeTestContext } from '../test/support/tool-harness.ts';
import { startFakeArcgis } from '../src/tools/blm-land-lookup/fake-arcgis.ts';
import def from '../src/tools/blm-land-lookup/tool.ts';

const fake = await startFakeArcgis();
let failed = false;
for (const c of def.hostile?.() ?? []) {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < 9; i++) {
    const base = makeTestContext();
    // A fresh context each run: a fresh cache, so every run queries the fake server.
    const ctx = makeTestContext({ fetch: globalThis.fetch, settings: { ...base.settings, blmSmaUrl: fake.smaUrl, blmDesignationsUrl: fake.designationsUrl, blmTimeoutMs: 3000 } });
    const t0 = performance.now();
    status = (await callTool(def, c.input, ctx)).status;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const best = times[0] as number;
  if (status >= 500 || best >= 300) failed = true;
  console.log(`${c.name.padEnd(48)} status ${status}  fastest ${best.toFixed(1).padStart(6)} ms  median ${(times[4] as number).toFixed(1).padStart(6)} ms`);
}
await fake.close();
console.log(`load average ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores${failed ? '\nTARGET MISSED (a 5xx, or 300 ms or more)' : ''}`);
if (failed) process.exitCode = 1;
