// Starts the service in-process for tests: a temp data dir, a movable clock, test-only tools, key helpers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import { createService } from '../../src/server.ts';
import type { Service, ServiceOptions } from '../../src/server.ts';
import { defineTool, ToolError } from '../../src/tools/kit/contract.ts';
import { tools as registryTools } from '../../src/tools/registry.ts';

export { registryTools };
import type { AnyTool } from '../../src/tools/registry.ts';

export const ADMIN_KEY = 'ddt_test_admin_key_000000000000000000000000';

/** Counts how often the test tools actually ran, to prove "nothing ran" on refused calls. */
export const runs = { echo: 0, boom: 0, upstream: 0, parse: 0, slow: 0 };

/** test-slow waits for `release()`; each call resets the gate when it starts. */
export const slowGate = {
  waiting: [] as Array<() => void>,
  release(): void {
    for (const r of this.waiting.splice(0)) r();
  },
};

/** Test-only tools: one that echoes, one that fails with a 500, one whose upstream times out (504, not refunded). */
export const testTools: AnyTool[] = [
  defineTool({
    name: 'test-echo',
    title: 'Echo',
    summary: 'Echo the input',
    description: 'Test tool.',
    credits: 1,
    deployed: true,
    input: z.object({ text: z.string().max(100).optional().describe('text'), upload_id: z.string().optional().describe('upload') }),
    output: z.object({ text: z.string().describe('text') }),
    annotations: { readOnlyHint: true },
    examples: [],
    codes: { text_unusable: { status: 400, meaning: 'The engine refused the text (the tests send bad-input).' } },
    uploadField: 'text',
    run: (input: { text?: string }) => {
      runs.echo++;
      if (input.text === 'bad-input') throw new ToolError(400, 'text_unusable', 'The engine refused this text.', { line: 1 });
      return { text: input.text ?? '' };
    },
  }),
  defineTool({
    name: 'test-boom',
    title: 'Boom',
    summary: 'Fail',
    description: 'Test tool that fails after charging.',
    credits: 2,
    deployed: true,
    input: z.object({}),
    output: z.object({}),
    annotations: {},
    examples: [],
    codes: {},
    run: () => {
      runs.boom++;
      throw new Error('kaboom');
    },
  }),
  defineTool({
    name: 'test-upstream',
    title: 'Upstream',
    summary: 'Time out upstream',
    description: 'Test tool whose upstream does not answer.',
    credits: 1,
    deployed: true,
    input: z.object({}),
    output: z.object({}),
    annotations: {},
    examples: [],
    codes: {},
    refundExempt: [504],
    run: () => {
      runs.upstream++;
      throw new ToolError(504, 'upstream_unavailable', 'The upstream did not respond.');
    },
  }),
  defineTool({
    name: 'test-parse',
    title: 'Parse',
    summary: 'Parse a list in prepare',
    description: 'Test tool whose prepare step parses its text (as a manifest tool would) and refuses a malformed one.',
    credits: 1,
    deployed: true,
    input: z.object({
      doc: z.string().max(1000).describe('comma-separated words'),
      options: z.object({ upper: z.boolean().optional().describe('upper-case the words') }).optional().describe('options'),
      items: z.array(z.object({ n: z.number().describe('n') })).max(10).optional().describe('items'),
    }),
    output: z.object({ words: z.array(z.string()).describe('words') }),
    annotations: {},
    examples: [],
    codes: { doc_malformed: { status: 400, meaning: 'Two commas in a row: an empty word in the document.' } },
    prepare: (input: { doc: string }) => {
      if (input.doc.includes(',,')) throw new ToolError(400, 'doc_malformed', 'Two commas in a row: an empty word.', { column: input.doc.indexOf(',,') + 1 });
      return input.doc.split(',');
    },
    run: (input: { options?: { upper?: boolean } }, _ctx, words: string[]) => {
      runs.parse++;
      return { words: input.options?.upper ? words.map((w) => w.toUpperCase()) : words };
    },
  }),
  defineTool({
    name: 'test-slow',
    title: 'Slow',
    summary: 'Wait for the test to release it',
    description: 'Test tool that runs until the test releases it (a call still running).',
    credits: 1,
    deployed: true,
    input: z.object({ n: z.number().optional().describe('any number') }),
    output: z.object({ n: z.number().describe('the number'), run: z.number().describe('how many runs so far') }),
    annotations: {},
    examples: [],
    codes: {},
    run: async (input: { n?: number }) => {
      runs.slow++;
      const run = runs.slow;
      await new Promise<void>((resolve) => slowGate.waiting.push(resolve));
      return { n: input.n ?? 0, run };
    },
  }),
  defineTool({
    name: 'test-hidden',
    title: 'Hidden',
    summary: 'Built but not deployed',
    description: 'Test tool that is not deployed.',
    credits: 1,
    deployed: false,
    input: z.object({}),
    output: z.object({ ok: z.boolean().describe('ok') }),
    annotations: {},
    examples: [],
    codes: {},
    run: () => ({ ok: true }),
  }),
];

export interface TestService extends Service {
  config: Config;
  dataDir: string;
  /** Moves the service clock (rate-limit windows, expiry). */
  clock: { now: number };
  auth(key?: string): Record<string, string>;
  createKey(credits: number, scopes?: string[]): Promise<{ key: string; id: string }>;
  balance(keyId: string): Promise<number>;
}

export async function startTestService(env: Record<string, string> = {}, opts: ServiceOptions = {}): Promise<TestService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-test-'));
  const config = loadConfig({ DDT_DATA_DIR: dataDir, DDT_BOOTSTRAP_ADMIN_KEY: ADMIN_KEY, DDT_LOG_LEVEL: 'silent', DDT_BOOTSTRAP_CREDITS: '0', ...env });
  const clock = { now: Date.UTC(2026, 6, 22, 12, 0, 0) };
  const svc = await createService(config, {
    tools: [...registryTools, ...testTools],
    clock: () => clock.now,
    defaultMetrics: false,
    announce: () => undefined,
    ...opts,
  });
  const t: TestService = {
    ...svc,
    config,
    dataDir,
    clock,
    auth: (key = ADMIN_KEY) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' }),
    async createKey(credits, scopes) {
      const r = await svc.app.inject({ method: 'POST', url: '/v1/keys', headers: t.auth(), payload: { credits, ...(scopes ? { scopes } : {}) } });
      if (r.statusCode !== 201) throw new Error(`createKey: ${r.statusCode} ${r.body}`);
      const body = r.json() as { key: string; key_id: string };
      return { key: body.key, id: body.key_id };
    },
    async balance(keyId) {
      const k = await svc.store.getKey(keyId);
      if (!k) throw new Error('no such key');
      return k.credits;
    },
    async close() {
      await svc.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
