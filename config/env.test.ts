import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './env.ts';
import { resolveJwtSecret } from './jwt-secret.ts';

/** Starts a process that loads the environment with `env` added; answers its exit status and the lines naming bad variables. */
function loadEnvIn(env: NodeJS.ProcessEnv) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./config/env.ts').then((m) => m.loadEnv())"], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return {
    status: res.status,
    invalid: res.stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('Invalid environment variable')),
  };
}

describe('environment', () => {
  it('has working defaults for a local install', () => {
    const env = EnvSchema.parse({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', FORM_RATE_LIMIT: 10 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('gives the page cache 64 MB unless told otherwise; 0 turns it off, a negative size is refused', () => {
    expect(EnvSchema.parse({}).PAGE_CACHE_MB).toBe(64);
    expect(EnvSchema.parse({ PAGE_CACHE_MB: '0' }).PAGE_CACHE_MB).toBe(0);
    expect(EnvSchema.safeParse({ PAGE_CACHE_MB: '-1' }).success).toBe(false);
  });

  it('treats an empty DATABASE_URL as unset and accepts a postgres URL', () => {
    expect(EnvSchema.parse({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(EnvSchema.parse({ DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'Zq8nV2rX5tL9wB3yK7mC1pF4hJ6sD0gA' }).DATABASE_URL).toBe(
      'postgres://u@h/db',
    );
  });

  it('stops the process with one line naming a bad variable', () => {
    const res = loadEnvIn({ PORT: 'eighty', NODE_ENV: 'production' });
    expect(res.status).toBe(1);
    expect(res.invalid).toEqual([expect.stringMatching(/^Invalid environment variable PORT: /)]);
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

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses, and refuses "true"', () => {
    const trust = (v?: string) => EnvSchema.safeParse(v === undefined ? {} : { TRUST_PROXY: v });
    expect(trust().data?.TRUST_PROXY).toBe(false);
    expect(trust('false').data?.TRUST_PROXY).toBe(false);
    expect(trust('1').data?.TRUST_PROXY).toBe(1);
    expect(trust('2').data?.TRUST_PROXY).toBe(2);
    expect(trust('10.0.0.1, 192.168.0.0/16,::1').data?.TRUST_PROXY).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(trust('loopback').data?.TRUST_PROXY).toEqual(['loopback']);
    expect(trust('true').error?.issues[0]?.message).toMatch(/would trust any X-Forwarded-For/);
    expect(trust('10.0.0.999').success).toBe(false);
    expect(trust('10.0.0.0/40').success).toBe(false);
  });
});

describe('document storage in a bucket (S3_*)', () => {
  it('keeps files locally unless S3_BUCKET is set; the region defaults to us-east-1', () => {
    const env = EnvSchema.parse({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_REGION).toBe('us-east-1');
    expect(EnvSchema.parse({ S3_BUCKET: 'site-documents', S3_REGION: 'auto', S3_ENDPOINT: 'https://r2.example.com' })).toMatchObject({
      S3_BUCKET: 'site-documents',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://r2.example.com',
    });
  });

  it.each([
    [{ S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_SECRET_ACCESS_KEY: 's' }, 'S3_ACCESS_KEY_ID'],
  ])('refuses half a key pair (%o), naming the missing variable; neither means the default credentials', (vars, missing) => {
    const result = EnvSchema.safeParse({ S3_BUCKET: 'site-documents', ...vars });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([missing]);
    expect(EnvSchema.safeParse({ S3_BUCKET: 'site-documents' }).success).toBe(true);
  });

  it('refuses a bucket name S3 would refuse, and an endpoint that is not a URL', () => {
    for (const name of ['Site_Documents', 'ab', '-site', 'site documents'])
      expect(EnvSchema.safeParse({ S3_BUCKET: name }).success, name).toBe(false);
    expect(EnvSchema.safeParse({ S3_ENDPOINT: 'minio:9000' }).success).toBe(false);
  });

  it('reads S3_FORCE_PATH_STYLE as a boolean, unset when not given', () => {
    expect(EnvSchema.parse({}).S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(EnvSchema.parse({ S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(EnvSchema.parse({ S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(EnvSchema.safeParse({ S3_FORCE_PATH_STYLE: 'yes' }).success).toBe(false);
  });
});

describe('JWT_SECRET', () => {
  const strong = 'Zq8nV2rX5tL9wB3yK7mC1pF4hJ6sD0gA';

  it('is required with DATABASE_URL, optional with the embedded database', () => {
    const result = EnvSchema.safeParse({ DATABASE_URL: 'postgres://u@h/db' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['JWT_SECRET']);
    expect(EnvSchema.safeParse({ DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: strong }).success).toBe(true);
    expect(EnvSchema.parse({}).JWT_SECRET).toBeUndefined();
  });

  it.each([
    ['short', 'abc123'],
    ['predictable', 'a'.repeat(40)],
  ])('refuses a %s value', (_why, value) => {
    expect(EnvSchema.safeParse({ JWT_SECRET: value }).success).toBe(false);
  });

  it('generates one secret under DATA_DIR on first start (mode 0600) and keeps it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
    const first = resolveJwtSecret({ DATA_DIR: dir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret({ DATA_DIR: dir })).toBe(first);
    expect(resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: strong })).toBe(strong);
  });

  it('stops with one line when the stored secret is unusable', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
    writeFileSync(path.join(dir, 'jwt-secret'), 'short\n');
    expect(() => resolveJwtSecret({ DATA_DIR: dir })).toThrow(/^The stored JWT secret in .*jwt-secret must be at least 32 characters/);
  });

  it('stops the process with one line for a short JWT_SECRET', () => {
    const res = loadEnvIn({ JWT_SECRET: 'too-short', NODE_ENV: 'production' });
    expect(res.status).toBe(1);
    expect(res.invalid).toEqual([expect.stringMatching(/^Invalid environment variable JWT_SECRET: must be at least 32 characters/)]);
  });
});
