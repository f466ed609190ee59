// The OpenAPI 3.1 document, derived from the registry (deployed tools only) and the platform routes.
import type { z } from 'zod';
import { ERROR_CODES, errorBody } from '../platform/errors.ts';
import type { ErrorCode } from '../platform/errors.ts';
import { ALLOWED_CONTENT_TYPES } from '../platform/uploads/types.ts';
import { UploadRequest, UploadResponse } from '../platform/uploads/service.ts';
import { rubric } from '../tools/alignment-gate/rubric.ts';
import { mcpName } from '../tools/kit/contract.ts';
import type { ToolExample } from '../tools/kit/contract.ts';
import type { AnyTool } from '../tools/registry.ts';
import { API_VERSION, AddCreditsRequest, CreateKeyRequest, toolEntry } from './api.ts';
import { STORE_RETRY_AFTER_SECONDS } from './call/result.ts';
import { guideMarkdown } from './docs/guide.ts';
import type { FeaturedExample } from './docs/guide.ts';
import { jsonSchemaOf, toolSchemas } from './schemas.ts';
import type { JsonSchema } from './schemas.ts';

/**
 * What /mcp accepts, written here rather than imported: the surfaces never import each other (mcp.ts is a
 * sibling). test/openapi-lint.test.ts holds these to mcp.ts's constants.
 */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
export const MCP_MAX_BATCH = 100;
/** The request id the examples show; the tests replace the live one with it before comparing. */
export const EXAMPLE_REQUEST_ID = 'req_example';
/** DDT_BODY_LIMIT_BYTES's default, shown in the 413 example. */
const DEFAULT_BODY_LIMIT = 6 * 1024 * 1024;

/** A documented property: its type, any further keywords, and what it holds. */
const prop = (type: string | string[], description: string, more: JsonSchema = {}): JsonSchema => ({ type, ...more, description });
/** A property with one possible value. */
const constant = (value: string, description: string): JsonSchema => ({ const: value, description });

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every non-2xx body. Clients branch on `error`, not on the status alone and not on `message`.',
  required: ['error', 'message'],
  properties: {
    error: prop('string', 'Stable machine-readable code.'),
    message: prop('string', 'For a person: what went wrong and what to do (wording may change; do not parse).'),
    request_id: prop('string', 'Present once the call has been metered (charged).'),
    field: prop('string', 'unknown_field and nested validation failures: the dotted path of the field.'),
    did_you_mean: prop('string', 'unknown_field and not_found: the known name closest to the one sent.'),
    required_scope: prop('string', 'insufficient_scope: the missing scope.'),
    limit: prop('integer', 'rate_limit_exceeded: calls permitted per window.'),
    window_seconds: prop('integer', 'rate_limit_exceeded: window length in seconds.'),
    retry_after: prop('integer', 'rate_limit_exceeded, rate_limiter_unavailable, store_unavailable, service_unavailable, idempotency_key_in_use: seconds to wait (also in the Retry-After header).'),
    allowed: prop('array', 'A value not permitted (`<field>_invalid`, unsupported_content_type, scope_not_grantable, method_not_allowed): the accepted values.', { items: { type: 'string' } }),
    tool: prop('string', 'endpoint_disabled: the MCP name of the disabled tool.'),
    position: prop('integer', 'invalid_json: offset where the parser stopped (also line and column).'),
    max_bytes: prop('integer', 'payload_too_large: the largest body accepted.'),
  },
  additionalProperties: true,
};

/** A JSON-RPC 2.0 object: the `jsonrpc` member every message and answer has, then its own members. */
const jsonRpc = (description: string, alsoRequired: string, properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  description,
  required: ['jsonrpc', alsoRequired],
  properties: { jsonrpc: constant('2.0', 'Always "2.0".'), ...properties },
});

const JSONRPC_REQUEST = jsonRpc('One JSON-RPC 2.0 message.', 'method', {
  id: prop(['string', 'integer'], 'Echoed in the answer. Omit it for a notification, which gets no answer.'),
  method: prop('string', 'Unknown methods get the JSON-RPC error -32601; other notifications are accepted and ignored.', {
    enum: ['initialize', 'notifications/initialized', 'ping', 'tools/list', 'tools/call'],
  }),
  params: {
    type: 'object',
    description: 'initialize: protocolVersion, capabilities, clientInfo. tools/call: name and arguments.',
    properties: {
      protocolVersion: prop('string', `initialize: the version the client speaks; one of ${MCP_PROTOCOL_VERSIONS.join(', ')} is echoed, any other is answered with ${MCP_PROTOCOL_VERSIONS[0]}.`),
      capabilities: prop('object', 'initialize: what the client supports (this server needs nothing from it).'),
      clientInfo: prop('object', 'initialize: the client\'s name and version.'),
      name: prop('string', 'tools/call: the tool name from tools/list (snake_case).'),
      arguments: prop('object', "tools/call: the tool's request body, exactly as the REST endpoint takes it."),
      _meta: {
        type: 'object',
        description: 'tools/call: request metadata.',
        properties: { idempotency_key: prop('string', 'Makes a retried tools/call run and charge at most once (as the Idempotency-Key header does over REST).', { minLength: 1, maxLength: 255 }) },
      },
    },
  },
});

