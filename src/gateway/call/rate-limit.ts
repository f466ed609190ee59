// Step 3 of a call: one hit in the key's fixed window for the endpoint; 429 past the limit; the limiter's
// outages handled by the operator's choice (fail closed: 503; fail open: counted in process meanwhile).
import type { RateLimitConfig, RateLimitRule } from '../../config.ts';
import { MemoryLimiter } from '../../platform/ratelimit/memory.ts';
import { LimiterUnavailableError } from '../../platform/ratelimit/types.ts';
import type { RateLimitDecision, RateLimiter } from '../../platform/ratelimit/types.ts';
import type { ToolLogger } from '../../tools/kit/contract.ts';
import { fail } from './result.ts';

/** Seconds a caller is asked to wait while the limiter is unreachable: about one reconnect attempt. */
const LIMITER_BACKOFF_SECONDS = 2;

export class RateLimitStep {
  private readonly rules = new Map<string, RateLimitRule>();
  private readonly buckets = new Map<string, Map<string, string>>();
  /** Counts calls while a networked limiter is away and the operator chose to fail open (per instance). */
  private readonly fallback = new MemoryLimiter();
  private outageSince: number | undefined;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: RateLimitConfig,
    private readonly failMode: 'open' | 'closed',
    private readonly clock: () => number,
    private readonly log: () => ToolLogger,
  ) {}

  ruleFor(endpoint: string): RateLimitRule {
    let rule = this.rules.get(endpoint);
    if (!rule) {
      rule = this.limits.perEndpoint[endpoint] ?? this.limits.perEndpoint[endpoint.replace(/-/g, '_')] ?? this.limits.default;
      this.rules.set(endpoint, rule);
    }
    return rule;
  }

  /**
   * One hit; returns the rate-limit headers to send: at once when the limiter answers in process, as a
   * promise when it answers over the network. Throws rate_limit_exceeded or rate_limiter_unavailable.
   */
  hit(keyId: string, endpoint: string): Record<string, string> | Promise<Record<string, string>> {
    const rule = this.ruleFor(endpoint);
    const now = this.clock();
    const bucket = this.bucket(keyId, endpoint);
    let decision: RateLimitDecision | Promise<RateLimitDecision>;
    try {
      decision = this.limiter.hit(bucket, rule.limit, rule.windowSeconds, now);
    } catch (err) {
      return this.limiterDown(err, rule, now, endpoint, bucket);
    }
    if (decision instanceof Promise) {
      return decision.then(
        (d) => this.decided(d, endpoint, true),
        (err: unknown) => this.limiterDown(err, rule, now, endpoint, bucket),
      );
    }
    return this.decided(decision, endpoint, true);
  }

  private decided(d: RateLimitDecision, endpoint: string, fromLimiter: boolean): Record<string, string> {
    if (fromLimiter && this.outageSince !== undefined) this.recovered(endpoint);
    const headers = rateHeaders(d);
    if (!d.allowed) fail('rate_limit_exceeded', { limit: d.limit, window_seconds: d.windowSeconds, retry_after: d.retryAfter }, headers);
    return headers;
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

  /**
   * The limiter could not count. Fail closed: 503 with a short retry_after (a reconnect, not the rest of the
   * window). Fail open: the call goes through, counted by this instance alone until the limiter is back, so
   * the headers (and a 429 past the limit) still mean something. Logged once per outage, not once per call.
   */
  private limiterDown(err: unknown, rule: RateLimitRule, now: number, endpoint: string, bucket: string): Record<string, string> {
    if (!(err instanceof LimiterUnavailableError)) throw err;
    if (this.outageSince === undefined) {
      this.outageSince = now;
      this.log().warn({ err: err.message, endpoint, fail: this.failMode }, `rate limiter unavailable: failing ${this.failMode} until it is back`);
    }
    if (this.failMode === 'closed') {
      const wait = Math.min(LIMITER_BACKOFF_SECONDS, Math.max(1, Math.ceil((rule.windowSeconds * 1000 - (now % (rule.windowSeconds * 1000))) / 1000)));
      fail('rate_limiter_unavailable', { retry_after: wait }, { 'retry-after': String(wait) });
    }
    return this.decided(this.fallback.hit(bucket, rule.limit, rule.windowSeconds, now), endpoint, false);
  }

  private recovered(endpoint: string): void {
    const since = this.outageSince ?? this.clock();
    this.outageSince = undefined;
    this.log().warn({ endpoint, outage_ms: this.clock() - since }, 'rate limiter reachable again');
  }
}

function rateHeaders(d: RateLimitDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(d.limit),
    'x-ratelimit-remaining': String(d.remaining),
    'x-ratelimit-reset': String(d.resetAt),
    'retry-after': String(d.retryAfter),
  };
}
