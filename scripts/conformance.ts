// Runs the official MCP conformance suite (server scenarios) against a freshly started server, with the baseline.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-conformance-'));
const port = 18_000 + (process.pid % 2000);
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: root,
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DDT_DATA_DIR: dataDir, DDT_LOG_LEVEL: 'warn', DDT_DATABASE_URL: '', DDT_REDIS_URL: '', DDT_BOOTSTRAP_ADMIN_KEY: 'ddt_conformance_admin_key_000000000000000' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function ready(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

let code: number;
try {
  await ready();
  const bin = path.join(root, 'node_modules/.bin/conformance');
  const res = spawnSync(bin, ['server', '--url', `http://127.0.0.1:${port}/mcp`, '--expected-failures', path.join(root, 'conformance-baseline.yml')], {
    cwd: dataDir,
    encoding: 'utf8',
    timeout: 300_000,
  });
  const out = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  const summary = out.slice(out.indexOf('=== SUMMARY ==='));
  process.stdout.write(`${summary || out}\n`);
  code = res.status ?? 1;
  process.stdout.write(code === 0 ? 'conformance: every applicable scenario passes; the rest are in conformance-baseline.yml\n' : 'conformance: FAILED (a regression, or a baseline entry that now passes)\n');
} catch (err) {
  process.stderr.write(`conformance: ${(err as Error).message}\n`);
  code = 1;
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