const JSONRPC_RESPONSE = jsonRpc('One JSON-RPC 2.0 answer.', 'id', {
  id: prop(['string', 'integer', 'null'], "The request's id; null when the request could not be read."),
  result: {
    type: 'object',
    description:
      "The method's result. tools/call: content (one text item holding the REST body as JSON), structuredContent (the same body as an object, on success) and isError (true when the call failed: the text is then the REST error body).",
  },
  error: {
    type: 'object',
    description: 'A protocol error (the tool itself failing is a result with isError, not this).',
    required: ['code', 'message'],
    properties: {
      code: prop('integer', '-32700 parse error, -32600 invalid request, -32601 unknown method, -32602 invalid params, -32000 batch answer budget spent.'),
      message: prop('string', 'What was wrong.'),
    },
  },
});

const int = (description: string): JsonSchema => ({ description, schema: { type: 'integer' } });
/** The headers of a call that passed the rate limiter, defined once under components.headers. */
const HEADERS: Record<string, JsonSchema> = {
  'X-RateLimit-Limit': int('Calls permitted per window.'),
  'X-RateLimit-Remaining': int('Calls left in this window.'),
  'X-RateLimit-Reset': int('Unix time (seconds) when the window resets.'),
  'Retry-After': int('Seconds until the window resets.'),
  'X-Request-Id': { description: 'Same as request_id.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: 'Present, and "true", when this is the stored answer of an earlier call with the same Idempotency-Key (not charged again).',
    schema: { type: 'string', const: 'true' },
  },
};
const headerRefs = (names: string[]): Record<string, JsonSchema> => Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
const RATE_HEADERS = headerRefs(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']);
const SUCCESS_HEADERS = headerRefs(Object.keys(HEADERS));
const RETRY_AFTER = { 'Retry-After': int('Seconds to wait before retrying.') };

/** Extra fields of the example body of each platform code whose message is the default one. */
const EXAMPLE_EXTRAS: Partial<Record<ErrorCode, Record<string, unknown>>> = {
  body_must_be_object: {},
  idempotency_key_invalid: {},
  unsupported_content_type: { allowed: [...ALLOWED_CONTENT_TYPES] },
  scope_not_grantable: { allowed: ['tools', 'uploads'], refused: ['admin'] },
  upload_unreadable: { reason: 'gzip data could not be decompressed (corrupt or truncated)' },
  missing_token: {},
  invalid_token: {},
  key_revoked: {},
  insufficient_credits: {},
  insufficient_scope: { required_scope: 'tools' },
  host_not_allowed: {},
  key_not_found: {},
  upload_not_found: {},
  upload_incomplete: {},
  idempotency_key_reused: {},
  idempotency_key_in_use: { retry_after: 1 },
  payload_too_large: { max_bytes: DEFAULT_BODY_LIMIT },
  rate_limit_exceeded: { limit: 120, window_seconds: 60, retry_after: 37 },
  internal_error: { request_id: EXAMPLE_REQUEST_ID },
  rate_limiter_unavailable: { retry_after: 2 },
  store_unavailable: { retry_after: STORE_RETRY_AFTER_SECONDS },
  service_unavailable: { retry_after: 1 },
  not_ready: { checks: { store: 'unavailable', limiter: 'ok' } },
};

/**
 * An error response: its description names the codes (platform codes and code families such as
 * `<field>_required`), and its examples are the bodies the platform codes come with.
 */
function errorResponse(description: string, codes: string[], headers?: Record<string, JsonSchema>): JsonSchema {
  const examples: Record<string, JsonSchema> = {};
  for (const code of codes) {
    const extra = EXAMPLE_EXTRAS[code as ErrorCode];
    if (extra) examples[code] = { value: errorBody(code, ERROR_CODES[code as ErrorCode].message, extra) };
  }
  return {
    description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, ...(Object.keys(examples).length ? { examples } : {}) } },
  };
}

const BODY_CODES = ['bad_request', 'invalid_json', 'body_must_be_object', 'unknown_field', 'idempotency_key_invalid', '<field>_required', '<field>_must_be_<type>', '<field>_too_long', '<field>_too_short', '<field>_too_large', '<field>_too_small', '<field>_invalid'];
const BAD_BODY = 'The body is not JSON, names a field this endpoint does not take, or a field failed validation; never charged.';

