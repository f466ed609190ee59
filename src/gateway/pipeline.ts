// The one executor for every call, REST or MCP: disabled -> auth -> rate limit -> validate -> charge -> run.
import { randomBytes } from 'node:crypto';
import type { Config, RateLimitRule } from '../config.ts';
import { ApiError, ERROR_CODES } from '../platform/errors.ts';
import type { ErrorCode } from '../platform/errors.ts';
import { hashKey } from '../platform/keys.ts';
import type { HistogramCell, Metrics, TallyCell } from '../platform/metrics.ts';
import { LimiterUnavailableError, decide, windowOf } from '../platform/ratelimit/types.ts';
import type { RateLimitDecision, RateLimiter } from '../platform/ratelimit/types.ts';
import type { KeyRecord, Store } from '../platform/store/types.ts';
import type { UploadService } from '../platform/uploads/service.ts';
import { UNSURE, fastPathOf } from '../platform/fast-validate.ts';
import { firstFailure } from '../platform/validation.ts';
import { ToolError, mcpName } from '../tools/contract.ts';
import type { ToolContext, ToolLogger, ToolSettings } from '../tools/contract.ts';
import type { AnyTool } from '../tools/registry.ts';

export interface Logger extends ToolLogger {
  child(bindings: object): Logger;
}

export interface PipelineDeps {
  config: Config;
  store: Store;
  limiter: RateLimiter;
  uploads: UploadService;
  metrics: Metrics;
  tools: readonly AnyTool[];
  /** Wall clock in ms; injectable so tests can move time. */
  clock?: () => number;
  fetch?: typeof globalThis.fetch;
}

/** The body of a call: raw bytes from REST (parsed here, after auth) or an already parsed MCP arguments object. */
export type CallBody = { raw: Buffer | string | undefined } | { parsed: unknown };

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const AUTH_CACHE_MS = 500;
/** The signal handed to tools when the caller gave none: no call here is cancelled midway. */
const NEVER_ABORTED = new AbortController().signal;

// Request ids: a random per-process prefix and a counter; unique across instances, cheap on the hot path.
const ID_PREFIX = randomBytes(6).toString('base64url');
let idCounter = 0;

export function newRequestId(): string {
  idCounter = (idCounter + 1) % 0x7fffffff;
  return `req_${ID_PREFIX}${idCounter.toString(36).padStart(6, '0')}`;
}

function fail(code: ErrorCode, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): never {
  throw new ApiError(code, extra, headers);
}

export class Pipeline {
  private readonly clock: () => number;
  private readonly authCache = new Map<string, { key: KeyRecord; until: number }>();
  private readonly byName = new Map<string, AnyTool>();
  private readonly byMcpName = new Map<string, AnyTool>();
  private readonly rules = new Map<string, RateLimitRule>();
  private readonly buckets = new Map<string, Map<string, string>>();
  private readonly enabled = new Map<AnyTool, boolean>();
  private readonly observers = new Map<string, { byStatus: Map<number, TallyCell>; latency: HistogramCell }>();
  readonly settings: ToolSettings;
  /** Set by the HTTP app to its pino logger; silent until then. */
  log: Logger = silentLogger;

  constructor(readonly deps: PipelineDeps) {
    this.clock = deps.clock ?? Date.now;
    for (const t of deps.tools) {
      this.byName.set(t.name, t);
      this.byMcpName.set(mcpName(t.name), t);
    }
    const c = deps.config;
    this.settings = {
      blmSmaUrl: c.blm.smaUrl,
      blmDesignationsUrl: c.blm.designationsUrl,
      blmTimeoutMs: c.blm.timeoutMs,
      alignmentModel: c.alignment.model,
      alignmentBaseUrl: c.alignment.baseUrl,
      alignmentApiKey: c.alignment.apiKey,
      alignmentTimeoutMs: c.alignment.timeoutMs,
    };
  }

  now(): number {
    return this.clock();
  }

  /** The clock as a Date; one function for every call context. */
  readonly nowDate = (): Date => new Date(this.clock());

  toolByName(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }

  toolByMcpName(name: string): AnyTool | undefined {
    return this.byMcpName.get(name);
  }

  /** Deployed by the registry or by DDT_DEPLOY_EXTRA (path or MCP name). */
  isDeployed(tool: AnyTool): boolean {
    const extra = this.deps.config.deployExtra;
    return tool.deployed || extra.has(tool.name) || extra.has(mcpName(tool.name));
  }

  /** Administratively disabled by DDT_DISABLED (path name, MCP name, or `mcp` for the gateway). */
  isDisabled(name: string): boolean {
    const d = this.deps.config.disabled;
    return d.has(name) || d.has(name.replace(/-/g, '_'));
  }

