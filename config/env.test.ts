import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './env.ts';

describe('environment', () => {
  it('has working defaults for a local install', () => {
    const env = EnvSchema.parse({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', FORM_RATE_LIMIT: 10 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty DATABASE_URL as unset and accepts a postgres URL', () => {
    expect(EnvSchema.parse({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(EnvSchema.parse({ DATABASE_URL: 'postgres://u@h/db' }).DATABASE_URL).toBe('postgres://u@h/db');
  });

  it('stops the process with one line naming a bad variable', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./config/env.ts').then((m) => m.loadEnv())"], {
      env: { ...process.env, PORT: 'eighty', NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n').filter((l) => l.startsWith('Invalid environment variable'))).toEqual([
      expect.stringMatching(/^Invalid environment variable PORT: /),
    ]);
  });

  it.each([
    [{ RECAPTCHA_SECRET: 's' }, 'RECAPTCHA_SITE_KEY'],
    [{ RECAPTCHA_SITE_KEY: 'k' }, 'RECAPTCHA_SECRET'],
  ])('refuses half a reCAPTCHA configuration (%o), naming the missing variable', (vars, missing) => {
    const result = EnvSchema.safeParse(vars);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([missing]);
    expect(EnvSchema.safeParse({ RECAPTCHA_SECRET: 's', RECAPTCHA_SITE_KEY: 'k' }).success).toBe(true);
  });
});