const SHARED_RESPONSES: Record<string, JsonSchema> = {
  BadRequest: errorResponse(BAD_BODY, BODY_CODES),
  MalformedRequest: errorResponse('The HTTP request itself is malformed (a header or the encoding).', ['bad_request']),
  Unauthorized: errorResponse('Authentication failed; nothing charged.', ['missing_token', 'invalid_token', 'key_revoked']),
  PaymentRequired: errorResponse('The balance is below the cost; nothing ran, nothing charged.', ['insufficient_credits']),
  Forbidden: errorResponse('The key lacks the scope this endpoint needs (see required_scope).', ['insufficient_scope']),
  IdempotencyConflict: errorResponse('The Idempotency-Key was used with another body, or its first call still runs.', ['idempotency_key_reused', 'idempotency_key_in_use'], RETRY_AFTER),
  PayloadTooLarge: errorResponse('The body exceeds the request size limit (see max_bytes); send big files through POST /v1/uploads.', ['payload_too_large']),
  TooManyRequests: errorResponse('Rate limit exceeded; never charged. Retry after Retry-After seconds.', ['rate_limit_exceeded'], {
    ...RATE_HEADERS,
    'X-RateLimit-Remaining': { description: 'Always 0.', schema: { type: 'integer', const: 0 } },
  }),
  InternalError: errorResponse('Unexpected failure; the credits of a metered call are refunded automatically.', ['internal_error']),
  ServiceUnavailable: errorResponse(
    'The endpoint is disabled, or the rate limiter or the database is unreachable, or the server is shutting down; nothing charged (or refunded).',
    ['endpoint_disabled', 'rate_limiter_unavailable', 'store_unavailable', 'service_unavailable'],
    RETRY_AFTER,
  ),
  GatewayTimeout: errorResponse('The upstream service did not respond; not refunded automatically (the upstream was queried).', ['upstream_unavailable']),
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema, examples?: Record<string, JsonSchema>): JsonSchema => ({
  'application/json': { schema, ...(examples && Object.keys(examples).length ? { examples } : {}) },
});
const PUBLIC: JsonSchema[] = [];
const BEARER: JsonSchema[] = [{ bearerAuth: [] }];

/** The error statuses every call-path endpoint shares (authentication, limits, idempotency, size, outages). */
function callPathErrors(badRequest: JsonSchema, extra: Record<string, JsonSchema> = {}, conflict = ref('IdempotencyConflict')): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { '400': badRequest, '401': ref('Unauthorized'), '403': ref('Forbidden'), ...extra, '409': conflict, '413': ref('PayloadTooLarge'), '429': ref('TooManyRequests'), '500': ref('InternalError'), '503': ref('ServiceUnavailable') };
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

function success(description: string, schema: JsonSchema, examples?: Record<string, JsonSchema>): JsonSchema {
  return { description, headers: SUCCESS_HEADERS, content: json(schema, examples) };
}

