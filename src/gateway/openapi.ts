// The OpenAPI 3.1 document, derived from the registry (deployed tools only) and the platform routes.
import type { z } from 'zod';
import { UploadRequest, UploadResponse } from '../platform/uploads/service.ts';
import { mcpName } from '../tools/contract.ts';
import type { AnyTool } from '../tools/registry.ts';
import { API_VERSION, AddCreditsRequest, CreateKeyRequest } from './api.ts';
import { jsonSchemaOf, toolSchemas } from './schemas.ts';
import type { JsonSchema } from './schemas.ts';

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every non-2xx body. Clients branch on `error`, not on the status alone.',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'Stable machine-readable code.' },
    request_id: { type: 'string', description: 'Present once the call has been metered.' },
    message: { type: 'string', description: 'Human-readable explanation (wording may change; do not parse).' },
    field: { type: 'string', description: 'On a nested validation failure: the dotted path of the field.' },
    required_scope: { type: 'string', description: 'On insufficient_scope: the missing scope.' },
    limit: { type: 'integer', description: 'On rate_limit_exceeded: calls permitted per window.' },
    window_seconds: { type: 'integer', description: 'On rate_limit_exceeded: window length in seconds.' },
    retry_after: { type: 'integer', description: 'On rate_limit_exceeded and rate_limiter_unavailable: seconds to wait.' },
    allowed: { type: 'array', items: { type: 'string' }, description: 'On a value-not-permitted error: accepted values.' },
    tool: { type: 'string', description: 'On endpoint_disabled: the tool name.' },
  },
  additionalProperties: true,
};

