// The ddt CLI: keys create/list/credit/revoke on the store, call (a tool run locally), openapi, usage errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectError } from './support/errors.ts';
import { runCli } from '../src/cli/index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`), stdin: async () => stdin, env: { DDT_DATA_DIR: dir } });
  return { code, out, err };
}

describe('ddt keys', () => {
  it('create, list with balance, credit, revoke', async () => {
    const created = await cli(['keys', 'create', '--credits', '7', '--name', 'ci-bot']);
    expect(created.code).toBe(0);
    const key = JSON.parse(created.out) as { key: string; key_id: string; scopes: string[] };
    expect(key.key).toMatch(/^ddt_[0-9A-Za-z]{43}$/);
    expect(key.scopes).toEqual(['tools', 'uploads']);
    expect(created.err).toContain('shown once');

    const list = await cli(['keys', 'list', '--json']);
    const rows = JSON.parse(list.out) as Array<{ id: string; credits: number; status: string; display: string }>;
    const row = rows.find((r) => r.id === key.key_id)!;
    expect(row).toMatchObject({ credits: 7, status: 'active' });
    expect(list.out).not.toContain(key.key);

    expect((await cli(['keys', 'credit', key.key_id, '5'])).out).toContain('"balance":12');
    const table = await cli(['keys', 'list']);
    expect(table.out).toMatch(/KEY_ID\s+KEY\s+NAME\s+SCOPES\s+STATUS\s+CREDITS/);
    expect(table.out).toContain('ci-bot');

    expect((await cli(['keys', 'revoke', key.key_id])).code).toBe(0);
    const after = JSON.parse((await cli(['keys', 'list', '--json'])).out) as Array<{ id: string; status: string }>;
    expect(after.find((r) => r.id === key.key_id)?.status).toBe('revoked');
  });

  const bad: Array<{ name: string; args: string[]; code: number; err: RegExp }> = [
    { name: 'credits missing', args: ['keys', 'create'], code: 2, err: /--credits/ },
    { name: 'credits negative', args: ['keys', 'create', '--credits', '-1'], code: 2, err: /--credits/ },
    { name: 'unknown scope', args: ['keys', 'create', '--credits', '1', '--scopes', 'root'], code: 2, err: /unknown scope/ },
    { name: 'revoke unknown id', args: ['keys', 'revoke', 'key_nope'], code: 1, err: /no key/ },
    { name: 'credit without amount', args: ['keys', 'credit', 'key_nope'], code: 2, err: /amount/ },
    { name: 'unknown command', args: ['frobnicate'], code: 2, err: /unknown command/ },
  ];
  for (const c of bad) {
    it(c.name, async () => {
      const r = await cli(c.args);
      expect(r.code).toBe(c.code);
      expect(r.err).toMatch(c.err);
    });
  }
});

describe('ddt call and ddt openapi', () => {
  it('runs a tool locally from stdin, with the same validation codes as the API', async () => {
    const ok = await cli(['call', 'saas-metrics'], '{"cash": 1000, "net_burn": 100}');
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.out) as { metrics: { runway_months: { value: number } } }).metrics.runway_months.value).toBe(10);
    const bad = await cli(['call', 'saas_metrics'], '{"cash": "lots"}');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toMatchObject({ error: 'cash_must_be_number' });
    expect((await cli(['call', 'nope'], '{}')).code).toBe(2);
    expectError(JSON.parse((await cli(['call', 'saas-metrics'], '{oops')).out), { error: 'invalid_json', position: 1, line: 1, column: 2 });
  });

  it('prints the OpenAPI document and checks a file for drift', async () => {
    const printed = await cli(['openapi']);
    expect(JSON.parse(printed.out)).toMatchObject({ openapi: '3.1.0' });
    const file = path.join(dir, 'o.json');
    expect((await cli(['openapi', '--out', file])).code).toBe(0);
    expect((await cli(['openapi', '--check', file])).code).toBe(0);
    fs.appendFileSync(file, ' ');
    expect((await cli(['openapi', '--check', file])).code).toBe(1);
  });
});

