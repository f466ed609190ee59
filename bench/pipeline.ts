// npm run bench: a metered saas-metrics call through the whole pipeline vs bare Fastify routes, at 50 connections.
// Every target is started first; then the runs are interleaved (bare, pipeline, ... repeated ROUNDS times)
// and the median is reported, so a slow spell of a shared machine falls on every target alike. Each run also
// reads the server's CPU time from /proc, so the cost per call (µs) is reported beside the throughput.
//
// BENCH_BASELINE=<checkout> adds the pipeline targets of another checkout (an older commit in a worktree), run
// in the same interleaved rounds: a before/after comparison on one machine at one time.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_INPUT } from './pipeline-input.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN = 'ddt_bench_admin_key_0000000000000000000000';
const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 50;
const PG_URL = process.env.DDT_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.DDT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The server process, for its CPU time. */
  pid: number | undefined;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Server CPU time (user + system) per completed request, µs. */
  cpuUs: number;
  /** PostgreSQL's and Redis' CPU time per completed request, µs (local servers only). */
  pgUs: number;
  redisUs: number;
}

const TICK_US = 1_000_000 / 100; // /proc's clock ticks (USER_HZ) are 100 per second on Linux

/**
 * CPU time of the local PostgreSQL (every `postgres` process, with the backends that already exited, which the
 * postmaster's cutime/cstime hold) and Redis processes, in µs; NaN where /proc is absent. Counted during every
 * run, so a target that does not use them shows about zero.
 */
function backendsCpu(): { pg: number; redis: number } {
  const out = { pg: 0, redis: 0 };
  let dirs: string[];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return { pg: NaN, redis: NaN };
  }
  for (const d of dirs) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const kind = comm === 'postgres' ? 'pg' : comm === 'redis-server' ? 'redis' : undefined;
    if (!kind) continue;
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out[kind] += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_US;
  }
  return out;
}

/** utime + stime of a process, in µs (Linux /proc); NaN elsewhere. */
function cpuOf(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return NaN;
  }
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`not ready: ${url}`);
}

