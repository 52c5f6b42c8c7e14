import { connect, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_FORM_BYTES } from '#shared/input.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** Bad input at the boundary, against the full app (API and page routes mounted). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FORM_RATE_LIMIT: '1000' }, { ui: 'build' });
});
afterAll(() => t.close());

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function contact(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Dana Miller',
    email: 'dana.miller@example.com',
    phone: '+1 (515) 555-0199',
    data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: 'Looking for help with spring nitrogen.',
    reCaptchaToken: '',
    ...overrides,
  };
}

function expectEnvelope(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = res.json() as { success: boolean; data: unknown; message: string };
  expect(body).toMatchObject({ success: false, data: null });
  expect(body.message.length).toBeGreaterThan(3);
}

describe('NUL and other control characters', () => {
  it('keeps a contact lead whose name, message and data hold NUL and C0 controls, without them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: contact({
        name: 'Dana\u0000 Mil\u0007ler',
        message: 'Line one\r\n\tLine\u0000 two\u001b',
        data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Io\u0000wa', Zipcode: '500\u000010' }),
      }),
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.app.services.leads.findById(res.json().data.id);
    expect(stored).toMatchObject({ name: 'Dana Miller', message: 'Line one\r\n\tLine two', zipcode: '50010' });
  });

  it('stores a lone surrogate as U+FFFD', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: contact({ name: 'Ana \ud800 Ruiz', message: 'x\udc00y' }),
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.app.services.leads.findById(res.json().data.id);
    expect(stored).toMatchObject({ name: 'Ana \ufffd Ruiz', message: 'x\ufffdy' });
  });

  it('searches the knowledge center and press releases with NUL in the text', async () => {
    for (const url of ['/api/knowledge-center/filter', '/api/press-releases/filter']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { searchText: 'nit\u0000rogen' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
    }
    const finder = await t.app.inject('/api/finder/search?label=Retailers&zip=500%0010');
    expect(finder.statusCode).toBe(200);
  });

  it('answers 404 for a slug or id with a control character, on the API and on pages', async () => {
    for (const url of [
      '/api/knowledge-center/get-by-slug/a%00b',
      '/api/press-releases/get-by-slug/a%00b',
      '/api/pages/get-by-slug/a%01b',
      '/api/redirects/get-redirect/a%00b',
    ]) {
      expectEnvelope(await t.app.inject(url), 404);
    }
    for (const url of ['/knowledge-center/a%00b', '/a%00b', '/press-releases/a%1fb']) {
      const res = await t.app.inject({ url, headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Page Not Found | Northfield Agronomics</title>');
    }
  });

  it('answers malformed percent-encoding with a 400 envelope', async () => {
    expectEnvelope(await t.app.inject('/api/knowledge-center/get-by-slug/%E0%A4%A'), 400);
    expectEnvelope(await t.app.inject({ url: '/knowledge-center/%E0%A4%A', headers: HTML }), 400);
  });
});

describe('unknown API paths with the page routes mounted', () => {
  it('answer the JSON 404 envelope, whatever the method or Accept header', async () => {
    expectEnvelope(await t.app.inject('/api/nope'), 404);
    expectEnvelope(await t.app.inject({ url: '/api/nope/deeper?x=1', headers: HTML }), 404);
    expectEnvelope(await t.app.inject({ method: 'POST', url: '/api/nope', payload: { a: 1 } }), 404);
    expectEnvelope(await t.app.inject({ method: 'DELETE', url: '/api' }), 404);
  });
});

describe('GET /doccenter/{guid} for an unknown or malformed GUID', () => {
  it('answers the Page Not Found page to a browser and the JSON envelope otherwise', async () => {
    for (const guid of ['00000000-0000-4000-a000-000000000000', 'not-a-guid', 'x'.repeat(64)]) {
      const page = await t.app.inject({ url: `/doccenter/${guid}`, headers: HTML });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<title>Page Not Found | Northfield Agronomics</title>');
      expectEnvelope(await t.app.inject(`/doccenter/${guid}`), 404);
      expectEnvelope(await t.app.inject({ url: `/doccenter/${guid}`, headers: { accept: 'application/json' } }), 404);
    }
  });
});

describe('paths that name another host', () => {
  it('never reach React Router as another host: 404 on our own site, no redirect off-site', async () => {
    for (const url of ['//evil.example/x', '/\\evil.example/x', '//evil.example', '/%2F/evil.example/x', '/%5Cevil.example/x']) {
      const res = await t.app.inject({ url, headers: HTML });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).not.toContain('evil.example');
    }
  });
});

