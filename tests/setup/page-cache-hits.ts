import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Each of `urls` is answered from the page cache (`x-page-cache: hit`) with exactly `body`. */
export async function expectCachedAs(app: FastifyInstance, urls: string[], body: string) {
  for (const url of urls) {
    const res = await app.inject(url);
    expect(res.headers['x-page-cache'], url).toBe('hit');
    expect(res.body, url).toBe(body);
  }
}