/** A script of a checkout: its compiled form when built (what `npm start` runs), else the source through tsx. */
function start(script: string, env: Record<string, string>, cwd = ROOT): ChildProcess {
  const compiled = script.startsWith('src/') ? path.join('dist', script.slice(4).replace(/\.ts$/, '.js')) : undefined;
  const args = compiled && fs.existsSync(path.join(cwd, compiled)) ? [compiled] : ['--import', 'tsx', script];
  return spawn(process.execPath, args, { cwd, env: { ...process.env, HOST: '127.0.0.1', DDT_LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

async function load(t: Target, seconds: number): Promise<Run> {
  const cpu0 = cpuOf(t.pid);
  const b0 = backendsCpu();
  const r = await autocannon({ url: t.url, method: 'POST', headers: t.headers, body: JSON.stringify(BENCH_INPUT), connections: CONNECTIONS, duration: seconds });
  const calls = Math.max(1, r.requests.total);
  const b1 = backendsCpu();
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    cpuUs: (cpuOf(t.pid) - cpu0) / calls,
    pgUs: (b1.pg - b0.pg) / calls,
    redisUs: (b1.redis - b0.redis) / calls,
  };
}

/** Starts the service on port with env (from `cwd`: this checkout or a baseline), creates a metered key and returns the target. */
async function pipelineTarget(name: string, port: number, env: Record<string, string>, children: ChildProcess[], cwd = ROOT): Promise<Target> {
  const child = start('src/main.ts', { PORT: String(port), DDT_BOOTSTRAP_ADMIN_KEY: ADMIN, DDT_RATE_LIMITS: '*=1000000000/60', ...env }, cwd);
  children.push(child);
  await waitReady(`http://127.0.0.1:${port}/readyz`, child);
  const created = await fetch(`http://127.0.0.1:${port}/v1/keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ credits: 1_000_000_000, name: 'bench' }),
  });
  const { key } = (await created.json()) as { key: string };
  return { name, url: `http://127.0.0.1:${port}/v1/saas-metrics`, headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, pid: child.pid };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const json = { 'Content-Type': 'application/json' };
  const dbName = `ddt_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  let pgOk = true;
  const targets: Target[] = [];
  try {
    const bare = start('bench/bare-server.ts', { PORT: '18101' });
    children.push(bare);
    await waitReady('http://127.0.0.1:18101/nothing', bare);
    targets.push({ name: 'bare route computing the same JSON', url: 'http://127.0.0.1:18101/v1/saas-metrics', headers: json, pid: bare.pid });
    targets.push({ name: 'bare route replying precomputed JSON', url: 'http://127.0.0.1:18101/static/saas-metrics', headers: json, pid: bare.pid });

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-bench-'));
    dirs.push(dataDir);
    targets.push(await pipelineTarget('pipeline, embedded (SQLite + in-process limiter)', 18102, { DDT_DATA_DIR: dataDir }, children));
    const baseline = process.env.BENCH_BASELINE;
    if (baseline) {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-bench-'));
      dirs.push(d);
      targets.push(await pipelineTarget(`baseline ${path.basename(baseline)}: embedded`, 18104, { DDT_DATA_DIR: d }, children, path.resolve(baseline)));
    }

    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
    } catch (err) {
      pgOk = false;
      process.stderr.write(`skipping PostgreSQL + Redis run: ${(err as Error).message}\n`);
    }
    if (pgOk) {
      const url = new URL(PG_URL);
      url.pathname = `/${dbName}`;
      const dataDir2 = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-bench-'));
      dirs.push(dataDir2);
      targets.push(await pipelineTarget('pipeline, PostgreSQL + Redis', 18103, { DDT_DATA_DIR: dataDir2, DDT_DATABASE_URL: url.toString(), DDT_REDIS_URL: REDIS_URL }, children));
      if (baseline) {
        await admin.query(`CREATE DATABASE ${dbName}_base`);
        const u2 = new URL(PG_URL);
        u2.pathname = `/${dbName}_base`;
        const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-bench-'));
        dirs.push(d);
        targets.push(await pipelineTarget(`baseline ${path.basename(baseline)}: PostgreSQL + Redis`, 18105, { DDT_DATA_DIR: d, DDT_DATABASE_URL: u2.toString(), DDT_REDIS_URL: REDIS_URL }, children, path.resolve(baseline)));
      }
    }

    // Warm-up: JIT, connection pools, prepared statements.
    for (const t of targets) await load(t, 2);
    const runs = new Map<Target, Run[]>(targets.map((t) => [t, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) runs.get(t)!.push(await load(t, DURATION));
      process.stderr.write(`round ${round + 1}/${ROUNDS}: ${targets.map((t) => `${t.name.split(' (')[0]} ${Math.round(runs.get(t)!.at(-1)!.rps)}/s`).join(' | ')}\n`);
    }
    report(targets, runs);
  } finally {
    for (const c of children) await stop(c);
    if (pgOk) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    if (pgOk && process.env.BENCH_BASELINE) await admin.query(`DROP DATABASE IF EXISTS ${dbName}_base WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

function report(targets: Target[], runs: Map<Target, Run[]>): void {
  const [computing, precomputed, embedded] = targets as [Target, Target, Target];
  // Ratios are taken round by round (the runs of one round are seconds apart), then the median.
  const ratio = (t: Target, base: Target): number => median(runs.get(t)!.map((r, i) => r.rps / runs.get(base)![i]!.rps));
  const out = process.stdout;
  out.write(`\nsaas-metrics POST, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s per target (after 2 s warm-up each), log level warn, ${os.cpus().length} cores; medians\n\n`);
  out.write(
    '| run | req/s | p50 ms | p99 ms | server CPU µs per call | PostgreSQL CPU µs per call | Redis CPU µs per call | vs bare computing | vs bare precomputed | non-2xx | errors |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|\n',
  );
  for (const t of targets) {
    const rs = runs.get(t)!;
    const sum = (f: (r: Run) => number): number => rs.reduce((s, r) => s + f(r), 0);
    out.write(
      `| ${t.name} | ${Math.round(median(rs.map((r) => r.rps)))} | ${median(rs.map((r) => r.p50))} | ${median(rs.map((r) => r.p99))} | ${median(rs.map((r) => r.cpuUs)).toFixed(1)} | ` +
        `${median(rs.map((r) => r.pgUs)).toFixed(1)} | ${median(rs.map((r) => r.redisUs)).toFixed(1)} | ` +
        `${(ratio(t, computing) * 100).toFixed(1)}% | ${(ratio(t, precomputed) * 100).toFixed(1)}% | ${sum((r) => r.non2xx)} | ${sum((r) => r.errors)} |\n`,
    );
  }
  out.write(`\nper round req/s: ${targets.map((t) => `${t.name.split(' (')[0]}: ${runs.get(t)!.map((r) => Math.round(r.rps)).join(', ')}`).join('; ')}\n`);
  const r = ratio(embedded, computing);
  const p99 = median(runs.get(embedded)!.map((x) => x.p99));
  out.write(
    `\ntarget (embedded vs the bare route computing the same JSON): >= 75% of its throughput and p99 < 10 ms -> ` +
      `${r >= 0.75 && p99 < 10 ? 'met' : 'NOT met'} (${(r * 100).toFixed(1)}%, p99 ${p99} ms)\n`,
  );
  const scaled = targets.find((t) => t.name === 'pipeline, PostgreSQL + Redis');
  if (scaled) {
    const rs = ratio(scaled, computing);
    const p99s = median(runs.get(scaled)!.map((x) => x.p99));
    out.write(
      `target (PostgreSQL + Redis): >= 60% of the bare computing route and p99 <= 2x the embedded p99 -> ` +
        `${rs >= 0.6 && p99s <= 2 * p99 ? 'met' : 'NOT met'} (${(rs * 100).toFixed(1)}%, p99 ${p99s} ms vs ${p99} ms)\n`,
    );
  }
}

await main();
