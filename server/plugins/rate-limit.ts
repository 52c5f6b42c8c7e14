import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { IPV6_SUBNET } from '#domain/auth/client-key.ts';

type Counted = { current: number; ttl: number };
type Counter = (key: string, cb: (err: Error | null, res?: Counted) => void, timeWindow: number, max: number) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** One warning when Redis stops answering and one line when it is back, however many requests fail meanwhile. */
export function redisOutage(log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {
  let down = false;
  return {
    get down() {
      return down;
    },
    began(err: unknown) {
      if (down) return;
      down = true;
      log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'rate-limit store (Redis) unavailable: limits are counted per instance, in memory, until it is back',
      );
    },
    ended() {
      if (!down) return;
      down = false;
      log.info('rate-limit store (Redis) is back: limits are counted across instances again');
    },
  };
}

/**
 * Counts in Redis, shared by every instance; whenever Redis cannot answer, in this instance's memory
 * instead. A Redis outage never switches the sign-in and form limits off: each instance then allows
 * the limit on its own, which is far from none.
 */
export class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly outage: ReturnType<typeof redisOutage>,
  ) {}

  private count(method: 'incr' | 'read', ...[key, cb, timeWindow, max]: Parameters<Counter>) {
    const shared = (this.shared as unknown as Record<string, Counter>)[method]!.bind(this.shared);
    const local = (this.local as unknown as Record<string, Counter>)[method]!.bind(this.local);
    shared(
      key,
      (err, res) => {
        if (!err && res) {
          this.outage.ended();
          return cb(null, res);
        }
        this.outage.began(err ?? new Error('no answer'));
        local(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  incr(...args: Parameters<Counter>) {
    this.count('incr', ...args);
  }

  read(...args: Parameters<Counter>) {
    this.count('read', ...args);
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.outage);
  }
}

/**
 * Per-IP rate limits for the routes that opt in with `config.rateLimit` (lead forms: FORM_RATE_LIMIT,
 * sign-in calls: LOGIN_RATE_LIMIT). This plugin owns the one Redis client they share: with
 * REDIS_URL the counters live in Redis, so every instance counts together (in memory while Redis is
 * unavailable, FallbackStore); without it, in memory.
 */
export async function registerRateLimit(app: FastifyInstance) {
  // Without the offline queue a Redis outage fails fast, and the store counts in memory meanwhile.
  // The client is loaded only when it is used (about 12 MB resident otherwise, ADR 042).
  const redis: Redis | undefined = app.env.REDIS_URL
    ? new (await import('ioredis')).Redis(app.env.REDIS_URL, {
        connectTimeout: 2000,
        commandTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  let store: FastifyRateLimitStoreCtor | undefined;
  if (redis) {
    const client = redis;
    const outage = redisOutage(app.log);
    redis.on('error', (err: Error) => outage.began(err));
    redis.on('ready', () => outage.ended());
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Give the first connection a moment so counting starts with the first request; never block start-up for long.
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      redis.once('ready', done);
      setTimeout(done, 2000).unref();
    });
    store = class extends FallbackStore {
      constructor(params: RateLimitOptions) {
        const continueExceeding = params.continueExceeding ?? false;
        const exponentialBackoff = params.exponentialBackoff ?? false;
        super(
          new RedisStore(continueExceeding, exponentialBackoff, client, 'rl:'),
          new LocalStore(continueExceeding, exponentialBackoff),
          outage,
        );
      }
    };
  }
  // @fastify/rate-limit applies to the whole app (it is not encapsulated); global: false means only
  // routes with a config.rateLimit are counted, each route with its own counter per IP.
  // IPv6 clients are counted by their /64 (one subscriber holds a whole /64), as the sign-in lockout counts them
  await app.register(rateLimit, { global: false, store, ipv6Subnet: IPV6_SUBNET });
}

/** The limit for the sign-in calls (login, second factor, forgot password, emailed links). */
export function loginRateLimit(app: FastifyInstance) {
  return { max: app.env.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };
}
