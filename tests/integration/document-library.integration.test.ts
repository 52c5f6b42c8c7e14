import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reps } from '#db/schema/finder.ts';
import { knowledgeItems, knowledgeItemVersions } from '#db/schema/knowledge.ts';
import { createKnowledgeRepository } from '#domain/content/content-repository.ts';
import { documentGuid } from '#shared/product-documents.ts';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { multipart as multipartBody, pdf, type Part } from '#tests/setup/multipart.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  // a 1 MB limit, so the oversize case needs no large buffer
  t = await createTestApp({ DOCUMENT_MAX_UPLOAD_MB: '1' });
  auth = bearer((await signIn(t.app)).token);
});
afterAll(() => t.close());

/** A multipart/form-data body signed in as the test administrator. */
const multipart = (parts: Part[]) => multipartBody(parts, auth);

const meta = (over: Record<string, string> = {}): Part[] =>
  Object.entries({ title: 'Retail Statement', kind: 'statement', altText: '', ...over }).map(([name, value]) => ({ name, value }));

async function upload(parts: Part[]) {
  return t.app.inject({ method: 'POST', url: '/api/admin/documents/add', ...multipart(parts) });
}

describe('POST /api/admin/documents/add', () => {
  it('stores a PDF told by its content, with a sanitised name, and serves it at /doccenter/{guid}', async () => {
    const res = await upload([
      ...meta(),
      { name: 'regionIds', value: '2' },
      { name: 'regionIds', value: '3' },
      { name: 'file', value: pdf('statement one'), fileName: '../../Retail Statement <2026>.PDF', type: 'application/octet-stream' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      title: 'Retail Statement',
      kind: 'statement',
      regionIds: [2, 3],
      contentType: 'application/pdf',
      fileName: 'retail-statement-2026.pdf',
      usage: [],
    });
    expect(doc.revisions).toHaveLength(1);
    const served = await t.app.inject(doc.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.body).toContain('statement one');
  });

  it('refuses a file whose content is not an accepted type, whatever its name and declared type', async () => {
    for (const [value, fileName] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'label.pdf'],
      [Buffer.from('MZ\x90\x00 an executable'), 'photo.png'],
    ] as const) {
      const res = await upload([...meta(), { name: 'regionIds', value: '2' }, { name: 'file', value, fileName, type: 'application/pdf' }]);
      expect(res.statusCode, fileName).toBe(415);
      expect(res.json()).toMatchObject({
        success: false,
        data: null,
        message: 'This file type is not accepted. Upload a PDF, PNG, JPEG or WebP file.',
      });
    }
  });

  it('refuses a file over DOCUMENT_MAX_UPLOAD_MB with 413 and stores nothing', async () => {
    const before = (await t.app.services.documents.filter({ start: 0, length: 100, search: '', kind: '', region: 0 })).total;
    const big = Buffer.concat([pdf('big'), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await upload([
      ...meta({ title: 'Too big' }),
      { name: 'regionIds', value: '2' },
      { name: 'file', value: big, fileName: 'big.pdf', type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, data: null, message: 'The file is larger than 1 MB, the upload limit.' });
    expect((await t.app.services.documents.filter({ start: 0, length: 100, search: '', kind: '', region: 0 })).total).toBe(before);
  });

  it('needs a title, a region, a file, and alt text for an image; a JSON body is refused', async () => {
    const noTitle = await upload([
      ...meta({ title: '' }),
      { name: 'regionIds', value: '2' },
      { name: 'file', value: pdf('x'), fileName: 'x.pdf' },
    ]);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Title is required.');
    const noFile = await upload([...meta(), { name: 'regionIds', value: '2' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Choose a file to upload.');
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
    const noAlt = await upload([
      ...meta({ title: 'Field', kind: 'image' }),
      { name: 'regionIds', value: '2' },
      { name: 'file', value: png, fileName: 'field.png' },
    ]);
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().errors.altText).toEqual(['Alt text is required for images: describe what the image shows.']);
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/documents/add', headers: auth, payload: { title: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().success).toBe(false);
  });
});

describe('control characters in multipart fields (input boundary)', () => {
  it('strips NUL and other C0 controls from the title and alt text: 200 and stored without them', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#5a3' } })
      .png()
      .toBuffer();
    const res = await upload([
      ...meta({ title: 'Soy\u0000bean\u0007 trial', kind: 'image', altText: 'Soybean rows\u0000 in July\tat noon' }),
      { name: 'regionIds', value: '2' },
      { name: 'file', value: png, fileName: 'soy\u0000bean.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data;
    const stored = await t.app.services.documents.get(id);
    expect(stored.title).toBe('Soybean trial');
    expect(stored.altText).toBe('Soybean rows in July\tat noon');
    expect(stored.fileName).toBe('soybean.png');

    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/admin/documents/replace/${id}`,
      ...multipart([
        { name: 'note', value: 'a\u0000b' },
        { name: 'file', value: png, fileName: 'soy\u0000bean-2.png', type: 'image/png' },
      ]),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.title).toBe('Soybean trial');
  });
});

describe('images', () => {
  it('get resized WebP variants served at /doccenter/{guid}?w=', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const res = await upload([
      ...meta({ title: 'Corn field', kind: 'image', altText: 'A corn field at dawn' }),
      { name: 'regionIds', value: '2' },
      { name: 'file', value: png, fileName: 'corn field.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { url, altText } = res.json().data;
    expect(altText).toBe('A corn field at dawn');

    const w640 = await t.app.inject(`${url}?w=600`);
    expect(w640.statusCode).toBe(200);
    expect(w640.headers['content-type']).toBe('image/webp');
    expect((await sharp(w640.rawPayload).metadata()).width).toBe(640);
    const w320 = await t.app.inject(`${url}?w=320`);
    expect((await sharp(w320.rawPayload).metadata()).width).toBe(320);
    expect(w320.headers.etag).not.toBe(w640.headers.etag);
    // wider than any variant smaller than the original: the original itself
    const full = await t.app.inject(`${url}?w=1600`);
    expect(full.headers['content-type']).toBe('image/png');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1200);
  });
});

describe('replace, edit, list', () => {
  it('replace keeps the GUID, serves the new file and lists the old one as a revision', async () => {
    const added = (
      await upload([
        ...meta({ title: 'Replace Me' }),
        { name: 'regionIds', value: '2' },
        { name: 'file', value: pdf('version one'), fileName: 'v1.pdf' },
      ])
    ).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/documents/replace/${added.id}`,
      ...multipart([{ name: 'file', value: pdf('version two'), fileName: 'v2.pdf' }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const replaced = res.json().data;
    expect(replaced.guid).toBe(added.guid);
    expect(replaced.url).toBe(added.url);
    expect(replaced.revisions.map((r: { fileName: string; current: boolean }) => [r.fileName, r.current])).toEqual([
      ['v2.pdf', true],
      ['v1.pdf', false],
    ]);
    expect((await t.app.inject(added.url)).body).toContain('version two');

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/documents/replace/${added.id}`,
      ...multipart([{ name: 'file', value: Buffer.from('GIF89a'), fileName: 'x.gif' }]),
    });
    expect(refused.statusCode).toBe(415);
    expect((await t.app.inject(added.url)).body).toContain('version two');
  });

  it('edits the title and links; lists with search, kind and region filters and paging', async () => {
    const added = (
      await upload([
        ...meta({ title: 'Zeta Bulletin', kind: 'other' }),
        { name: 'regionIds', value: '4' },
        { name: 'file', value: pdf('z'), fileName: 'z.pdf' },
      ])
    ).json().data;
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents/edit',
      headers: auth,
      payload: {
        id: added.id,
        title: 'Zeta Bulletin 2026',
        kind: 'other',
        productKey: 'anvol',
        regionIds: [3, 4],
        altText: '',
        baseVersion: added.version,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ title: 'Zeta Bulletin 2026', productKey: 'anvol', regionIds: [3, 4] });

    const filter = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/documents/filter', headers: auth, payload: body }).then((r) => r.json().data);
    const found = await filter({ search: 'zeta bulletin' });
    expect(found.items.map((d: { id: number }) => d.id)).toEqual([added.id]);
    expect((await filter({ search: 'zeta', kind: 'label' })).total).toBe(0);
    expect((await filter({ search: 'zeta', region: 2 })).total).toBe(0);
    expect((await filter({ search: 'zeta', region: 4, kind: 'other' })).total).toBe(1);
    const all = await filter({ start: 0, length: 5 });
    expect(all.items).toHaveLength(5);
    expect(all.total).toBeGreaterThan(30);
    const next = await filter({ start: 5, length: 5 });
    expect(next.items[0].id).not.toBe(all.items[0].id);
  });
});

describe('usage and delete', () => {
  it('a seeded product label is listed (labels page, product page), not linked: delete takes it off those lists', async () => {
    const label = (
      await t.app.services.documents.filter({ start: 0, length: 100, search: 'wolf-trax-zinc-label', kind: 'label', region: 0 })
    ).items[0]!;
    expect(label.guid).toBe(documentGuid('wolf-trax-zinc', 'label'));
    const usage = (await t.app.inject({ url: `/api/admin/documents/usage/${label.id}`, headers: auth })).json().data;
    expect(usage).toEqual(
      expect.arrayContaining([
        { kind: 'Labels page', title: 'Product Labels', path: '/product-labels', blocking: false },
        expect.objectContaining({ kind: 'Product page', path: '/wolf-trax', blocking: false }),
      ]),
    );
    // each place once, and told apart by name: the U.S. and the Canadian page of a product share its name
    const names = usage.map((u: { kind: string; title: string }) => `${u.kind}: ${u.title}`);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Product page: WOLF TRAX (U.S.)');
    expect(usage.some((u: { blocking: boolean }) => u.blocking)).toBe(false);
    // what the labels page and the product page list
    const listed = async () =>
      JSON.stringify([await t.app.services.documents.listLabels(), (await t.app.services.products.getPublicBySlug('wolf-trax')).documents]);
    expect(await listed()).toContain(label.guid);
    const del = await t.app.inject({ url: `/api/admin/documents/delete/${label.id}`, headers: auth });
    expect(del.statusCode, del.body).toBe(200);
    expect(await listed()).not.toContain(label.guid);
    expect((await t.app.inject(`/doccenter/${label.guid}`)).statusCode).toBe(404);
  });

  it('finds a document linked from a knowledge item, and deletes it once nothing uses it', async () => {
    const added = (
      await upload([
        ...meta({ title: 'Linked Statement' }),
        { name: 'regionIds', value: '2' },
        { name: 'file', value: pdf('linked'), fileName: 'linked.pdf' },
      ])
    ).json().data;
    const db = t.database.db;
    const [item] = await db
      .select({ id: knowledgeItems.id, slug: knowledgeItems.slug, latest: knowledgeItems.currentVersionId })
      .from(knowledgeItems)
      .where(and(eq(knowledgeItems.status, 1), eq(knowledgeItems.regionId, 2)))
      .limit(1);
    const [version] = await db.select().from(knowledgeItemVersions).where(eq(knowledgeItemVersions.id, item!.latest!));
    const { id: _id, created: _created, itemId: _itemId, publishAt: _at, authorId: _author, ...copy } = version!;
    // appended as the repository does (the base row's pointer moves), without the service's sanitizing
    const versioning = createKnowledgeRepository(db).versioning;
    await versioning.append(item!.id, {
      ...copy,
      modules: [...copy.modules, { type: 'text', html: `<a href="${added.url}">Statement</a>` } as never],
    });

    const usage = (await t.app.inject({ url: `/api/admin/documents/get/${added.id}`, headers: auth })).json().data.usage;
    expect(usage).toEqual([{ kind: 'Knowledge item', title: version!.title, path: `/knowledge-center/${item!.slug}`, blocking: true }]);
    const refused = await t.app.inject({ url: `/api/admin/documents/delete/${added.id}`, headers: auth });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^This document is in use \(Knowledge item ".*"\) and cannot be deleted\. Remove it from there first\.$/,
    );

    // the item's next version drops the link: nothing uses the document any more
    await versioning.append(item!.id, copy);
    const del = await t.app.inject({ url: `/api/admin/documents/delete/${added.id}`, headers: auth });
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.app.inject(added.url)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/admin/documents/get/${added.id}`, headers: auth })).statusCode).toBe(404);
  });

  it("refuses to delete a rep's photo while the rep shows it, and deletes it once the photo is changed", async () => {
    const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#3a5' } })
      .png()
      .toBuffer();
    const added = (
      await upload([
        ...meta({ title: 'Rep portrait', kind: 'image', altText: 'A rep in a wheat field' }),
        { name: 'regionIds', value: '2' },
        { name: 'file', value: png, fileName: 'rep.png' },
      ])
    ).json().data;
    const db = t.database.db;
    const [rep] = await db.select({ id: reps.id, name: reps.name, photo: reps.photo }).from(reps).limit(1);
    await db.update(reps).set({ photo: added.url }).where(eq(reps.id, rep!.id));
    try {
      const usage = (await t.app.inject({ url: `/api/admin/documents/get/${added.id}`, headers: auth })).json().data.usage;
      expect(usage).toEqual([
        { kind: 'Rep photo', title: rep!.name, path: `/siteadmin/reps-retailers/rep/edit/${rep!.id}`, blocking: true },
      ]);
      const refused = await t.app.inject({ url: `/api/admin/documents/delete/${added.id}`, headers: auth });
      expect(refused.statusCode).toBe(409);
      expect((await t.app.inject(added.url)).statusCode).toBe(200);
    } finally {
      await db.update(reps).set({ photo: rep!.photo }).where(eq(reps.id, rep!.id));
    }
    const del = await t.app.inject({ url: `/api/admin/documents/delete/${added.id}`, headers: auth });
    expect(del.statusCode, del.body).toBe(200);
  });
});
