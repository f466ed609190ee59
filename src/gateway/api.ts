// What every surface publishes besides the tools: the API version, the unmetered platform endpoints (uploads,
// keys) with their schemas, and the list of public tools (the registry's enabled tools plus uploads).
import { z } from 'zod';
import { ApiError } from '../platform/errors.ts';
import { DEFAULT_SCOPES, GRANTABLE_SCOPES, displayOf, hashKey, newKeyId, newKeyToken } from '../platform/keys.ts';
import { UploadRequest, UploadResponse } from '../platform/uploads/service.ts';
import { mcpName } from '../tools/kit/contract.ts';
import type { ToolAnnotations } from '../tools/kit/contract.ts';
import type { AnyTool } from '../tools/registry.ts';
import { endpointOf } from './call/endpoint.ts';
import type { Endpoint, PlatformEndpoint } from './call/endpoint.ts';
import type { CallPath } from './call/execute.ts';
import { jsonSchemaOf, toolSchemas } from './schemas.ts';
import type { JsonSchema } from './schemas.ts';

export const API_VERSION = '0.1.0';

export const CreateKeyRequest = z.object({
  name: z.string().min(1).max(100).optional().describe('A label for the key (who or what uses it).'),
  credits: z.number().int().min(0).max(1_000_000_000).describe('Opening credit balance.'),
  scopes: z
    .array(z.string().max(40))
    .max(10)
    .optional()
    .describe(`Scopes to grant; default ${DEFAULT_SCOPES.join(', ')}. Grantable: ${GRANTABLE_SCOPES.join(', ')}. admin cannot be granted.`),
});

export const AddCreditsRequest = z.object({
  amount: z.number().int().min(1).max(1_000_000_000).describe('Credits to add to the balance.'),
});

/** The platform endpoints of one call path (uploads, key issuance, revocation, top-up). */
export interface PlatformEndpoints {
  uploads: PlatformEndpoint;
  createKey: PlatformEndpoint;
  revokeKey: PlatformEndpoint;
  addCredits: PlatformEndpoint;
}

export function platformEndpoints(callPath: CallPath): PlatformEndpoints {
  const backends = callPath.deps.backends;
  if (!backends) throw new Error('platform endpoints need the backends');
  const { store, uploads } = backends;
  const { config } = callPath.deps;
  return {
    uploads: {
      kind: 'platform',
      name: 'uploads',
      scope: 'uploads',
      input: UploadRequest,
      successStatus: 200,
      run: async (input, call) => uploads.create(call.keyId, input as z.output<typeof UploadRequest>, call.nowMs),
    },
    createKey: {
      kind: 'platform',
      name: 'keys',
      scope: 'admin',
      input: CreateKeyRequest,
      successStatus: 201,
      run: async (raw, call) => {
        const input = raw as z.output<typeof CreateKeyRequest>;
        const scopes = input.scopes ? [...new Set(input.scopes)].sort() : [...DEFAULT_SCOPES];
        const bad = scopes.filter((s) => !(GRANTABLE_SCOPES as readonly string[]).includes(s));
        if (bad.length > 0) throw new ApiError('scope_not_grantable', { allowed: [...GRANTABLE_SCOPES], refused: bad });
        const token = newKeyToken(config.keyPrefix);
        const id = newKeyId();
        const createdAt = new Date(call.nowMs).toISOString();
        await store.createKey({ id, hash: hashKey(token), display: displayOf(token, config.keyPrefix), name: input.name ?? null, scopes, credits: input.credits, createdAt });
        return { key: token, key_id: id, name: input.name ?? null, scopes, created_at: createdAt };
      },
    },
    revokeKey: {
      kind: 'platform',
      name: 'keys',
      scope: 'admin',
      input: z.object({}),
      successStatus: 200,
      run: async (_input, call) => {
        const id = call.params.id ?? '';
        if (!(await store.revokeKey(id, new Date(call.nowMs).toISOString()))) throw new ApiError('key_not_found');
        callPath.forgetKey(id);
        return { key_id: id, status: 'revoked' };
      },
    },
    addCredits: {
      kind: 'platform',
      name: 'keys',
      scope: 'admin',
      input: AddCreditsRequest,
      successStatus: 200,
      run: async (raw, call) => {
        const id = call.params.id ?? '';
        const input = raw as z.output<typeof AddCreditsRequest>;
        if (!(await store.addCredits(id, input.amount, new Date(call.nowMs).toISOString()))) throw new ApiError('key_not_found');
        return { key_id: id, added: input.amount };
      },
    },
  };
}

/** One tool as MCP and function calling publish it. */
export interface PublicTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations & { title: string };
  endpoint: Endpoint;
}

/** A tool as MCP tools/list lists it, and as the function-calling definitions and the OpenAPI document show it. */
export function toolEntry(tool: AnyTool): Omit<PublicTool, 'endpoint'> {
  const { input, output } = toolSchemas(tool);
  return {
    name: mcpName(tool.name),
    title: tool.title,
    description: `${tool.summary}. ${tool.description} Costs ${tool.credits} credit${tool.credits === 1 ? '' : 's'}.`,
    inputSchema: input,
    outputSchema: output,
    annotations: { title: tool.title, ...tool.annotations },
  };
}

const UPLOADS_TITLE = 'Upload a file';
const UPLOADS_DESCRIPTION =
  'Obtain a presigned PUT URL for a file of up to 5 MB (a log, a manifest, a diagram, a long text). PUT the file there with exactly the returned headers, then pass its upload_id in place of the text field of log-analyzer, dependency-check, diagram-contrast, humanizer-score, humanize or alignment-gate. Unmetered: costs no credits.';

/**
 * The tools this server publishes, by MCP name: every enabled tool, then `uploads` unless DDT_DISABLED names
 * it. MCP's tools/list and the function-calling definitions both come from this list.
 */
export async function publicTools(callPath: CallPath, uploads: PlatformEndpoint | undefined): Promise<PublicTool[]> {
  const out: PublicTool[] = (await callPath.deployment.loadEnabled()).map((t) => ({ ...toolEntry(t), endpoint: endpointOf(t) }));
  if (uploads && callPath.deployment.isEnabled(uploads)) {
    out.push({
      name: 'uploads',
      title: UPLOADS_TITLE,
      description: UPLOADS_DESCRIPTION,
      inputSchema: jsonSchemaOf(UploadRequest, 'input'),
      outputSchema: withRequestId(jsonSchemaOf(UploadResponse, 'output')),
      annotations: { title: UPLOADS_TITLE, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      endpoint: uploads,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function withRequestId(schema: JsonSchema): JsonSchema {
  return {
    ...schema,
    properties: { ...((schema.properties as JsonSchema | undefined) ?? {}), request_id: { type: 'string', description: 'Id of this call; quote it to support.' } },
    required: [...new Set([...((schema.required as string[] | undefined) ?? []), 'request_id'])],
  };
}
