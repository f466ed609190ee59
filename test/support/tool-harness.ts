// Runs a tool the way the gateway does, minus I/O: validate, run, map ToolError; for unit tests.
import type { ToolContext, ToolDefinition } from '../../src/tools/contract.ts';
import { ToolError } from '../../src/tools/contract.ts';
import { firstFailure } from '../../src/platform/validation.ts';

/** A fixed clock, a fetch that refuses the network, a memory cache: deterministic by construction. */
export function makeTestContext(overrides: Partial<ToolContext> = {}): ToolContext {
  const cache = new Map<string, unknown>();
  const noop = (): void => undefined;
  return {
    requestId: 'req_test',
    now: () => new Date('2026-07-22T12:00:00.000Z'),
    signal: new AbortController().signal,
    log: { info: noop, warn: noop, error: noop },
    cache: {
      get: async (k) => cache.get(k),
      set: async (k, v) => {
        cache.set(k, v);
      },
    },
    fetch: (async () => {
      throw new Error('network access is not allowed in unit tests');
    }) as typeof globalThis.fetch,
    settings: {
      blmSmaUrl: 'http://127.0.0.1:9/sma',
      blmDesignationsUrl: 'http://127.0.0.1:9/designations',
      blmTimeoutMs: 1000,
      alignmentModel: 'rubric',
      alignmentBaseUrl: undefined,
      alignmentApiKey: undefined,
      alignmentTimeoutMs: 1000,
    },
    ...overrides,
  };
}

export type CallResult =
  | { ok: true; status: 200; body: Record<string, unknown> }
  | { ok: false; status: number; body: Record<string, unknown> };

/**
 * Validate `body` with the tool's input schema (same codes as the HTTP gateway), run the engine, check the
 * output against the output schema, and return what the endpoint would answer (without request_id).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function callTool(def: ToolDefinition<any, any, any>, body: unknown, ctx: ToolContext = makeTestContext()): Promise<CallResult> {
  const parsed = def.input.safeParse(body);
  if (!parsed.success) {
    const f = firstFailure(parsed.error, body);
    return { ok: false, status: 400, body: { ...f } };
  }
  try {
    const prepared: unknown = def.prepare ? def.prepare(parsed.data) : undefined;
    const out = await def.run(parsed.data, ctx, prepared);
    const checked = def.output.safeParse(out);
    if (!checked.success) {
      throw new Error(`output of ${def.name} does not match its schema: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
    }
    // What the client receives is the engine's own object, serialised.
    return { ok: true, status: 200, body: JSON.parse(JSON.stringify(out)) as Record<string, unknown> };
  } catch (err) {
    if (err instanceof ToolError) {
      return { ok: false, status: err.status, body: { error: err.code, message: err.message, ...err.details } };
    }
    throw err;
  }
}
