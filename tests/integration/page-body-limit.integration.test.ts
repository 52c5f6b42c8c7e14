import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, productionEnv, stop, waitFor } from '#tests/setup/server-process.ts';

// The compiled server (build/node/index.js, as production runs it) on a real socket: a form post
// without a Content-Length is counted as it streams and refused at the pages' limit (64 KB) while
// the client is still sending, before the form rate limit counts it.

const THANK_YOU = 'Thank you! Our team is reviewing your request and will connect you with the right resource.';
const TOTAL = 8 * 1024 * 1024;

let child: ChildProcess;
let port: number;
let output = '';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'body-limit-'));

beforeAll(async () => {
  port = await freePort();
  child = spawn(process.execPath, ['build/node/index.js'], {
    env: productionEnv(port, dataDir, { DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', FORM_RATE_LIMIT: '2' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitFor(`http://127.0.0.1:${port}/readyz`, child, 'the compiled server');
}, 150_000);

afterAll(async () => {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
});

interface Streamed {
  head: string;
  body: string;
  /** bytes of body the client had written when the first byte of the answer came */
  sentWhenAnswered: number;
  /** the server closed the connection (the client did not have to) */
  closedByServer: boolean;
}

/** POST `TOTAL` bytes to `url` in 16 KB chunks a few ms apart, with no Content-Length, until the server answers. */
function chunkedPost(url: string): Promise<Streamed> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    let sent = 0;
    let answeredAt = -1;
    let reply = '';
    let gaveUp = false;
    let pump: NodeJS.Timeout | undefined;
    const guard = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, 30_000);
    socket.on('connect', () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          'Accept: text/html\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nname=\r\n',
      );
      const next = () => {
        if (answeredAt >= 0 || socket.destroyed) return;
        if (sent >= TOTAL) return void socket.write('0\r\n\r\n');
        socket.write(frame);
        sent += chunk.length;
        pump = setTimeout(next, 2);
      };
      next();
    });
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      if (answeredAt < 0) answeredAt = sent;
      reply += d;
    });
    // the server closes while the client may still be writing
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(guard);
      clearTimeout(pump);
      const split = reply.indexOf('\r\n\r\n');
      resolve({ head: reply.slice(0, split), body: reply.slice(split + 4), sentWhenAnswered: answeredAt, closedByServer: !gaveUp });
    });
  });
}

function formPost(url: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a page form post without a Content-Length, on the compiled server', () => {
  it('is refused with 413 (the Form Too Large page) at the limit, while the client is still sending, and the connection is closed', async () => {
    const res = await chunkedPost('/contact');
    expect(res.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.head).toMatch(/^connection: close$/im);
    expect(res.body).toContain('<title>Form Too Large | Northfield Agronomics</title>');
    expect(res.sentWhenAnswered).toBeGreaterThan(0);
    expect(res.sentWhenAnswered).toBeLessThan(TOTAL / 2);
    expect(res.closedByServer).toBe(true);
  });

  it('did not count against the form rate limit; a post under the limit is stored as before, up to FORM_RATE_LIMIT', async () => {
    const form = (name: string) =>
      new URLSearchParams({ name, email: 'body.limit@example.com', region: 'USA', role: 'Grower', message: 'Under the limit.' }).toString();
    const first = await formPost('/contact', form('Body Limit One'));
    expect(first.status).toBe(200);
    expect(first.body).toContain(THANK_YOU);
    expect((await formPost('/contact', form('Body Limit Two'))).status).toBe(200);
    expect((await formPost('/contact', form('Body Limit Three'))).status).toBe(429);
    expect(output).not.toMatch(/"level":50/);
  });
});
