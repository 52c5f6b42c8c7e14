import { describe, expect, it } from 'vitest';
import { useAdminApp } from '#tests/setup/admin-app.ts';

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  accept: 'text/html',
};

/** Legacy addresses with a query string (/page.aspx?id=12): matched path and query first, then the path alone. */
describe('redirects from a path with a query string', () => {
  // with the pages, so a Not Found page stored for the address must give way to the redirect
  const t = useAdminApp({}, { ui: 'build' });
  const { post } = t;
  const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: BROWSER });

  it('answers /page.aspx?id=12 but not ?id=13 or the bare path, until a path-only redirect exists', async () => {
    // stored as Not Found first: the page cache must not keep answering it
    expect((await visit('/page.aspx?id=12')).statusCode).toBe(404);
    expect((await visit('/page.aspx?id=12')).statusCode).toBe(404);

    const added = await post('/api/admin/redirects/add', {
      fromPath: '/Page.aspx?ID=12',
      toPath: '/agrotain',
      statusCode: 301,
      keepQuery: false,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ fromPath: '/page.aspx?id=12', toPath: '/agrotain' });

    for (const url of ['/page.aspx?id=12', '/PAGE.aspx/?id=12', '/page.aspx?ID=12']) {
      const hit = await visit(url);
      expect(hit.statusCode, url).toBe(301);
      expect(hit.headers.location, url).toBe('/agrotain');
    }
    expect((await visit('/page.aspx?id=13')).statusCode).toBe(404);
    expect((await visit('/page.aspx')).statusCode).toBe(404);
    expect((await t.app.inject('/api/redirects/get-redirect/page.aspx?id=12')).json().data).toEqual({
      toPath: '/agrotain',
      statusCode: 301,
    });
    expect((await t.app.inject('/api/redirects/get-redirect/page.aspx?id=13')).json().data).toBeNull();

    // a redirect for the path alone answers every other query; the exact one still wins
    expect(
      (await post('/api/admin/redirects/add', { fromPath: '/page.aspx', toPath: '/products', statusCode: 302, keepQuery: true }))
        .statusCode,
    ).toBe(200);
    const other = await visit('/page.aspx?id=13');
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe('/products?id=13');
    expect((await visit('/page.aspx')).headers.location).toBe('/products');
    expect((await visit('/page.aspx?id=12')).headers.location).toBe('/agrotain');
  });

  it('keeps the query string or drops it per redirect, as for a path', async () => {
    await post('/api/admin/redirects/add', { fromPath: '/news.asp?item=4', toPath: '/press-releases', statusCode: 301, keepQuery: true });
    expect((await visit('/news.asp?item=4')).headers.location).toBe('/press-releases?item=4');
  });

  it('imports from-paths with a query string from CSV and exports them back', async () => {
    const csv =
      'fromPath,toPath,statusCode,keepQuery\n"/legacy.aspx?id=1&lang=en",/about,301,false\n/legacy.aspx?ID=2,/contact,301,false\n';
    const preview = (await post('/api/admin/redirects/import-preview', { csv })).json().data;
    expect(preview.invalid).toBe(0);
    expect(preview.rows.map((r: { fromPath: string }) => r.fromPath)).toEqual(['/legacy.aspx?id=1&lang=en', '/legacy.aspx?id=2']);
    expect((await post('/api/admin/redirects/import', { csv })).json().data).toEqual({ created: 2, updated: 0 });
    expect((await visit('/legacy.aspx?lang=en&id=1')).headers.location).toBe('/about');
    expect((await visit('/legacy.aspx?id=2')).headers.location).toBe('/contact');
    expect((await visit('/legacy.aspx?id=3')).statusCode).toBe(404);

    const exported = await t.get('/api/admin/redirects/export');
    expect(exported.body).toContain('/legacy.aspx?id=1&lang=en,/about,301,false');
    const again = (await post('/api/admin/redirects/import-preview', { csv: exported.body })).json().data;
    expect(again.invalid).toBe(0);
  });
});
