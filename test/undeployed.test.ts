// Built-but-undeployed tools: no route, not listed, not described, MCP says endpoint_disabled; DDT_DEPLOY_EXTRA deploys them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/errors.ts';
import { mcpName } from '../src/tools/kit/contract.ts';
import { tools } from '../src/tools/registry.ts';
import { startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';

const undeployed = tools.filter((t) => !t.deployed);

async function listNames(svc: TestService): Promise<string[]> {
  const r = await svc.app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
  return (r.json() as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name);
}

async function mcpCall(svc: TestService, key: string, name: string, args: unknown) {
  const r = await svc.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  return (r.json() as { result: { content: Array<{ text: string }>; isError: boolean } }).result;
}

describe('undeployed by default', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(async () => svc.close());

  it('the registry holds convert-diagram and supply-chain-scan, both undeployed', () => {
    expect(undeployed.map((t) => t.name).sort()).toEqual(['convert-diagram', 'supply-chain-scan']);
  });

  it.each(undeployed.map((t) => [t.name, t] as const))('%s: no route, not in tools/list, OpenAPI or function definitions; MCP says endpoint_disabled', async (name, tool) => {
    const k = await svc.createKey(5);
    const rest = await svc.app.inject({ method: 'POST', url: `/v1/${name}`, headers: svc.auth(k.key), payload: tool.examples[0]?.input ?? {} });
    expect(rest.statusCode).toBe(404);
    expectError(rest.json(), { error: 'not_found' });
    expect(await listNames(svc)).not.toContain(mcpName(name));
    const openapi = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).body;
    expect(openapi).not.toContain(name);
    expect(openapi).not.toContain(mcpName(name));
    const defs = (await svc.app.inject({ method: 'GET', url: '/v1/tools' })).body;
    expect(defs).not.toContain(mcpName(name));
    const docs = (await svc.app.inject({ method: 'GET', url: '/docs' })).body;
    expect(docs).not.toContain(`/v1/${name}`);
    const res = await mcpCall(svc, k.key, mcpName(name), tool.examples[0]?.input ?? {});
    expect(res.isError).toBe(true);
    expectError(JSON.parse(res.content[0]!.text), { error: 'endpoint_disabled', tool: mcpName(name) });
    expect(await svc.balance(k.id)).toBe(5);
  });
});

describe('deployed with DDT_DEPLOY_EXTRA', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ DDT_DEPLOY_EXTRA: 'convert_diagram,supply_chain_scan' });
  });
  afterAll(async () => svc.close());

  it.each(undeployed.map((t) => [t.name, t] as const))('%s behaves like every other tool: route, listed, described, 1 credit', async (name, tool) => {
    const k = await svc.createKey(5);
    const ex = tool.examples[0]!;
    const rest = await svc.app.inject({ method: 'POST', url: `/v1/${name}`, headers: svc.auth(k.key), payload: ex.input });
    expect(rest.statusCode).toBe(200);
    const { request_id: _r, ...body } = rest.json() as Record<string, unknown>;
    expect(body).toEqual(ex.output);
    expect(await svc.balance(k.id)).toBe(4);
    expect(await listNames(svc)).toContain(mcpName(name));
    const openapi = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(openapi.paths[`/v1/${name}`]).toBeDefined();
    const res = await mcpCall(svc, k.key, mcpName(name), ex.input);
    expect(res.isError).toBe(false);
    expect(await svc.balance(k.id)).toBe(3);
  });
});