function toolOperation(tool: AnyTool): JsonSchema {
  const { input, output } = toolSchemas(tool);
  const examples: Record<string, JsonSchema> = {};
  const outExamples: Record<string, JsonSchema> = {};
  tool.examples.forEach((ex, i) => {
    const key = `example_${i + 1}`;
    examples[key] = { summary: ex.title, value: ex.input };
    outExamples[key] = { summary: ex.title, value: { ...ex.output, request_id: EXAMPLE_REQUEST_ID } };
  });
  const upload = tool.uploadField !== undefined;
  const badRequest = errorResponse(
    `${BAD_BODY}${upload ? ' `upload_unreadable`: the uploaded file could not be read.' : ''} The tool may add its own input codes (a malformed manifest, diagram or document), each with a message saying what is wrong.`,
    [...BODY_CODES, ...(upload ? ['upload_unreadable'] : [])],
  );
  const extra: Record<string, JsonSchema> = { '402': ref('PaymentRequired') };
  if (upload) extra['404'] = errorResponse('No upload with this upload_id belongs to the calling key.', ['upload_not_found']);
  if ((tool.refundExempt ?? []).includes(504)) extra['504'] = ref('GatewayTimeout');
  const conflict = upload
    ? errorResponse('The Idempotency-Key was used with another body or its first call still runs, or the upload has no file yet.', ['idempotency_key_reused', 'idempotency_key_in_use', 'upload_incomplete'], RETRY_AFTER)
    : ref('IdempotencyConflict');
  return {
    post: {
      operationId: mcpName(tool.name),
      summary: tool.summary,
      description: `${tool.description}\n\nCost: ${tool.credits} credit${tool.credits === 1 ? '' : 's'} per successful call. MCP tool: \`${mcpName(tool.name)}\`.${upload ? ` Accepts \`upload_id\` (from POST /v1/uploads) in place of \`${tool.uploadField}\`.` : ''}`,
      tags: ['tools'],
      'x-credits': tool.credits,
      'x-mcp-tool': mcpName(tool.name),
      security: BEARER,
      parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
      requestBody: { required: true, content: json(input, examples) },
      responses: { '200': success('Success; the credits were charged.', output, outExamples), ...callPathErrors(badRequest, extra, conflict) },
    },
  };
}

function zodJson(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  return jsonSchemaOf(schema, io);
}

function withRequestId(schema: JsonSchema): JsonSchema {
  return {
    ...schema,
    properties: { ...((schema.properties as JsonSchema) ?? {}), request_id: prop('string', 'Id of this call; quote it to support.') },
    required: [...((schema.required as string[]) ?? []), 'request_id'],
  };
}

/**
 * The example the guide and the MCP section show: the offline example with the shortest answer, so the
 * page stays readable whichever tools are deployed. Undefined when no deployed tool has one.
 */
function featuredExample(tools: readonly AnyTool[]): FeaturedExample | undefined {
  let best: { tool: AnyTool; example: ToolExample<unknown, Record<string, unknown>>; size: number } | undefined;
  for (const tool of [...tools].sort((a, b) => a.name.localeCompare(b.name))) {
    for (const example of tool.examples as ToolExample<unknown, Record<string, unknown>>[]) {
      if (example.runs === 'upstream') continue;
      const size = JSON.stringify(example.output).length;
      if (!best || size < best.size) best = { tool, example, size };
    }
  }
  return best && { tool: best.tool, example: best.example };
}

function mcpOperation(tools: readonly AnyTool[], featured: FeaturedExample | undefined): JsonSchema {
  // tools/list first (it needs no key), then a tools/call of the featured tool, then initialize.
  const requests: Record<string, JsonSchema> = { tools_list: { summary: 'tools/list (no key needed)', value: { jsonrpc: '2.0', id: 1, method: 'tools/list' } } };
  const responses: Record<string, JsonSchema> = {};
  if (featured) {
    const name = mcpName(featured.tool.name);
    // The live list also holds uploads.
    responses.tools_list = { summary: 'tools/list (no key needed)', description: `One of the ${tools.length + 1} tools shown.`, value: { jsonrpc: '2.0', id: 1, result: { tools: [toolEntry(featured.tool)] } } };
    const summary = `tools/call ${name} (needs the key)`;
    requests.tools_call = { summary, 'x-requires-key': true, value: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: featured.example.input } } };
    const body = { ...featured.example.output, request_id: EXAMPLE_REQUEST_ID };
    responses.tools_call = { summary, value: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body, isError: false } } };
  }
  const version = MCP_PROTOCOL_VERSIONS[1];
  requests.initialize = {
    summary: 'initialize (no key needed)',
    value: { jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'curl', version: '1.0' } } },
  };
  responses.initialize = {
    summary: 'initialize (no key needed)',
    value: {
      jsonrpc: '2.0',
      id: 3,
      result: {
        protocolVersion: version,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'ddt', title: 'Deterministic Developer and Delivery Tools', version: API_VERSION },
        instructions:
          'Deterministic tools for AI builders and delivery teams. tools/list needs no key; tools/call needs the Bearer API key on the HTTP request and spends the same credits as the REST endpoint. Pass params._meta.idempotency_key to make a retried tools/call run and charge at most once.',
      },
    },
  };
  return {
    post: {
      operationId: 'mcp',
      summary: 'MCP gateway (JSON-RPC 2.0 over Streamable HTTP, stateless)',
      description: [
        'The tools as an MCP server: point an MCP client at this URL with the header `Authorization: Bearer <key>`. Stateless Streamable HTTP with JSON answers: no session, no SSE stream (GET and DELETE answer 405).',
        '`initialize`, `ping` and `tools/list` need no key. `tools/call` runs the tool through the same checks, rate limits and credits as its REST endpoint, with the key of this request; a tool failure is a result with `isError: true` whose text is the REST error body, and an unknown tool is the text `Unknown tool: <name>`. Add `params._meta.idempotency_key` to make a retry run and charge at most once.',
        `A batch (an array) of up to ${MCP_MAX_BATCH} messages is answered with an array; notifications get no entry, and a body of notifications only gets 202. A body that is not JSON, or not JSON-RPC, gets 400 with a JSON-RPC error object (-32700 or -32600), as does an unsupported \`MCP-Protocol-Version\` header. The gateway itself costs nothing.`,
      ].join('\n\n'),
      tags: ['mcp'],
      // tools/list needs no key; tools/call does: both forms are accepted.
      security: [{}, { bearerAuth: [] }],
      parameters: [
        {
          name: 'MCP-Protocol-Version',
          in: 'header',
          required: false,
          description: 'The protocol version the client negotiated (MCP clients send it after initialize).',
          schema: { type: 'string', enum: [...MCP_PROTOCOL_VERSIONS] },
        },
      ],
      requestBody: {
        required: true,
        content: json({ description: 'A JSON-RPC request, or an array of them (a batch).', oneOf: [{ $ref: '#/components/schemas/JsonRpcRequest' }, { type: 'array', minItems: 1, maxItems: MCP_MAX_BATCH, items: { $ref: '#/components/schemas/JsonRpcRequest' } }] }, requests),
      },
      responses: {
        '200': {
          description: 'The JSON-RPC answer (an array of answers for a batch).',
          content: json({ description: 'A JSON-RPC answer, or an array of them for a batch.', oneOf: [{ $ref: '#/components/schemas/JsonRpcResponse' }, { type: 'array', items: { $ref: '#/components/schemas/JsonRpcResponse' } }] }, responses),
        },
        '202': { description: 'Notifications only (such as notifications/initialized): accepted, no body.' },
        '403': errorResponse('This server is bound to a loopback address and the Host or Origin header names another host (DNS-rebinding guard).', ['host_not_allowed']),
        '413': ref('PayloadTooLarge'),
        '503': errorResponse('The MCP gateway is disabled, or the server is shutting down.', ['endpoint_disabled', 'service_unavailable'], RETRY_AFTER),
      },
    },
  };
}

