/**
 * Real-world addresses against the page cache and the redirects (ADR 007 and 009): tracking
 * and unknown parameters never make a new render or hide a redirect, other spellings of an address
 * go to its one normal form, concurrent misses render once, and a form posted without JavaScript
 * works on whatever address the server is reached by.
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { buildApp } from '#server/app.ts';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  accept: 'text/html',
};
const THANK_YOU = 'Thank you! Our team is reviewing your request and will connect you with the right resource.';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', FORM_RATE_LIMIT: '1000' }, { ui: 'build' });
  token = (await signIn(t.app)).token;
});
afterAll(() => t.close());

const visit = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...BROWSER, ...headers } });
const addRedirect = async (body: { fromPath: string; toPath: string; statusCode: 301 | 302 | 410; keepQuery: boolean }) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/redirects/add', headers: bearer(token), payload: body });
  expect(res.statusCode, res.body).toBe(200);
};

describe('unknown query parameters', () => {
  it('are the stored page: one render for any number of fresh values, none of them reaching the page', async () => {
    const plain = await visit('/agrotain');
    expect(plain.statusCode).toBe(200);
    const renders = t.app.pageCache!.stats.renders;
    for (const query of [
      'ref=partner-1',
      'source=newsletter',
      'campaign_id=42',
      '_ga=2.1234.5678',
      'utm_source=mail&ref=x',
      `ref=${Date.now()}`,
    ]) {
      const res = await visit(`/agrotain?${query}`);
      expect(res.headers['x-page-cache'], query).toBe('hit');
      expect(res.body, query).toBe(plain.body);
    }
    expect(t.app.pageCache!.stats.renders).toBe(renders);
    expect(plain.body).not.toMatch(/partner-1|campaign_id/);
  });

  it('a declared one is its own page; the undeclared ones beside it are dropped', async () => {
    const searched = await visit('/knowledge-center?q=zinc&ref=partner-1');
    expect(searched.headers['x-page-cache']).toBe('miss');
    expect(searched.body).toContain('Spotting and Fixing Zinc Deficiency in Corn');
    expect(searched.body).not.toContain('partner-1');
    expect((await visit('/knowledge-center?q=zinc')).headers['x-page-cache']).toBe('hit');
    expect((await visit('/knowledge-center?q=boron')).headers['x-page-cache']).toBe('miss');
  });

  it('come back on a redirect the page answers with', async () => {
    const moved = await visit('/can/find-a-rep?utm_source=mail&ref=x');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/find-a-rep-ca?utm_source=mail&ref=x');
    const stored = await visit('/can/find-a-rep?ref=y');
    expect(stored.headers['x-page-cache']).toBe('hit');
    expect(stored.headers.location).toBe('/find-a-rep-ca?ref=y');
    // a Canadian knowledge item asked for at its US address goes to its one URL, query kept
    const ca = await visit('/knowledge-center/sulphur-for-canola?utm_source=mail');
    expect(ca.statusCode).toBe(301);
    expect(ca.headers.location).toBe('/can/knowledge-center/sulphur-for-canola?utm_source=mail');
  });
});

describe('redirects first, on the normal form of the address', () => {
  it('a redirect added after its path was stored as Not Found answers under every spelling, tracking parameters or not', async () => {
    for (const url of ['/old-plain', '/x/../old-plain', '/old-plain?utm_source=x', '/OLD-PLAIN/']) await visit(url);
    expect((await visit('/old-plain')).headers['x-page-cache']).toBe('hit');
    await addRedirect({ fromPath: '/old-plain', toPath: '/agrotain', statusCode: 301, keepQuery: false });
    for (const url of [
      '/old-plain',
      '/x/../old-plain',
      '/./old-plain',
      '/old-plain//',
      '/old%2Dplain',
      '/Old-Plain/',
      '/old-plain?utm_source=x&fbclid=1',
      '/a/b/%2e%2e/%2E%2E/old-plain',
    ]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe('/agrotain');
    }
  });

  it('a request with tracking parameters neither shadows nor misses a redirect for an address with a query', async () => {
    await addRedirect({ fromPath: '/old-page.aspx?id=13', toPath: '/about', statusCode: 301, keepQuery: false });
    const tracked = await visit('/old-page.aspx?id=13&utm_source=x');
    expect(tracked.statusCode).toBe(301);
    expect(tracked.headers.location).toBe('/about');
    expect((await visit('/old-page.aspx?id=13')).headers.location).toBe('/about');
    // another id is the Not Found page, stored under the path: it hides nothing
    expect((await visit('/old-page.aspx?id=14')).statusCode).toBe(404);
    expect((await visit('/old-page.aspx?id=14')).headers['x-page-cache']).toBe('hit');
    expect((await visit('/old-page.aspx?id=13')).statusCode).toBe(301);
  });

  it('a redirect that keeps the query gives its target the visitor’s, tracking parameters included; one that does not, drops it', async () => {
    await addRedirect({ fromPath: '/spring-offer', toPath: '/anvol', statusCode: 302, keepQuery: true });
    await addRedirect({ fromPath: '/winter-offer', toPath: '/anvol', statusCode: 302, keepQuery: false });
    const kept = await visit('/spring-offer?utm_source=mail&utm_campaign=spring&ref=7');
    expect(kept.statusCode).toBe(302);
    expect(kept.headers.location).toBe('/anvol?utm_source=mail&utm_campaign=spring&ref=7');
    expect((await visit('/winter-offer?utm_source=mail')).headers.location).toBe('/anvol');
  });

  it('over real HTTP, a stored page never answers for a path with a redirect', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const first = await fetch(`${base}/retired-brochure`, { headers: BROWSER });
    expect(first.status).toBe(404);
    await fetch(`${base}/clear-choice`);
    expect((await fetch(`${base}/clear-choice`)).headers.get('x-page-cache')).toBe('hit');
    // a redirect over a page that exists and is stored, and over a stored Not Found page
    await addRedirect({ fromPath: '/clear-choice', toPath: '/anvol', statusCode: 302, keepQuery: false });
    await addRedirect({ fromPath: '/retired-brochure', toPath: '/product-labels', statusCode: 301, keepQuery: false });
    for (const [url, to] of [
      ['/clear-choice', '/anvol'],
      ['/clear-choice?ref=x', '/anvol'],
      ['/retired-brochure', '/product-labels'],
      ['/Retired-Brochure/', '/product-labels'],
    ]) {
      const res = await fetch(`${base}${url}`, { redirect: 'manual', headers: BROWSER });
      expect(res.status, url).toBeGreaterThanOrEqual(301);
      expect(res.headers.get('location'), url).toBe(to);
    }
  });
});

/** A GET over real HTTP with the path exactly as written (fetch and app.inject resolve dot segments first). */
function rawGet(port: number, target: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, headers: BROWSER }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('other spellings of an address', () => {
  it('go to the normal form with a 301, the query kept, and are never stored under another key', async () => {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as { port: number }).port;
    const before = t.app.pageCache!.store.size;
    await rawGet(port, '/wolf-trax');
    await rawGet(port, '/about');
    const stored = t.app.pageCache!.store.size;
    for (const [url, location] of [
      ['/x/../wolf-trax', '/wolf-trax'],
      ['/wolf-trax//', '/wolf-trax'],
      ['/wolf-trax/../about', '/about'],
      ['/Wolf-Trax?ref=1', '/wolf-trax?ref=1'],
      ['/knowledge-center/category/39/?q=zinc', '/knowledge-center/category/39?q=zinc'],
      ['/%61bout', '/about'],
    ] as const) {
      const res = await rawGet(port, url);
      expect(res.status, url).toBe(301);
      expect(res.location, url).toBe(location);
    }
    expect(t.app.pageCache!.store.size).toBe(stored);
    expect(stored - before).toBeLessThanOrEqual(2);
    // with a redirect for the normal form (added above), any spelling answers it at once
    for (const url of ['/x/../old-plain', '/./old-plain', '/old-plain/.', '/a//b/../../old-plain?utm_source=x']) {
      const res = await rawGet(port, url);
      expect(res.status, url).toBe(301);
      expect(res.location, url).toBe('/agrotain');
    }
  });

  it('an encoded slash is refused with 400: the site’s page for a browser, the API’s envelope for a script', async () => {
    const page = await visit('/old%2Fplain');
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Address Not Valid');
    const script = await t.app.inject({ url: '/x%5C..%5Cabout', headers: { accept: 'application/json' } });
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({ success: false });
    // the API's own encoded parameters are not page addresses
    expect((await t.app.inject('/api/redirects/get-redirect/old%2Fplain')).statusCode).toBe(200);
  });
});

