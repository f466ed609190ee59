// npm run bench:hostile: every tool's declared adversarial inputs (about 1 MB each, built from the tool's own
// delimiters), run through the call path as the operator. Each tool's cases run in a child process that the
// bench stops at a per-case deadline, so a catastrophic case cannot stall the run; the child reports the CPU
// time of each case (steady on a loaded machine, where wall time is not) beside its wall time. blm-land-lookup's
// cases run against the ArcGIS fake in the child (its CPU is counted too), each run with a fresh cache.
// Target: every case under 300 ms (p100 per tool).
//
//   npx tsx bench/hostile.ts [tool ...] [--runs N] [--deadline-ms N] [--tools-from DIR]
//
// --tools-from DIR times this checkout's cases against the engines of another checkout (DIR, e.g. a worktree
// of an older commit): the same inputs before and after a change. Exits 1 when a case answers a 5xx, runs
// past the deadline or takes 300 ms of CPU or more.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ToolSettings } from '../src/tools/kit/contract.ts';
import type { callTool as CallTool, makeTestContext as MakeTestContext } from '../test/support/tool-harness.ts';

const TARGET_MS = 300;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Case = { name: string; input: Record<string, unknown> };
type Registry = { tools: ReadonlyArray<{ name: string; hostile?: () => Case[] }> };

/** What a child reports per case. */
interface Outcome {
  index: number;
  name: string;
  bytes: number;
  status: number;
  wall: number[];
  cpu: number[];
}

interface Job {
  tool: string;
  from: number;
  runs: number;
  toolsFrom: string;
}

/**
 * A tool that calls an upstream is timed against the fake that serves what the real service documents
 * (blm-land-lookup: the ArcGIS fake), so its cases run the whole path instead of ending at a refused connection.
 */
async function upstreamSettings(tool: string, base: ToolSettings): Promise<{ settings: ToolSettings; fetch: typeof fetch } | undefined> {
  if (tool !== 'blm-land-lookup') return undefined;
  const { startFakeArcgis } = await import(pathToFileURL(path.join(ROOT, 'src/tools/blm-land-lookup/fake-arcgis.ts')).href);
  const fake = await startFakeArcgis();
  return { settings: { ...base, blmSmaUrl: fake.smaUrl, blmDesignationsUrl: fake.designationsUrl }, fetch: globalThis.fetch };
}

/** The child: runs the cases of one tool from `from` on, reporting each as it ends. */
async function child(job: Job): Promise<void> {
  const cases = (await import(pathToFileURL(path.join(ROOT, 'src/tools/registry.ts')).href)) as Registry;
  const list = cases.tools.find((t) => t.name === job.tool)?.hostile?.() ?? [];
  let run: (input: unknown) => Promise<number>;
  if (job.toolsFrom === ROOT) {
    // This checkout: the production call path, as the operator (what a server does with the body, minus HTTP).
    const { callTool, makeTestContext } = (await import(pathToFileURL(path.join(ROOT, 'test/support/tool-harness.ts')).href)) as { callTool: typeof CallTool; makeTestContext: typeof MakeTestContext };
    const tool = cases.tools.find((t) => t.name === job.tool)!;
    const upstream = await upstreamSettings(job.tool, makeTestContext().settings);
    run = async (input) => {
      try {
        // A fresh context (and cache) per run: a cached upstream answer would time nothing.
        return (await callTool(tool as never, input, makeTestContext(upstream))).status;
      } catch {
        return 500;
      }
    };
  } else {
    // Another checkout's engines: its schema, its prepare (when it has one), its run.
    const other = (await import(pathToFileURL(path.join(job.toolsFrom, 'src/tools/registry.ts')).href)) as Registry;
    const { makeTestContext } = (await import(pathToFileURL(path.join(ROOT, 'test/support/tool-harness.ts')).href)) as { makeTestContext: typeof MakeTestContext };
    const tool = other.tools.find((t) => t.name === job.tool) as unknown as {
      input: { safeParse(v: unknown): { success: boolean; data?: unknown } };
      prepare?: (v: unknown) => unknown;
      run: (v: unknown, ctx: unknown, p?: unknown) => unknown;
    };
    run = async (input) => {
      try {
        const parsed = tool.input.safeParse(input);
        if (!parsed.success) return 400;
        const prepared = tool.prepare ? tool.prepare(parsed.data) : undefined;
        await tool.run(parsed.data, makeTestContext(), prepared);
        return 200;
      } catch (err) {
        return typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
      }
    };
  }
  for (let index = job.from; index < list.length; index++) {
    const c = list[index]!;
    const wall: number[] = [];
    const cpu: number[] = [];
    let status = 0;
    process.send!({ started: index });
    for (let i = 0; i < job.runs; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      status = await run(c.input);
      wall.push(performance.now() - t0);
      const u = process.cpuUsage(c0);
      cpu.push((u.user + u.system) / 1000);
    }
    const outcome: Outcome = { index, name: c.name, bytes: Buffer.byteLength(JSON.stringify(c.input)), status, wall, cpu };
    process.send!(outcome);
  }
  process.send!({ done: true });
}

