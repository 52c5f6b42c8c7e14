import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { openDatabase, type Database } from '#db/client.ts';
import { buildApp } from '#server/app.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '#shared/unavailable.ts';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/setup/chromium.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { startTcpProxy, throughProxy, type TcpProxy } from '#tests/setup/tcp-proxy.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';

/**
 * ADR 047: the database away for a moment (a restart, a failover) is not a bug. Every route answers
 * 503 with Retry-After and words a person can act on, never 500; cached pages keep being served; an
 * uncached page is the site's Unavailable page; all is well again once the database answers.
 * PostgreSQL only: the app reaches it through a proxy that this test cuts, as a restart would.
 */
const BROWSER = { accept: 'text/html,application/xhtml+xml' };

let base: Database & { url?: string };
let proxy: TcpProxy;
let database: Database;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  base = await openTestDatabase();
  const target = new URL(base.url!);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = throughProxy(base.url!, proxy);
  database = await openDatabase({ url, poolSize: 4, connectTimeoutMs: 1_000, log: { error: () => undefined, info: () => undefined } });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'db-outage-'));
  const env = EnvSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    JWT_SECRET: TEST_JWT_SECRET,
    FORM_RATE_LIMIT: '1000',
  });
  app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, ui: 'build', logger: false });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await proxy?.close();
  await base?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, what: string) {
  expect(res.statusCode, `${what}: ${JSON.stringify(res.json())}`).toBe(503);
  expect(res.headers['retry-after'], what).toBe('5');
  expect(res.json(), what).toMatchObject({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
}

describe('the database away for a moment', () => {
  it(
    'answers 503 with Retry-After on every kind of route, keeps serving cached pages, and recovers when the database is back',
    { timeout: 120_000 },
    async () => {
      const { token } = await signIn(app);
      // a page visited before the outage is in the page cache
      expect((await app.inject({ url: '/about', headers: BROWSER })).statusCode).toBe(200);

      await proxy.cut();
      try {
        // cached: served as before
        const cached = await app.inject({ url: '/about', headers: BROWSER });
        expect(cached.statusCode).toBe(200);

        // not cached: the Unavailable page in the site's design, with a Try again link back to it
        const page = await app.inject({ url: '/knowledge-center?q=outage-check', headers: BROWSER });
        expect(page.statusCode).toBe(503);
        expect(page.headers['retry-after']).toBe('5');
        expect(page.body).toContain('Back in a Moment');
        expect(page.body).toContain('href="/knowledge-center?q=outage-check"');
        expect(page.body).toContain('Knowledge Center search is unavailable for a moment.');
        // the finder's results page says so too (its answers for a fresh code are not cached)
        const results = await app.inject({ url: '/reps-retailers?label=Reps&zip=50012', headers: BROWSER });
        expect(results.statusCode).toBe(503);
        expect(results.body).toContain('The rep and retailer finder is unavailable for a moment.');

        // the API: admin saves and lists, sign-in, the public forms and the finder; never a 500
        expectUnavailable(
          await app.inject({
            method: 'POST',
            url: '/api/admin/redirects/add',
            headers: bearer(token),
            payload: { fromPath: '/outage-save', toPath: '/about' },
          }),
          'an admin save',
        );
        expectUnavailable(
          await app.inject({ method: 'POST', url: '/api/admin/redirects/filter', headers: bearer(token), payload: {} }),
          'an admin list',
        );
        expectUnavailable(
          await app.inject({
            method: 'POST',
            url: '/auth/login',
            payload: { Username: 'admin@example.com', Password: 'correct-horse-battery-staple' },
          }),
          'sign-in',
        );
        const finder = await app.inject('/api/finder/search?zip=50010&label=Reps');
        expect([200, 503], 'the finder').toContain(finder.statusCode);
        if (finder.statusCode === 503) expectUnavailable(finder, 'the finder');
        const lead = await app.inject({
          method: 'POST',
          url: '/api/forms/add',
          payload: {
            name: 'Outage Lead',
            email: 'outage.lead@example.com',
            phone: '5155550100',
            data: JSON.stringify({ region: 'USA', role: 'Grower', state: 'Iowa', zipcode: '50011' }),
            message: 'Sent while the database was away.',
            reCaptchaToken: '',
            journey: 'challenge=5&crop=1&nitrogen=1&product=anvol&product=superu',
          },
        });
        // acknowledged once it is in the pending-leads journal (ADR 046), with no id that could change
        expect(lead.statusCode, lead.body).toBe(200);
        expect(lead.json()).toMatchObject({ success: true });
      } finally {
        await proxy.restore();
      }

      // back: the pool reconnects on the next query, and the same save goes through
      const saved = await app.inject({
        method: 'POST',
        url: '/api/admin/redirects/add',
        headers: bearer(token),
        payload: { fromPath: '/outage-save', toPath: '/about' },
      });
      expect(saved.statusCode).toBe(200);
      expect((await app.inject({ url: '/knowledge-center?q=outage-check', headers: BROWSER })).statusCode).toBe(200);
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      // the lead journaled during the outage is stored once the database answers, its journey with it
      await app.services.pendingLeads!.drain();
      const stored = (await base.db.execute(
        sql`select count(*)::int as n, max(selector_journey->>'products') as products from form_submissions where email = 'outage.lead@example.com'`,
      )) as unknown as { rows: { n: number; products: string }[] };
      expect(stored.rows[0]!.n).toBe(1);
      expect(JSON.parse(stored.rows[0]!.products)).toEqual(['anvol', 'superu']);
    },
  );
});

describe('an admin save while the database is away', () => {
  it('shows the message, keeps what was typed, and Retry saves it once the database is back', { timeout: 120_000 }, async () => {
    const tokens = await signIn(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      // signed in as the admin screens keep it (app/lib/auth-state.ts)
      await page.addInitScript((t) => {
        if (!window.localStorage.getItem('root')) {
          window.localStorage.setItem('root', JSON.stringify({ isAuthenticated: true, loading: false, revalidatingToken: false, ...t }));
        }
      }, tokens);
      await page.goto(`${address}/siteadmin/redirects/create`);
      const from = page.getByLabel('From Path');
      await from.fill('/outage-typed');
      await page.getByRole('textbox', { name: 'Target' }).fill('/about');

      await proxy.cut();
      try {
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expect
          .poll(() => page.getByRole('alert').filter({ hasText: DATABASE_UNAVAILABLE_MESSAGE }).count(), { timeout: 15_000 })
          .toBe(1);
        // nothing typed is lost, and the screen did not move
        expect(await from.inputValue()).toBe('/outage-typed');
        expect(await page.getByRole('textbox', { name: 'Target' }).inputValue()).toBe('/about');
        expect(new URL(page.url()).pathname).toBe('/siteadmin/redirects/create');
      } finally {
        await proxy.restore();
      }

      await page.getByRole('button', { name: 'Retry' }).click();
      await page.waitForURL(/\/siteadmin\/redirects$/, { timeout: 15_000 });
      await expect.poll(() => page.getByRole('row').filter({ hasText: '/outage-typed' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      // saved once: the refused attempt stored nothing
      const found = await app.inject({
        method: 'POST',
        url: '/api/admin/redirects/filter',
        headers: bearer(tokens.token),
        payload: { search: '/outage-typed' },
      });
      expect((found.json() as { data: { items: { fromPath: string }[] } }).data.items.map((r) => r.fromPath)).toEqual(['/outage-typed']);

      // a list opened while the database is away says so and offers Retry, which loads it once it is back
      await proxy.cut();
      try {
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Back in a Moment' }).waitFor({ timeout: 15_000 });
        expect(await page.getByText(DATABASE_UNAVAILABLE_MESSAGE).count()).toBe(1);
      } finally {
        await proxy.restore();
      }
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { level: 1, name: 'Redirects' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByRole('row').filter({ hasText: '/outage-typed' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});
