// Redis fixed-window limiter, shared by every instance. The hits that arrive within one event-loop turn go to
// Redis as one script call over all their window keys (INCR, and EXPIREAT on a window's first hit, each key
// in arrival order): one command and one round trip per turn rather than per call.
import { Redis } from 'ioredis';
import { LimiterUnavailableError, decide, windowOf } from './types.ts';
import type { RateLimitDecision, RateLimiter } from './types.ts';

// For each key: INCR, and set the expiry on the window's first hit; the key dies one second after its window.
const SCRIPT = `
local out = {}
for i = 1, #KEYS do
  local n = redis.call('INCR', KEYS[i])
  if n == 1 then redis.call('EXPIREAT', KEYS[i], ARGV[i]) end
  out[i] = n
end
return out`;

/** Hits per script call at most; a larger turn is split (Redis runs a script alone, so keep each short). */
const MAX_BATCH = 500;

interface PendingHit {
  key: string;
  expireAt: number;
  resolve: (count: number) => void;
  reject: (err: unknown) => void;
}

export class RedisLimiter implements RateLimiter {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private pending: PendingHit[] = [];
  private flushScheduled = false;

  constructor(url: string, opts: { commandTimeoutMs?: number } = {}) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      // Fail fast instead of queueing while disconnected: the caller decides open or closed.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: opts.commandTimeoutMs ?? 500,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.redis.on('error', () => {
      // Connection errors surface per call as LimiterUnavailableError; ioredis keeps reconnecting.
    });
    this.redis.defineCommand('ddtHits', { lua: SCRIPT });
  }

  hit(bucket: string, limit: number, windowSeconds: number, nowMs: number): Promise<RateLimitDecision> {
    const w = windowOf(nowMs, windowSeconds);
    const key = `ddt:rl:${bucket}:${windowSeconds}:${w.start}`;
    return new Promise<number>((resolve, reject) => {
      this.pending.push({ key, expireAt: w.resetAt + 1, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    }).then((count) => decide(count, limit, windowSeconds, w));
  }

  private flush(): void {
    this.flushScheduled = false;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      const keys = batch.map((h) => h.key);
      const args = batch.map((h) => h.expireAt);
      (this.redis as unknown as { ddtHits(n: number, ...a: Array<string | number>): Promise<number[]> })
        .ddtHits(keys.length, ...keys, ...args)
        .then(
          (counts) => batch.forEach((h, i) => h.resolve(Number(counts[i]))),
          (err: Error) => {
            const e = new LimiterUnavailableError(`redis: ${err.message}`);
            for (const h of batch) h.reject(e);
          },
        );
    }
  }

  /** Resolves once connected, or after timeoutMs (calls then fail fast until the connection is up). */
  async waitReady(timeoutMs: number): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean): void => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(ok);
      };
      const onReady = (): void => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.redis.once('ready', onReady);
    });
  }

  async ping(): Promise<void> {
    try {
      await this.redis.ping();
    } catch (err) {
      throw new LimiterUnavailableError(`redis: ${(err as Error).message}`);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
