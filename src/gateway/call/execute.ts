// The one call path. REST routes, MCP tools/call, the unmetered routes, `ddt call` and the test harness all
// run `execute`, whose metered form reads as DESIGN §5: disabled -> authenticate -> scope -> rate limit ->
// parse and validate (unknown fields, schema, upload, prepare; idempotent replay) -> charge -> run -> settle.
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Metrics, HistogramCell, TallyCell } from '../../platform/metrics.ts';
import type { RateLimiter } from '../../platform/ratelimit/types.ts';
import type { KeyRecord, Store } from '../../platform/store/types.ts';
import type { UploadService } from '../../platform/uploads/service.ts';
import { ERROR_CODES } from '../../platform/errors.ts';
import { ToolError, mcpName } from '../../tools/kit/contract.ts';
import type { ToolContext, ToolSettings } from '../../tools/kit/contract.ts';
import type { AnyTool } from '../../tools/registry-types.ts';
import type { ToolEntry } from '../../tools/entries.ts';
import { Authenticator, requireScope } from './auth.ts';
import { parseBody } from './body.ts';
import { Charger } from './charge.ts';
import { CallContext, silentLogger, toolSettings } from './context.ts';
import type { ContextSource, Logger } from './context.ts';
import { Deployment } from './endpoint.ts';
import type { Call, Endpoint, PlatformEndpoint, ToolEndpoint } from './endpoint.ts';
import { IdempotentCall, idempotencyKeyOf } from './idempotency.ts';
import { RateLimitStep } from './rate-limit.ts';
import { fail, toResult } from './result.ts';
import type { CallResult } from './result.ts';
import { validate } from './validate.ts';
import type { Validated } from './validate.ts';

/** The backends a metered call needs; absent for a call path that only serves the operator (CLI, tests). */
export interface Backends {
  store: Store;
  limiter: RateLimiter;
  uploads: UploadService;
}

export interface CallPathDeps {
  config: Config;
  /** The tools, by entry: their code is loaded on first use. */
  tools: readonly ToolEntry[];
  metrics: Metrics;
  backends?: Backends;
  /** Wall clock in ms; injectable so tests can move time. */
  clock?: () => number;
  fetch?: typeof globalThis.fetch;
}

/** The signal handed to tools when the caller gave none: no call here is cancelled midway. */
const NEVER_ABORTED = new AbortController().signal;
/** The headers of a call refused before the rate limit counted it: none. Never written to. */
const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

// Request ids: a random per-process prefix and a counter; unique across instances, cheap on the hot path.
const ID_PREFIX = randomBytes(6).toString('base64url');
let idCounter = 0;

function newRequestId(): string {
  idCounter = (idCounter + 1) % 0x7fffffff;
  return `req_${ID_PREFIX}${idCounter.toString(36).padStart(6, '0')}`;
}

export class CallPath implements ContextSource {
  readonly deployment: Deployment;
  readonly settings: ToolSettings;
  readonly fetch: typeof globalThis.fetch;
  readonly now: () => number;
  /** The clock as a Date; one function for every call context. */
  readonly nowDate = (): Date => new Date(this.now());
  readonly store: Store | undefined;
  private logger: Logger = silentLogger;
  private readonly metered: { backends: Backends; auth: Authenticator; limits: RateLimitStep; charger: Charger } | undefined;
  private readonly observers = new Map<string, { byStatus: Map<number, TallyCell>; latency: HistogramCell }>();

  constructor(readonly deps: CallPathDeps) {
    this.now = deps.clock ?? Date.now;
    this.fetch = deps.fetch ?? globalThis.fetch;
    this.settings = toolSettings(deps.config);
    this.deployment = new Deployment(deps.config, deps.tools);
    this.store = deps.backends?.store;
    const b = deps.backends;
    if (b) {
      const log = (): Logger => this.logger;
      this.metered = {
        backends: b,
        auth: new Authenticator(b.store, this.now),
        limits: new RateLimitStep(b.limiter, deps.config.rateLimits, deps.config.rateLimitFail, this.now, log),
        // A paused database may still finish a statement after the client gave up: watch six timeouts' worth.
        charger: new Charger(b.store, deps.metrics, this.now, log, 6 * deps.config.databaseTimeoutMs),
      };
    }
  }

