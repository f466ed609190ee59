// OpenAPI 3.1 (validated, committed, no drift), function-calling forms, and agreement of the three surfaces.
import fs from 'node:fs';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalOpenApi } from '../src/cli/index.ts';
import { loadConfig } from '../src/config.ts';
import { startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ DDT_PUBLIC_URL: 'https://api.example.test', DDT_DISABLED: 'test-upstream' });
});
afterAll(async () => svc.close());

const getJson = async (url: string) => (await svc.app.inject({ method: 'GET', url })).json() as Record<string, unknown>;

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1 that a real validator accepts with zero errors', async () => {
    const doc = await getJson('/openapi.json');
    expect(doc.openapi).toBe('3.1.0');
    expect((doc.info as { version: string }).version).toBe('0.1.0');
    const result = await validate(structuredClone(doc) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it('servers come from DDT_PUBLIC_URL; bearer security; shared Error schema on every error status', async () => {
    const doc = await getJson('/openapi.json');
    expect(doc.servers).toEqual([{ url: 'https://api.example.test' }]);
    const components = doc.components as { securitySchemes: Record<string, unknown>; responses: Record<string, { content: Record<string, { schema: unknown }> }> };
    expect(components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, Record<string, unknown>> }>>)) {
      for (const op of Object.values(item)) {
        for (const [status, res] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue;
          const resolved = typeof res.$ref === 'string' ? components.responses[(res.$ref as string).split('/').pop()!]! : (res as { content: Record<string, { schema: unknown }> });
          expect(resolved.content['application/json']!.schema, `${p} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        }
      }
    }
  });

  it('describes every deployed endpoint with request, response and examples; nothing undeployed', async () => {
    const doc = await getJson('/openapi.json');
    const paths = doc.paths as Record<string, { post?: { requestBody: { content: Record<string, { schema: unknown; examples?: unknown }> }; responses: Record<string, unknown> } }>;
    for (const tool of await svc.callPath.deployment.loadDeployed()) {
      const op = paths[`/v1/${tool.name}`]?.post;
      expect(op, tool.name).toBeDefined();
      expect(op!.requestBody.content['application/json']!.schema).toBeDefined();
      expect(op!.responses['200']).toBeDefined();
      if (tool.examples.length) expect(op!.requestBody.content['application/json']!.examples).toBeDefined();
    }
    const text = JSON.stringify(doc);
    expect(paths['/v1/test-hidden']).toBeUndefined();
    for (const hidden of ['convert_diagram', 'convert-diagram', 'supply_chain_scan', 'supply-chain-scan', 'test_hidden']) expect(text).not.toContain(hidden);
    expect(paths['/v1/uploads']).toBeDefined();
  });

  it('the committed openapi.json matches what the code generates (regenerate with npm run openapi)', async () => {
    const committed = fs.readFileSync(path.join(ROOT, 'openapi.json'), 'utf8');
    expect(committed).toBe(await canonicalOpenApi(loadConfig({})));
  });
});

describe('GET /v1/tools (function calling)', () => {
  it('OpenAI form: {type:"function", function:{name, description, parameters}} with valid JSON Schema', async () => {
    const defs = (await getJson('/v1/tools')) as { openai: Array<Record<string, unknown>>; anthropic: Array<Record<string, unknown>> };
    const ajv = new Ajv2020({ strict: false });
    expect(defs.openai.length).toBeGreaterThan(0);
    for (const d of defs.openai) {
      expect(Object.keys(d).sort()).toEqual(['function', 'type']);
      expect(d.type).toBe('function');
      const f = d.function as { name: string; description: string; parameters: Record<string, unknown> };
      expect(Object.keys(f).sort()).toEqual(['description', 'name', 'parameters']);
      expect(f.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(f.parameters.type).toBe('object');
      expect(() => ajv.compile(f.parameters)).not.toThrow();
    }
  });

  it('Anthropic form: {name, description, input_schema} with valid JSON Schema', async () => {
    const defs = (await getJson('/v1/tools')) as { anthropic: Array<Record<string, unknown>> };
    const ajv = new Ajv2020({ strict: false });
    for (const d of defs.anthropic) {
      expect(Object.keys(d).sort()).toEqual(['description', 'input_schema', 'name']);
      expect(d.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect((d.input_schema as { type: string }).type).toBe('object');
      expect(() => ajv.compile(d.input_schema as object)).not.toThrow();
    }
  });
});

describe('the surfaces agree', () => {
  it('MCP tools/list, OpenAPI and function definitions: the same 17 tools (uploads among them), the same input schemas', async () => {
    const mcp = await svc.app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    const mcpTools = (mcp.json() as { result: { tools: Array<{ name: string; inputSchema: unknown }> } }).result.tools;
    const defs = (await getJson('/v1/tools')) as { openai: Array<{ function: { name: string; parameters: unknown } }>; anthropic: Array<{ name: string; input_schema: unknown }> };
    const doc = await getJson('/openapi.json');
    const paths = doc.paths as Record<string, { post?: { operationId: string; requestBody: { content: Record<string, { schema: unknown }> } } }>;
    const enabled = await svc.callPath.deployment.loadEnabled();
    const names = [...enabled.map((t) => t.name.replace(/-/g, '_')), 'uploads'].sort();
    expect(mcpTools.map((t) => t.name).sort()).toEqual(names);
    expect(defs.openai.map((d) => d.function.name).sort()).toEqual(names);
    expect(defs.anthropic.map((d) => d.name).sort()).toEqual(names);
    for (const tool of enabled) {
      const n = tool.name.replace(/-/g, '_');
      const fromMcp = mcpTools.find((t) => t.name === n)!.inputSchema;
      const fromOpenApi = paths[`/v1/${tool.name}`]!.post!.requestBody.content['application/json']!.schema;
      expect(paths[`/v1/${tool.name}`]!.post!.operationId).toBe(n);
      expect(fromOpenApi).toEqual(fromMcp);
      expect(defs.openai.find((d) => d.function.name === n)!.function.parameters).toEqual(fromMcp);
      expect(defs.anthropic.find((d) => d.name === n)!.input_schema).toEqual(fromMcp);
    }
    const uploadsSchema = paths['/v1/uploads']!.post!.requestBody.content['application/json']!.schema;
    expect(mcpTools.find((t) => t.name === 'uploads')!.inputSchema).toEqual(uploadsSchema);
    expect(defs.openai.find((d) => d.function.name === 'uploads')!.function.parameters).toEqual(uploadsSchema);
  });
});

describe('GET /docs', () => {
  it('serves an HTML reference with every endpoint of the OpenAPI document and no external resource', async () => {
    const r = await svc.app.inject({ method: 'GET', url: '/docs' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    const doc = await getJson('/openapi.json');
    for (const p of Object.keys(doc.paths as object)) expect(r.body).toContain(`data-path="${p}"`);
    expect(r.body).not.toMatch(/<script[^>]+src=|<link[^>]+href="https?:/);
  });
});