describe('ddt call with a file that is not JSON', () => {
  it('puts a raw log into the tool text field instead of answering invalid_json', async () => {
    const log = path.join(dir, 'app.log');
    fs.writeFileSync(log, ['2026-07-22 12:00:00 INFO start', '2026-07-22 12:00:01 ERROR disk full on /dev/sda1', '2026-07-22 12:00:02 ERROR disk full on /dev/sdb1'].join('\n'));
    const r = await cli(['call', 'log-analyzer', log]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toHaveProperty('clusters');
    const manifest = path.join(dir, 'requirements.txt');
    fs.writeFileSync(manifest, 'requests>=2\nflask==3.0.0\n');
    expect(JSON.parse((await cli(['call', 'dependency-check', manifest])).out)).toHaveProperty('findings');
  });
});

describe('ddt keys revoke and ddt usage', () => {
  it('revokes by the key itself, as a user pastes it', async () => {
    const created = JSON.parse((await cli(['keys', 'create', '--credits', '1'])).out) as { key: string; key_id: string };
    const r = await cli(['keys', 'revoke', created.key]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ key_id: created.key_id, status: 'revoked' });
    expect(r.out).not.toContain(created.key);
    expect((await cli(['keys', 'revoke', 'ddt_not_a_real_key_0000000000000000000000'])).err).toContain('no such key');
  });

  it('prints calls and credits by endpoint from the ledger, for one key and since a time', async () => {
    const { startTestService } = await import('./support/service.ts');
    const svc = await startTestService({ DDT_DATA_DIR: dir });
    try {
      const a = await svc.createKey(10);
      const b = await svc.createKey(10);
      for (let i = 0; i < 3; i++) await svc.app.inject({ method: 'POST', url: '/v1/saas-metrics', headers: svc.auth(a.key), payload: { cash: 1, net_burn: 1 } });
      await svc.app.inject({ method: 'POST', url: '/v1/test-boom', headers: svc.auth(a.key), payload: {} });
      await svc.app.inject({ method: 'POST', url: '/v1/saas-metrics', headers: svc.auth(b.key), payload: { cash: 1, net_burn: 1 } });
    } finally {
      await svc.close().catch(() => undefined);
    }
    const one = JSON.parse((await cli(['usage', '--key', (await firstKeyWithCalls())!, '--json'])).out) as { endpoints: Array<{ endpoint: string; calls: number; refunded: number; credits: number }> };
    expect(one.endpoints).toEqual([
      { endpoint: 'saas-metrics', calls: 3, refunded: 0, credits: 3 },
      { endpoint: 'test-boom', calls: 1, refunded: 1, credits: 0 },
    ]);
    // The test service's clock stands at 2026-07-22T12:00Z.
    const table = await cli(['usage', '--since', '2026-07-22T11:00:00Z']);
    expect(table.out).toMatch(/ENDPOINT\s+CALLS\s+REFUNDED\s+CREDITS/);
    expect(table.out).toMatch(/saas-metrics\s+4\s+0\s+4/);
    expect(table.out).toMatch(/total\s+5\s+1\s+4/);
    expect(JSON.parse((await cli(['usage', '--since', '2026-07-23', '--json'])).out)).toMatchObject({ endpoints: [] });
    expect((await cli(['usage', '--since', '30d'])).code).toBe(0);
    expect((await cli(['usage', '--since', 'yesterday-ish'])).code).toBe(2);
    expect((await cli(['usage', '--key', 'key_nope'])).code).toBe(1);
  });

  /** The key that made the three saas-metrics calls (the test creates it through the server). */
  async function firstKeyWithCalls(): Promise<string | undefined> {
    const keys = JSON.parse((await cli(['keys', 'list', '--json'])).out) as Array<{ id: string; credits: number }>;
    return keys.find((k) => k.credits === 7)?.id;
  }
});
