import type { FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { hitRateLimit, readRateLimit } from './rate-limit-queries.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store on the database: every instance counts in the same table, so a limit
 * holds for the whole service, not per instance. Fixed windows (the plugin's own memory store's
 * rule); `continueExceeding` and `exponentialBackoff` are not used by Comptoir and not supported.
 */
export function databaseRateLimitStore(db: Db, namespace: string): FastifyRateLimitStoreCtor {
  class DatabaseStore {
    readonly prefix: string;
    /** The plugin passes its options first; a child is made with its route's prefix. */
    constructor(_options?: unknown, prefix = namespace) {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      hitRateLimit(db, this.prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback): void {
      readRateLimit(db, this.prefix + key).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** One counter space per route, as the plugin's Redis store does. */
    child(routeOptions: { routeInfo: { method?: string; url?: string } }): DatabaseStore {
      return new DatabaseStore(
        undefined,
        `${this.prefix}${routeOptions.routeInfo.method ?? ''}${routeOptions.routeInfo.url ?? ''}-`,
      );
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Where the rate-limit counters live: Redis when REDIS_URL is set, the database otherwise (PostgreSQL
 * shared by every instance, or the embedded one). `close` ends the Redis connection.
 */
export function rateLimitStorage(
  db: Db,
  config: Pick<Config, 'redisUrl' | 'rateLimitNamespace'>,
): { options: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>; close(): Promise<void> } {
  if (!config.redisUrl)
    return {
      options: { store: databaseRateLimitStore(db, config.rateLimitNamespace) },
      close: async () => {},
    };
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  // Errors reach the requests that need Redis (a 500); no unhandled 'error' event.
  redis.on('error', () => undefined);
  return {
    options: { redis, nameSpace: config.rateLimitNamespace },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
