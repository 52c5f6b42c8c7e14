import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { multipart, pdf, type Part } from '#tests/setup/multipart.ts';
import { startS3, type TestS3 } from '#tests/setup/s3-server.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let s3: TestS3;
let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ ...s3.env, DOCUMENT_MAX_UPLOAD_MB: '1' });
  auth = bearer((await signIn(t.app)).token);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const fields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({ title: 'Bucket Statement', kind: 'statement', altText: '', regionIds: '2', ...over }).map(([name, value]) => ({
    name,
    value,
  }));

const upload = (file: Part, over: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/admin/documents/add', ...multipart([...fields(over), file], auth) });

async function bucketKeys() {
  const keys: string[] = [];
  for await (const o of t.app.services.documents.storage.list()) keys.push(o.key);
  return keys.sort();
}

describe('documents in an S3-compatible bucket (S3_BUCKET set)', () => {
  it('chooses the S3 driver and keeps nothing in DATA_DIR/documents', async () => {
    expect(t.app.services.documents.storage.driver).toBe('s3');
    const res = await upload({ name: 'file', value: pdf('in the bucket', 20), fileName: 'statement.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().data as { url: string };
    // stored under its checksum, the upload's temporary key gone
    expect(await bucketKeys()).toEqual([expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z]+$/)]);
    let local: string[] = [];
    try {
      local = readdirSync(path.join(t.env.DATA_DIR, 'documents'));
    } catch {
      // never created
    }
    expect(local).toEqual([]);
    const served = await t.app.inject(doc.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(pdf('in the bucket', 20));
  });

  it('serves /doccenter/{guid} with its ETag (304 on a match) and byte ranges (206, Content-Range, 416 past the end)', async () => {
    const file = pdf('ranges from the bucket', 8);
    const res = await upload({ name: 'file', value: file, fileName: 'ranges.pdf', type: 'application/pdf' });
    const url = res.json().data.url as string;

    const whole = await t.app.inject(url);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe(String(file.length));
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const part = await t.app.inject({ url, headers: { range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-4/${file.length}`);
    expect(part.body).toBe('%PDF-');
    const middle = await t.app.inject({ url, headers: { range: 'bytes=9-30' } });
    expect(middle.rawPayload).toEqual(file.subarray(9, 31));
    const tail = await t.app.inject({ url, headers: { range: 'bytes=-6' } });
    expect(tail.rawPayload).toEqual(file.subarray(file.length - 6));
    expect((await t.app.inject({ url, headers: { range: `bytes=${file.length + 10}-` } })).statusCode).toBe(416);
  });

  it('leaves nothing in the bucket when an upload is refused: too large, or not an accepted type', async () => {
    const before = await bucketKeys();
    const tooLarge = await upload({ name: 'file', value: pdf('too large', 1100), fileName: 'big.pdf', type: 'application/pdf' });
    expect(tooLarge.statusCode).toBe(413);
    const notAccepted = await upload({
      name: 'file',
      value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      fileName: 'logo.svg',
      type: 'image/svg+xml',
    });
    expect(notAccepted.statusCode).toBe(415);
    expect(await bucketKeys()).toEqual(before);
    expect(before.some((k) => k.startsWith('incoming/'))).toBe(false);
  });

  it('stores an image and its resized variants in the bucket and serves a variant by width', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2f6b3a' } })
      .png()
      .toBuffer();
    const res = await upload(
      { name: 'file', value: png, fileName: 'field.png', type: 'image/png' },
      { kind: 'image', title: 'Field', altText: 'A green field' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const keys = await bucketKeys();
    expect(keys.filter((k) => k.startsWith('variants/'))).toHaveLength(3);
    const variant = await t.app.inject(`${res.json().data.url as string}?w=600`);
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(640);
  });

  it('deletes a document and its files from the bucket', async () => {
    const res = await upload({ name: 'file', value: pdf('to delete'), fileName: 'delete.pdf', type: 'application/pdf' });
    const doc = res.json().data as { id: number };
    const before = await bucketKeys();
    const del = await t.app.inject({ url: `/api/admin/documents/delete/${doc.id}`, headers: auth });
    expect(del.statusCode, del.body).toBe(200);
    expect((await bucketKeys()).length).toBe(before.length - 1);
  });
});
