import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

/**
 * Which proxies may tell us the client's address (X-Forwarded-For), as Fastify's trustProxy takes
 * it: off (false), a hop count (1 = the one proxy in front), or the proxies' addresses / CIDR
 * ranges, comma-separated. "true" (trust every hop) is refused: anyone could then write their own
 * X-Forwarded-For and pick their IP, defeating the per-IP rate limits.
 */
export const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: 'true would trust any X-Forwarded-For a client writes; set the number of proxies in front (e.g. 1) or their addresses',
      });
      return z.NEVER;
    }
    const list = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const bad = list.filter((a) => {
      const [addr, bits, extra] = a.split('/');
      if (extra !== undefined || !addr || !isIP(addr)) return !['loopback', 'linklocal', 'uniquelocal'].includes(a);
      return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (isIP(addr) === 4 ? 32 : 128));
    });
    if (bad.length || !list.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count or a comma-separated list of proxy addresses or CIDR ranges (not valid: ${bad.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return list;
  });

/** The variables one by one (the whole environment is EnvSchema). */
export const EnvFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * A folder of built assets shared by every release on the machine (deploy/release.sh): hashed files
   * of earlier releases are served from it, so a page an older release rendered still finds its
   * scripts and styles after a newer release took over. Unset: only this build's own assets.
   */
  SHARED_ASSETS_DIR: z.string().min(1).optional(),
  /** Largest file the document library accepts, in MB (uploads are streamed, so this bounds disk, not memory). */
  DOCUMENT_MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(25),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The address visitors use; unset, this server on its port (EnvSchema fills it in). */
  PUBLIC_SITE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  JWT_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters (generate one with: openssl rand -base64 48)', abort: true })
    .refine((v) => new Set(v).size >= 10, 'is too predictable: use a random value (openssl rand -base64 48)')
    .optional(),
  /**
   * Seals secrets kept in the database (TOTP secrets). Unset: a key derived from JWT_SECRET. To
   * rotate, set the new value and the old one in DATA_KEY_PREVIOUS for one start (README).
   */
  DATA_KEY: z
    .string()
    .min(32, { error: 'must be at least 32 characters (generate one with: openssl rand -base64 48)', abort: true })
    .refine((v) => new Set(v).size >= 10, 'is too predictable: use a random value (openssl rand -base64 48)')
    .optional(),
  /** Keys secrets may still be sealed with (comma-separated): the previous DATA_KEY, or the previous JWT_SECRET when DATA_KEY is unset. */
  DATA_KEY_PREVIOUS: z.string().optional(),
  /** Audit log entries older than this many days are removed by the daily retention job (at least 30). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(400),
  /** A sign-in session ends this many hours after the sign-in, however active (ASVS 3.3.2); 12 idle hours end it sooner. */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  SMTP_URL: z.string().optional(),
  /** connections the SMTP transport keeps open, and so emails sent at once (ADR 045) */
  SMTP_POOL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  MAIL_FROM: z.string().default('Website <no-reply@localhost>'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** Prometheus metrics at /metrics on the site's port, for `Authorization: Bearer <this>` (at least 32 characters). */
  METRICS_TOKEN: z.string().min(32, { error: 'must be at least 32 characters (openssl rand -hex 24)' }).optional(),
  /** Prometheus metrics on a port of their own (METRICS_HOST, 127.0.0.1 by default), without a token. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  FORM_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LEADS_EMAIL_US: z.email().default('leads-us@example.com'),
  LEADS_EMAIL_CA: z.email().default('leads-ca@example.com'),
  LEADS_EMAIL_INT: z.email().default('leads-international@example.com'),
  MAIL_RETRY_SECONDS: z.coerce.number().int().positive().default(60),
  /** How often the webhook outbox looks for deliveries due again (a new event is delivered at once). */
  WEBHOOK_RETRY_SECONDS: z.coerce.number().int().positive().default(30),
  /**
   * The longest the publishing scheduler sleeps (ADR 049): a scheduled version or an expiry saved on another
   * instance is carried out within it. At most a minute, so content leaves the site within a minute of its time.
   */
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
  /** The wait before a failed webhook delivery's second attempt; each later wait doubles it (capped at an hour). */
  WEBHOOK_FIRST_RETRY_SECONDS: z.coerce.number().int().positive().max(3600).default(30),
  /**
   * Webhook endpoints that resolve to a loopback or private address (and plain http to them) are
   * refused unless this is true: a local receiver in tests, or a CRM inside the same network.
   */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  REDIS_URL: z.string().optional(),
  TRUST_PROXY: TrustProxySchema.default(false),
  // Operations: database timeouts and the first-run seed (README, Configuration).
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  SEED_DEMO_REPS: bool.optional(),
  /** memory for rendered public pages (all encodings together); 0 renders every request */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(65_536).default(64),
  // Document files in an S3-compatible bucket instead of DATA_DIR/documents (several instances).
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and dashes)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** unset: on with S3_ENDPOINT (self-hosted stores), off for AWS */
  S3_FORCE_PATH_STYLE: bool.optional(),
});

export const EnvSchema = EnvFields.superRefine((env, ctx) => {
  // Several instances share one PostgreSQL database, and a token signed by one must verify on the
  // others: a secret generated per instance would sign people out at random.
  if (env.DATABASE_URL && !env.JWT_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: 'is required when DATABASE_URL is set (every instance must share it; generate one with: openssl rand -base64 48)',
    });
  }
  // A key id without its secret (or the reverse) would silently fall back to another credential.
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    const other = env.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `must be set together with ${other} (set both, or neither for the SDK's default credentials)`,
    });
  }
  // The browser key and the server secret only work as a pair: a secret without a site key would
  // refuse every lead (no browser could obtain a token), a site key without a secret checks nothing.
  if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET)) {
    const missing = env.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET' : 'RECAPTCHA_SITE_KEY';
    const other = env.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SITE_KEY' : 'RECAPTCHA_SECRET';
    ctx.addIssue({ code: 'custom', path: [missing], message: `must be set together with ${other} (set both or neither)` });
  }
}).transform((env) => ({
  ...env,
  // Unset, the site's address is this server on its own port, so links and the sitemap work locally
  // whatever PORT is; a production start says so once (server/app.ts).
  PUBLIC_SITE_URL: env.PUBLIC_SITE_URL ?? `http://localhost:${env.PORT}`,
  /** PUBLIC_SITE_URL was not set (the default above is in use) */
  PUBLIC_SITE_URL_DEFAULTED: env.PUBLIC_SITE_URL === undefined,
}));

export type Env = z.infer<typeof EnvSchema>;

/** Parse the environment; on a bad value print one line per variable and exit 1. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (FOO=) means "not set", as it does in most deployment tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(present);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    console.error(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  process.exit(1);
}
