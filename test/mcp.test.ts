// The MCP gateway: raw JSON-RPC cases for every rule, and the official SDK client against a listening server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/errors.ts';
import { registryTools, startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ DDT_DISABLED: 'test-upstream' });
});
afterAll(async () => svc.close());

async function rpc(payload: unknown, headers: Record<string, string> = {}) {
  const r = await svc.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  // JSON-RPC bodies are checked field by field below; `any` keeps those assertions readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const body: any = r.body ? JSON.parse(r.body) : undefined;
  return { status: r.statusCode, body, headers: r.headers };
}

describe('JSON-RPC protocol', () => {
  it('initialize echoes a supported version, answers the latest otherwise', async () => {
    for (const v of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      const r = await rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: v, capabilities: {}, clientInfo: { name: 't', version: '1' } } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: v, capabilities: { tools: {} }, serverInfo: { name: 'ddt' } } });
    }
    const r = await rpc({ jsonrpc: '2.0', id: 'a', method: 'initialize', params: { protocolVersion: '2099-01-01' } });
    expect((r.body as { result: { protocolVersion: string } }).result.protocolVersion).toBe('2025-11-25');
  });

  it('notifications/initialized: 202 with no body', async () => {
    const r = await svc.app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
    expect(r.statusCode).toBe(202);
    expect(r.body).toBe('');
  });

  it('ping: empty result', async () => {
    expect((await rpc({ jsonrpc: '2.0', id: 7, method: 'ping' })).body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });

  const protocolErrors: Array<{ name: string; payload: unknown; id: unknown; code: number }> = [
    { name: 'parse error', payload: '{"jsonrpc": "2.0", "id": 1, "method": ', id: null, code: -32700 },
    { name: 'jsonrpc not 2.0', payload: { jsonrpc: '1.0', id: 2, method: 'ping' }, id: 2, code: -32600 },
    { name: 'no method', payload: { jsonrpc: '2.0', id: 3 }, id: 3, code: -32600 },
    { name: 'not an object', payload: '42', id: null, code: -32600 },
    { name: 'unknown method', payload: { jsonrpc: '2.0', id: 4, method: 'resources/list' }, id: 4, code: -32601 },
    { name: 'tools/call without a name', payload: { jsonrpc: '2.0', id: 5, method: 'tools/call', params: {} }, id: 5, code: -32602 },
  ];
  for (const c of protocolErrors) {
    it(c.name, async () => {
      const r = await rpc(c.payload);
      expect((r.body as { id: unknown }).id).toBe(c.id);
      expect((r.body as { error: { code: number } }).error.code).toBe(c.code);
    });
  }

  it('a batch is accepted whatever the version; notifications are filtered out', async () => {
    const r = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'nope' },
    ], { 'mcp-protocol-version': '2025-11-25' });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect((r.body as unknown as Array<{ id: number }>).map((x) => x.id)).toEqual([1, 2, 3]);
    const only = await svc.app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json' }, payload: JSON.stringify([{ jsonrpc: '2.0', method: 'notifications/initialized' }]) });
    expect(only.statusCode).toBe(202);
  });

  it('an unsupported MCP-Protocol-Version header is a 400', async () => {
    const r = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-protocol-version': '1999-01-01' });
    expect(r.status).toBe(400);
  });

  it('DNS-rebinding guard: a loopback-bound server refuses a foreign Host or Origin', async () => {
    const foreignHost = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { host: 'evil.example:8080' });
    expect(foreignHost.status).toBe(403);
    expect(foreignHost.body).toMatchObject({ error: 'host_not_allowed' });
    const foreignOrigin = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { origin: 'https://evil.example' });
    expect(foreignOrigin.status).toBe(403);
    const local = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { host: '127.0.0.1:8080', origin: 'http://localhost:3000' });
    expect(local.status).toBe(200);
  });

  it('GET /mcp: 405', async () => {
    const r = await svc.app.inject({ method: 'GET', url: '/mcp' });
    expect(r.statusCode).toBe(405);
    expect(r.json()).toMatchObject({ error: 'method_not_allowed' });
  });
});

describe('tools/list', () => {
  it('needs no key; lists deployed, enabled tools with schemas and annotations', async () => {
    const r = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const list = (r.body as { result: { tools: Array<Record<string, unknown>> } }).result.tools;
    const names = list.map((t) => t.name);
    expect(names).toContain('saas_metrics');
    expect(names).toContain('test_echo');
    expect(names).not.toContain('test_hidden'); // undeployed
    expect(names).not.toContain('test_upstream'); // disabled
    for (const t of list) {
      expect(Object.keys(t).sort()).toEqual(['annotations', 'description', 'inputSchema', 'name', 'outputSchema', 'title']);
      expect((t.inputSchema as { type: string }).type).toBe('object');
      expect((t.outputSchema as { type: string }).type).toBe('object');
    }
  });
});

