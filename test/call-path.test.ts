// The one call path: unknown fields, prepare before the charge, every SPEC error row over REST and MCP alike,
// and proof that the test harness and `ddt call` run the production `execute` (not a copy of its first half).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/index.ts';
import { ToolError, defineTool } from '../src/tools/kit/contract.ts';
import saasMetrics from '../src/tools/saas-metrics/tool.ts';
import { expectError } from './support/errors.ts';
import { runs, startTestService, testTools } from './support/service.ts';
import type { TestService } from './support/service.ts';
import { callTool } from './support/tool-harness.ts';
import { z } from 'zod';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ DDT_DISABLED: 'test-upstream', DDT_RATE_LIMITS: '*=100/60,test-parse=1000/60' });
});
afterAll(async () => svc.close());
beforeEach(() => {
  runs.parse = 0;
});

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  svc.app.inject({ method: 'POST', url, headers, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

async function mcpCall(name: string, args: unknown, authorization?: string): Promise<{ isError: boolean; body: Record<string, unknown> }> {
  const r = await svc.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const result = (r.json() as { result: { isError: boolean; content: Array<{ text: string }> } }).result;
  return { isError: result.isError, body: JSON.parse(result.content[0]!.text) as Record<string, unknown> };
}

describe('unknown fields: 400 unknown_field, never charged', () => {
  const cases: Array<{ name: string; url: string; body: unknown; field: string; didYouMean?: string }> = [
    { name: 'a top-level field far from every known one', url: '/v1/saas-metrics', body: { mrr: 50000, churn: 3 }, field: 'mrr' },
    { name: 'a top-level typo', url: '/v1/saas-metrics', body: { cash: 1, net_burnn: 2 }, field: 'net_burnn', didYouMean: 'net_burn' },
    { name: 'another case and separator', url: '/v1/saas-metrics', body: { netBurn: 2 }, field: 'netBurn', didYouMean: 'net_burn' },
    { name: 'a nested object', url: '/v1/test-parse', body: { doc: 'a', options: { uper: true } }, field: 'options.uper', didYouMean: 'upper' },
    { name: 'an object in an array', url: '/v1/test-parse', body: { doc: 'a', items: [{ n: 1 }, { n: 2, m: 3 }] }, field: 'items.1.m', didYouMean: 'n' },
    { name: '__proto__ as a key', url: '/v1/test-parse', body: '{"doc":"a","__proto__":{"x":1}}', field: '__proto__' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const k = await svc.createKey(5);
      const r = await post(c.url, svc.auth(k.key), c.body);
      expect(r.statusCode).toBe(400);
      expectError(r.json(), { error: 'unknown_field', field: c.field, ...(c.didYouMean ? { did_you_mean: c.didYouMean } : {}) });
      expect(await svc.balance(k.id)).toBe(5);
    });
  }

  it('a 1 MB field name comes back cut, not as a 1 MB error', async () => {
    const k = await svc.createKey(1);
    const name = 'x'.repeat(1_000_000);
    const r = await post('/v1/saas-metrics', svc.auth(k.key), `{"${name}": 1}`);
    expect(r.statusCode).toBe(400);
    const body = r.json() as { error: string; field: string; message: string };
    expect(body.error).toBe('unknown_field');
    expect(body.field.length).toBeLessThanOrEqual(101);
    expect(r.body.length).toBeLessThan(1000);
  });

  it('open objects (alignment-gate agent_config) take any key', async () => {
    const k = await svc.createKey(5);
    const r = await post('/v1/alignment-gate', svc.auth(k.key), { system_prompt: 'You are a helpful assistant.', agent_config: { anything: 1, tools: ['x'] } });
    expect(r.statusCode).toBe(200);
  });

  it('the JSON Schemas say additionalProperties: false', async () => {
    const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { additionalProperties?: unknown } } } } } }> };
    expect(doc.paths['/v1/saas-metrics']!.post.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
  });
});

describe('prepare runs before the charge', () => {
  it('a malformed document is a 400 with the tool code: no 402 on an empty balance, no ledger rows, nothing ran', async () => {
    const k = await svc.createKey(0);
    const r = await post('/v1/test-parse', svc.auth(k.key), { doc: 'a,,b' });
    expect(r.statusCode).toBe(400);
    expectError(r.json(), { error: 'doc_malformed', column: 2 });
    expect((await svc.store.ledger(k.id)).map((l) => l.kind)).toEqual(['grant']);
    expect(runs.parse).toBe(0);
  });

  it('what prepare returns is what run receives', async () => {
    const k = await svc.createKey(1);
    const r = await post('/v1/test-parse', svc.auth(k.key), { doc: 'a,b', options: { upper: true } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ words: ['A', 'B'] });
  });

  it('over MCP too', async () => {
    const k = await svc.createKey(0);
    const r = await mcpCall('test_parse', { doc: 'x,,' }, `Bearer ${k.key}`);
    expect(r.isError).toBe(true);
    expectError(r.body, { error: 'doc_malformed', column: 2 });
  });
});