  /** Deployed and not disabled; the configuration is fixed for the life of the process, so asked once per tool. */
  isEnabled(tool: AnyTool): boolean {
    let enabled = this.enabled.get(tool);
    if (enabled === undefined) {
      enabled = this.isDeployed(tool) && !this.isDisabled(tool.name);
      this.enabled.set(tool, enabled);
    }
    return enabled;
  }

  deployedTools(): AnyTool[] {
    return this.deps.tools.filter((t) => this.isDeployed(t));
  }

  enabledTools(): AnyTool[] {
    return this.deps.tools.filter((t) => this.isEnabled(t));
  }

  /**
   * Step 2: Bearer token -> active key. Same path for "no prefix" and "unknown": hash, look up, miss.
   * A token seen within AUTH_CACHE_MS is answered at once, without a promise; otherwise the store decides.
   */
  authenticate(authorization: string | undefined): KeyRecord | Promise<KeyRecord> {
    if (!authorization) fail('missing_token');
    const now = this.clock();
    // Keyed by the Authorization header as sent, for at most AUTH_CACHE_MS: a hot key skips parsing,
    // hashing and the store. Only headers that held an existing key are cached.
    const cached = this.authCache.get(authorization);
    if (cached && cached.until > now) return activeKey(cached.key);
    const m = BEARER.exec(authorization);
    if (!m) fail('missing_token');
    return this.deps.store.findKeyByHash(hashKey(m[1] as string)).then((key) => {
      if (!key) {
        this.authCache.delete(authorization);
        return fail('invalid_token');
      }
      if (this.authCache.size > 50_000) this.authCache.clear();
      this.authCache.set(authorization, { key, until: now + AUTH_CACHE_MS });
      return activeKey(key);
    });
  }

  /** Forget cached key records (after a revoke on this instance, so it takes effect at once). */
  forgetKey(keyId: string): void {
    for (const [header, v] of this.authCache) if (v.key.id === keyId) this.authCache.delete(header);
  }

  requireScope(key: KeyRecord, scope: string | undefined): void {
    if (scope && !key.scopes.includes(scope)) fail('insufficient_scope', { required_scope: scope });
  }

  ruleFor(endpoint: string): RateLimitRule {
    let rule = this.rules.get(endpoint);
    if (!rule) {
      const rl = this.deps.config.rateLimits;
      rule = rl.perEndpoint[endpoint] ?? rl.perEndpoint[endpoint.replace(/_/g, '-')] ?? rl.default;
      this.rules.set(endpoint, rule);
    }
    return rule;
  }

  /**
   * Step 3: one hit in the key's window for this endpoint. Returns the headers to send: at once when the
   * limiter answers in process, as a promise when it answers over the network.
   */
  rateLimit(key: KeyRecord, endpoint: string): Record<string, string> | Promise<Record<string, string>> {
    const rule = this.ruleFor(endpoint);
    const now = this.clock();
    let decision: RateLimitDecision | Promise<RateLimitDecision>;
    try {
      decision = this.deps.limiter.hit(this.bucket(key.id, endpoint), rule.limit, rule.windowSeconds, now);
    } catch (err) {
      return this.limiterDown(err, rule, now, endpoint);
    }
    if (decision instanceof Promise) {
      return decision.then(decided, (err: unknown) => this.limiterDown(err, rule, now, endpoint));
    }
    return decided(decision);
  }

  /** `<key id>:<endpoint>`, built once per pair: the limiter looks it up on every call. */
  private bucket(keyId: string, endpoint: string): string {
    let byEndpoint = this.buckets.get(keyId);
    if (!byEndpoint) {
      if (this.buckets.size > 50_000) this.buckets.clear();
      this.buckets.set(keyId, (byEndpoint = new Map()));
    }
    let bucket = byEndpoint.get(endpoint);
    if (!bucket) byEndpoint.set(endpoint, (bucket = `${keyId}:${endpoint}`));
    return bucket;
  }

  /** The limiter could not count: fail closed (503, nothing charged) or open (through, uncounted). */
  private limiterDown(err: unknown, rule: RateLimitRule, now: number, endpoint: string): Record<string, string> {
    if (!(err instanceof LimiterUnavailableError)) throw err;
    const w = windowOf(now, rule.windowSeconds);
    if (this.deps.config.rateLimitFail === 'closed') {
      this.log.warn({ err: err.message, endpoint }, 'rate limiter unavailable: failing closed');
      fail('rate_limiter_unavailable', { retry_after: w.retryAfter }, { 'retry-after': String(w.retryAfter) });
    }
    this.log.warn({ err: err.message, endpoint }, 'rate limiter unavailable: failing open');
    // Fail-open: the call goes through uncounted; the headers report the configured limit.
    return rateHeaders(decide(0, rule.limit, rule.windowSeconds, w));
  }

