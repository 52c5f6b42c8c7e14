import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Every line the app logs goes through one redaction: request lines (Fastify's serializer), the
 * React Router entry's loader and render errors (app/entry.server.tsx) and any message that quotes
 * a link. No link token reaches the log.
 */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info', PAGE_CACHE_MB: '0' },
    { ui: 'build', logger: { stream: { write: (line: string) => lines.push(line) } } },
  );
});
afterAll(() => t.close());

const TOKENS = {
  reset: 'rEsEt-Tok3n_4f1c9a',
  login: 'oNe-TiMe_77b0e2',
  confirm: 'cOnFiRm-8d2a1f',
  preview: 'pReViEw_c0ffee12',
};
const leaked = () => lines.filter((l) => Object.values(TOKENS).some((token) => l.includes(token)));

describe('the app log', () => {
  it('names token links with the token replaced, in request lines and Referers', async () => {
    const from = lines.length;
    for (const url of [
      `/account/reset-password/${TOKENS.reset}`,
      `/account/one-time-login/${TOKENS.login}?next=1`,
      `/account/confirm-email/${TOKENS.confirm}`,
      `/preview/${TOKENS.preview}.data?_routes=preview`,
    ]) {
      await t.app.inject({ url, headers: { referer: `http://localhost:3000/preview/${TOKENS.preview}` } });
    }
    const logged = lines.slice(from).join('\n');
    expect(logged).toContain('"url":"/account/reset-password/[redacted]"');
    expect(logged).toContain('"url":"/account/one-time-login/[redacted]?next=1"');
    expect(logged).toContain('"url":"/account/confirm-email/[redacted]"');
    expect(logged).toContain('"url":"/preview/[redacted]?_routes=preview"');
    expect(leaked()).toEqual([]);
  });

  it("redacts a loader's error on a preview page (the entry's error log), its URL and its message", async () => {
    const page = vi
      .spyOn(t.app.services.previews, 'page')
      .mockRejectedValue(new Error(`preview /preview/${TOKENS.preview} could not be read`));
    const from = lines.length;
    try {
      const res = await t.app.inject({ url: `/preview/${TOKENS.preview}`, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(500);
    } finally {
      page.mockRestore();
    }
    const errors = lines.slice(from).filter((l) => l.includes('unhandled error in loader or action'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('/preview/[redacted]');
    expect(errors[0]).toContain('could not be read');
    expect(leaked()).toEqual([]);
  });

  it('redacts a token quoted in any field or message of a line the app writes itself', () => {
    t.app.log.warn(
      { link: `https://www.example.com/account/reset-password/${TOKENS.reset}` },
      `sent /account/confirm-email/${TOKENS.confirm}`,
    );
    const line = lines.at(-1)!;
    expect(line).toContain('https://www.example.com/account/reset-password/[redacted]');
    expect(line).toContain('sent /account/confirm-email/[redacted]');
    expect(leaked()).toEqual([]);
  });

  it('writes one line per request, and none at info for a page the page cache answered', async () => {
    const cached = await createTestApp(
      { LOG_LEVEL: 'info' },
      { ui: 'build', logger: { stream: { write: (line: string) => own.push(line) } } },
    );
    const own: string[] = [];
    try {
      const requestLines = (from: number) => own.slice(from).filter((l) => /"msg":"(request completed|incoming request)"/.test(l));
      let from = own.length;
      const first = await cached.app.inject('/agrotain');
      expect(first.headers['x-page-cache']).toBe('miss');
      expect(requestLines(from)).toHaveLength(1);
      expect(requestLines(from)[0]).toMatch(/"url":"\/agrotain".*"statusCode":200.*"responseTime":\d+/);
      from = own.length;
      const again = await cached.app.inject('/agrotain');
      expect(again.headers['x-page-cache']).toBe('hit');
      expect(requestLines(from)).toEqual([]);
      from = own.length;
      await cached.app.inject('/api/states/get-all/2');
      expect(requestLines(from)).toHaveLength(1);
    } finally {
      await cached.close();
    }
  });

  it("names each request by the proxy's X-Request-Id (or its own), echoes it and logs it", async () => {
    const from = lines.length;
    const res = await t.app.inject({ url: '/api/states/get-all/2', headers: { 'x-request-id': 'nginx-7f3a9c0e' } });
    expect(res.headers['x-request-id']).toBe('nginx-7f3a9c0e');
    expect(lines.slice(from).some((l) => l.includes('"reqId":"nginx-7f3a9c0e"') && l.includes('request completed'))).toBe(true);
    const forged = await t.app.inject({ url: '/api/states/get-all/2', headers: { 'x-request-id': 'a"b\n{"level":60}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
