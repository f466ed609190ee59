// First start without DDT_BOOTSTRAP_ADMIN_KEY creates an admin key and prints it once; the configured key is ensured.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { checkEndpointNames, createService } from '../src/server.ts';
import { tools } from '../src/tools/registry.ts';

it('creates and announces an admin key once, then never again; a configured key is re-activated', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-boot-'));
  try {
    const lines: string[] = [];
    const start = async (env: Record<string, string> = {}) =>
      createService(loadConfig({ DDT_DATA_DIR: dir, DDT_LOG_LEVEL: 'silent', ...env }), { announce: (l) => lines.push(l), defaultMetrics: false, logger: false });
    const first = await start();
    await first.close();
    expect(lines).toHaveLength(1);
    const key = /(ddt_[0-9A-Za-z]{43})/.exec(lines[0]!)?.[1];
    expect(key).toBeDefined();
    const second = await start();
    try {
      expect(lines).toHaveLength(1);
      const r = await second.app.inject({ method: 'POST', url: '/v1/keys', headers: { authorization: `Bearer ${key}` }, payload: { credits: 1 } });
      expect(r.statusCode).toBe(201);
    } finally {
      await second.close();
    }
    const configured = 'ddt_configured_admin_key_000000000000000';
    const third = await start({ DDT_BOOTSTRAP_ADMIN_KEY: configured });
    try {
      const rec = (await third.store.listKeys()).find((k) => k.name === 'bootstrap admin' && k.scopes.includes('admin') && k.display.startsWith('ddt_conf'));
      expect(rec?.credits).toBe(1000);
      await third.store.revokeKey(rec!.id, 't');
    } finally {
      await third.close();
    }
    const fourth = await start({ DDT_BOOTSTRAP_ADMIN_KEY: configured });
    try {
      const r = await fourth.app.inject({ method: 'POST', url: '/v1/keys', headers: { authorization: `Bearer ${configured}` }, payload: { credits: 1 } });
      expect(r.statusCode).toBe(201);
    } finally {
      await fourth.close();
    }
    expect(lines).toHaveLength(1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('a bad setting stops the start with the variable named', () => {
  expect(() => loadConfig({ DDT_RATE_LIMITS: 'humanize=ten/60' })).toThrow(/DDT_RATE_LIMITS/);
  expect(() => loadConfig({ PORT: '99999' })).toThrow(/PORT/);
  expect(() => loadConfig({ DDT_BOOTSTRAP_ADMIN_KEY: 'sk_live_x' })).toThrow(/DDT_BOOTSTRAP_ADMIN_KEY/);
  expect(() => loadConfig({ DDT_ALIGNMENT_MODEL: 'gpt-4' })).toThrow(/DDT_ALIGNMENT_MODEL/);
  expect(loadConfig({ DDT_RATE_LIMITS: '*=10/1,log-analyzer=30/60' }).rateLimits).toEqual({ default: { limit: 10, windowSeconds: 1 }, perEndpoint: { 'log-analyzer': { limit: 30, windowSeconds: 60 } } });
});

describe('endpoint names in the configuration', () => {
  it.each([
    ['DDT_DISABLED', 'humanise', /DDT_DISABLED: "humanise" names no endpoint; did you mean "humanize"\?/],
    ['DDT_DISABLED', 'nothing-like-it', /DDT_DISABLED: "nothing-like-it" names no endpoint \(known: /],
    ['DDT_DEPLOY_EXTRA', 'convert_diagrams', /DDT_DEPLOY_EXTRA: "convert_diagrams" names no endpoint; did you mean "convert-diagram"\?/],
    ['DDT_DEPLOY_EXTRA', 'uploads', /DDT_DEPLOY_EXTRA: "uploads" names no endpoint/],
  ])('%s=%s stops the start, naming it', (variable, value, message) => {
    const config = loadConfig({ [variable]: value });
    expect(() => checkEndpointNames(config, tools)).toThrow(message);
  });

  it('known names pass, in either spelling', () => {
    expect(() => checkEndpointNames(loadConfig({ DDT_DISABLED: 'humanize,saas_metrics,mcp,uploads,keys', DDT_DEPLOY_EXTRA: 'convert-diagram,supply_chain_scan' }), tools)).not.toThrow();
  });
});
