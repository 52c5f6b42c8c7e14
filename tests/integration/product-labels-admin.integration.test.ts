import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { TEST_ADMIN } from '#tests/setup/constants.ts';
import { multipart, pdf, type Part } from '#tests/setup/multipart.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The Product Labels/SDSs admin on the document library's API: the list's filters and sorts,
 * the product and PDF rules of labels and SDSs, who uploaded each revision, restoring an earlier
 * file as a new revision, and the public /product-labels page following every save at once.
 */

let t: TestApp;
let token: string;
let auth: Record<string, string>;
beforeAll(async () => {
  // the built pages, for /product-labels and its page cache
  t = await createTestApp({}, { ui: 'build' });
  token = (await signIn(t.app)).token;
  auth = bearer(token);
});
afterAll(() => t.close());

interface Revision {
  id: number;
  fileName: string;
  size: number;
  current: boolean;
  author: string | null;
}
interface Detail {
  id: number;
  version: number;
  guid: string;
  url: string;
  title: string;
  kind: string;
  productKey: string | null;
  revisions: Revision[];
}

const fields = (values: Record<string, string>, regionIds: number[] = [2]): Part[] => [
  ...Object.entries({ altText: '', ...values }).map(([name, value]) => ({ name, value })),
  ...regionIds.map((id) => ({ name: 'regionIds', value: String(id) })),
];

