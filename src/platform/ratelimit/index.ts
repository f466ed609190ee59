// Chooses the limiter: Redis with DDT_REDIS_URL, else in-process.
import type { Config } from '../../config.ts';
import { MemoryLimiter } from './memory.ts';
import type { RateLimiter } from './types.ts';

/** Redis (loaded only when configured, and given up to 2 s to connect) or the in-process limiter. */
export async function openLimiter(config: Pick<Config, 'redisUrl'>): Promise<RateLimiter> {
  if (!config.redisUrl) return new MemoryLimiter();
  const { RedisLimiter } = await import('./redis.ts');
  const limiter = new RedisLimiter(config.redisUrl);
  await limiter.waitReady(2000);
  return limiter;
}
