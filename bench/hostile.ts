// npm run bench:hostile: every tool's declared adversarial inputs (about 1 MB each, built from the tool's own
// delimiters), timed through the call path, each in a worker thread that is stopped at a deadline, so one
// catastrophic case cannot stall the run. Target: every case under 300 ms (p100 per tool).
//
//   npx tsx bench/hostile.ts [tool ...] [--runs N] [--deadline-ms N] [--tools-from DIR]
//
// --tools-from DIR times this checkout's cases against the engines of another checkout (DIR, e.g. a worktree
// of an older commit): the same inputs before and after a change. Exits 1 when a case answers a 5xx, runs
// past the deadline or takes 300 ms or more.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { callTool as CallTool, makeTestContext as MakeTestContext } from '../test/support/tool-harness.ts';

interface Job {
  casesFrom: string;
  toolsFrom: string;
  tool: string;
  index: number;
  runs: number;
}
interface Outcome {
  name: string;
  bytes: number;
  status: number;
  times: number[];
}

const TARGET_MS = 300;
const TSX_API = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/tsx/dist/esm/api/index.mjs')).href;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Registry = { tools: ReadonlyArray<{ name: string; hostile?: () => Array<{ name: string; input: Record<string, unknown> }> }> };

async function runJob(job: Job): Promise<Outcome> {
  const cases = (await import(pathToFileURL(path.join(job.casesFrom, 'src/tools/registry.ts')).href)) as Registry;
  const c = cases.tools.find((t) => t.name === job.tool)?.hostile?.()[job.index];
  if (!c) throw new Error(`no case ${job.index} for ${job.tool}`);
  const bytes = Buffer.byteLength(JSON.stringify(c.input));
  const times: number[] = [];
  let status = 0;
  if (job.toolsFrom === job.casesFrom) {
    // This checkout: the production call path, as the operator (what a server does with the body, minus HTTP).
    const { callTool } = (await import(pathToFileURL(path.join(job.toolsFrom, 'test/support/tool-harness.ts')).href)) as { callTool: typeof CallTool };
    const tool = cases.tools.find((t) => t.name === job.tool)!;
    for (let i = 0; i < job.runs; i++) {
      const t0 = performance.now();
      try {
        status = (await callTool(tool as never, c.input)).status;
      } catch {
        status = 500;
      }
      times.push(performance.now() - t0);
    }
  } else {
    // Another checkout's engines: its schema, its prepare (when it has one), its run.
    const other = (await import(pathToFileURL(path.join(job.toolsFrom, 'src/tools/registry.ts')).href)) as Registry;
    const { makeTestContext } = (await import(pathToFileURL(path.join(ROOT, 'test/support/tool-harness.ts')).href)) as { makeTestContext: typeof MakeTestContext };
    const tool = other.tools.find((t) => t.name === job.tool) as unknown as {
      input: { safeParse(v: unknown): { success: boolean; data?: unknown } };
      prepare?: (v: unknown) => unknown;
      run: (v: unknown, ctx: unknown, p?: unknown) => unknown;
    };
    for (let i = 0; i < job.runs; i++) {
      const t0 = performance.now();
      try {
        const parsed = tool.input.safeParse(c.input);
        if (!parsed.success) status = 400;
        else {
          const prepared = tool.prepare ? tool.prepare(parsed.data) : undefined;
          await tool.run(parsed.data, makeTestContext(), prepared);
          status = 200;
        }
      } catch (err) {
        status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
      }
      times.push(performance.now() - t0);
    }
  }
  return { name: c.name, bytes, status, times };
}

function inWorker(job: Job, deadlineMs: number): Promise<Outcome | 'deadline'> {
  return new Promise((resolve, reject) => {
    // tsx's loader does not carry over to a worker: a small ESM entry registers it, then loads this file.
    const entry = `import { register } from ${JSON.stringify(TSX_API)}; register(); await import(${JSON.stringify(import.meta.url)});`;
    const w = new Worker(new URL(`data:text/javascript,${encodeURIComponent(entry)}`), { workerData: job });
    const timer = setTimeout(() => {
      void w.terminate();
      resolve('deadline');
    }, deadlineMs);
    w.once('message', (m: Outcome) => {
      clearTimeout(timer);
      void w.terminate();
      resolve(m);
    });
    w.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string, fallback: string): string => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] !== undefined ? (args.splice(i, 2)[1] as string) : fallback;
  };
  const runs = Number(opt('--runs', '3'));
  const deadlineMs = Number(opt('--deadline-ms', '20000'));
  const toolsFrom = path.resolve(opt('--tools-from', ROOT));
  const only = new Set(args);
  const { tools } = (await import('../src/tools/registry.ts')) as Registry;
  const rows: Array<{ tool: string; name: string; bytes: number; status: string; best: number | undefined; worst: number | undefined }> = [];
  let failed = false;
  for (const tool of tools) {
    if (only.size > 0 && !only.has(tool.name)) continue;
    const cases = tool.hostile?.() ?? [];
    if (cases.length === 0) process.stderr.write(`${tool.name}: no hostile cases declared\n`);
    for (let index = 0; index < cases.length; index++) {
      const o = await inWorker({ casesFrom: ROOT, toolsFrom, tool: tool.name, index, runs }, deadlineMs);
      if (o === 'deadline') {
        failed = true;
        rows.push({ tool: tool.name, name: cases[index]!.name, bytes: Buffer.byteLength(JSON.stringify(cases[index]!.input)), status: 'deadline', best: undefined, worst: undefined });
      } else {
        const sorted = [...o.times].sort((a, b) => a - b);
        const best = sorted[0] as number;
        if (o.status >= 500 || best >= TARGET_MS) failed = true;
        rows.push({ tool: tool.name, name: o.name, bytes: o.bytes, status: String(o.status), best, worst: sorted.at(-1) });
      }
      const r = rows.at(-1)!;
      process.stderr.write(`${r.tool} / ${r.name}: ${r.status}, ${r.best === undefined ? `over ${deadlineMs} ms` : `${r.best.toFixed(1)} ms`}\n`);
    }
  }
  const fmt = (v: number | undefined): string => (v === undefined ? `>${deadlineMs}` : v.toFixed(1));
  console.log(`\nHostile inputs: best and worst of ${runs} runs per case, ms (engines from ${path.relative(process.cwd(), toolsFrom) || '.'}); target < ${TARGET_MS} ms\n`);
  console.log('| tool | case | bytes | status | best ms | worst ms |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.tool} | ${r.name} | ${r.bytes} | ${r.status} | ${fmt(r.best)} | ${fmt(r.worst)} |`);
  console.log('\n| tool | cases | p100 (slowest case, best of runs) ms | over target |\n|---|---|---|---|');
  for (const name of [...new Set(rows.map((r) => r.tool))]) {
    const mine = rows.filter((r) => r.tool === name);
    const p100 = mine.some((r) => r.best === undefined) ? undefined : Math.max(...mine.map((r) => r.best as number));
    const over = mine.filter((r) => r.best === undefined || r.best >= TARGET_MS).length;
    console.log(`| ${name} | ${mine.length} | ${fmt(p100)} | ${over} |`);
  }
  console.log(`\nload average ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores`);
  if (failed) {
    console.log('TARGET MISSED: a case answered a 5xx, ran past the deadline, or took 300 ms or more');
    process.exitCode = 1;
  }
}

if (isMainThread) await main();
else parentPort!.postMessage(await runJob(workerData as Job));