async function add(values: Record<string, string>, file: Buffer, fileName = 'label.pdf', regionIds: number[] = [2]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/documents/add',
    ...multipart([...fields(values, regionIds), { name: 'file', value: file, fileName }], auth),
  });
}
async function addOk(values: Record<string, string>, file: Buffer, fileName?: string, regionIds?: number[]): Promise<Detail> {
  const res = await add(values, file, fileName, regionIds);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const replace = (id: number, file: Buffer, fileName: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/documents/replace/${id}`,
    ...multipart([{ name: 'file', value: file, fileName }], auth),
  });
const restore = (id: number | string, revisionId: number | string, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'POST', url: `/api/admin/documents/restore/${id}/${revisionId}`, headers });
const filter = async (body: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/documents/filter', headers: auth, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: { id: number; title: string; kind: string; productKey: string | null }[]; total: number };
};

describe('the labels list (POST /api/admin/documents/filter)', () => {
  it('narrows to the label kinds, a product, a kind and a region', async () => {
    const statement = await addOk(
      { title: 'Filter Statement Zulu', kind: 'statement', productKey: '' },
      pdf('statement'),
      'statement.pdf',
      [4],
    );
    const labels = await filter({ kinds: ['label', 'sds', 'statement'], length: 100 });
    expect(labels.items.every((d) => ['label', 'sds', 'statement'].includes(d.kind))).toBe(true);
    // the seed: a label and an SDS for each of the 23 products, and this statement
    expect(labels.total).toBeGreaterThanOrEqual(47);
    expect(
      (await filter({ kinds: ['label', 'sds', 'statement'], kind: 'statement', search: 'Filter Statement' })).items.map((d) => d.id),
    ).toEqual([statement.id]);

    const anvol = await filter({ kinds: ['label', 'sds', 'statement'], productKey: 'anvol', sort: 'product' });
    expect(anvol.items.map((d) => [d.productKey, d.kind])).toEqual([
      ['anvol', 'label'],
      ['anvol', 'sds'],
    ]);
    expect((await filter({ productKey: 'anvol', kind: 'sds' })).total).toBe(1);
    expect((await filter({ productKey: 'optrient', region: 3 })).total).toBe(0);
    expect((await filter({ kinds: ['statement'], region: 4, search: 'Zulu' })).total).toBe(1);
  });

  it('sorts by product name (documents without a product last), title and last update', async () => {
    const byProduct = (await filter({ kinds: ['label', 'sds', 'statement'], sort: 'product', length: 100 })).items;
    // by name, not by key: "3-TRAX" first, each product's label before its SDS, "WOLF TRAX CROPMIX" (cropmix) among the WOLF TRAX products
    expect(byProduct.slice(0, 4).map((d) => [d.productKey, d.kind])).toEqual([
      ['3-trax', 'label'],
      ['3-trax', 'sds'],
      ['agrotain', 'label'],
      ['agrotain', 'sds'],
    ]);
    const keys = byProduct.map((d) => d.productKey);
    expect(keys.indexOf('cropmix')).toBeGreaterThan(keys.indexOf('wolf-trax-copper'));
    expect(keys.indexOf('cropmix')).toBeLessThan(keys.indexOf('wolf-trax-iron'));
    expect(keys.at(-1)).toBeNull();
    const desc = (await filter({ kinds: ['label', 'sds', 'statement'], sort: 'product', dir: 'desc', length: 100 })).items.map(
      (d) => d.productKey,
    );
    expect(desc[0]).toBe('wolf-trax-zinc');
    expect(desc.at(-1)).toBeNull();

    for (const title of ['Sortcheck beta', 'sortcheck Alpha', 'Sortcheck Gamma'])
      await addOk({ title, kind: 'statement', productKey: '' }, pdf(title));
    const titles = async (dir?: string) =>
      (await filter({ kinds: ['statement'], search: 'sortcheck', sort: 'title', dir })).items.map((d) => d.title);
    expect(await titles()).toEqual(['sortcheck Alpha', 'Sortcheck beta', 'Sortcheck Gamma']);
    expect(await titles('desc')).toEqual(['Sortcheck Gamma', 'Sortcheck beta', 'sortcheck Alpha']);
    const newest = await addOk({ title: 'Sort Newest SDS', kind: 'sds', productKey: 'tribune' }, pdf('newest'));
    expect((await filter({ kinds: ['label', 'sds'], sort: 'updated' })).items[0]!.id).toBe(newest.id);
    expect((await filter({ kinds: ['label', 'sds'], sort: 'updated', dir: 'asc' })).items[0]!.id).not.toBe(newest.id);
  });

  it('refuses an unknown product, sort or kind with 400 and a message', async () => {
    for (const body of [{ productKey: 'not-a-product' }, { sort: 'size' }, { kinds: ['poster'] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/documents/filter', headers: auth, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('labels and SDSs', () => {
  it('need a product and a PDF file; a statement needs neither product nor PDF', async () => {
    const noProduct = await add({ title: 'Orphan Label', kind: 'label', productKey: '' }, pdf('orphan'));
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json()).toMatchObject({
      success: false,
      errors: { productKey: ['Choose the product this label or SDS belongs to.'] },
    });
    const unknown = await add({ title: 'Unknown Label', kind: 'label', productKey: 'no-such-product' }, pdf('unknown'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ productKey: ['Unknown product.'] });

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const pngLabel = await add({ title: 'Picture Label', kind: 'label', productKey: 'anvol' }, png, 'label.png');
    expect(pngLabel.statusCode).toBe(400);
    expect(pngLabel.json().message).toBe('Labels and SDSs are PDF files: upload a PDF.');

    const label = await addOk({ title: 'PDF Rule Label', kind: 'label', productKey: 'synthos' }, pdf('rule'));
    const replaced = await replace(label.id, png, 'new.png');
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().message).toBe('Labels and SDSs are PDF files: upload a PDF.');
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents/edit',
      headers: auth,
      payload: {
        id: label.id,
        title: 'PDF Rule Label',
        kind: 'sds',
        productKey: null,
        regionIds: [2],
        altText: '',
        baseVersion: label.version,
      },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual({ productKey: ['Choose the product this label or SDS belongs to.'] });
  });
});

describe('POST /api/admin/documents/restore/{id}/{revisionId}', () => {
  it('serves an earlier file again as a new revision: same GUID, every revision kept, who uploaded each', async () => {
    const first = await addOk({ title: 'Restore Test Label', kind: 'label', productKey: 'centuro' }, pdf('first file', 3), 'first.pdf');
    expect(first.revisions).toEqual([expect.objectContaining({ fileName: 'first.pdf', current: true, author: TEST_ADMIN.email })]);
    const second = (await replace(first.id, pdf('second file', 9), 'second.pdf')).json().data as Detail;
    expect(second.revisions.map((r) => r.fileName)).toEqual(['second.pdf', 'first.pdf']);
    expect((await t.app.inject(first.url)).body).toContain('second file');

    const res = await restore(first.id, first.revisions[0]!.id);
    expect(res.statusCode, res.body).toBe(200);
    const restored = res.json().data as Detail;
    expect(restored.guid).toBe(first.guid);
    expect(restored.url).toBe(first.url);
    expect(restored.revisions.map((r) => [r.fileName, r.current])).toEqual([
      ['first.pdf', true],
      ['second.pdf', false],
      ['first.pdf', false],
    ]);
    expect(restored.revisions[0]!.id).toBeGreaterThan(second.revisions[0]!.id);
    expect(restored.revisions[0]!.author).toBe(TEST_ADMIN.email);
    const served = await t.app.inject(first.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.body).toContain('first file');
    expect(served.body).not.toContain('second file');

    // the served revision again: nothing to do, nothing appended
    const again = await restore(first.id, restored.revisions[0]!.id);
    expect(again.statusCode).toBe(200);
    expect((again.json().data as Detail).revisions).toHaveLength(3);

    // and forward again: the second file, now a fourth revision
    const forward = (await restore(first.id, second.revisions[0]!.id)).json().data as Detail;
    expect(forward.revisions).toHaveLength(4);
    expect((await t.app.inject(first.url)).body).toContain('second file');
  });

  it('answers 404 for an unknown document or a revision of another document, 400 for a malformed id, 401 and 403', async () => {
    const a = await addOk({ title: 'Restore A', kind: 'sds', productKey: 'nitamin' }, pdf('a'));
    const b = await addOk({ title: 'Restore B', kind: 'sds', productKey: 'nitamin' }, pdf('b'));
    const unknown = await restore(999999, a.revisions[0]!.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Document not found.' });
    const foreign = await restore(a.id, b.revisions[0]!.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, message: 'Revision not found.' });
    expect((await restore('abc', 1)).statusCode).toBe(400);
    expect((await restore(a.id, 'latest')).statusCode).toBe(400);
    expect((await restore(a.id, a.revisions[0]!.id, {})).statusCode).toBe(401);

    // a role the permission table grants nothing (both seeded roles may edit content)
    await sqlRows(t.database)`insert into site_roles (id, name) values (9, 'Reader') on conflict do nothing`;
    await addUser(t.app, token, 'labels-reader@example.com', 'a-reader-password-1', [9]);
    const reader = bearer((await signIn(t.app, 'labels-reader@example.com', 'a-reader-password-1')).token);
    expect((await restore(a.id, a.revisions[0]!.id, reader)).statusCode).toBe(403);
    const detail = (await t.app.inject({ url: `/api/admin/documents/get/${a.id}`, headers: auth })).json().data as Detail;
    expect(detail.revisions).toHaveLength(1);
  });
});

describe('the public /product-labels page', () => {
  const group = (body: string, name: string) => {
    const start = body.indexOf(`>${name}</h2>`);
    expect(start, name).toBeGreaterThan(-1);
    return body.slice(start, body.indexOf('</section>', start));
  };

  it('shows an added label, a replaced file and a restored one at once, though it is cached', async () => {
    const page = () => t.app.inject({ url: '/product-labels?product=rocket-seeds' });
    const before = await page();
    expect(before.statusCode).toBe(200);
    expect((await page()).headers['x-page-cache']).toBe('hit');
    expect(group(before.body, 'ROCKET SEEDS').match(/doc-link__kind/g)).toHaveLength(2);

    const added = await addOk(
      { title: 'ROCKET SEEDS Supplemental Label', kind: 'label', productKey: 'rocket-seeds' },
      pdf('small label', 2),
      'small.pdf',
      [3],
    );
    const afterAdd = await page();
    expect(afterAdd.headers['x-page-cache']).toBe('miss');
    expect(afterAdd.body).toContain(`/doccenter/${added.guid}`);
    expect(group(afterAdd.body, 'ROCKET SEEDS').match(/doc-link__kind/g)).toHaveLength(3);
    const linkOf = (body: string) =>
      body.slice(body.indexOf(`/doccenter/${added.guid}`), body.indexOf('</a>', body.indexOf(`/doccenter/${added.guid}`)));
    expect(linkOf(afterAdd.body)).toContain('2 KB');
    expect((await page()).headers['x-page-cache']).toBe('hit');

    expect((await replace(added.id, pdf('large label', 40), 'large.pdf')).statusCode).toBe(200);
    const afterReplace = await page();
    expect(afterReplace.headers['x-page-cache']).toBe('miss');
    expect(linkOf(afterReplace.body)).toContain('40 KB');
    await page();

    expect((await restore(added.id, added.revisions[0]!.id)).statusCode).toBe(200);
    const afterRestore = await page();
    expect(afterRestore.headers['x-page-cache']).toBe('miss');
    expect(linkOf(afterRestore.body)).toContain('2 KB');
  });
});