const FUNCTION_DEFINITIONS_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['openai', 'anthropic'],
  properties: {
    openai: {
      type: 'array',
      description: 'OpenAI function tools: pass them as `tools` to the Chat Completions API.',
      items: {
        type: 'object',
        required: ['type', 'function'],
        properties: {
          type: constant('function', 'Always "function".'),
          function: {
            type: 'object',
            required: ['name', 'description', 'parameters'],
            properties: {
              name: prop('string', 'The MCP tool name (snake_case); the REST path is /v1/ and its kebab-case form.'),
              description: prop('string', 'What the tool does, its cost, and where to call it.'),
              parameters: prop('object', "JSON Schema of the tool's request body."),
            },
          },
        },
      },
    },
    anthropic: {
      type: 'array',
      description: 'Anthropic tools: pass them as `tools` to the Messages API.',
      items: {
        type: 'object',
        required: ['name', 'description', 'input_schema'],
        properties: {
          name: prop('string', 'The MCP tool name (snake_case).'),
          description: prop('string', 'What the tool does, its cost, and where to call it.'),
          input_schema: prop('object', "JSON Schema of the tool's request body."),
        },
      },
    },
  },
};

function functionDefinitionsExample(tools: readonly AnyTool[], featured: FeaturedExample | undefined): Record<string, JsonSchema> | undefined {
  if (!featured) return undefined;
  const entry = toolEntry(featured.tool);
  const description = `${entry.description} Call POST /v1/${featured.tool.name} or the MCP tool ${entry.name}.`;
  const value = {
    openai: [{ type: 'function', function: { name: entry.name, description, parameters: entry.inputSchema } }],
    anthropic: [{ name: entry.name, description, input_schema: entry.inputSchema }],
  };
  // tools.length counts the tools; uploads is one more entry in the live list.
  return { one_tool: { summary: `One of the ${tools.length + 1} entries of each list shown`, value } };
}

const RUBRIC_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['version', 'categories', 'severity_points', 'criteria'],
  properties: {
    version: prop('string', 'Date of this version of the rubric.'),
    categories: prop('array', 'The six flag categories.', { items: { type: 'string' } }),
    severity_points: prop('object', 'Points deducted from 100 per flag of each severity.', { additionalProperties: { type: 'integer' } }),
    criteria: {
      type: 'array',
      description: 'Every criterion, in rubric order.',
      items: {
        type: 'object',
        required: ['id', 'category', 'severity', 'title', 'checks', 'remediation', 'rubric_provider', 'references'],
        properties: {
          id: prop('string', 'Stable id: a two-letter category prefix and a number.'),
          category: prop('string', 'One of categories.'),
          severity: prop('string', 'Severity of a finding against this criterion.', { enum: ['critical', 'high', 'medium', 'low'] }),
          title: prop('string', 'The criterion in one line.'),
          checks: prop('string', 'What it looks for, in the prompt and in agent_config.'),
          remediation: prop('string', 'What to change when it fires.'),
          rubric_provider: prop('string', 'How the offline rubric provider checks it: by rule, by heuristic, or not at all (left to a model provider).', { enum: ['rule', 'heuristic', 'model'] }),
          references: prop('array', 'Public sources the criterion is grounded in.', { items: { type: 'string' } }),
        },
      },
    },
  },
};

