// ddt mcp: the same tools over stdio (what desktop MCP clients launch), driven by the official SDK's stdio client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openStore } from '../src/platform/store/index.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-stdio-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const KEY = 'ddt_stdio_test_key_00000000000000000000000';

it('lists the 17 tools and calls one as the key in DDT_API_KEY, metered like HTTP; stdout carries only the protocol', async () => {
  const stderr: string[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', path.join(ROOT, 'src/cli/index.ts'), 'mcp'],
    cwd: ROOT,
    env: { ...process.env, DDT_DATA_DIR: dir, DDT_BOOTSTRAP_ADMIN_KEY: KEY, DDT_BOOTSTRAP_CREDITS: '10', DDT_API_KEY: KEY, DDT_LOG_LEVEL: 'info' } as Record<string, string>,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  const client = new Client({ name: 'ddt-stdio-test', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(17);
  const res = await client.callTool({ name: 'saas_metrics', arguments: { cash: 1200, net_burn: 100 } });
  expect(res.isError).toBe(false);
  const body = JSON.parse((res.content as Array<{ text: string }>)[0]!.text) as { metrics: { runway_months: { value: number } }; request_id: string };
  expect(body.metrics.runway_months.value).toBe(12);
  expect(body.request_id).toMatch(/^req_/);
  const bad = await client.callTool({ name: 'saas_metrics', arguments: { mrr: 1 } });
  expect(bad.isError).toBe(true);
  expect(JSON.parse((bad.content as Array<{ text: string }>)[0]!.text)).toMatchObject({ error: 'unknown_field', field: 'mrr' });
  await client.close();
  const store = await openStore(loadConfig({ DDT_DATA_DIR: dir }));
  try {
    const keys = await store.listKeys();
    expect(keys[0]?.credits).toBe(9);
  } finally {
    await store.close();
  }
}, 60_000);