  /** Step 4a: JSON from raw bytes (REST) or the MCP arguments as they are. */
  parseBody(body: CallBody): unknown {
    if ('parsed' in body) return body.parsed;
    const raw = body.raw;
    const text = raw === undefined ? '' : typeof raw === 'string' ? raw : raw.toString('utf8');
    if (text.trim() === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return fail('invalid_json');
    }
  }

  /**
   * Step 4b: schema validation with generated field codes. The input comes back at once, or as a promise
   * when a file-ingesting tool was given an upload_id: the upload is read and the input validated again.
   * A schema of plain parts first tries the compiled fast path, which only ever accepts (fast-validate.ts).
   */
  validate(tool: AnyTool, body: unknown, key: KeyRecord): unknown {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) fail('body_must_be_object');
    const fast = fastPathOf(tool.input);
    const quick = fast ? fast(body) : UNSURE;
    let data: Record<string, unknown>;
    if (quick !== UNSURE) {
      data = quick as Record<string, unknown>;
    } else {
      const first = tool.input.safeParse(body);
      if (!first.success) throw validationError(first.error, body);
      data = first.data as Record<string, unknown>;
    }
    if (tool.uploadField && typeof data.upload_id === 'string') {
      const field = tool.uploadField;
      return this.deps.uploads.readText(key.id, data.upload_id).then((text) => {
        const swapped: Record<string, unknown> = { ...(body as Record<string, unknown>), [field]: text };
        delete swapped.upload_id;
        const second = tool.input.safeParse(swapped);
        if (!second.success) throw validationError(second.error, swapped);
        return second.data;
      });
    }
    return data;
  }

  toolContext(requestId: string, signal: AbortSignal): ToolContext {
    return new CallContext(this, requestId, signal);
  }


  /**
   * A metered tool call, steps 1 to 7 of DESIGN §5. Never throws: every outcome is a CallResult.
   * `undeployed` decides what an undeployed tool answers (REST has no route for it; MCP says disabled).
   */
  async callTool(tool: AnyTool, authorization: string | undefined, body: CallBody, signal?: AbortSignal): Promise<CallResult> {
    const started = performance.now();
    const endpoint = tool.name;
    let headers: Record<string, string> = NO_HEADERS;
    let result: CallResult;
    try {
      // Each step answers at once when it can (a cached key, the in-process limiter, a body without an
      // upload) and is awaited only when it cannot; the order of the checks is the same either way.
      if (!this.isEnabled(tool)) fail('endpoint_disabled', { tool: mcpName(tool.name) });
      let key = this.authenticate(authorization);
      if (key instanceof Promise) key = await key;
      this.requireScope(key, 'tools');
      let limited = this.rateLimit(key, endpoint);
      if (limited instanceof Promise) limited = await limited;
      headers = limited;
      let input = this.validate(tool, this.parseBody(body), key);
      if (input instanceof Promise) input = await input;
      const prepared: unknown = tool.prepare ? tool.prepare(input) : undefined;
      result = await this.chargeAndRun(tool, key, input, prepared, headers, signal);
    } catch (err) {
      result = this.errorResult(err, headers, undefined);
    }
    this.observe(endpoint, result.status, started);
    return result;
  }

  private async chargeAndRun(tool: AnyTool, key: KeyRecord, input: unknown, prepared: unknown, headers: Record<string, string>, signal?: AbortSignal): Promise<CallResult> {
    const { store } = this.deps;
    const endpoint = tool.name;
    const requestId = newRequestId();
    const at = isoTime(this.clock());
    const charged = await store.charge(key.id, tool.credits, requestId, endpoint, at);
    if (!charged) fail('insufficient_credits');
    this.creditCells(endpoint).charged.n += tool.credits;
    headers['x-request-id'] = requestId;
    try {
      let output = tool.run(input, this.toolContext(requestId, signal ?? NEVER_ABORTED), prepared);
      if (output instanceof Promise) output = await output;
      // A copy: a tool may hand back an object it keeps (a cached answer); request_id must not reach it.
      return { status: 200, headers, body: { ...(output as Record<string, unknown>), request_id: requestId } };
    } catch (err) {
      const status = err instanceof ToolError ? err.status : 500;
      const exempt = status >= 500 && (tool.refundExempt ?? []).includes(status);
      if (status < 500 || !exempt) {
        await this.refund(key.id, tool.credits, requestId, endpoint);
      }
      return this.errorResult(err, headers, requestId);
    }
  }

  /** Refund with retries: a refund that fails is logged loudly, never silently lost. */
  async refund(keyId: string, credits: number, requestId: string, endpoint: string): Promise<void> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        await this.deps.store.refund(keyId, credits, requestId, endpoint, isoTime(this.clock()));
        this.creditCells(endpoint).refunded.n += credits;
        return;
      } catch (err) {
        this.log.error({ err: (err as Error).message, request_id: requestId, key_id: keyId, attempt }, 'refund failed');
      }
    }
  }

  /** Maps anything thrown to the error envelope. Unknown errors are logged and become internal_error. */
  errorResult(err: unknown, headers: Record<string, string>, requestId: string | undefined): CallResult {
    const withId = (body: Record<string, unknown>): Record<string, unknown> => (requestId ? { ...body, request_id: requestId } : body);
    if (err instanceof ApiError) {
      return { status: err.status, headers: { ...headers, ...err.headers }, body: withId({ error: err.code, ...err.extra }) };
    }
    if (err instanceof ValidationError) {
      return { status: 400, headers, body: withId({ ...err.body }) };
    }
    if (err instanceof ToolError) {
      return { status: err.status, headers, body: withId({ error: err.code, message: err.message, ...err.details }) };
    }
    this.log.error({ err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err), request_id: requestId }, 'unhandled error');
    return { status: ERROR_CODES.internal_error.status, headers, body: withId({ error: 'internal_error' }) };
  }

  private readonly credits = new Map<string, { charged: TallyCell; refunded: TallyCell }>();

  private creditCells(endpoint: string): { charged: TallyCell; refunded: TallyCell } {
    let cells = this.credits.get(endpoint);
    if (!cells) {
      const m = this.deps.metrics;
      this.credits.set(endpoint, (cells = { charged: m.chargedCredits.cell(endpoint), refunded: m.refundedCredits.cell(endpoint) }));
    }
    return cells;
  }

  observe(endpoint: string, status: number, startedMs: number): void {
    // Labelled children are looked up once per (endpoint, status), not hashed from labels on every call.
    let o = this.observers.get(endpoint);
    if (!o) this.observers.set(endpoint, (o = { byStatus: new Map(), latency: this.deps.metrics.latency.cell(endpoint) }));
    let count = o.byStatus.get(status);
    if (!count) o.byStatus.set(status, (count = this.deps.metrics.requestCounts.cell(endpoint, String(status))));
    count.n++;
    this.deps.metrics.latency.observe(o.latency, (performance.now() - startedMs) / 1000);
  }
}