describe('tools/call', () => {
  it('the text is exactly the REST body; same credits, no extra charge', async () => {
    const k = await svc.createKey(10);
    const r = await rpc({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'test_echo', arguments: { text: 'hi' } } }, { authorization: `Bearer ${k.key}` });
    const result = (r.body as { result: { content: Array<{ type: string; text: string }>; isError: boolean; structuredContent: unknown } }).result;
    expect(result.isError).toBe(false);
    expect(result.content[0]?.type).toBe('text');
    const body = JSON.parse(result.content[0]!.text) as { text: string; request_id: string };
    expect(body.text).toBe('hi');
    expect(body.request_id).toMatch(/^req_/);
    expect(result.structuredContent).toEqual(body);
    expect(await svc.balance(k.id)).toBe(9);
  });

  it('failures are isError with the REST error body as text', async () => {
    const cases: Array<{ name: string; auth?: string; tool: string; args: unknown; body: { error: string } & Record<string, unknown> }> = [
      { name: 'no key', tool: 'test_echo', args: {}, body: { error: 'missing_token' } },
      { name: 'bad key', auth: 'Bearer ddt_nope', tool: 'test_echo', args: {}, body: { error: 'invalid_token' } },
      { name: 'invalid field', auth: 'admin', tool: 'test_echo', args: { text: 3 }, body: { error: 'text_must_be_string' } },
      { name: 'disabled tool', tool: 'test_upstream', args: {}, body: { error: 'endpoint_disabled', tool: 'test_upstream' } },
      { name: 'undeployed tool', tool: 'test_hidden', args: {}, body: { error: 'endpoint_disabled', tool: 'test_hidden' } },
    ];
    for (const c of cases) {
      const auth = c.auth === 'admin' ? `Bearer ${(await svc.createKey(1)).key}` : c.auth;
      const r = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: c.tool, arguments: c.args } }, auth ? { authorization: auth } : {});
      const result = (r.body as { result: { content: Array<{ text: string }>; isError: boolean } }).result;
      expect(result.isError, c.name).toBe(true);
      expectError(JSON.parse(result.content[0]!.text), c.body, c.name);
    }
  });

  it('a 402 over MCP is the REST 402 body', async () => {
    const k = await svc.createKey(0);
    const r = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_echo', arguments: {} } }, { authorization: `Bearer ${k.key}` });
    const result = (r.body as { result: { content: Array<{ text: string }>; isError: boolean } }).result;
    expect(result.isError).toBe(true);
    expectError(JSON.parse(result.content[0]!.text), { error: 'insufficient_credits' });
  });

  it('unknown tool: the text is exactly "Unknown tool: <name>"', async () => {
    const r = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } });
    expect((r.body as { result: unknown }).result).toEqual({ content: [{ type: 'text', text: 'Unknown tool: no_such_tool' }], isError: true });
  });

  it('DDT_DISABLED=mcp: HTTP 503 endpoint_disabled, not JSON-RPC', async () => {
    const s = await startTestService({ DDT_DISABLED: 'mcp' });
    try {
      const r = await s.app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ error: 'endpoint_disabled' });
      expect(r.json()).not.toHaveProperty('jsonrpc');
    } finally {
      await s.close();
    }
  });
});

