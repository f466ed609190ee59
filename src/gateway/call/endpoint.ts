// What the call path runs: an endpoint (a tool, or a platform route such as uploads or keys) and who calls it.
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { mcpName } from '../../tools/kit/contract.ts';
import type { ToolContext } from '../../tools/kit/contract.ts';
import type { ToolEntry } from '../../tools/entries.ts';
import type { AnyTool } from '../../tools/registry-types.ts';

/** What a platform endpoint's handler gets besides its input. */
interface PlatformCall {
  keyId: string;
  requestId: string;
  nowMs: number;
  /** Path parameters of the route (`/v1/keys/:id/revoke`). */
  params: Readonly<Record<string, string>>;
}

interface EndpointBase {
  /** The name that limits, metrics and DDT_DISABLED use: the tool's path segment, `uploads`, `keys`. */
  name: string;
  /** Scope the key needs. */
  scope: string;
  input: z.ZodType;
}

/** A tool: metered (credits > 0), optional upload, prepare and run. */
export interface ToolEndpoint extends EndpointBase {
  kind: 'tool';
  tool: AnyTool;
}

/** A platform route that runs the same first steps but is never charged (uploads, keys). */
export interface PlatformEndpoint extends EndpointBase {
  kind: 'platform';
  /** Status of a success (201 for a created key). */
  successStatus: number;
  run(input: unknown, call: PlatformCall): Promise<Record<string, unknown>>;
}

export type Endpoint = ToolEndpoint | PlatformEndpoint;

/** Who is calling: a request carrying an Authorization header, or the operator on this machine (CLI, tests). */
type Caller =
  | { kind: 'key'; authorization: string | undefined }
  /** Trusted and local: no key, no rate limit, no charge, no request_id; `context` replaces the tool context. */
  | { kind: 'operator'; context?: ToolContext };

/** One call: the body as raw bytes (REST) or already parsed (MCP arguments, CLI, tests). */
export interface Call {
  caller: Caller;
  body: { raw: Buffer | string | undefined } | { parsed: unknown };
  /** Idempotency-Key header (REST) or params._meta.idempotency_key (MCP). */
  idempotencyKey?: unknown;
  params?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

const toolEndpoints = new WeakMap<AnyTool, ToolEndpoint>();

/** The endpoint of a tool, made once per tool. */
export function endpointOf(tool: AnyTool): ToolEndpoint {
  let e = toolEndpoints.get(tool);
  if (!e) toolEndpoints.set(tool, (e = { kind: 'tool', name: tool.name, scope: 'tools', input: tool.input, tool }));
  return e;
}

/**
 * Which endpoints this server runs: a tool is deployed by the registry or by DDT_DEPLOY_EXTRA, and any endpoint
 * (tool, `uploads`, `keys`, `mcp`) can be disabled by DDT_DISABLED, by path name or MCP name. The configuration
 * is fixed for the life of the process, so each answer is computed once. Decisions need only the tools'
 * names; their code is loaded on first use (`load*`).
 */
export class Deployment {
  private readonly enabledCache = new Map<string, boolean>();

  constructor(
    private readonly config: Pick<Config, 'deployExtra' | 'disabled'>,
    readonly entries: readonly ToolEntry[],
  ) {}

  isDeployed(tool: { name: string; deployed: boolean }): boolean {
    const extra = this.config.deployExtra;
    return tool.deployed || extra.has(tool.name) || extra.has(mcpName(tool.name));
  }

  isDisabled(name: string): boolean {
    const d = this.config.disabled;
    return d.has(name) || d.has(mcpName(name));
  }

  /** A tool: deployed and not disabled. A platform endpoint: not disabled. */
  isEnabled(endpoint: Endpoint): boolean {
    let enabled = this.enabledCache.get(endpoint.name);
    if (enabled === undefined) {
      enabled = !this.isDisabled(endpoint.name) && (endpoint.kind === 'platform' || this.isDeployed(endpoint.tool));
      this.enabledCache.set(endpoint.name, enabled);
    }
    return enabled;
  }

  deployedEntries(): ToolEntry[] {
    return this.entries.filter((e) => this.isDeployed(e));
  }

  enabledEntries(): ToolEntry[] {
    return this.entries.filter((e) => this.isDeployed(e) && !this.isDisabled(e.name));
  }

  /** By path name or MCP name. */
  entryByName(name: string): ToolEntry | undefined {
    return this.entries.find((e) => e.name === name || mcpName(e.name) === name);
  }

  loadDeployed(): Promise<AnyTool[]> {
    return Promise.all(this.deployedEntries().map((e) => e.load()));
  }

  loadEnabled(): Promise<AnyTool[]> {
    return Promise.all(this.enabledEntries().map((e) => e.load()));
  }

  /** Whether every deployed tool's code is loaded (readiness reports it). */
  allLoaded(): boolean {
    return this.deployedEntries().every((e) => e.loaded() !== undefined);
  }
}
