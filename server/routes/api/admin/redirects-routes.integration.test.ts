import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedirectsRepository } from '#domain/redirects/redirects-repository.ts';
import { createRedirectsService, REDIRECT_ERRORS } from '#domain/redirects/redirects-service.ts';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' };

describe('redirects admin API', () => {
  let t: TestApp;
  let token: string;
  const queries: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' }, { onQuery: (sql) => queries.push(sql) });
    token = (await signIn(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  // an edit sends the version it started from, read first as an editor does (ADR 048)
  const post = async (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: await withBaseVersion(t.app, url, payload, bearer(token)) });
  const add = (body: object) => post('/api/admin/redirects/add', body);
  const visit = (url: string, headers: Record<string, string> = BROWSER) => t.app.inject({ method: 'GET', url, headers });
  const find = async (search: string) =>
    (
      (await post('/api/admin/redirects/filter', { search })).json().data.items as {
        id: number;
        fromPath: string;
        hits: number;
        lastHit: string | null;
      }[]
    ).find((r) => r.fromPath === search);
  const notFound = async (search = '') =>
    (await post('/api/admin/redirects/not-found/filter', { search })).json().data.items as {
      id: number;
      path: string;
      hits: number;
      lastSeen: string;
    }[];

  it('normalises the from-path (leading slash, case, trailing slash) and matches requests the same way', async () => {
    const res = await add({ fromPath: '/Old-Page/', toPath: '/about', statusCode: 301 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      fromPath: '/old-page',
      toPath: '/about',
      statusCode: 301,
      keepQuery: true,
      hits: 0,
      lastHit: null,
    });
    for (const url of ['/old-page', '/OLD-PAGE/', '/Old-Page']) {
      const hit = await visit(url);
      expect(hit.statusCode, url).toBe(301);
      expect(hit.headers.location).toBe('/about');
    }
    const dup = await add({ fromPath: '/OLD-page', toPath: '/contact' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, data: null, message: 'A redirect from /old-page already exists.' });
  });

  it('keeps the query string or drops it, per redirect', async () => {
    await add({ fromPath: '/keep-q', toPath: '/about', statusCode: 302, keepQuery: true });
    await add({ fromPath: '/drop-q', toPath: '/about?from=old', statusCode: 302, keepQuery: false });
    expect((await visit('/keep-q?utm_source=mail')).headers.location).toBe('/about?utm_source=mail');
    const dropped = await visit('/drop-q?utm_source=mail');
    expect(dropped.statusCode).toBe(302);
    expect(dropped.headers.location).toBe('/about?from=old');
  });

  it('answers 410 Gone for a removed page, which needs no target; a 301 without one is refused', async () => {
    const res = await add({ fromPath: '/discontinued-product', statusCode: 410 });
    expect(res.json().data).toMatchObject({ fromPath: '/discontinued-product', toPath: null, statusCode: 410 });
    const gone = await visit('/discontinued-product/');
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ success: false, data: null, message: 'This page has been removed and is no longer available.' });
    expect((await t.app.inject('/api/redirects/get-redirect/discontinued-product')).json().data).toEqual({ toPath: null, statusCode: 410 });
    const noTarget = await add({ fromPath: '/needs-target', statusCode: 301 });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json()).toMatchObject({ success: false, message: 'Enter a target.', errors: { toPath: ['Enter a target.'] } });
  });

  it('applies to React Router data requests (/path.data) with the single-fetch redirect the client follows', async () => {
    await add({ fromPath: '/old-data-page', toPath: '/about', statusCode: 301, keepQuery: true });
    await add({ fromPath: '/old-data-offsite', toPath: 'https://example.com/new', statusCode: 302, keepQuery: false });
    await add({ fromPath: '/old-data-gone', statusCode: 410 });
    // A client-side navigation to /old-data-page fetches /old-data-page.data?_routes=...: the client
    // follows a 204 carrying X-Remix-Redirect (a plain 301 would be fetched as the target's data).
    const hit = await visit('/Old-Data-Page.data?utm_source=mail&_routes=root%2Croutes%2Fpage');
    expect(hit.statusCode).toBe(204);
    expect(hit.headers['x-remix-redirect']).toBe('/about?utm_source=mail');
    expect(hit.headers['x-remix-status']).toBe('301');
    expect(hit.headers.location).toBeUndefined();
    expect(hit.body).toBe('');
    const offsite = await visit('/old-data-offsite.data?_routes=root');
    expect(offsite.statusCode).toBe(204);
    expect(offsite.headers['x-remix-redirect']).toBe('https://example.com/new');
    expect(offsite.headers['x-remix-status']).toBe('302');
    // Gone: the client loads the page as a document, which the server answers with its 410 page.
    const gone = await visit('/old-data-gone.data?_routes=root');
    expect(gone.statusCode).toBe(204);
    expect(gone.headers['x-remix-redirect']).toBe('/old-data-gone');
    expect(gone.headers['x-remix-reload-document']).toBe('true');
    expect((await visit('/old-data-gone')).statusCode).toBe(410);
    // The document request itself still answers the plain redirect.
    expect((await visit('/old-data-page')).headers.location).toBe('/about');
  });

  it('refuses loops and chains with a clear message, on add and on edit', async () => {
    expect((await add({ fromPath: '/a', toPath: '/b' })).statusCode).toBe(200);
    const loop = await add({ fromPath: '/B/', toPath: '/a' });
    expect(loop.statusCode).toBe(409);
    expect(loop.json().message).toBe(REDIRECT_ERRORS.loop('/b', '/a'));
    expect(loop.json().message).toBe('This would make a loop: /a already redirects to /b.');
    // c → a, when a already redirects: a chain
    const chain = await add({ fromPath: '/c', toPath: '/A' });
    expect(chain.statusCode).toBe(409);
    expect(chain.json().message).toMatch(/^\/a already redirects to \/b\. Point this redirect straight at the final address/);
    // b → d, when a already redirects to b: b would become the middle of a chain
    const incoming = await add({ fromPath: '/b', toPath: '/d' });
    expect(incoming.statusCode).toBe(409);
    expect(incoming.json().message).toBe(REDIRECT_ERRORS.incoming('/b', '/a'));
    // an absolute address on this site is a local path for the check
    const sameSite = await add({ fromPath: '/e', toPath: `${t.env.PUBLIC_SITE_URL.replace(/\/$/, '')}/A` });
    expect(sameSite.statusCode).toBe(409);
    const a = (await find('/a'))!;
    const self = await post('/api/admin/redirects/edit', { id: a.id, fromPath: '/a', toPath: '/A/' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('A redirect cannot point to itself.');
    // an edit that keeps its own target is not a chain with itself
    expect(
      (await post('/api/admin/redirects/edit', { id: a.id, fromPath: '/a', toPath: '/b', statusCode: 302 })).json().data,
    ).toMatchObject({ statusCode: 302 });
  });

  it('counts hits and the last hit without a database write per request, written in one batch', async () => {
    await add({ fromPath: '/counted', toPath: '/about' });
    queries.length = 0;
    for (let i = 0; i < 3; i++) expect((await visit('/counted?i=' + i)).statusCode).toBe(301);
    expect(queries.filter((q) => /^\s*update\s+"redirects"/i.test(q))).toEqual([]);
    const row = await find('/counted');
    expect(row).toMatchObject({ hits: 3 });
    expect(Date.now() - Date.parse(row!.lastHit!)).toBeLessThan(60_000);
    expect(queries.filter((q) => /^\s*update\s+"redirects"/i.test(q))).toHaveLength(1);
  });

  it('logs a page path that ended in Not Found once per path with a count, and leaves bots, scripts and the API out', async () => {
    await visit('/no-such-page-here');
    // another spelling goes to the one address first (and counts there)
    const moved = await visit('/No-Such-Page-Here/?x=1');
    expect(moved.statusCode).toBe(301);
    await visit(moved.headers.location as string);
    // a client-side navigation's data request counts for the page itself
    await visit('/no-such-page-here.data');
    await visit('/bot-only-path', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visit('/bot-only-path', { 'user-agent': 'curl/8.5.0' });
    await t.app.inject({ method: 'GET', url: '/script-only-path', headers: { 'user-agent': '' } });
    await visit('/api/no-such-endpoint');
    const rows = await notFound();
    expect(rows.filter((r) => r.path === '/no-such-page-here')).toEqual([expect.objectContaining({ path: '/no-such-page-here', hits: 3 })]);
    const paths = rows.map((r) => r.path);
    expect(paths).not.toContain('/bot-only-path');
    expect(paths).not.toContain('/script-only-path');
    expect(paths.some((p) => p.startsWith('/api'))).toBe(false);
    // search narrows the log
    expect((await notFound('such-page')).map((r) => r.path)).toEqual(['/no-such-page-here']);
  });

  it('turns a Not Found path into a redirect in one step: it then redirects and leaves the log', async () => {
    await visit('/old-brochure.pdf');
    const entry = (await notFound('old-brochure')).find((r) => r.path === '/old-brochure.pdf')!;
    expect(entry.hits).toBe(1);
    expect((await add({ fromPath: entry.path, toPath: '/product-labels' })).statusCode).toBe(200);
    expect((await visit('/old-brochure.pdf')).headers.location).toBe('/product-labels');
    expect(await notFound('old-brochure')).toEqual([]);
    // dismissing an entry without a redirect
    await visit('/typo-pgae');
    const typo = (await notFound('typo-pgae'))[0]!;
    expect((await get(`/api/admin/redirects/not-found/delete/${typo.id}`)).json()).toEqual({ success: true, data: null, message: null });
    expect(await notFound('typo-pgae')).toEqual([]);
    expect((await get(`/api/admin/redirects/not-found/delete/${typo.id}`)).statusCode).toBe(404);
  });

  it('gets, edits and deletes a redirect; unknown ids answer 404 with the envelope', async () => {
    const created = (await add({ fromPath: '/to-edit', toPath: '/about' })).json().data;
    expect((await get(`/api/admin/redirects/get/${created.id}`)).json().data).toMatchObject({ fromPath: '/to-edit' });
    const edited = await post('/api/admin/redirects/edit', {
      id: created.id,
      fromPath: '/to-edit',
      toPath: 'https://example.com/new',
      statusCode: 302,
    });
    expect(edited.json().data).toMatchObject({ toPath: 'https://example.com/new', statusCode: 302 });
    expect((await visit('/to-edit')).headers.location).toBe('https://example.com/new');
    expect((await get(`/api/admin/redirects/delete/${created.id}`)).json().success).toBe(true);
    expect((await visit('/to-edit', { ...BROWSER, accept: 'application/json' })).statusCode).toBe(404);
    expect((await get(`/api/admin/redirects/get/${created.id}`)).json()).toEqual({
      success: false,
      data: null,
      message: 'Redirect not found.',
    });
    expect((await get('/api/admin/redirects/get/abc')).statusCode).toBe(400);
  });

  it('previews a valid CSV row by row without writing, then imports it', async () => {
    const csv =
      'fromPath,toPath,statusCode,keepQuery\n/Imported-One/,/about,301,true\n/imported-two,https://example.com/x,302,false\n/imported-gone,,410,\n/old-page,/contact,,\n';
    const preview = await post('/api/admin/redirects/import-preview', { csv });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      valid: 4,
      invalid: 0,
      message: null,
      rows: [
        { line: 2, fromPath: '/imported-one', toPath: '/about', statusCode: 301, keepQuery: true, action: 'create', errors: [] },
        {
          line: 3,
          fromPath: '/imported-two',
          toPath: 'https://example.com/x',
          statusCode: 302,
          keepQuery: false,
          action: 'create',
          errors: [],
        },
        { line: 4, fromPath: '/imported-gone', toPath: null, statusCode: 410, keepQuery: true, action: 'create', errors: [] },
        { line: 5, fromPath: '/old-page', toPath: '/contact', statusCode: 301, keepQuery: true, action: 'update', errors: [] },
      ],
    });
    expect(await find('/imported-one')).toBeUndefined();
    const imported = await post('/api/admin/redirects/import', { csv });
    expect(imported.json()).toEqual({ success: true, data: { created: 3, updated: 1 }, message: '3 redirects created, 1 updated.' });
    expect((await visit('/imported-one')).headers.location).toBe('/about');
    expect((await visit('/imported-two?a=1')).headers.location).toBe('https://example.com/x');
    expect((await visit('/imported-gone')).statusCode).toBe(410);
    expect((await visit('/old-page')).headers.location).toBe('/contact');
  });

  it('shows each invalid row with its errors and imports nothing when any row is wrong', async () => {
    const csv = [
      'fromPath,toPath,statusCode,keepQuery',
      '/fine-row,/about,301,true',
      'no-slash,/about,301,true',
      '/bad-status,/about,307,true',
      '/bad-keep,/about,301,maybe',
      '/fine-row,/contact,301,true',
      '/chain-in-file,/fine-row,301,true',
      '/offsite,//evil.example/x,302,true',
    ].join('\n');
    const preview = (await post('/api/admin/redirects/import-preview', { csv })).json().data;
    expect(preview.valid).toBe(0);
    expect(preview.invalid).toBe(7);
    expect(preview.message).toBe('7 of 7 rows have errors. Fix them in the file and preview again; nothing has been imported.');
    const errorsOn = (line: number) => preview.rows.find((r: { line: number }) => r.line === line).errors as string[];
    // the row is fine alone, but the file also redirects /chain-in-file to it: a chain either way
    expect(errorsOn(2)).toEqual([REDIRECT_ERRORS.incoming('/fine-row', '/chain-in-file')]);
    expect(errorsOn(3)).toEqual(['fromPath: The path must start with / and contain no spaces or #.']);
    expect(errorsOn(4)).toEqual(['statusCode must be 301, 302 or 410.']);
    expect(errorsOn(5)).toEqual(['keepQuery must be true or false.']);
    expect(errorsOn(6)).toEqual(['/fine-row is already on line 2.']);
    expect(errorsOn(7)[0]).toMatch(/^\/fine-row already redirects to \/about/);
    expect(errorsOn(8)).toEqual(['toPath: The target path must start with a single / (no // or backslash).']);
    const imported = await post('/api/admin/redirects/import', { csv });
    expect(imported.statusCode).toBe(400);
    expect(imported.json()).toMatchObject({ success: false, data: null, message: preview.message, errors: { 'line 3': errorsOn(3) } });
    expect(await find('/fine-row')).toBeUndefined();
    expect((await visit('/fine-row', { ...BROWSER, accept: 'application/json' })).statusCode).toBe(404);
  });

  it('refuses a file that is not a redirects CSV with a message', async () => {
    const noHeader = await post('/api/admin/redirects/import-preview', { csv: '/a,/b\n' });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toMatch(/^The first row must name the columns: fromPath, toPath, statusCode, keepQuery/);
    const broken = await post('/api/admin/redirects/import-preview', { csv: 'fromPath,toPath\n"/a,/b\n' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file could not be read as CSV/);
    expect((await post('/api/admin/redirects/import', { csv: '' })).json().message).toBe('Choose a CSV file.');
  });

  it('exports every redirect as CSV that imports again unchanged', async () => {
    const res = await get('/api/admin/redirects/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="redirects.csv"');
    const lines = res.body.trim().split('\n');
    // the version column lets an import refuse a row saved after the export (ADR 048)
    expect(lines[0]).toBe('fromPath,toPath,statusCode,keepQuery,hits,lastHit,version');
    const two = lines.find((l) => l.startsWith('/imported-two,'))!.split(',');
    expect(lines).toContain(`/imported-two,https://example.com/x,302,false,1,${two[5]},${two[6]}`);
    expect(two[6]).toMatch(/^\d+$/);
    expect(lines.find((l) => l.startsWith('/imported-gone,'))).toMatch(/^\/imported-gone,,410,true,1,\d{4}-/);
    expect(lines.find((l) => l.startsWith('/counted,'))).toMatch(/^\/counted,\/about,301,true,3,\d{4}-\d\d-\d\dT/);
    const again = (await post('/api/admin/redirects/import-preview', { csv: res.body })).json().data;
    expect(again.invalid).toBe(0);
    expect(again.rows.every((r: { action: string }) => r.action === 'update')).toBe(true);
  });

  it('keeps the Not Found log to a bounded number of paths, dropping the least recently seen', async () => {
    const svc = createRedirectsService(createRedirectsRepository(t.database.db), { notFoundLimit: 3 });
    for (const p of ['/bounded-1', '/bounded-2', '/bounded-3', '/bounded-4']) {
      svc.recordMiss(p);
      await svc.flush();
    }
    expect((await notFound()).map((r) => r.path).sort()).toEqual(['/bounded-2', '/bounded-3', '/bounded-4']);
  });
});
