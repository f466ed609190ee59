// The rate limiter interface: fixed, clock-aligned windows counted per key and endpoint.

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the current window ends. */
  resetAt: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
  windowSeconds: number;
}

export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /**
   * Counts one call in the window that holds nowMs; throws (or rejects with) LimiterUnavailableError when
   * unreachable. An in-process limiter answers synchronously, a networked one with a promise.
   */
  hit(bucket: string, limit: number, windowSeconds: number, nowMs: number): RateLimitDecision | Promise<RateLimitDecision>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class LimiterUnavailableError extends Error {
  override name = 'LimiterUnavailableError';
}

/** Window arithmetic shared by both limiters: windows start at multiples of their length since the epoch. */
export function windowOf(nowMs: number, windowSeconds: number): { start: number; resetAt: number; retryAfter: number } {
  const nowSec = Math.floor(nowMs / 1000);
  const start = nowSec - (nowSec % windowSeconds);
  const resetAt = start + windowSeconds;
  return { start, resetAt, retryAfter: Math.max(1, resetAt - nowSec) };
}

/** The decision for the count-th call in window w (from windowOf) under limit. */
export function decide(count: number, limit: number, windowSeconds: number, w: { resetAt: number; retryAfter: number }): RateLimitDecision {
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: w.resetAt,
    retryAfter: w.retryAfter,
    windowSeconds,
  };
}