describe('the official SDK client', () => {
  it('lists tools and calls one over Streamable HTTP; REST and MCP spend the same credits', async () => {
    const s = await startTestService();
    try {
      const address = await s.app.listen({ host: '127.0.0.1', port: 0 });
      const k = await s.createKey(10);
      const transport = new StreamableHTTPClientTransport(new URL(`${address}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${k.key}` } } });
      const client = new Client({ name: 'ddt-test', version: '1.0.0' });
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('saas_metrics');
      const res = await client.callTool({ name: 'saas_metrics', arguments: { cash: 1200, net_burn: 100 } });
      expect(res.isError).toBe(false);
      const mcpBody = JSON.parse((res.content as Array<{ text: string }>)[0]!.text) as { metrics: { runway_months: { value: number } }; request_id: string };
      expect(mcpBody.metrics.runway_months.value).toBe(12);
      const rest = await fetch(`${address}/v1/saas-metrics`, { method: 'POST', headers: { Authorization: `Bearer ${k.key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ cash: 1200, net_burn: 100 }) });
      const restBody = (await rest.json()) as Record<string, unknown>;
      const { request_id: _a, ...restRest } = restBody;
      const { request_id: _b, ...mcpRest } = mcpBody as unknown as Record<string, unknown>;
      expect(mcpRest).toEqual(restRest);
      expect(await s.balance(k.id)).toBe(8);
      const ledger = await s.store.ledger(k.id);
      expect(ledger.filter((l) => l.kind === 'charge').map((l) => l.delta)).toEqual([-1, -1]);
      await client.close();
    } finally {
      await s.close();
    }
  });
});

describe('uploads is an MCP tool (unmetered)', () => {
  it('the SDK client lists all 17 published tools and calls uploads with a key that has no credits: never 402, not charged', async () => {
    const s = await startTestService({}, { tools: registryTools });
    try {
      const address = await s.app.listen({ host: '127.0.0.1', port: 0 });
      const k = await s.createKey(0);
      const transport = new StreamableHTTPClientTransport(new URL(`${address}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${k.key}` } } });
      const client = new Client({ name: 'ddt-test', version: '1.0.0' });
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(17);
      expect(tools.map((t) => t.name)).toContain('uploads');
      const res = await client.callTool({ name: 'uploads', arguments: { content_type: 'text/plain', size_bytes: 12 } });
      expect(res.isError).toBe(false);
      const body = JSON.parse((res.content as Array<{ text: string }>)[0]!.text) as Record<string, unknown>;
      const rest = await fetch(`${address}/v1/uploads`, { method: 'POST', headers: { Authorization: `Bearer ${k.key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ content_type: 'text/plain', size_bytes: 12 }) });
      const restBody = (await rest.json()) as Record<string, unknown>;
      // The same body as POST /v1/uploads, field for field (ids, URLs and times differ per call).
      expect(Object.keys(body).sort()).toEqual(Object.keys(restBody).sort());
      expect(body).toMatchObject({ method: 'PUT', max_bytes: 12 });
      expect(await s.balance(k.id)).toBe(0);
      expect((await s.store.ledger(k.id)).filter((l) => l.kind === 'charge')).toEqual([]);
      await client.close();
    } finally {
      await s.close();
    }
  });

  it('tools/call uploads needs the key and validates like REST', async () => {
    const noKey = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'uploads', arguments: { content_type: 'text/plain', size_bytes: 1 } } });
    expect(noKey.body.result.isError).toBe(true);
    expectError(JSON.parse(noKey.body.result.content[0].text), { error: 'missing_token' });
    const k = await svc.createKey(0);
    const bad = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'uploads', arguments: { content_type: 'image/png', size_bytes: 1 } } }, { authorization: `Bearer ${k.key}` });
    expectError(JSON.parse(bad.body.result.content[0].text), { error: 'unsupported_content_type', allowed: expect.any(Array) as unknown as string[] });
  });

  it('DDT_DISABLED=uploads removes it from tools/list and the function definitions', async () => {
    const s = await startTestService({ DDT_DISABLED: 'uploads' });
    try {
      const r = await s.app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
      const names = (r.json() as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name);
      expect(names).not.toContain('uploads');
      const defs = (await s.app.inject({ method: 'GET', url: '/v1/tools' })).json() as { openai: Array<{ function: { name: string } }> };
      expect(defs.openai.map((d) => d.function.name)).not.toContain('uploads');
      const rest = await s.app.inject({ method: 'POST', url: '/v1/uploads', headers: s.auth(), payload: { content_type: 'text/plain', size_bytes: 1 } });
      expect(rest.statusCode).toBe(503);
    } finally {
      await s.close();
    }
  });
});

describe('batches are bounded', () => {
  it('more than 100 messages: one -32600, nothing run', async () => {
    const batch = Array.from({ length: 101 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }));
    const r = await rpc(batch);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('tools/list answers share one serialisation and the response stops growing at the budget', async () => {
    const one = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const size = JSON.stringify(one.body.result).length;
    const n = Math.min(100, Math.ceil((4 * 1024 * 1024) / size) + 5);
    const r = await rpc(Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' })));
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(n);
    const full = r.body.filter((m: { result?: unknown }) => m.result !== undefined);
    const refused = r.body.filter((m: { error?: { code: number } }) => m.error?.code === -32000);
    expect(full.length + refused.length).toBe(n);
    expect(refused.length).toBeGreaterThan(0);
    expect(JSON.stringify(full[0].result)).toBe(JSON.stringify(one.body.result));
    expect(Buffer.byteLength(JSON.stringify(r.body))).toBeLessThan(4 * 1024 * 1024 + 2 * size);
  });
});
