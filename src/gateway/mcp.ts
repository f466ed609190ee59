// The MCP gateway: stateless JSON-RPC 2.0 over Streamable HTTP (JSON responses), tools from the registry.
import type { FastifyInstance } from 'fastify';
import { markDisabled } from './http.ts';
import { API_VERSION } from './openapi.ts';
import type { Pipeline } from './pipeline.ts';
import { toolSchemas } from './schemas.ts';
import { mcpName } from '../tools/contract.ts';

/** Newest first: an unsupported requested version is answered with the newest one. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

type Id = string | number | null;
type RpcResponse = { jsonrpc: '2.0'; id: Id } & ({ result: unknown } | { error: { code: number; message: string; data?: unknown } });

const rpcError = (id: Id, code: number, message: string): RpcResponse => ({ jsonrpc: '2.0', id, error: { code, message } });
const rpcResult = (id: Id, result: unknown): RpcResponse => ({ jsonrpc: '2.0', id, result });

function validId(v: unknown): v is string | number {
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

export function listTools(pipeline: Pipeline): unknown[] {
  return pipeline.enabledTools().map((t) => {
    const { input, output } = toolSchemas(t);
    return {
      name: mcpName(t.name),
      title: t.title,
      description: `${t.summary}. ${t.description} Costs ${t.credits} credit${t.credits === 1 ? '' : 's'}.`,
      inputSchema: input,
      outputSchema: output,
      annotations: { title: t.title, ...t.annotations },
    };
  });
}

async function callTool(pipeline: Pipeline, params: Record<string, unknown>, authorization: string | undefined): Promise<unknown> {
  const name = params.name as string;
  const tool = pipeline.toolByMcpName(name) ?? pipeline.toolByName(name);
  if (!tool) return { content: [{ type: 'text', text: `Unknown tool: ${name}` }], isError: true };
  // A known tool that is disabled or undeployed gets the REST endpoint_disabled body from the pipeline.
  const args = params.arguments === undefined ? {} : params.arguments;
  const res = await pipeline.callTool(tool, authorization, { parsed: args });
  const text = JSON.stringify(res.body);
  if (res.status === 200) return { content: [{ type: 'text', text }], structuredContent: res.body, isError: false };
  return { content: [{ type: 'text', text }], isError: true };
}

/** One JSON-RPC message -> a response, or undefined for notifications and stray responses. */
async function handleMessage(pipeline: Pipeline, msg: unknown, authorization: string | undefined): Promise<RpcResponse | undefined> {
  if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) return rpcError(null, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC object');
  const m = msg as Record<string, unknown>;
  const hasId = 'id' in m && m.id !== undefined;
  const id: Id = validId(m.id) ? m.id : null;
  if (m.jsonrpc !== '2.0') return rpcError(id, INVALID_REQUEST, 'Invalid Request: jsonrpc must be "2.0"');
  if (typeof m.method !== 'string') {
    // A client's response to a server request (we make none): accepted, nothing to answer.
    if (hasId && ('result' in m || 'error' in m)) return undefined;
    return rpcError(id, INVALID_REQUEST, 'Invalid Request: method is required');
  }
  if (hasId && !validId(m.id)) return rpcError(null, INVALID_REQUEST, 'Invalid Request: id must be a string or a number');
  if (!hasId) return undefined; // notifications (notifications/initialized and any other) get no response
  const params = m.params === undefined ? {} : m.params;
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return rpcError(id, INVALID_PARAMS, 'Invalid params: params must be an object');
  const p = params as Record<string, unknown>;
  switch (m.method) {
    case 'initialize': {
      const requested = typeof p.protocolVersion === 'string' ? p.protocolVersion : undefined;
      const version = requested && (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
      return rpcResult(id, {
        protocolVersion: version,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'ddt', title: 'Deterministic Developer and Delivery Tools', version: API_VERSION },
        instructions:
          'Deterministic tools for AI builders and delivery teams. tools/list needs no key; tools/call needs the Bearer API key on the HTTP request and spends the same credits as the REST endpoint.',
      });
    }
    case 'ping':
      return rpcResult(id, {});
    case 'tools/list':
      return rpcResult(id, { tools: listTools(pipeline) });
    case 'tools/call':
      if (typeof p.name !== 'string' || p.name === '') return rpcError(id, INVALID_PARAMS, 'Invalid params: name (string) is required');
      return rpcResult(id, await callTool(pipeline, p, authorization));
    default:
      return rpcError(id, METHOD_NOT_FOUND, `Method not found: ${m.method}`);
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostnameOf(value: string): string {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * DNS-rebinding guard (MCP transport security): a server bound to a loopback address answers only requests
 * whose Host, and Origin when present, name a loopback host or the configured public URL's host.
 */
export function rebindingAllowed(bindHost: string, publicUrl: string, host: string | undefined, origin: string | undefined): boolean {
  if (!LOOPBACK.has(bindHost.toLowerCase())) return true;
  const allowed = new Set([...LOOPBACK, hostnameOf(publicUrl)]);
  if (host !== undefined && !allowed.has(hostnameOf(host))) return false;
  if (origin !== undefined && origin !== 'null' && !allowed.has(hostnameOf(origin))) return false;
  return true;
}

export function registerMcp(app: FastifyInstance, pipeline: Pipeline): void {
  const { host: bindHost, publicUrl } = pipeline.deps.config;
  app.post('/mcp', async (req, reply) => {
    if (pipeline.isDisabled('mcp')) return markDisabled(reply).code(503).send({ error: 'endpoint_disabled', tool: 'mcp' });
    const started = performance.now();
    if (!rebindingAllowed(bindHost, publicUrl, req.headers.host, req.headers.origin)) {
      pipeline.observe('mcp', 403, started);
      return reply.code(403).send({ error: 'host_not_allowed', message: 'This server is bound to a loopback address; Host and Origin must name localhost or DDT_PUBLIC_URL.' });
    }
    const header = req.headers['mcp-protocol-version'];
    if (typeof header === 'string' && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(header)) {
      pipeline.observe('mcp', 400, started);
      return reply.code(400).send(rpcError(null, INVALID_REQUEST, `Bad Request: unsupported MCP-Protocol-Version ${header}; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`));
    }
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      pipeline.observe('mcp', 400, started);
      return reply.code(400).send(rpcError(null, PARSE_ERROR, 'Parse error'));
    }
    const auth = req.headers.authorization;
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) {
        pipeline.observe('mcp', 400, started);
        return reply.code(400).send(rpcError(null, INVALID_REQUEST, 'Invalid Request: empty batch'));
      }
      const out: RpcResponse[] = [];
      for (const msg of parsed) {
        const r = await handleMessage(pipeline, msg, auth);
        if (r) out.push(r);
      }
      pipeline.observe('mcp', out.length ? 200 : 202, started);
      if (out.length === 0) return reply.code(202).send();
      return reply.code(200).type('application/json').send(out);
    }
    const r = await handleMessage(pipeline, parsed, auth);
    if (!r) {
      pipeline.observe('mcp', 202, started);
      return reply.code(202).send();
    }
    const status = 'error' in r && (r.error.code === INVALID_REQUEST || r.error.code === PARSE_ERROR) ? 400 : 200;
    pipeline.observe('mcp', status, started);
    return reply.code(status).type('application/json').send(r);
  });

  // Stateless server: no SSE stream to open and no session to delete.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      handler: async (_req, reply) =>
        reply.code(405).header('allow', 'POST').send({ error: 'method_not_allowed', allowed: ['POST'] }),
    });
  }
}