const RATE_HEADERS = {
  'X-RateLimit-Limit': { description: 'Calls permitted per window.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Calls left in this window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window resets.', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
};

function errorResponse(description: string, codes: string[]): JsonSchema {
  return {
    description: `${description} Codes: ${codes.join(', ')}.`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

const SHARED_RESPONSES: Record<string, JsonSchema> = {
  BadRequest: errorResponse('Invalid JSON or a field failed validation (generated field codes such as <field>_required, <field>_must_be_<type>, <field>_too_long, <field>_invalid); never charged.', ['invalid_json', 'body_must_be_object', '<field>_*']),
  Unauthorized: errorResponse('Authentication failed; nothing charged.', ['missing_token', 'invalid_token', 'key_revoked']),
  PaymentRequired: errorResponse('Balance below the cost; nothing ran, nothing charged.', ['insufficient_credits']),
  Forbidden: errorResponse('The key lacks a scope; see required_scope.', ['insufficient_scope']),
  NotFound: errorResponse('Not found.', ['not_found', 'upload_not_found', 'key_not_found']),
  Conflict: errorResponse('The upload has not been stored yet.', ['upload_incomplete']),
  PayloadTooLarge: errorResponse('The body exceeds the size limit.', ['payload_too_large']),
  TooManyRequests: {
    ...errorResponse('Rate limit exceeded; never billed. Retry after Retry-After seconds.', ['rate_limit_exceeded']),
    headers: { ...RATE_HEADERS, 'X-RateLimit-Remaining': { description: 'Always 0.', schema: { type: 'integer', const: 0 } } },
  },
  InternalError: errorResponse('Unexpected failure; credits refunded automatically.', ['internal_error']),
  ServiceUnavailable: errorResponse('Endpoint disabled or not deployed, or the rate limiter is unreachable; nothing charged.', ['endpoint_disabled', 'rate_limiter_unavailable']),
  GatewayTimeout: errorResponse('The upstream service did not respond; not refunded automatically.', ['upstream_unavailable']),
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/responses/${name}` });

function toolOperation(tool: AnyTool): JsonSchema {
  const { input, output } = toolSchemas(tool);
  const examples: Record<string, JsonSchema> = {};
  const outExamples: Record<string, JsonSchema> = {};
  tool.examples.forEach((ex, i) => {
    const key = `example_${i + 1}`;
    examples[key] = { summary: ex.title, value: ex.input };
    outExamples[key] = { summary: ex.title, value: { ...ex.output, request_id: 'req_example' } };
  });
  const responses: Record<string, JsonSchema> = {
    '200': {
      description: 'Success; the credits were charged.',
      headers: { ...RATE_HEADERS, 'X-Request-Id': { description: 'Same as request_id.', schema: { type: 'string' } } },
      content: { 'application/json': { schema: output, ...(tool.examples.length ? { examples: outExamples } : {}) } },
    },
    '400': ref('BadRequest'),
    '401': ref('Unauthorized'),
    '402': ref('PaymentRequired'),
    '403': ref('Forbidden'),
  };
  if (tool.uploadField) {
    responses['404'] = ref('NotFound');
    responses['409'] = ref('Conflict');
  }
  responses['413'] = ref('PayloadTooLarge');
  responses['429'] = ref('TooManyRequests');
  responses['500'] = ref('InternalError');
  responses['503'] = ref('ServiceUnavailable');
  if ((tool.refundExempt ?? []).includes(504)) responses['504'] = ref('GatewayTimeout');
  return {
    post: {
      operationId: mcpName(tool.name),
      summary: tool.summary,
      description: `${tool.description}\n\nCost: ${tool.credits} credit${tool.credits === 1 ? '' : 's'} per successful call.${tool.uploadField ? ` Accepts \`upload_id\` (from POST /v1/uploads) in place of \`${tool.uploadField}\`.` : ''}`,
      tags: ['tools'],
      'x-credits': tool.credits,
      'x-mcp-tool': mcpName(tool.name),
      security: [{ bearerAuth: [] }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: input, ...(tool.examples.length ? { examples } : {}) } },
      },
      responses,
    },
  };
}

function zodJson(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  return jsonSchemaOf(schema, io);
}

function withRequestId(schema: JsonSchema): JsonSchema {
  return {
    ...schema,
    properties: { ...((schema.properties as JsonSchema) ?? {}), request_id: { type: 'string' } },
    required: [...((schema.required as string[]) ?? []), 'request_id'],
  };
}

function platformPaths(): Record<string, JsonSchema> {
  const json = (schema: JsonSchema): JsonSchema => ({ 'application/json': { schema } });
  const common = { '401': ref('Unauthorized'), '403': ref('Forbidden'), '429': ref('TooManyRequests'), '503': ref('ServiceUnavailable') };
  return {
    '/v1/uploads': {
      post: {
        operationId: 'uploads',
        summary: 'Obtain a presigned PUT URL for a file of up to 5 MB',
        description:
          'Unmetered (never 402). Returns an upload_id and a presigned URL; PUT the file there with exactly the returned headers, then pass upload_id to a file-ingesting endpoint (log-analyzer, dependency-check, diagram-contrast, humanizer-score, humanize, alignment-gate). An upload belongs to the key that created it and is deleted after the retention period.',
        tags: ['uploads'],
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, content: json(zodJson(UploadRequest)) },
        responses: {
          '200': { description: 'The presigned PUT.', content: json(withRequestId(zodJson(UploadResponse, 'output'))) },
          '400': errorResponse('Validation failed or the content type is not allowed (see allowed).', ['unsupported_content_type', 'size_bytes_too_large', '<field>_*']),
          ...common,
        },
      },
    },
    '/v1/keys': {
      post: {
        operationId: 'create_key',
        summary: 'Issue an API key (operator only)',
        description: 'Requires the admin scope; refuses to grant admin. The key is shown once; only its SHA-256 hash is stored. Unmetered (never 402).',
        tags: ['keys'],
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, content: json(zodJson(CreateKeyRequest)) },
        responses: {
          '201': {
            description: 'The new key (shown once).',
            content: json({
              type: 'object',
              required: ['key', 'key_id', 'name', 'scopes', 'created_at', 'request_id'],
              properties: {
                key: { type: 'string' },
                key_id: { type: 'string' },
                name: { type: ['string', 'null'] },
                scopes: { type: 'array', items: { type: 'string' } },
                created_at: { type: 'string', format: 'date-time' },
                request_id: { type: 'string' },
              },
            }),
          },
          '400': errorResponse('Validation failed or a scope cannot be granted.', ['scope_not_grantable', 'credits_required', '<field>_*']),
          ...common,
        },
      },
    },
    '/v1/keys/{key_id}/revoke': {
      post: {
        operationId: 'revoke_key',
        summary: 'Revoke a key (operator only)',
        tags: ['keys'],
        security: [{ bearerAuth: [] }],
        parameters: [{ name: 'key_id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'Revoked.', content: json({ type: 'object', properties: { key_id: { type: 'string' }, status: { const: 'revoked' }, request_id: { type: 'string' } } }) },
          '404': ref('NotFound'),
          ...common,
        },
      },
    },
    '/v1/keys/{key_id}/credits': {
      post: {
        operationId: 'add_credits',
        summary: 'Add credits to a key (operator only)',
        description: 'The balance itself is never returned.',
        tags: ['keys'],
        security: [{ bearerAuth: [] }],
        parameters: [{ name: 'key_id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: json(zodJson(AddCreditsRequest)) },
        responses: {
          '200': { description: 'Added.', content: json({ type: 'object', properties: { key_id: { type: 'string' }, added: { type: 'integer' }, request_id: { type: 'string' } } }) },
          '400': ref('BadRequest'),
          '404': ref('NotFound'),
          ...common,
        },
      },
    },
    '/mcp': {
      post: {
        operationId: 'mcp',
        summary: 'MCP gateway (JSON-RPC 2.0 over Streamable HTTP, stateless)',
        description:
          'Methods: initialize, notifications/initialized (202, no body), ping, tools/list (no key needed), tools/call (Bearer key forwarded to the tool endpoint; same auth, limits and credits). A batch array is accepted. Unmetered itself.',
        tags: ['mcp'],
        requestBody: { required: true, content: json({ oneOf: [{ type: 'object' }, { type: 'array', items: { type: 'object' } }] }) },
        responses: {
          '200': { description: 'JSON-RPC response (or array of responses).', content: json({ oneOf: [{ type: 'object' }, { type: 'array' }] }) },
          '202': { description: 'Notifications only: accepted, no body.' },
          '503': ref('ServiceUnavailable'),
        },
      },
    },
    '/v1/tools': {
      get: {
        operationId: 'function_definitions',
        summary: 'Function-calling definitions of every available tool (OpenAI and Anthropic forms)',
        tags: ['discovery'],
        responses: { '200': { description: 'Definitions.', content: json({ type: 'object' }) } },
      },
    },
    '/v1/alignment-gate/rubric': {
      get: {
        operationId: 'alignment_gate_rubric',
        summary: 'The 45-criterion rubric alignment-gate grades against',
        description: 'Public (no key): each criterion with id, category, default severity, what it checks, remediation, and whether the offline rubric provider checks it by rule, by heuristic, or leaves it to a model.',
        tags: ['discovery'],
        responses: { '200': { description: 'The rubric.', content: json({ type: 'object' }) } },
      },
    },
    '/healthz': { get: { operationId: 'healthz', summary: 'Liveness', tags: ['operations'], responses: { '200': { description: 'Alive.' } } } },
    '/readyz': {
      get: {
        operationId: 'readyz',
        summary: 'Readiness: the store and the rate limiter answer',
        tags: ['operations'],
        responses: { '200': { description: 'Ready.' }, '503': errorResponse('Not ready.', ['not_ready']) },
      },
    },
  };
}

export interface OpenApiOptions {
  publicUrl: string;
  /** Deployed tools (undeployed ones are never described). */
  tools: readonly AnyTool[];
  extraPaths?: Record<string, JsonSchema>;
}

export function buildOpenApi(opts: OpenApiOptions): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const tool of [...opts.tools].sort((a, b) => a.name.localeCompare(b.name))) paths[`/v1/${tool.name}`] = toolOperation(tool);
  Object.assign(paths, platformPaths(), opts.extraPaths ?? {});
  return {
    openapi: '3.1.0',
    info: {
      title: 'Deterministic Developer and Delivery Tools API',
      version: API_VERSION,
      description:
        'Small deterministic JSON endpoints for AI builders and delivery teams. Every metered call needs `Authorization: Bearer <key>` and costs the credits shown on its operation; a 400 is never charged and any 5xx after charging is refunded (except blm-land-lookup 504). Every endpoint is also an MCP tool at POST /mcp.',
    },
    servers: [{ url: opts.publicUrl }],
    tags: [
      { name: 'tools', description: 'Metered tool endpoints.' },
      { name: 'uploads', description: 'Presigned uploads for files up to 5 MB.' },
      { name: 'keys', description: 'Operator key management (admin scope).' },
      { name: 'mcp', description: 'The MCP gateway.' },
      { name: 'discovery', description: 'Machine-readable tool definitions.' },
      { name: 'operations', description: 'Health and readiness.' },
    ],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key beginning with the key prefix (ddt_ by default).' } },
      schemas: { Error: ERROR_SCHEMA },
      responses: SHARED_RESPONSES,
    },
  };
}