/**
 * The context a tool runs with. A class, so a call allocates one small object rather than a dozen
 * closures; the child logger and the cache view are made only when a tool uses them.
 */
class CallContext implements ToolContext {
  private childLog: Logger | undefined;
  private cacheView: ToolContext['cache'] | undefined;
  readonly fetch: typeof globalThis.fetch;
  readonly settings: ToolSettings;

  constructor(
    private readonly pipeline: Pipeline,
    readonly requestId: string,
    readonly signal: AbortSignal,
  ) {
    this.fetch = pipeline.deps.fetch ?? globalThis.fetch;
    this.settings = pipeline.settings;
  }

  /** The pipeline's own function, so a tool may pass `ctx.now` around detached. */
  get now(): () => Date {
    return this.pipeline.nowDate;
  }

  get log(): ToolLogger {
    return (this.childLog ??= this.pipeline.log.child({ request_id: this.requestId }));
  }

  get cache(): ToolContext['cache'] {
    const store = this.pipeline.deps.store;
    const p = this.pipeline;
    return (this.cacheView ??= {
      get: (k) => store.cacheGet(k, p.now()),
      set: (k, v, ttlSeconds) => store.cacheSet(k, v, p.now() + ttlSeconds * 1000),
    });
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
/** The headers of a call that failed before the rate limit counted it: none. Never written to. */
const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

function activeKey(key: KeyRecord): KeyRecord {
  if (key.status !== 'active') fail('key_revoked');
  return key;
}

function decided(d: RateLimitDecision): Record<string, string> {
  const headers = rateHeaders(d);
  if (!d.allowed) fail('rate_limit_exceeded', { limit: d.limit, window_seconds: d.windowSeconds, retry_after: d.retryAfter }, headers);
  return headers;
}

const noop = (): void => undefined;
const silentLogger: Logger = { info: noop, warn: noop, error: noop, child: () => silentLogger };

export class ValidationError extends Error {
  constructor(readonly body: Record<string, unknown>) {
    super(String(body.error));
  }
}

function validationError(error: Parameters<typeof firstFailure>[0], body: unknown): ValidationError {
  const f = firstFailure(error, body);
  return new ValidationError({ ...f });
}

// Calls within the same millisecond share one ISO timestamp string.
let isoMs = NaN;
let isoText = '';
function isoTime(ms: number): string {
  if (ms !== isoMs) {
    isoText = new Date(ms).toISOString();
    isoMs = ms;
  }
  return isoText;
}

function rateHeaders(d: RateLimitDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(d.limit),
    'x-ratelimit-remaining': String(d.remaining),
    'x-ratelimit-reset': String(d.resetAt),
    'retry-after': String(d.retryAfter),
  };
}