  log(): Logger {
    return this.logger;
  }

  /** Set by the HTTP app to its pino logger; silent until then. */
  setLogger(logger: Logger): void {
    this.logger = logger;
  }

  /** Forgets a revoked key's cached record on this instance, so the revocation takes effect at once. */
  forgetKey(keyId: string): void {
    this.metered?.auth.forget(keyId);
  }

  /** Charges and refunds not yet settled with the store (after an outage). */
  unsettled(): number {
    return this.metered?.charger.pending() ?? 0;
  }

  /** Settles what it can (for up to `graceMs`) before the backends close. */
  async close(graceMs: number): Promise<void> {
    await this.metered?.charger.close(graceMs);
  }

  /** Runs one call to its answer. Never throws: every outcome is a CallResult. */
  async execute(endpoint: Endpoint, call: Call): Promise<CallResult> {
    if (call.caller.kind === 'operator') return this.operatorCall(endpoint, call, call.caller.context);
    const started = performance.now();
    const result = await this.meteredCall(endpoint, call, call.caller.authorization);
    this.observe(endpoint.name, result.status, started);
    return result;
  }

  /**
   * A call with an API key, DESIGN §5 step by step. Each step answers at once when it can (a cached key, the
   * in-process limiter, a body without an upload) and is awaited only when it cannot; the order is the same.
   */
  private async meteredCall(endpoint: Endpoint, call: Call, authorization: string | undefined): Promise<CallResult> {
    const m = this.metered;
    if (!m) throw new Error('this call path serves operator calls only: it was built without backends');
    let headers = NO_HEADERS;
    let requestId: string | undefined;
    let idempotent: IdempotentCall | undefined;
    let result: CallResult;
    let kept = false;
    try {
      // 1. Disabled or undeployed: 503, before authentication, nothing charged.
      if (!this.deployment.isEnabled(endpoint)) fail('endpoint_disabled', { tool: mcpName(endpoint.name) });
      // 2. Authentication (401), then the scope the endpoint needs (403).
      let key: KeyRecord | Promise<KeyRecord> = m.auth.authenticate(authorization);
      if (key instanceof Promise) key = await key;
      requireScope(key, endpoint.scope);
      // 3. Rate limit: one hit in the key's window for this endpoint (429, never billed; 503 when unreachable).
      let limited = m.limits.hit(key.id, endpoint.name);
      if (limited instanceof Promise) limited = await limited;
      headers = limited;
      // 4. JSON, unknown fields, the schema, an upload, the tool's prepare: 400s, never charged. Then an
      //    Idempotency-Key seen before replays its answer here, uncharged.
      let v: Validated | Promise<Validated> = validate(endpoint, parseBody(call.body), key.id, m.backends.uploads);
      if (v instanceof Promise) v = await v;
      const idemKey = idempotencyKeyOf(call.idempotencyKey);
      if (idemKey !== undefined) {
        const begun = await IdempotentCall.begin(m.backends.store, { keyId: key.id, endpoint: endpoint.name, key: idemKey }, v.input, this.now(), headers);
        if (!(begun instanceof IdempotentCall)) return begun;
        idempotent = begun;
      }
      requestId = newRequestId();
      if (endpoint.kind === 'platform') {
        // Unmetered routes (uploads, keys) skip the charge; they never answer 402.
        result = await this.runPlatform(endpoint, v.input, key.id, requestId, headers, call.params);
        kept = true;
      } else {
        // 5. The credit decrement: one atomic conditional statement (402 when short; nothing ran).
        await m.charger.charge(key.id, endpoint.tool.credits, requestId, endpoint.name);
        headers['x-request-id'] = requestId;
        // 6. The tool. A failure after the charge is refunded (a status the tool exempts excepted).
        ({ result, kept } = await this.runMetered(endpoint, v, key.id, requestId, headers, call.signal));
      }
    } catch (err) {
      result = toResult(endpoint.kind === 'tool' ? this.declared(endpoint.tool, err) : err, headers, kept ? requestId : undefined, this.logger);
    }
    // 7. The answer; an idempotent call's is kept for replays when its charge stood.
    if (idempotent) await idempotent.end(result, kept);
    return result;
  }

