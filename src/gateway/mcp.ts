// The MCP gateway: stateless JSON-RPC 2.0 over Streamable HTTP (JSON responses). tools/list is one prebuilt
// serialisation shared by every request; tools/call runs the same call path as REST with the caller's key.
import type { FastifyInstance } from 'fastify';
import { platformError } from '../platform/errors.ts';
import { API_VERSION, platformEndpoints, publicTools } from './api.ts';
import type { PublicTool } from './api.ts';
import type { CallPath } from './call/execute.ts';
import { send } from './reply.ts';

/** Newest first: an unsupported requested version is answered with the newest one. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

/** A batch may hold this many messages; a larger one is refused whole (-32600). */
export const MAX_BATCH_MESSAGES = 100;
/** A batch's answers stop growing past this many bytes: the rest get an error each, and can be sent again alone. */
const MAX_BATCH_RESPONSE_BYTES = 4 * 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
/** Implementation-defined server error: the batch's response budget is spent. */
const BATCH_BUDGET_SPENT = -32000;

type Id = string | number | null;
/**
 * A JSON-RPC response, already serialised (a prebuilt tools/list result is spliced in, not copied). `invalid`
 * marks a request that was not valid JSON-RPC, which HTTP answers 400 when it came alone.
 */
type Rpc = { json: string; invalid?: boolean };

const rpcError = (id: Id, code: number, message: string): Rpc => ({
  json: JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }),
  invalid: code === INVALID_REQUEST || code === PARSE_ERROR,
});
const rpcResult = (id: Id, result: unknown): Rpc => ({ json: JSON.stringify({ jsonrpc: '2.0', id, result }) });
const rpcResultJson = (id: Id, resultJson: string): Rpc => ({ json: `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}` });

function validId(v: unknown): v is string | number {
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

/** The MCP view of the public tools (what tools/list returns). */
function listTools(tools: readonly PublicTool[]): unknown[] {
  return tools.map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema, annotations: t.annotations }));
}

interface Gateway {
  callPath: CallPath;
  byName: Map<string, PublicTool>;
  /** The tools/list result, serialised once. */
  toolsListJson: string;
}

async function callTool(g: Gateway, params: Record<string, unknown>, authorization: string | undefined): Promise<unknown> {
  const name = params.name as string;
  const tool = g.byName.get(name) ?? g.byName.get(name.replace(/-/g, '_'));
  if (!tool) {
    // A known tool that is disabled or undeployed gets the REST endpoint_disabled body.
    const known = g.callPath.deployment.entryByName(name);
    if (!known) return { content: [{ type: 'text', text: `Unknown tool: ${name}` }], isError: true };
    const { body } = platformError('endpoint_disabled', { tool: name.replace(/-/g, '_') });
    return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
  }
  const meta = params._meta !== null && typeof params._meta === 'object' ? (params._meta as Record<string, unknown>) : {};
  const res = await g.callPath.execute(tool.endpoint, {
    caller: { kind: 'key', authorization },
    body: { parsed: params.arguments === undefined ? {} : params.arguments },
    idempotencyKey: meta.idempotency_key,
  });
  const text = JSON.stringify(res.body);
  const replayed = res.headers['idempotent-replayed'] === 'true' ? { _meta: { idempotent_replayed: true } } : {};
  if (res.status >= 200 && res.status < 300) return { content: [{ type: 'text', text }], structuredContent: res.body, isError: false, ...replayed };
  return { content: [{ type: 'text', text }], isError: true, ...replayed };
}

/** One JSON-RPC message -> a serialised response, or undefined for notifications and stray responses. */
async function handleMessage(g: Gateway, msg: unknown, authorization: string | undefined): Promise<Rpc | undefined> {
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
          'Deterministic tools for AI builders and delivery teams. tools/list needs no key; tools/call needs the Bearer API key on the HTTP request and spends the same credits as the REST endpoint. Pass params._meta.idempotency_key to make a retried tools/call run and charge at most once.',
      });
    }
    case 'ping':
      return rpcResult(id, {});
    case 'tools/list':
      return rpcResultJson(id, g.toolsListJson);
    case 'tools/call':
      if (typeof p.name !== 'string' || p.name === '') return rpcError(id, INVALID_PARAMS, 'Invalid params: name (string) is required');
      return rpcResult(id, await callTool(g, p, authorization));
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
function rebindingAllowed(bindHost: string, publicUrl: string, host: string | undefined, origin: string | undefined): boolean {
  if (!LOOPBACK.has(bindHost.toLowerCase())) return true;
  const allowed = new Set([...LOOPBACK, hostnameOf(publicUrl)]);
  if (host !== undefined && !allowed.has(hostnameOf(host))) return false;
  if (origin !== undefined && origin !== 'null' && !allowed.has(hostnameOf(origin))) return false;
  return true;
}