describe('concurrent misses', () => {
  it('the first of 20 renders; the other 19 wait for it', async () => {
    const { stats } = t.app.pageCache!;
    const renders = stats.renders;
    const coalesced = stats.coalesced;
    const replies = await Promise.all(Array.from({ length: 20 }, () => visit('/press-releases?page=1')));
    expect(stats.renders - renders).toBe(1);
    expect(stats.coalesced - coalesced).toBe(19);
    expect(new Set(replies.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
  });
});

describe('forms without JavaScript', () => {
  let other: TestApp;
  beforeAll(async () => {
    // no PUBLIC_SITE_URL, another PORT: the site is this server on its port
    other = await createTestApp({ PORT: '8080', FORM_RATE_LIMIT: '1000' }, { ui: 'build' });
  });
  afterAll(() => other.close());

  const contact = new URLSearchParams({
    name: 'Origin Test',
    phone: '',
    email: 'origin.test@example.com',
    region: 'USA',
    state: '',
    zipcode: '',
    role: 'Grower',
    message: 'Hello',
    website: '',
  }).toString();
  const post = (app: TestApp, headers: Record<string, string>) =>
    app.app.inject({
      method: 'POST',
      url: '/contact',
      payload: contact,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    });

  it('the default public address follows PORT', () => {
    expect(other.env.PUBLIC_SITE_URL).toBe('http://localhost:8080');
    expect(other.env.PUBLIC_SITE_URL_DEFAULTED).toBe(true);
  });

  it('are accepted from any address the server is reached by', async () => {
    for (const host of ['127.0.0.1:8080', 'localhost:8080', '192.168.1.20:8080']) {
      const res = await post(other, { host, origin: `http://${host}` });
      expect(res.statusCode, host).toBe(200);
      expect(res.body, host).toContain(THANK_YOU);
    }
  });

  it('from another site get the site’s own error page, 403, saying what to do; nothing is stored', async () => {
    const res = await post(other, { host: '127.0.0.1:8080', origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Form Not Sent');
    expect(res.body).toContain('Open the form on this site and send it again.');
    expect(res.body).toMatch(/<a[^>]+href="\/contact"[^>]*>Go back to the form<\/a>/);
    expect(res.body).toContain('noindex');
    const opaque = await post(other, { host: '127.0.0.1:8080', origin: 'null' });
    expect(opaque.statusCode).toBe(403);
  });

  it('a production start without PUBLIC_SITE_URL says once what it affects', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openTestDatabase();
    const env = EnvSchema.parse({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'site-prod-')),
      PORT: '8081',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    const app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, ui: 'none', logger: { level: 'warn', stream } });
    await app.close();
    await database.close();
    const warnings = lines.filter((l) => l.includes('PUBLIC_SITE_URL'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('http://localhost:8081');
  });
});
