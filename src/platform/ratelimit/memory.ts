// In-process fixed-window limiter: the embedded default for a single instance.
import { decide, windowOf } from './types.ts';
import type { RateLimitDecision, RateLimiter } from './types.ts';

export class MemoryLimiter implements RateLimiter {
  readonly kind = 'memory' as const;
  private readonly counts = new Map<string, { start: number; count: number }>();
  private sweeps = 0;

  hit(bucket: string, limit: number, windowSeconds: number, nowMs: number): RateLimitDecision {
    const { start } = windowOf(nowMs, windowSeconds);
    const key = `${bucket}|${windowSeconds}`;
    const cur = this.counts.get(key);
    let count: number;
    if (!cur || cur.start !== start) {
      count = 1;
      this.counts.set(key, { start, count });
    } else {
      count = ++cur.count;
    }
    // Old windows are dropped now and then so memory follows the number of active keys, not history.
    if (++this.sweeps >= 10_000) this.sweep(nowMs);
    return decide(count, limit, windowSeconds, nowMs);
  }

  private sweep(nowMs: number): void {
    this.sweeps = 0;
    const nowSec = Math.floor(nowMs / 1000);
    for (const [key, v] of this.counts) {
      const windowSeconds = Number(key.slice(key.lastIndexOf('|') + 1));
      if (v.start + windowSeconds <= nowSec) this.counts.delete(key);
    }
  }

  async ping(): Promise<void> {}
  async close(): Promise<void> {
    this.counts.clear();
  }
}
