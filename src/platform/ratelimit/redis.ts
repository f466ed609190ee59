// Redis fixed-window limiter: one INCR per call on a key named by the window, shared by every instance.
import { Redis } from 'ioredis';
import { LimiterUnavailableError, decide, windowOf } from './types.ts';
import type { RateLimitDecision, RateLimiter } from './types.ts';

// INCR and set the expiry on the first hit, atomically; the key dies one second after its window ends.
const SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIREAT', KEYS[1], ARGV[1]) end
return n`;

export class RedisLimiter implements RateLimiter {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(url: string, opts: { commandTimeoutMs?: number } = {}) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      // Fail fast instead of queueing while disconnected: the caller decides open or closed.
      enableOfflineQueue: false,
      // Concurrent calls' INCRs go out in one write: one round trip for many calls under load.
      enableAutoPipelining: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: opts.commandTimeoutMs ?? 500,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.redis.on('error', () => {
      // Connection errors surface per call as LimiterUnavailableError; ioredis keeps reconnecting.
    });
    this.redis.defineCommand('ddtHit', { numberOfKeys: 1, lua: SCRIPT });
  }

  async hit(bucket: string, limit: number, windowSeconds: number, nowMs: number): Promise<RateLimitDecision> {
    const w = windowOf(nowMs, windowSeconds);
    const key = `ddt:rl:${bucket}:${windowSeconds}:${w.start}`;
    let count: number;
    try {
      const r = (await (this.redis as unknown as { ddtHit(k: string, exp: number): Promise<number> }).ddtHit(key, w.resetAt + 1));
      count = Number(r);
    } catch (err) {
      throw new LimiterUnavailableError(`redis: ${(err as Error).message}`);
    }
    return decide(count, limit, windowSeconds, w);
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
