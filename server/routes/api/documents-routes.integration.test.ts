import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentGuid, DOCUMENT_PRODUCTS } from '#shared/product-documents.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// The seed wrote the generated PDFs under the test data directory (tests/setup/global-db.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: path.resolve('.tmp/test-data') });
});
afterAll(() => t.close());

const zincLabel = documentGuid('wolf-trax-zinc', 'label');

describe('GET /doccenter/{guid}', () => {
  it('streams a seeded label as an inline PDF with a real file name, length, ETag and Last-Modified', async () => {
    const res = await t.app.inject(`/doccenter/${zincLabel}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="wolf-trax-zinc-label.pdf"; filename*=UTF-8''wolf-trax-zinc-label.pdf`,
    );
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('WOLF TRAX Zinc DDP');
    expect(res.headers.etag).toBe(`"${createHash('sha256').update(res.rawPayload).digest('hex').slice(0, 32)}"`);
    expect(new Date(String(res.headers['last-modified'])).getTime()).not.toBeNaN();
  });

  it('has a label and an SDS for every product, at the GUIDs the product selector links to', async () => {
    for (const p of DOCUMENT_PRODUCTS) {
      for (const kind of ['label', 'sds'] as const) {
        const res = await t.app.inject({ method: 'HEAD', url: `/doccenter/${documentGuid(p.key, kind)}` });
        expect(res.statusCode, `${p.key} ${kind}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(Number(res.headers['content-length'])).toBeGreaterThan(1000);
        expect(res.body).toBe('');
        expect(res.headers['content-disposition']).toContain(`${p.key}-${kind}.pdf`);
      }
    }
  });

  it('answers 304 when the ETag matches', async () => {
    const { etag } = (await t.app.inject(`/doccenter/${zincLabel}`)).headers;
    const res = await t.app.inject({ url: `/doccenter/${zincLabel}`, headers: { 'if-none-match': String(etag) } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    const other = await t.app.inject({ url: `/doccenter/${zincLabel}`, headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
  });

  it('serves a byte range as 206 with Content-Range', async () => {
    const full = (await t.app.inject(`/doccenter/${zincLabel}`)).rawPayload;
    const res = await t.app.inject({ url: `/doccenter/${zincLabel}`, headers: { range: 'bytes=0-99' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${full.length}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.equals(full.subarray(0, 100))).toBe(true);

    const tail = await t.app.inject({ url: `/doccenter/${zincLabel}`, headers: { range: 'bytes=-50' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(full.subarray(full.length - 50))).toBe(true);
  });

  it('ignores the range when If-Range names an older version', async () => {
    const res = await t.app.inject({ url: `/doccenter/${zincLabel}`, headers: { range: 'bytes=0-9', 'if-range': '"stale"' } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const size = Number((await t.app.inject({ method: 'HEAD', url: `/doccenter/${zincLabel}` })).headers['content-length']);
    const res = await t.app.inject({ url: `/doccenter/${zincLabel}`, headers: { range: `bytes=${size + 10}-` } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('answers 404 for an unknown or malformed GUID', async () => {
    const unknown = await t.app.inject('/doccenter/00000000-0000-4000-a000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, data: null });
    expect((await t.app.inject('/doccenter/not-a-guid')).statusCode).toBe(404);
  });
});

describe('replacing a document file', () => {
  it('keeps the GUID and URL, serves the new file and keeps the old one as a revision', async () => {
    const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
    const guid = await t.app.services.documents.create(
      { kind: 'statement', productKey: null, title: 'Sustainability Statement', regionIds: [2, 3] },
      { fileName: 'Sustainability Statement 2026.pdf', contentType: 'application/pdf', data: pdf('first') },
    );
    const first = await t.app.inject(`/doccenter/${guid}`);
    expect(first.body).toContain('first');
    expect(first.headers['content-disposition']).toContain('filename="sustainability-statement-2026.pdf"');

    await t.app.services.documents.replaceFile(guid, { fileName: 'statement-v2.pdf', contentType: 'application/pdf', data: pdf('second') });
    const second = await t.app.inject(`/doccenter/${guid}`);
    expect(second.body).toContain('second');
    expect(second.headers.etag).not.toBe(first.headers.etag);
    const stale = await t.app.inject({ url: `/doccenter/${guid}`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(stale.statusCode).toBe(200);
  });

  it('refuses a file whose content does not match its type', async () => {
    await expect(
      t.app.services.documents.create(
        { kind: 'label', productKey: 'agrotain', title: 'Fake', regionIds: [2] },
        { fileName: 'fake.pdf', contentType: 'application/pdf', data: Buffer.from('<script>alert(1)</script>') },
      ),
    ).rejects.toMatchObject({ status: 415 });
  });
});