/** Runs a tool's cases in children; a case past the deadline is recorded and its child replaced. */
async function timeTool(tool: string, count: number, runs: number, deadlineMs: number, toolsFrom: string): Promise<Array<Outcome | { index: number; deadline: true }>> {
  const out: Array<Outcome | { index: number; deadline: true }> = [];
  let from = 0;
  while (from < count) {
    const proc: ChildProcess = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, HOSTILE_JOB: JSON.stringify({ tool, from, runs, toolsFrom }) }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    from = await new Promise<number>((resolve) => {
      let current = from;
      let timer: NodeJS.Timeout | undefined;
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          out.push({ index: current, deadline: true });
          proc.kill('SIGKILL');
          resolve(current + 1);
        }, deadlineMs * runs + 30_000);
      };
      proc.on('message', (m: { started?: number; done?: boolean } & Partial<Outcome>) => {
        if (m.started !== undefined) {
          current = m.started;
          arm();
        } else if (m.done) {
          clearTimeout(timer);
          proc.kill();
          resolve(count);
        } else {
          out.push(m as Outcome);
          process.stderr.write(`${tool} / ${m.name}: ${m.status}, ${Math.min(...m.cpu!).toFixed(1)} ms CPU\n`);
        }
      });
      proc.on('exit', () => {
        clearTimeout(timer);
        resolve(Math.max(current + 1, from));
      });
    });
  }
  return out;
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
  type Row = { tool: string; name: string; bytes: number; status: string; cpu: number | undefined; wall: number | undefined };
  const rows: Row[] = [];
  let failed = false;
  for (const tool of tools) {
    if (only.size > 0 && !only.has(tool.name)) continue;
    const cases = tool.hostile?.() ?? [];
    if (cases.length === 0) process.stderr.write(`${tool.name}: no hostile cases declared\n`);
    const results = await timeTool(tool.name, cases.length, runs, deadlineMs, toolsFrom);
    for (const r of results.sort((a, b) => a.index - b.index)) {
      const c = cases[r.index]!;
      if ('deadline' in r) {
        failed = true;
        rows.push({ tool: tool.name, name: c.name, bytes: Buffer.byteLength(JSON.stringify(c.input)), status: 'deadline', cpu: undefined, wall: undefined });
      } else {
        const cpu = Math.min(...r.cpu);
        if (r.status >= 500 || cpu >= TARGET_MS) failed = true;
        rows.push({ tool: tool.name, name: r.name, bytes: r.bytes, status: String(r.status), cpu, wall: Math.min(...r.wall) });
      }
    }
  }
  const fmt = (v: number | undefined): string => (v === undefined ? `>${deadlineMs}` : v.toFixed(1));
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(`\nHostile inputs through the call path: best of ${runs} runs per case, CPU and wall ms (engines from ${path.relative(process.cwd(), toolsFrom) || '.'}; load average ${load} on ${os.cpus().length} cores); target < ${TARGET_MS} ms\n`);
  console.log('| tool | case | bytes | status | CPU ms | wall ms |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.tool} | ${r.name} | ${r.bytes} | ${r.status} | ${fmt(r.cpu)} | ${fmt(r.wall)} |`);
  console.log('\n| tool | cases | p100 CPU ms (slowest case) | p100 wall ms | over target |\n|---|---|---|---|---|');
  for (const name of [...new Set(rows.map((r) => r.tool))]) {
    const mine = rows.filter((r) => r.tool === name);
    const worst = (f: (r: Row) => number | undefined): number | undefined => (mine.some((r) => f(r) === undefined) ? undefined : Math.max(...mine.map((r) => f(r) as number)));
    const over = mine.filter((r) => r.cpu === undefined || r.cpu >= TARGET_MS).length;
    console.log(`| ${name} | ${mine.length} | ${fmt(worst((r) => r.cpu))} | ${fmt(worst((r) => r.wall))} | ${over} |`);
  }
  if (failed) {
    console.log('\nTARGET MISSED: a case answered a 5xx, ran past the deadline, or took 300 ms of CPU or more');
    process.exitCode = 1;
  }
}

if (process.env.HOSTILE_JOB) await child(JSON.parse(process.env.HOSTILE_JOB) as Job);
else await main();
