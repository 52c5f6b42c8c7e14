import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_SITE_URL: z.url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Website <no-reply@localhost>'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  FORM_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LEADS_EMAIL_US: z.email().default('leads-us@example.com'),
  LEADS_EMAIL_CA: z.email().default('leads-ca@example.com'),
  LEADS_EMAIL_INT: z.email().default('leads-international@example.com'),
  MAIL_RETRY_SECONDS: z.coerce.number().int().positive().default(60),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  REDIS_URL: z.string().optional(),
  TRUST_PROXY: bool.default(false),
}).superRefine((env, ctx) => {
  // The browser key and the server secret only work as a pair: a secret without a site key would
  // refuse every lead (no browser could obtain a token), a site key without a secret checks nothing.
  if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET)) {
    const missing = env.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET' : 'RECAPTCHA_SITE_KEY';
    const other = env.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SITE_KEY' : 'RECAPTCHA_SECRET';
    ctx.addIssue({ code: 'custom', path: [missing], message: `must be set together with ${other} (set both or neither)` });
  }
});

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