/** A GET that needs no key: its 200, and the 400 any malformed request gets. */
function publicGet(operationId: string, summary: string, tag: string, ok: JsonSchema, description?: string, extra: Record<string, JsonSchema> = {}): JsonSchema {
  return { get: { operationId, summary, ...(description ? { description } : {}), tags: [tag], security: PUBLIC, responses: { '200': ok, '400': ref('MalformedRequest'), ...extra } } };
}

/** The platform's own routes: uploads, keys, MCP, discovery and operations. */
function platformPaths(server: string, tools: readonly AnyTool[], featured: FeaturedExample | undefined): Record<string, JsonSchema> {
  return { ...uploadPaths(server, tools), ...keyPaths(), ...discoveryPaths(tools, featured), ...operationPaths() };
}

function uploadPaths(server: string, tools: readonly AnyTool[]): Record<string, JsonSchema> {
  const uploadTools = tools.filter((t) => t.uploadField !== undefined).map((t) => t.name);
  const idem = { $ref: '#/components/parameters/IdempotencyKey' };
  return {
    '/v1/uploads': {
      post: {
        operationId: 'uploads',
        summary: 'Obtain a presigned PUT URL for a file of up to 5 MB',
        description: `Unmetered (never 402). Returns an upload_id and a presigned URL; PUT the file there with exactly the returned headers before expires_at, then pass upload_id in place of the text field of ${uploadTools.length ? uploadTools.join(', ') : 'a file-ingesting endpoint'}. An upload belongs to the key that created it and is deleted after the retention period (24 hours by default). Also the MCP tool \`uploads\`.`,
        tags: ['uploads'],
        security: BEARER,
        parameters: [idem],
        requestBody: {
          required: true,
          content: json(zodJson(UploadRequest), { log_file: { summary: 'A 48 KB log file', value: { content_type: 'text/plain', filename: 'app.log', size_bytes: 48213 } } }),
        },
        responses: {
          '200': success('The presigned PUT.', withRequestId(zodJson(UploadResponse, 'output')), {
            log_file: {
              summary: 'A 48 KB log file (local storage; an S3 deployment returns a bucket URL)',
              value: {
                upload_id: 'upl_79p5PLBDE6ZpiYQnoqlKsy',
                url: `${server}/v1/uploads/upl_79p5PLBDE6ZpiYQnoqlKsy?expires=1795664462&signature=omgKVsAAwb31yRgccnSy0mrBYK-xvLk0bM1TZWXhFIQ`,
                method: 'PUT',
                headers: { 'Content-Type': 'text/plain', 'Content-Length': '48213' },
                expires_at: '2026-11-26T03:41:02.000Z',
                max_bytes: 48213,
                request_id: EXAMPLE_REQUEST_ID,
              },
            },
          }),
          ...callPathErrors(errorResponse(`${BAD_BODY} \`unsupported_content_type\`: content_type is not on the allowlist (see allowed).`, [...BODY_CODES, 'unsupported_content_type'])),
        },
      },
    },
  };
}