describe('stored redirects', () => {
  it('fire before any route, also from a path a real route owns (a product page), keeping the query', async () => {
    await t.app.services.redirects.save({ fromPath: '/agrotain', toPath: '/about', statusCode: 301 });
    try {
      const res = await t.app.inject('/agrotain?utm_source=mail&x=1');
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/about?utm_source=mail&x=1');
      expect((await t.app.inject({ method: 'HEAD', url: '/Agrotain/' })).headers.location).toBe('/about');
      // the lookup API still answers
      expect((await t.app.inject('/api/redirects/get-redirect/agrotain')).json().data).toEqual({ toPath: '/about', statusCode: 301 });
    } finally {
      const row = (await t.app.services.redirects.list()).find((r) => r.fromPath === '/agrotain');
      if (row) await t.app.services.redirects.delete(row.id);
    }
    expect((await t.app.inject('/agrotain')).statusCode).toBe(200);
  });

  it('never sends a visitor to a stored target that would leave the site by a //host path', async () => {
    // saved past the admin form's validation, as a row edited in the database would be
    await t.app.services.redirects.save({ fromPath: '/old-offsite', toPath: '//evil.example/x', statusCode: 302 });
    const res = await t.app.inject({ url: '/old-offsite', headers: HTML });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('product selector Close from the Referer', () => {
  const closeHref = (html: string) => /<a class="[^"]*selector-bar__close[^"]*" href="([^"]*)"/.exec(html)?.[1];

  it('goes back to a same-site page the visitor came from', async () => {
    const res = await t.app.inject({ url: '/product-selector', headers: { ...HTML, referer: 'http://localhost:3000/about?x=1' } });
    expect(closeHref(res.body)).toBe('/about?x=1');
  });

  it('never takes a //host or /\\host path from the Referer', async () => {
    for (const referer of ['http://localhost:3000//evil.example/x', 'http://localhost:3000/\\evil.example/x']) {
      const res = await t.app.inject({ url: '/product-selector', headers: { ...HTML, referer } });
      expect(res.statusCode).toBe(200);
      expect(closeHref(res.body), referer).toBe('/');
    }
  });
});

describe('page form posts are counted as they stream (PAGE_BODY_LIMIT)', () => {
  const FORM_POST = { 'content-type': 'application/x-www-form-urlencoded', ...HTML };
  const CHUNK = 16 * 1024;
  const CHUNKS = 128; // 2 MB in all

  /** A body sent in chunks without a Content-Length, 2 ms apart; `sent()` says how many were handed over. */
  function chunkedBody() {
    let sent = 0;
    const stream = Readable.from(
      (async function* () {
        for (; sent < CHUNKS;) {
          await new Promise((r) => setTimeout(r, 2));
          sent++;
          yield Buffer.alloc(CHUNK, sent === 1 ? 'name=' : 'a');
        }
      })(),
    );
    return { stream, sent: () => sent };
  }

  it('answers a chunked POST /contact of a few MB with 413 and the Form Too Large page before the client has sent it all', async () => {
    const body = chunkedBody();
    const res = await t.app.inject({ method: 'POST', url: '/contact', payload: body.stream, headers: FORM_POST });
    const sentWhenAnswered = body.sent();
    body.stream.destroy();
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Form Too Large | Northfield Agronomics</title>');
    expect(res.body).toContain('href="/contact"');
    // the rest is never read: the connection is closed after the answer
    expect(res.headers.connection).toBe('close');
    expect(sentWhenAnswered).toBeLessThan(CHUNKS / 2);
  });

  it('refuses a declared Content-Length over the limit without reading it, and answers a script the JSON envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/contact-ca',
      payload: `name=${'b'.repeat(MAX_FORM_BYTES)}`,
      headers: FORM_POST,
    });
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain('Form Too Large');
    const script = await t.app.inject({
      method: 'POST',
      url: '/reps-retailers/contact',
      payload: chunkedBody().stream,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectEnvelope(script, 413);
  });

  it('still takes a form under the limit, even one padded close to it', async () => {
    const form = new URLSearchParams({
      name: 'Padded Post',
      phone: '(515) 555-0177',
      email: 'padded.post@example.com',
      region: 'USA',
      state: 'Iowa',
      zipcode: '50010',
      role: 'Grower',
      message: 'Under the limit.',
      website: '',
    }).toString();
    const padded = `${form}&padding=${'p'.repeat(MAX_FORM_BYTES - form.length - 200)}`;
    expect(Buffer.byteLength(padded)).toBeLessThan(MAX_FORM_BYTES);
    const res = await t.app.inject({ method: 'POST', url: '/contact', payload: padded, headers: FORM_POST });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you! Our team is reviewing your request');
  });
});

describe('every Location the server builds passes the safe local path check', () => {
  it('never answers /./\\evil.example (or another spelling of a host-like path) with a Location starting /\\ or //', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    for (const path of ['/./\\evil.example', '/x/../\\evil.example/y', '/.//\\evil.example', '/%2E/\\evil.example', '/Foo\\evil.example']) {
      // raw, as sent on the wire: an HTTP client would clean the path first
      const head = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nConnection: close\r\n\r\n`),
        );
        let reply = '';
        socket.setEncoding('latin1');
        socket.on('data', (d: string) => (reply += d));
        socket.on('end', () => resolve(reply.split('\r\n\r\n')[0]!));
        socket.on('error', reject);
      });
      const location = /^location: (.*)$/im.exec(head)?.[1];
      if (location !== undefined) expect(location, path).not.toMatch(/^\/[/\\]/);
      expect(head, path).toMatch(/^HTTP\/1\.1 404 /);
    }
  });

  it('answers Not Found, never the Location, when a page redirects to an address that could leave the site', async () => {
    // a knowledge item whose stored path is not a safe one: its page redirects to that path
    const lookup = vi.spyOn(t.app.services.knowledge, 'getPublishedBySlug').mockResolvedValue({ path: '/\\evil.example/x' } as never);
    try {
      for (const slug of ['unsafe-path-one', 'unsafe-path-two']) {
        const res = await t.app.inject({ url: `/knowledge-center/${slug}`, headers: HTML });
        expect(res.statusCode).toBe(404);
        expect(res.headers.location).toBeUndefined();
        expect(res.body).toContain('<title>Page Not Found | Northfield Agronomics</title>');
      }
      expect(lookup).toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });
});
