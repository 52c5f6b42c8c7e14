import { once } from 'node:events';
import http from 'node:http';
import { Readable, Transform } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const MB = 1024 * 1024;
const FILE_MB = 64;

let t: TestApp;
let auth: Record<string, string>;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ DOCUMENT_MAX_UPLOAD_MB: '80' });
  auth = bearer((await signIn(t.app)).token);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

// Live memory, not garbage waiting for a collection: chunks already passed on are not held.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Memory a buffered upload would hold: the JS heap and the Buffers outside it, after a collection. */
const used = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

describe('document uploads are streamed', () => {
  it('reach storage through putStream while the request is still arriving, without holding the file in memory', async () => {
    const storage = t.app.services.documents.storage;
    const putStream = storage.putStream.bind(storage);
    const put = storage.put.bind(storage);
    let stored = 0;
    let streams = 0;
    const buffered: number[] = [];
    // a tap on what the service hands to storage: how many bytes have reached it so far
    storage.putStream = (key, source) => {
      streams++;
      expect(source).toBeInstanceOf(Readable);
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          stored += chunk.length;
          done(null, chunk);
        },
      });
      source.on('error', (err) => tap.destroy(err));
      return putStream(key, source.pipe(tap));
    };
    storage.put = (key, data) => {
      buffered.push(data.length);
      return put(key, data);
    };

    try {
      const boundary = '----streaming-test-boundary';
      const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const head = Buffer.from(
        field('title', 'Large Statement') +
          field('kind', 'statement') +
          field('regionIds', '2') +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      const tail = Buffer.from(`\n%%EOF\r\n--${boundary}--\r\n`);
      const chunk = Buffer.alloc(256 * 1024, 0x20);

      const baseline = used();
      let peak = 0;
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/admin/documents/add',
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      });
      const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
      });

      req.write(head);
      let sent = 0;
      let storedWhileSending = 0;
      for (let i = 0; i < (FILE_MB * MB) / chunk.length; i++) {
        if (!req.write(chunk)) await once(req, 'drain');
        sent += chunk.length;
        // what the server holds while the file arrives: a buffering service would hold all sent so far
        if (sent % (8 * MB) === 0) peak = Math.max(peak, used() - baseline);
        // half way: storage must already hold most of what was sent (a buffering service holds none)
        if (sent === (FILE_MB / 2) * MB) {
          const waitUntil = Date.now() + 5000;
          while (stored < sent - 4 * MB && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 10));
          storedWhileSending = stored;
        }
      }
      req.end(tail);
      const res = await reply;

      expect(res.status, res.body).toBe(200);
      const doc = JSON.parse(res.body).data as { size: number; contentType: string };
      expect(doc).toMatchObject({ contentType: 'application/pdf', size: FILE_MB * MB + 9 + 6 });
      expect(streams).toBe(1);
      expect(stored).toBe(doc.size);
      expect(storedWhileSending).toBeGreaterThanOrEqual((FILE_MB / 2 - 4) * MB);
      // the file is never written from a buffer, and memory stays far below its size
      expect(buffered).toEqual([]);
      expect(peak).toBeLessThan((FILE_MB * MB) / 3);
    } finally {
      storage.putStream = putStream;
      storage.put = put;
    }
  });
});
