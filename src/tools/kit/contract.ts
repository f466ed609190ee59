// The tool contract: what every tool folder declares, and the context its engine receives.
import type { z } from 'zod';

/** MCP tool annotations (hints for clients; all tools here are read-only computations). */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A worked example: executed by the tests and published in OpenAPI. `output` excludes request_id. */
export interface ToolExample<I = unknown, O = unknown> {
  title: string;
  input: I;
  output: O;
  /**
   * `offline` (default): the registry test runs `input` through the tool with the default test context
   * and expects `output` exactly. `upstream`: the output depends on an upstream service; the registry test
   * only checks both sides against the schemas, and the tool's own tests run it against a fake upstream.
   */
  runs?: 'offline' | 'upstream';
}

/**
 * An adversarial input built from the tool's own delimiters, as large as its fields allow (about 1 MB):
 * the hostile tests run every one through the call path (a 200 or a 4xx, never a 500), and
 * `npm run bench:hostile` times them (target: under 300 ms each).
 */
export interface HostileCase {
  name: string;
  input: Record<string, unknown>;
}

/** A small shared key-value cache (store-backed: shared by every instance). */
export interface ToolCache {
  get(key: string): Promise<unknown | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
}

/** Structured logger handed to engines (pino-compatible subset). */
export interface ToolLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Operator settings that some tools read (DESIGN §7). */
export interface ToolSettings {
  blmSmaUrl: string;
  blmDesignationsUrl: string;
  blmTimeoutMs: number;
  /** `rubric`, `openai:<model>` or `anthropic:<model>`. */
  alignmentModel: string;
  /** Base URL of an OpenAI-compatible or Anthropic server; unset uses the provider's public URL. */
  alignmentBaseUrl: string | undefined;
  alignmentApiKey: string | undefined;
  alignmentTimeoutMs: number;
}

/** Everything with I/O or time reaches an engine through this; engines import nothing from platform/. */
export interface ToolContext {
  requestId: string;
  now(): Date;
  signal: AbortSignal;
  log: ToolLogger;
  cache: ToolCache;
  fetch: typeof globalThis.fetch;
  settings: ToolSettings;
}

/**
 * An error an engine raises on purpose. 4xx: the input was bad in a way only the engine can tell (the call
 * is refunded, as a 400 is never charged). 5xx: the engine or an upstream failed (refunded, except where
 * the definition's `refundExempt` names the status).
 */
export class ToolError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;
  constructor(status: number, code: string, message?: string, details: Record<string, unknown> = {}) {
    super(message ?? code);
    this.name = 'ToolError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/**
 * The codes a tool answers with beyond the schema's generated field codes: each with its HTTP status and what
 * it means. Together with the platform's codes they form one closed catalogue (docs/errors.md, each README);
 * a ToolError whose code a tool did not declare is answered as a 500 and logged.
 */
type ToolCodes = Record<string, { status: number; meaning: string }>;

/**
 * How a definition writes its codes: a code's meaning alone when it is a 400 refusal of the input (as nearly
 * every tool code is), or its status and meaning; `defineTool` turns them into ToolCodes.
 */
export type ToolCodeSpecs = Record<string, string | { status: number; meaning: string }>;

/**
 * A tool folder's `tool.ts` exports one of these as its default export. `P` is what the optional `prepare`
 * step hands to `run` (undefined when the tool has none).
 */
export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, P = undefined> {
  /** Path segment, kebab-case: `/v1/<name>`; also the folder name and the registry key. */
  name: string;
  title: string;
  /** One imperative line. */
  summary: string;
  /** For an LLM: what it does, when to use it, its limits. */
  description: string;
  credits: number;
  /** false for built-but-undeployed tools (DDT_DEPLOY_EXTRA deploys them). */
  deployed: boolean;
  input: I;
  /** The success body without request_id (the gateway adds it). */
  output: O;
  annotations: ToolAnnotations;
  examples: ToolExample<z.input<I>, Record<string, unknown>>[];
  /** Adversarial inputs (built lazily: they are large). */
  hostile?: () => HostileCase[];
  /**
   * Name of the text field that `upload_id` may replace. The gateway reads the caller's upload (gunzipping
   * gzip), puts its UTF-8 text in this field, removes `upload_id` and validates the input again.
   */
  uploadField?: string;
  /** 5xx statuses that are not refunded (blm-land-lookup: 504). */
  refundExempt?: number[];
  /**
   * Every code the tool's `prepare` and `run` may throw (ToolError) and every custom schema issue code, with its
   * status and meaning; `{}` when the tool answers only with the schema's field codes and the platform's.
   */
  codes: ToolCodes;
  /**
   * Optional, pure and synchronous: the part of the work that can refuse the input (parse the manifest, the
   * diagram, the lockfile, the log's header...). It runs in the validation phase, after the schema and any
   * upload, before the credit decrement: a ToolError 4xx thrown here is answered uncharged, with no ledger
   * rows. What it returns is handed to `run` as `prepared`.
   */
  prepare?(input: z.output<I>): P;
  run(input: z.output<I>, ctx: ToolContext, prepared: P): Promise<z.input<O>> | z.input<O>;
}

/**
 * What every tool here is unless it says otherwise: it only reads its input (no side effects), the same input
 * gives the same answer, and it reaches no outside system (a tool that calls an upstream sets openWorldHint).
 */
const DEFAULT_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

/**
 * Keeps the input/output/prepared generics inferred at the definition site and fills what a definition leaves
 * out, so it states only what differs: `annotations` from DEFAULT_ANNOTATIONS, `credits` 1, `deployed` true,
 * `codes` none; a code written as its meaning alone is a 400.
 */
export function defineTool<I extends z.ZodType, O extends z.ZodType, P = undefined>(
  def: Omit<ToolDefinition<I, O, P>, 'annotations' | 'codes' | 'credits' | 'deployed'> &
    Partial<Pick<ToolDefinition<I, O, P>, 'annotations' | 'credits' | 'deployed'>> & { codes?: ToolCodeSpecs },
): ToolDefinition<I, O, P> {
  const codes = Object.fromEntries(Object.entries(def.codes ?? {}).map(([code, spec]) => [code, typeof spec === 'string' ? { status: 400, meaning: spec } : spec]));
  return { credits: 1, deployed: true, ...def, codes, annotations: { ...DEFAULT_ANNOTATIONS, ...def.annotations } };
}

/** snake_case MCP name from the kebab-case path segment. */
export function mcpName(name: string): string {
  return name.replace(/-/g, '_');
}
