import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { IPV6_SUBNET } from '#domain/auth/client-key.ts';

/**
 * Per-IP rate limits for the routes that opt in with `config.rateLimit` (lead forms: FORM_RATE_LIMIT,
 * sign-in calls: LOGIN_RATE_LIMIT). This plugin owns the one Redis client they share: with
 * REDIS_URL the counters live in Redis, so every instance counts together; without it, in memory.
 */
export async function registerRateLimit(app: FastifyInstance) {
  // Without the offline queue a Redis outage fails fast, and skipOnError then lets the request through.
  const redis = app.env.REDIS_URL
    ? new Redis(app.env.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) {
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'rate-limit store (Redis) unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Give the first connection a moment so counting starts with the first request; never block start-up for long.
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      redis.once('ready', done);
      setTimeout(done, 2000).unref();
    });
  }
  // @fastify/rate-limit applies to the whole app (it is not encapsulated); global: false means only
  // routes with a config.rateLimit are counted, each route with its own counter per IP.
  // IPv6 clients are counted by their /64 (one subscriber holds a whole /64), as the sign-in lockout counts them
  await app.register(rateLimit, { global: false, redis, nameSpace: 'rl:', skipOnError: true, ipv6Subnet: IPV6_SUBNET });
}

/** The limit for the sign-in calls (login, second factor, forgot password, emailed links). */
export function loginRateLimit(app: FastifyInstance) {
  return { max: app.env.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };
}