describe('every SPEC error row, over REST and MCP alike', () => {
  it('the same status class and the same body', async () => {
    const zero = await svc.createKey(0);
    const one = await svc.createKey(10);
    const revoked = await svc.createKey(1);
    await post(`/v1/keys/${revoked.id}/revoke`, svc.auth(), {});
    const uploadsOnly = await svc.createKey(1, ['uploads']);
    const rows: Array<{ code: string; status: number; tool: string; auth?: string; body: unknown }> = [
      { code: 'invalid_json', status: 400, tool: 'test-echo', auth: one.key, body: '{"text":' },
      { code: 'text_must_be_string', status: 400, tool: 'test-echo', auth: one.key, body: { text: 1 } },
      { code: 'missing_token', status: 401, tool: 'test-echo', body: {} },
      { code: 'invalid_token', status: 401, tool: 'test-echo', auth: 'ddt_nope', body: {} },
      { code: 'key_revoked', status: 401, tool: 'test-echo', auth: revoked.key, body: {} },
      { code: 'insufficient_credits', status: 402, tool: 'test-echo', auth: zero.key, body: {} },
      { code: 'insufficient_scope', status: 403, tool: 'test-echo', auth: uploadsOnly.key, body: {} },
      { code: 'internal_error', status: 500, tool: 'test-boom', auth: one.key, body: {} },
      { code: 'endpoint_disabled', status: 503, tool: 'test-upstream', auth: one.key, body: {} },
    ];
    for (const row of rows) {
      const rest = await post(`/v1/${row.tool}`, row.auth ? svc.auth(row.auth) : { 'content-type': 'application/json' }, row.body);
      expect(rest.statusCode, row.code).toBe(row.status);
      const restBody = rest.json() as Record<string, unknown>;
      expect(restBody.error, row.code).toBe(row.code);
      expect(typeof restBody.message, row.code).toBe('string');
      if (row.code === 'invalid_json') continue; // MCP carries arguments already parsed
      const m = await mcpCall(row.tool.replace(/-/g, '_'), row.body, row.auth ? `Bearer ${row.auth}` : undefined);
      expect(m.isError, row.code).toBe(true);
      const { request_id: _a, ...a } = restBody;
      const { request_id: _b, ...b } = m.body;
      expect(b, row.code).toEqual(a);
    }
  });
});

describe('the test harness and ddt call run the production execute', () => {
  it('the harness refuses an unknown field that zod alone would strip', async () => {
    expect(saasMetrics.input.safeParse({ cash: 1, mrr: 2 }).success).toBe(true);
    const r = await callTool(saasMetrics, { cash: 1, mrr: 2 });
    expect(r).toMatchObject({ status: 400, body: { error: 'unknown_field', field: 'mrr' } });
  });

  it('the harness runs prepare and hands its result to run', async () => {
    const parse = testTools.find((t) => t.name === 'test-parse')!;
    expect(await callTool(parse, { doc: 'a,,b' })).toMatchObject({ status: 400, body: { error: 'doc_malformed' } });
    expect(await callTool(parse, { doc: 'a,b' })).toMatchObject({ status: 200, body: { words: ['a', 'b'] } });
  });

  it('the harness gives the production answer, request_id aside (saas-metrics runs through the compiled fast path)', async () => {
    const k = await svc.createKey(2);
    const body = { cash: 1_800_000, net_burn: 200_000 };
    const viaHarness = await callTool(saasMetrics, body);
    const viaRest = (await post('/v1/saas-metrics', svc.auth(k.key), body)).json() as Record<string, unknown>;
    const { request_id: _id, ...rest } = viaRest;
    expect(viaHarness.body).toEqual(rest);
  });

  it('ddt call refuses an unknown field and runs prepare, as the server does', async () => {
    const out: string[] = [];
    const io = { out: (s: string) => out.push(s), err: () => undefined, stdin: async () => JSON.stringify({ cash: 1, mrr: 2 }), env: { DDT_DATA_DIR: svc.dataDir } };
    expect(await runCli(['call', 'saas-metrics'], io)).toBe(1);
    expect(JSON.parse(out[0]!)).toMatchObject({ error: 'unknown_field', field: 'mrr' });
  });

  it('a tool that throws unexpectedly surfaces in the harness as a thrown error, as a 500 would', async () => {
    const broken = defineTool({
      name: 'test-broken',
      title: 'Broken',
      summary: 'Throw',
      description: 'Throws.',
      credits: 1,
      deployed: true,
      input: z.object({}),
      output: z.object({}),
      annotations: {},
      examples: [],
      codes: {},
      run: () => {
        throw new TypeError('oops');
      },
    });
    await expect(callTool(broken, {})).rejects.toThrow(/oops/);
    const refused = defineTool({ ...broken, name: 'test-refuses', codes: { nope: { status: 422, meaning: 'The test tool refuses every input.' } }, run: () => { throw new ToolError(422, 'nope', 'No.'); } });
    expect(await callTool(refused, {})).toMatchObject({ status: 422, body: { error: 'nope', message: 'No.' } });
  });
});
