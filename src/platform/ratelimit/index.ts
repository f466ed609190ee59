// Chooses the limiter: Redis with DDT_REDIS_URL, else in-process.
import type { Config } from '../../config.ts';
import { MemoryLimiter } from './memory.ts';
import { RedisLimiter } from './redis.ts';
import type { RateLimiter } from './types.ts';

export function openLimiter(config: Pick<Config, 'redisUrl'>): RateLimiter {
  return config.redisUrl ? new RedisLimiter(config.redisUrl) : new MemoryLimiter();
}
