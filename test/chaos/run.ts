// npm run test:chaos: two instances on PostgreSQL and Redis under a bounded load, while the database's backends
// are terminated, the database is paused for 10 s, Redis is killed and restarted, and one instance is sent
// SIGTERM (and started again). Passes when every instance serves at the end, no call got a 500 or waited over
// 15 s, and for every key the balance equals the ledger and every charged request_id was answered or refunded.
//
// Backends of its own: a fresh database behind a TCP proxy (so a pause stalls only this test's connections), and
// a Redis server on a free port. The shared services are never touched. Prints a table; exits 1 on failure.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PG_ADMIN_URL, backendsAvailable, freshDatabase } from '../support/backends.ts';
import { freePort, startServerProcess } from '../support/process.ts';
import type { ServerProcess } from '../support/process.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';

const ADMIN = 'ddt_chaos_admin_key_0000000000000000000000';
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 45);
const CLIENTS = 8;
const HANG_MS = 15_000;

interface Sample {
  at: number;
  instance: string;
  key: string;
  status: number | 'network';
  ms: number;
  requestId?: string;
  error?: string;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = new net.Socket();
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
      s.connect(port, '127.0.0.1');
    });
    if (ok) return child;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  if (!(await backendsAvailable())) {
    process.stdout.write('chaos: PostgreSQL or Redis unreachable; skipped\n');
    return;
  }
  const db = await freshDatabase();
  const proxy = await startTcpProxy('127.0.0.1', Number(new URL(PG_ADMIN_URL).port || 5432));
  const redisPort = await freePort();
  let redis = await startRedis(redisPort);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-chaos-'));
  const env = {
    DDT_DATABASE_URL: proxy.url(db.url),
    DDT_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    DDT_BOOTSTRAP_ADMIN_KEY: ADMIN,
    DDT_DATABASE_TIMEOUT_MS: '2000',
    DDT_RATE_LIMITS: '*=100000/60,humanizer-score=20/5',
    DDT_DATA_DIR: dataDir,
    DDT_LOG_LEVEL: 'error',
    DDT_SHUTDOWN_GRACE_MS: '10000',
  };
  const instances: Record<string, ServerProcess | undefined> = {};
  [instances.a, instances.b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  const samples: Sample[] = [];
  const events: Array<{ at: number; what: string }> = [];
  const t0 = Date.now();
  const mark = (what: string): void => {
    events.push({ at: Date.now() - t0, what });
    process.stdout.write(`  ${((Date.now() - t0) / 1000).toFixed(1)} s  ${what}\n`);
  };
  let failures: string[] = [];
  try {
    const createKey = async (credits: number): Promise<{ key: string; key_id: string }> => {
      const r = await fetch(`${instances.a!.url}/v1/keys`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ credits }) });
      if (r.status !== 201) throw new Error(`key: ${r.status} ${await r.text()}`);
      return (await r.json()) as { key: string; key_id: string };
    };
    // A key that runs out (402s), one that is rate limited on one endpoint (429s), and plenty for the rest.
    const keys = { short: await createKey(60), limited: await createKey(100_000), rich: await createKey(100_000) };
    const bodies: Array<{ path: string; body: unknown; key: keyof typeof keys }> = [
      { path: '/v1/saas-metrics', body: { cash: 1_800_000, net_burn: 200_000, net_new_arr: 120_000 }, key: 'rich' },
      { path: '/v1/saas-metrics', body: { cash: 10, net_burn: 1 }, key: 'short' },
      { path: '/v1/humanizer-score', body: { text: 'It is important to note that this robust solution seamlessly leverages synergy.' }, key: 'limited' },
      { path: '/v1/defect-triage', body: { reports: [{ title: 'Crash on save', description: 'Steps: open, save. Expected: saved. Actual: crash.' }] }, key: 'rich' },
    ];

    let stop = false;
    const client = async (n: number): Promise<void> => {
      for (let i = 0; !stop; i++) {
        const name = (n + i) % 2 ? 'a' : 'b';
        const inst = instances[name];
        const spec = bodies[(n + i) % bodies.length]!;
        if (!inst) {
          await sleep(50);
          continue;
        }
        const started = Date.now();
        try {
          const r = await fetch(`${inst.url}${spec.path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${keys[spec.key].key}`, 'content-type': 'application/json' },
            body: JSON.stringify(spec.body),
            signal: AbortSignal.timeout(HANG_MS + 5000),
          });
          const text = await r.text();
          let requestId: string | undefined;
          try {
            requestId = (JSON.parse(text) as { request_id?: string }).request_id;
          } catch {
            // not JSON: recorded by status
          }
          samples.push({ at: started - t0, instance: name, key: spec.key, status: r.status, ms: Date.now() - started, requestId, error: r.status >= 500 ? text.slice(0, 200) : undefined });
        } catch (err) {
          samples.push({ at: started - t0, instance: name, key: spec.key, status: 'network', ms: Date.now() - started, error: (err as Error).message });
          await sleep(50);
        }
        await sleep(5);
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));

    const dbName = new URL(db.url).pathname.slice(1);
    const at = (s: number): Promise<void> => sleep(Math.max(0, t0 + s * 1000 - Date.now()));
    await at(4);
    mark('terminate every database backend (pg_terminate_backend)');
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
    await admin.end();
    await at(9);
    mark('pause the database for 10 s');
    proxy.pause();
    await at(19);
    proxy.resume();
    mark('database resumed');
    await at(25);
    mark('kill Redis (SIGKILL)');
    redis.kill('SIGKILL');
    await at(28);
    redis = await startRedis(redisPort);
    mark('Redis restarted');
    await at(33);
    mark('SIGTERM instance b');
    const b = instances.b!;
    instances.b = undefined;
    const code = await b.stop('SIGTERM');
    mark(`instance b exited with ${code}; starting it again`);
    instances.b = await startServerProcess(env);
    mark('instance b serving again');
    await at(SECONDS);
    stop = true;
    await load;
    mark('load stopped');

    // Every instance still serves.
    for (const [name, inst] of Object.entries(instances)) {
      const ready = await fetch(`${inst!.url}/readyz`).then((r) => r.status, () => 0);
      const call = await fetch(`${inst!.url}/v1/saas-metrics`, { method: 'POST', headers: { authorization: `Bearer ${keys.rich.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ cash: 1, net_burn: 1 }) }).then(
        async (r) => {
          const body = (await r.json()) as { request_id?: string };
          samples.push({ at: Date.now() - t0, instance: name, key: 'rich', status: r.status, ms: 0, requestId: body.request_id });
          return r.status;
        },
        () => 0,
      );
      if (ready !== 200 || call !== 200) failures.push(`instance ${name} is not serving at the end (readyz ${ready}, call ${call})`);
    }

    // Let uncertain charges settle (six statement timeouts), then read the ledger straight from the database.
    await sleep(14_000);
    const direct = new pg.Client({ connectionString: db.url });
    await direct.connect();
    const answered = new Set(samples.filter((s) => s.status === 200 && s.requestId).map((s) => s.requestId as string));
    const keyRows: Array<{ name: string; balance: number; ledger: number; chargedUnanswered: number }> = [];
    for (const [name, k] of Object.entries(keys)) {
      const bal = Number((await direct.query('SELECT credits FROM api_keys WHERE id = $1', [k.key_id])).rows[0].credits);
      const sum = Number((await direct.query('SELECT COALESCE(SUM(delta),0) AS s FROM ledger WHERE key_id = $1', [k.key_id])).rows[0].s);
      const charged = (await direct.query(
        `SELECT c.request_id FROM ledger c WHERE c.key_id = $1 AND c.kind = 'charge'
         AND NOT EXISTS (SELECT 1 FROM ledger r WHERE r.request_id = c.request_id AND r.kind = 'refund')`,
        [k.key_id],
      )).rows as Array<{ request_id: string }>;
      const missing = charged.filter((r) => !answered.has(r.request_id));
      const unanswered = missing.length;
      for (const m of missing.slice(0, 5)) {
        const row = (await direct.query('SELECT created_at, endpoint FROM ledger WHERE request_id = $1', [m.request_id])).rows[0] as { created_at: string; endpoint: string };
        process.stdout.write(`  charged, not answered, not refunded: ${m.request_id} ${row.endpoint} at ${row.created_at} (run began ${new Date(t0).toISOString()})\n`);
      }
      keyRows.push({ name, balance: bal, ledger: sum, chargedUnanswered: unanswered });
      if (bal !== sum) failures.push(`key ${name}: balance ${bal} but the ledger sums to ${sum}`);
      if (unanswered > 0) failures.push(`key ${name}: ${unanswered} charged request ids were neither answered nor refunded`);
    }
    await direct.end();

    const fiveHundreds = samples.filter((s) => s.status === 500);
    if (fiveHundreds.length > 0) failures.push(`${fiveHundreds.length} calls got a 500: ${fiveHundreds[0]!.error ?? ''}`);
    const slow = samples.filter((s) => s.ms > HANG_MS);
    if (slow.length > 0) failures.push(`${slow.length} calls waited over ${HANG_MS / 1000} s (longest ${Math.max(...slow.map((s) => s.ms))} ms)`);

    // The table.
    const count = (f: (s: Sample) => boolean): number => samples.filter(f).length;
    const statuses = [200, 402, 429, 503];
    const other = count((s) => s.status !== 'network' && !statuses.includes(s.status as number));
    process.stdout.write(`\nChaos run: ${SECONDS} s, ${CLIENTS} clients over two instances on PostgreSQL (through a proxy) and Redis\n\n`);
    process.stdout.write('| calls | 200 | 402 | 429 | 503 | other | network errors | 500 | over 15 s | longest ms |\n|---|---|---|---|---|---|---|---|---|---|\n');
    process.stdout.write(
      `| ${samples.length} | ${count((s) => s.status === 200)} | ${count((s) => s.status === 402)} | ${count((s) => s.status === 429)} | ${count((s) => s.status === 503)} | ${other} | ${count((s) => s.status === 'network')} | ${fiveHundreds.length} | ${slow.length} | ${Math.max(...samples.map((s) => s.ms))} |\n\n`,
    );
    process.stdout.write('| key | balance | ledger sum | charged without answer or refund |\n|---|---|---|---|\n');
    for (const r of keyRows) process.stdout.write(`| ${r.name} | ${r.balance} | ${r.ledger} | ${r.chargedUnanswered} |\n`);
    process.stdout.write('\n| event | at s | first 200 after it, s later | 503s in the 20 s after |\n|---|---|---|---|\n');
    for (const e of events) {
      const next = samples.find((s) => s.at >= e.at && s.status === 200);
      const n503 = samples.filter((s) => s.at >= e.at && s.at < e.at + 20_000 && s.status === 503).length;
      process.stdout.write(`| ${e.what} | ${(e.at / 1000).toFixed(1)} | ${next ? ((next.at + next.ms - e.at) / 1000).toFixed(1) : '-'} | ${n503} |\n`);
    }
    const codes = new Map<string, number>();
    for (const s of samples.filter((x) => x.status === 503)) {
      const code = /"error":"([a-z_]+)"/.exec(s.error ?? '')?.[1] ?? 'unknown';
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    if (codes.size > 0) process.stdout.write(`\n503 codes: ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')}\n`);
    const others = new Map<string, number>();
    for (const s of samples.filter((x) => x.status !== 'network' && !statuses.includes(x.status as number))) others.set(String(s.status), (others.get(String(s.status)) ?? 0) + 1);
    if (others.size > 0) process.stdout.write(`other statuses: ${[...others].map(([c, n]) => `${c} ${n}`).join(', ')}\n`);
  } catch (err) {
    failures = [...failures, `the run itself failed: ${(err as Error).stack ?? String(err)}`];
  } finally {
    await Promise.all(Object.values(instances).map((i) => i?.stop()));
    redis.kill('SIGKILL');
    await proxy.close();
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    process.stdout.write(`\nFAILED:\n- ${failures.join('\n- ')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write('\npassed: every instance serves, no 500, no call over 15 s, every ledger exact\n');
  }
}

await main();
