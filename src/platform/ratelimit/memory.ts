// In-process fixed-window limiter: the embedded default for a single instance.
import { decide, windowOf } from './types.ts';
import type { RateLimitDecision, RateLimiter } from './types.ts';

export class MemoryLimiter implements RateLimiter {
  readonly kind = 'memory' as const;
  /** Per bucket: the window it counts in (start, in unix seconds), its length and the count so far. */
  private readonly counts = new Map<string, { start: number; windowSeconds: number; count: number }>();
  private sweeps = 0;

  hit(bucket: string, limit: number, windowSeconds: number, nowMs: number): RateLimitDecision {
    const w = windowOf(nowMs, windowSeconds);
    const start = w.start;
    // A bucket is one key on one endpoint, whose rule is fixed for the life of the process; a different
    // window length still starts a new count rather than reading the old one.
    const cur = this.counts.get(bucket);
    let count: number;
    if (!cur || cur.start !== start || cur.windowSeconds !== windowSeconds) {
      count = 1;
      this.counts.set(bucket, { start, windowSeconds, count });
    } else {
      count = ++cur.count;
    }
    // Old windows are dropped now and then so memory follows the number of active keys, not history.
    if (++this.sweeps >= 10_000) this.sweep(Math.floor(nowMs / 1000));
    return decide(count, limit, windowSeconds, w);
  }

  private sweep(nowSec: number): void {
    this.sweeps = 0;
    for (const [bucket, v] of this.counts) {
      if (v.start + v.windowSeconds <= nowSec) this.counts.delete(bucket);
    }
  }

  async ping(): Promise<void> {}
  async close(): Promise<void> {
    this.counts.clear();
  }
}