function keyPaths(): Record<string, JsonSchema> {
  const keyIdParam = { name: 'key_id', in: 'path', required: true, description: 'The key id (key_...), as POST /v1/keys or ddt keys list gives it.', schema: { type: 'string', example: 'key_1CQesmyFIMCeriZjW' } };
  const idem = { $ref: '#/components/parameters/IdempotencyKey' };
  const keyNotFound = { '404': errorResponse('No key has this id.', ['key_not_found']) };
  return {
    '/v1/keys': {
      post: {
        operationId: 'create_key',
        summary: 'Issue an API key (operator only)',
        description: 'Requires the admin scope; refuses to grant admin. The key is shown once: only its SHA-256 hash is stored. Unmetered (never 402).',
        tags: ['keys'],
        security: BEARER,
        parameters: [idem],
        requestBody: { required: true, content: json(zodJson(CreateKeyRequest), { ci_bot: { summary: 'A key with 1,000 credits', value: { name: 'ci-bot', credits: 1000 } } }) },
        responses: {
          '201': {
            description: 'The new key (shown once).',
            headers: SUCCESS_HEADERS,
            content: json(
              {
                type: 'object',
                required: ['key', 'key_id', 'name', 'scopes', 'created_at', 'request_id'],
                properties: {
                  key: prop('string', 'The key itself: send it as Authorization: Bearer <key>. Shown only in this answer.'),
                  key_id: prop('string', 'Its id, for revocation and top-ups.'),
                  name: prop(['string', 'null'], 'The label given.'),
                  scopes: prop('array', 'Scopes granted.', { items: { type: 'string' } }),
                  created_at: prop('string', 'When it was created.', { format: 'date-time' }),
                  request_id: prop('string', 'Id of this call.'),
                },
              },
              {
                ci_bot: {
                  summary: 'A key with 1,000 credits',
                  value: { key: 'ddt_p030TKpHPOVd8KVqfEH7tWSsCozd2caWq2fR3qHXCqo', key_id: 'key_1CQesmyFIMCeriZjW', name: 'ci-bot', scopes: ['tools', 'uploads'], created_at: '2026-11-26T03:26:02.313Z', request_id: EXAMPLE_REQUEST_ID },
                },
              },
            ),
          },
          ...callPathErrors(errorResponse(`${BAD_BODY} \`scope_not_grantable\`: a requested scope cannot be granted (see allowed).`, [...BODY_CODES, 'scope_not_grantable'])),
        },
      },
    },
    '/v1/keys/{key_id}/revoke': {
      post: {
        operationId: 'revoke_key',
        summary: 'Revoke a key (operator only)',
        description: 'Requires the admin scope. The key stops working at once on this instance and within a second on the others. No body.',
        tags: ['keys'],
        security: BEARER,
        parameters: [keyIdParam, idem],
        responses: {
          '200': success('Revoked.', {
            type: 'object',
            required: ['key_id', 'status', 'request_id'],
            properties: { key_id: prop('string', 'The key revoked.'), status: constant('revoked', 'Always "revoked".'), request_id: prop('string', 'Id of this call.') },
          }, { revoked: { value: { key_id: 'key_1CQesmyFIMCeriZjW', status: 'revoked', request_id: EXAMPLE_REQUEST_ID } } }),
          ...callPathErrors(ref('BadRequest'), keyNotFound),
        },
      },
    },
    '/v1/keys/{key_id}/credits': {
      post: {
        operationId: 'add_credits',
        summary: 'Add credits to a key (operator only)',
        description: 'Requires the admin scope. The balance itself is never returned.',
        tags: ['keys'],
        security: BEARER,
        parameters: [keyIdParam, idem],
        requestBody: { required: true, content: json(zodJson(AddCreditsRequest), { top_up: { summary: '500 more credits', value: { amount: 500 } } }) },
        responses: {
          '200': success('Added.', {
            type: 'object',
            required: ['key_id', 'added', 'request_id'],
            properties: { key_id: prop('string', 'The key topped up.'), added: prop('integer', 'Credits added.'), request_id: prop('string', 'Id of this call.') },
          }, { top_up: { summary: '500 more credits', value: { key_id: 'key_1CQesmyFIMCeriZjW', added: 500, request_id: EXAMPLE_REQUEST_ID } } }),
          ...callPathErrors(ref('BadRequest'), keyNotFound),
        },
      },
    },
  };
}

function discoveryPaths(tools: readonly AnyTool[], featured: FeaturedExample | undefined): Record<string, JsonSchema> {
  const gate = tools.find((t) => t.name === 'alignment-gate');
  const published = gate ? rubric() : undefined;
  const paths: Record<string, JsonSchema> = {
    '/mcp': mcpOperation(tools, featured),
    '/v1/tools': publicGet(
      'function_definitions',
      'Function-calling definitions of every available tool (OpenAI and Anthropic forms)',
      'discovery',
      { description: 'The definitions.', content: json(FUNCTION_DEFINITIONS_SCHEMA, functionDefinitionsExample(tools, featured)) },
      'Every enabled tool (and uploads) as a function definition for OpenAI and for Anthropic, with the same JSON Schemas as MCP and this document. Send the call a model makes to POST /v1/<name> (the kebab-case name) or to the MCP tool.',
    ),
  };
  if (published) {
    paths['/v1/alignment-gate/rubric'] = publicGet(
      'alignment_gate_rubric',
      'The 45-criterion rubric alignment-gate grades against',
      'discovery',
      {
        description: 'The rubric.',
        content: json(RUBRIC_SCHEMA, { rubric: { summary: `The rubric (the first of its ${published.criteria.length} criteria shown)`, value: { ...published, criteria: published.criteria.slice(0, 1) } } }),
      },
      'Each criterion with its id, category, severity, what it checks, the remediation, and how the offline rubric provider checks it (by rule, by heuristic, or left to a model).',
    );
  }
  return paths;
}