/** The gateway of a call path: its public tools and their tools/list answer, built once (tools loaded). */
export async function gatewayOf(callPath: CallPath): Promise<Gateway> {
  const uploads = callPath.deps.backends ? platformEndpoints(callPath).uploads : undefined;
  const tools = await publicTools(callPath, uploads);
  return { callPath, byName: new Map(tools.map((t) => [t.name, t])), toolsListJson: JSON.stringify({ tools: listTools(tools) }) };
}

/**
 * A parsed JSON-RPC payload (one message or a batch) -> the serialised answer, or undefined when there is
 * nothing to answer (notifications only). Used by the HTTP route and by the stdio transport.
 */
export async function answerRpc(g: Gateway, parsed: unknown, authorization: string | undefined): Promise<{ status: number; json: string | undefined }> {
  if (!Array.isArray(parsed)) {
    const r = await handleMessage(g, parsed, authorization);
    if (r === undefined) return { status: 202, json: undefined };
    return { status: r.invalid ? 400 : 200, json: r.json };
  }
  if (parsed.length === 0) return { status: 400, json: rpcError(null, INVALID_REQUEST, 'Invalid Request: empty batch').json };
  if (parsed.length > MAX_BATCH_MESSAGES) {
    return { status: 400, json: rpcError(null, INVALID_REQUEST, `Invalid Request: a batch may hold at most ${MAX_BATCH_MESSAGES} messages; this one holds ${parsed.length}`).json };
  }
  const out: string[] = [];
  let bytes = 2;
  for (const msg of parsed) {
    if (bytes > MAX_BATCH_RESPONSE_BYTES) {
      // Budget spent: every remaining request gets a short error (notifications still get nothing).
      const m = msg as Record<string, unknown> | null;
      if (m && typeof m === 'object' && validId(m.id)) {
        out.push(rpcError(m.id, BATCH_BUDGET_SPENT, `Batch response limit (${MAX_BATCH_RESPONSE_BYTES} bytes) reached; send this request again on its own`).json);
      }
      continue;
    }
    const r = await handleMessage(g, msg, authorization);
    if (r !== undefined) {
      out.push(r.json);
      bytes += r.json.length + 1;
    }
  }
  if (out.length === 0) return { status: 202, json: undefined };
  return { status: 200, json: `[${out.join(',')}]` };
}

export function registerMcp(app: FastifyInstance, callPath: CallPath): void {
  const { host: bindHost, publicUrl } = callPath.deps.config;
  // Built on the first request (it needs every enabled tool's schemas), then shared.
  let gateway: Promise<Gateway> | undefined;
  app.post('/mcp', async (req, reply) => {
    if (callPath.deployment.isDisabled('mcp')) {
      const { status, body } = platformError('endpoint_disabled', { tool: 'mcp' });
      return send(reply, { status, headers: {}, body });
    }
    const started = performance.now();
    const answer = (status: number, json: string | undefined): unknown => {
      callPath.observe('mcp', status, started);
      if (json === undefined) return reply.code(status).send();
      return reply.code(status).type('application/json').send(json);
    };
    if (!rebindingAllowed(bindHost, publicUrl, req.headers.host, req.headers.origin)) {
      const { status, body } = platformError('host_not_allowed');
      callPath.observe('mcp', status, started);
      return reply.code(status).send(body);
    }
    const header = req.headers['mcp-protocol-version'];
    if (typeof header === 'string' && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(header)) {
      return answer(400, rpcError(null, INVALID_REQUEST, `Bad Request: unsupported MCP-Protocol-Version ${header}; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`).json);
    }
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return answer(400, rpcError(null, PARSE_ERROR, 'Parse error').json);
    }
    const { status, json } = await answerRpc(await (gateway ??= gatewayOf(callPath)), parsed, req.headers.authorization);
    return answer(status, json);
  });

  // Stateless server: no SSE stream to open and no session to delete.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      handler: async (_req, reply) => {
        const { status, body } = platformError('method_not_allowed', { allowed: ['POST'] }, 'This MCP server is stateless and answers POST only: there is no SSE stream to open and no session to delete.');
        return reply.code(status).header('allow', 'POST').send(body);
      },
    });
  }
}
