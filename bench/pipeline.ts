// npm run bench: a metered saas-metrics call through the whole pipeline vs a bare Fastify route, at 50 connections.
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
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PG_URL = process.env.DDT_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.DDT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
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

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1', DDT_LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

async function load(name: string, url: string, headers: Record<string, string>): Promise<Result> {
  const body = JSON.stringify(BENCH_INPUT);
  // Warm-up: JIT, connection pools, prepared statements.
  await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function pipelineRun(name: string, port: number, env: Record<string, string>): Promise<Result> {
  const child = start('src/main.ts', { PORT: String(port), DDT_BOOTSTRAP_ADMIN_KEY: ADMIN, DDT_RATE_LIMITS: '*=1000000000/60', ...env });
  try {
    await waitReady(`http://127.0.0.1:${port}/readyz`, child);
    const created = await fetch(`http://127.0.0.1:${port}/v1/keys`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ credits: 1_000_000_000, name: 'bench' }),
    });
    const { key } = (await created.json()) as { key: string };
    return await load(name, `http://127.0.0.1:${port}/v1/saas-metrics`, { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });
  } finally {
    await stop(child);
  }
}

async function main(): Promise<void> {
  const results: Result[] = [];
  const bare = start('bench/bare-server.ts', { PORT: '18101' });
  try {
    await waitReady('http://127.0.0.1:18101/nothing', bare);
    results.push(await load('bare Fastify route (same JSON)', 'http://127.0.0.1:18101/v1/saas-metrics', { 'Content-Type': 'application/json' }));
  } finally {
    await stop(bare);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-bench-'));
  try {
    results.push(await pipelineRun('pipeline, embedded (SQLite + in-process limiter)', 18102, { DDT_DATA_DIR: dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const dbName = `ddt_bench_${process.pid}`;
  let pgOk = true;
  const admin = new pg.Client({ connectionString: PG_URL });
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
    try {
      results.push(await pipelineRun('pipeline, PostgreSQL + Redis', 18103, { DDT_DATA_DIR: dataDir2, DDT_DATABASE_URL: url.toString(), DDT_REDIS_URL: REDIS_URL }));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      fs.rmSync(dataDir2, { recursive: true, force: true });
    }
  }
  await admin.end().catch(() => undefined);

  const base = results[0]!;
  process.stdout.write(`\nsaas-metrics POST, ${CONNECTIONS} connections, ${DURATION} s each (after 2 s warm-up), log level warn, ${os.cpus().length} cores\n\n`);
  process.stdout.write('| run | req/s | p50 ms | p99 ms | vs bare | non-2xx | errors |\n|---|---|---|---|---|---|---|\n');
  for (const r of results) {
    process.stdout.write(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((r.rps / base.rps) * 100).toFixed(1)}% | ${r.non2xx} | ${r.errors} |\n`);
  }
  const embedded = results[1];
  if (embedded) {
    const ratio = embedded.rps / base.rps;
    process.stdout.write(`\ntarget (embedded): >= 75% of bare throughput and p99 < 10 ms -> ${ratio >= 0.75 && embedded.p99 < 10 ? 'met' : 'NOT met'} (${(ratio * 100).toFixed(1)}%, p99 ${embedded.p99} ms)\n`);
  }
}

await main();