function operationPaths(): Record<string, JsonSchema> {
  return {
    '/': publicGet('index', 'Where the reference, the OpenAPI document and the MCP gateway are', 'discovery', {
      description: 'Links to the service.',
      content: json(
        {
          type: 'object',
          required: ['name', 'version', 'docs', 'openapi', 'mcp', 'tools', 'health', 'readiness'],
          properties: {
            name: prop('string', 'The service.'),
            version: prop('string', 'The API version.'),
            docs: prop('string', 'This reference page.'),
            openapi: prop('string', 'The OpenAPI document.'),
            mcp: prop('string', 'The MCP gateway.'),
            tools: prop('string', 'The function-calling definitions.'),
            health: prop('string', 'Liveness.'),
            readiness: prop('string', 'Readiness.'),
          },
        },
        { index: { value: { name: 'Deterministic Developer and Delivery Tools API', version: API_VERSION, docs: '/docs', openapi: '/openapi.json', mcp: '/mcp', tools: '/v1/tools', health: '/healthz', readiness: '/readyz' } } },
      ),
    }),
    '/docs': publicGet('docs', 'This API reference as an HTML page', 'discovery', { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } }),
    '/openapi.json': publicGet('openapi', 'This OpenAPI 3.1 document', 'discovery', { description: 'The document.', content: { 'application/json': { schema: { type: 'object' } } } }, 'Its servers entry is the operator\'s DDT_PUBLIC_URL.'),
    '/healthz': publicGet('healthz', 'Liveness: the process answers', 'operations', {
      description: 'Alive.',
      content: json({ type: 'object', required: ['status'], properties: { status: constant('ok', 'Always "ok".') } }, { ok: { value: { status: 'ok' } } }),
    }),
    '/readyz': publicGet(
      'readyz',
      'Readiness: the store and the rate limiter answer',
      'operations',
      {
        description: 'Ready.',
        content: json(
          {
            type: 'object',
            required: ['status', 'checks'],
            properties: {
              status: constant('ready', 'Always "ready" on a 200.'),
              checks: {
                type: 'object',
                additionalProperties: { type: 'string', enum: ['ok', 'unavailable', 'loading'] },
                description: 'Each backend (store, limiter) and its state; tools: ok, or loading just after start (a call then waits for its tool once).',
              },
            },
          },
          { ready: { value: { status: 'ready', checks: { limiter: 'ok', store: 'ok', tools: 'ok' } } } },
        ),
      },
      'Names a backend that is not reachable, never why (the log has the detail).',
      { '503': errorResponse('A backend is not reachable (see checks), or the server is shutting down.', ['not_ready', 'service_unavailable'], RETRY_AFTER) },
    ),
  };
}

export interface OpenApiOptions {
  publicUrl: string;
  /** Deployed tools (undeployed ones are never described). */
  tools: readonly AnyTool[];
  extraPaths?: Record<string, JsonSchema>;
}

export function buildOpenApi(opts: OpenApiOptions): JsonSchema {
  const tools = [...opts.tools].sort((a, b) => a.name.localeCompare(b.name));
  const featured = featuredExample(tools);
  const paths: Record<string, JsonSchema> = {};
  for (const tool of tools) paths[`/v1/${tool.name}`] = toolOperation(tool);
  Object.assign(paths, platformPaths(opts.publicUrl, tools, featured), opts.extraPaths ?? {});
  return {
    openapi: '3.1.0',
    info: {
      title: 'Deterministic Developer and Delivery Tools API',
      version: API_VERSION,
      description: guideMarkdown({ server: opts.publicUrl, tools, featured }),
    },
    servers: [{ url: opts.publicUrl }],
    // Every operation needs the key unless it says otherwise (the public ones declare `security: []`).
    security: BEARER,
    tags: [
      { name: 'tools', 'x-displayName': 'Tools', description: 'The metered tools: each costs the credits shown, only when it succeeds.' },
      { name: 'uploads', 'x-displayName': 'Uploads', description: 'Presigned uploads for files up to 5 MB.' },
      { name: 'keys', 'x-displayName': 'Keys (operator)', description: 'Key management for the operator (admin scope).' },
      { name: 'mcp', 'x-displayName': 'MCP', description: 'The MCP gateway: every tool over JSON-RPC.' },
      { name: 'discovery', 'x-displayName': 'Discovery', description: 'Public, no key: the service index, this reference, the OpenAPI document, function definitions and the alignment rubric.' },
      { name: 'operations', 'x-displayName': 'Operations', description: 'Public, no key: liveness and readiness probes.' },
    ],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key beginning with the key prefix (ddt_ by default).' } },
      headers: HEADERS,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Optional. Makes a retry safe: the call runs and is charged at most once per API key, endpoint and Idempotency-Key in 24 hours; a retry gets the first answer again.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]([ -~]{0,253}[!-~])?$' },
          example: '5f0c6f7e-0d7b-4a39-9a51-3b1f4c1d2e10',
        },
      },
      schemas: { Error: ERROR_SCHEMA, JsonRpcRequest: JSONRPC_REQUEST, JsonRpcResponse: JSONRPC_RESPONSE },
      responses: SHARED_RESPONSES,
    },
  };
}