  private async runMetered(endpoint: ToolEndpoint, v: Validated, keyId: string, requestId: string, headers: Record<string, string>, signal: AbortSignal | undefined): Promise<{ result: CallResult; kept: boolean }> {
    const tool = endpoint.tool;
    try {
      let output = tool.run(v.input, new CallContext(this, requestId, signal ?? NEVER_ABORTED), v.prepared);
      if (output instanceof Promise) output = await output;
      // A copy: a tool may hand back an object it keeps (a cached answer); request_id must not reach it.
      return { result: { status: 200, headers, body: { ...(output as Record<string, unknown>), request_id: requestId } }, kept: true };
    } catch (thrown) {
      const err = this.declared(tool, thrown);
      const status = err instanceof ToolError ? err.status : 500;
      const exempt = status >= 500 && (tool.refundExempt ?? []).includes(status);
      if (!exempt) await this.metered?.charger.refund(keyId, tool.credits, requestId, endpoint.name);
      return { result: toResult(err, headers, requestId, this.logger), kept: exempt };
    }
  }

  private async runPlatform(endpoint: PlatformEndpoint, input: unknown, keyId: string, requestId: string, headers: Record<string, string>, params: Call['params']): Promise<CallResult> {
    const body = await endpoint.run(input, { keyId, requestId, nowMs: this.now(), params: params ?? {} });
    return { status: endpoint.successStatus, headers: { ...headers, 'x-request-id': requestId }, body: { ...body, request_id: requestId } };
  }

  /**
   * The operator on this machine (`ddt call`, the tests): the same parse, validation, prepare, run and error
   * mapping as a metered call, without a key, a limit or a charge, and so without a request_id.
   */
  private async operatorCall(endpoint: Endpoint, call: Call, context: ToolContext | undefined): Promise<CallResult> {
    try {
      if (endpoint.kind !== 'tool') throw new Error(`${endpoint.name} needs an API key: it is not a tool`);
      let v: Validated | Promise<Validated> = validate(endpoint, parseBody(call.body), undefined, undefined);
      if (v instanceof Promise) v = await v;
      let output = endpoint.tool.run(v.input, context ?? new CallContext(this, 'local', call.signal ?? NEVER_ABORTED), v.prepared);
      if (output instanceof Promise) output = await output;
      return { status: 200, headers: {}, body: output as Record<string, unknown> };
    } catch (err) {
      return toResult(endpoint.kind === 'tool' ? this.declared(endpoint.tool, err) : err, {}, undefined, this.logger);
    }
  }

  /**
   * A ToolError must carry a code its tool declares (or a platform code) with that status: the catalogue of codes
   * is closed. Anything else becomes an unexpected error (a logged 500), so a test sees it at once.
   */
  private declared(tool: AnyTool, err: unknown): unknown {
    if (!(err instanceof ToolError)) return err;
    const own = tool.codes[err.code];
    const platform = (ERROR_CODES as Record<string, { status: number } | undefined>)[err.code];
    if ((own && own.status === err.status) || (platform && platform.status === err.status)) return err;
    return new Error(`${tool.name} threw ToolError ${err.status} ${err.code}, which its definition does not declare with that status`);
  }

  /** Request count and latency per endpoint and status; labelled children are looked up once per pair. */
  observe(endpoint: string, status: number, startedMs: number): void {
    let o = this.observers.get(endpoint);
    if (!o) this.observers.set(endpoint, (o = { byStatus: new Map(), latency: this.deps.metrics.latency.cell(endpoint) }));
    let count = o.byStatus.get(status);
    if (!count) o.byStatus.set(status, (count = this.deps.metrics.requestCounts.cell(endpoint, String(status))));
    count.n++;
    this.deps.metrics.latency.observe(o.latency, (performance.now() - startedMs) / 1000);
  }
}
