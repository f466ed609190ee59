// Runs a tool through the production call path as the operator (no key, no limit, no charge): the same JSON
// handling, unknown-field check, compiled fast path, schema, prepare, run and error mapping as every REST and
// MCP call. For unit tests.
import { loadConfig } from '../../src/config.ts';
import { endpointOf } from '../../src/gateway/call/endpoint.ts';
import { CallPath } from '../../src/gateway/call/execute.ts';
import { Metrics } from '../../src/platform/metrics.ts';
import type { ToolContext, ToolDefinition } from '../../src/tools/kit/contract.ts';

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

/** One operator call path for every test in a file: it holds no state a call could leave behind. */
let operatorPath: CallPath | undefined;
/** What the call path logged as an unhandled error during the last call (a crash the test should see). */
type Crash = { message?: string; stack?: string };
const last: { crash?: Crash } = {};

function path(): CallPath {
  if (!operatorPath) {
    operatorPath = new CallPath({ config: loadConfig({}), tools: [], metrics: new Metrics({ defaultMetrics: false }) });
    const noop = (): void => undefined;
    const log = {
      info: noop,
      warn: noop,
      error: (o: object) => {
        last.crash = (o as { err?: { message?: string; stack?: string } }).err ?? { message: JSON.stringify(o) };
      },
      child: () => log,
    };
    operatorPath.setLogger(log);
  }
  return operatorPath;
}

/**
 * Runs `body` through the tool as `POST /v1/<tool>` would (without request_id), checks a 200's body against
 * the output schema, and rethrows what the engine threw unexpectedly (the endpoint would answer a 500).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function callTool(def: ToolDefinition<any, any, any>, body: unknown, ctx: ToolContext = makeTestContext()): Promise<CallResult> {
  last.crash = undefined;
  const r = await path().execute(endpointOf(def), { caller: { kind: 'operator', context: ctx }, body: { parsed: body } });
  const crash = last.crash as Crash | undefined;
  if (crash) {
    const e = new Error(`${def.name} threw: ${crash.message ?? ''}`);
    e.stack = crash.stack ?? e.stack;
    throw e;
  }
  if (r.status !== 200) return { ok: false, status: r.status, body: r.body };
  const checked = def.output.safeParse(r.body);
  if (!checked.success) {
    throw new Error(`output of ${def.name} does not match its schema: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
  }
  // What the client receives is the engine's own object, serialised.
  return { ok: true, status: 200, body: JSON.parse(JSON.stringify(r.body)) as Record<string, unknown> };
}
