import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '#tests/setup/auth-helpers.ts';
import { TEST_ADMIN } from '#tests/setup/constants.ts';
import { editKnowledgeItem } from '#tests/setup/content-edits.ts';
import { multipart, pdf } from '#tests/setup/multipart.ts';
import { startS3, type TestS3 } from '#tests/setup/s3-server.ts';
import { startTwoInstances, withinASecond, type TwoInstances } from '#tests/setup/two-instances.ts';

// Two instances as a scaled-out site runs them (docs/operations.md, "Run it on two machines"): one PostgreSQL
// database (each with its own pool), one Redis, one bucket, each with its own DATA_DIR and page cache.
// This file runs in the PostgreSQL pass (TEST_DATABASE_URL); CI sets TEST_REDIS_URL as well.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('two-instance test skipped: TEST_REDIS_URL is not set (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379)');

const RATE_LIMIT = 4;
const ITEM_SLUG = 'keep-surface-applied-urea-in-the-field';
const ITEM = `/knowledge-center/${ITEM_SLUG}`;

/** An address of this run alone: the Redis server may be shared with other runs, and counters are per IP. */
const clientIp = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

describe.skipIf(!redisUrl)('two instances on one PostgreSQL, one Redis and one bucket', () => {
  let instances: TwoInstances;
  let s3: TestS3;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const ip = clientIp();

  beforeAll(async () => {
    s3 = await startS3();
    instances = await startTwoInstances({
      ui: 'build',
      poolSize: 4,
      env: { REDIS_URL: redisUrl, FORM_RATE_LIMIT: String(RATE_LIMIT), LOGIN_RATE_LIMIT: String(RATE_LIMIT), ...s3.env },
    });
    ({ a, b } = instances);
  });
  afterAll(async () => {
    await instances?.close();
    await s3?.stop();
  });

  /** Signs in on `app` from this run's own address (a fresh one: the login budget is tested below). */
  async function signIn(app: FastifyInstance) {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { Username: TEST_ADMIN.email, Password: TEST_ADMIN.password },
      remoteAddress: clientIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { token: string; refreshToken: string };
  }

  it('keep no lead journal (PostgreSQL keeps its own WAL) and share the bucket', () => {
    expect(a.services.intakeJournal).toBeUndefined();
    expect(a.services.documents.storage.driver).toBe('s3');
    expect(b.services.documents.storage.driver).toBe('s3');
  });

  it('a sign-in on one is accepted by the other', async () => {
    const session = await signIn(a);
    const check = await b.inject({ url: '/auth/check-auth', headers: bearer(session.token) });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ email: TEST_ADMIN.email });
  });

  it('a published edit on one is served by the other within a second, although the other had the page cached', async () => {
    await b.inject(ITEM);
    expect((await b.inject(ITEM)).headers['x-page-cache']).toBe('hit');
    const title = `Edited on Instance A ${randomBytes(3).toString('hex')}`;
    await editKnowledgeItem(a, ITEM_SLUG, { title });
    const shown = await withinASecond(
      () => b.inject(ITEM),
      (r) => r.body.includes(title),
    );
    expect(shown.reply.body).toContain(title);
    expect(shown.ms).toBeLessThan(1000);
  });

  it('a file uploaded on one is served by the other byte for byte, with its ranges', async () => {
    const { token } = await signIn(a);
    const file = Buffer.concat([pdf('uploaded on instance A', 40), randomBytes(64 * 1024)]);
    const parts = [
      { name: 'title', value: 'Two-Instance Statement' },
      { name: 'kind', value: 'statement' },
      { name: 'altText', value: '' },
      { name: 'regionIds', value: '2' },
      { name: 'file', value: file, fileName: 'two-instances.pdf', type: 'application/pdf' },
    ];
    const added = await a.inject({ method: 'POST', url: '/api/admin/documents/add', ...multipart(parts, bearer(token)) });
    expect(added.statusCode, added.body).toBe(200);
    const url = added.json().data.url as string;
    const served = await b.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(file)).toBe(true);
    const part = await b.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(file.subarray(100, 200))).toBe(true);
  });

  it('a redirect added on one answers on the other', async () => {
    const from = `/moved-between-instances-${randomBytes(3).toString('hex')}`;
    expect((await b.inject(from)).statusCode).toBe(404);
    const { token } = await signIn(a);
    const added = await a.inject({
      method: 'POST',
      url: '/api/admin/redirects/add',
      headers: bearer(token),
      payload: { fromPath: from, toPath: '/about', statusCode: 301 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const moved = await withinASecond(
      () => b.inject(from),
      (r) => r.statusCode === 301,
    );
    expect(moved.reply.statusCode).toBe(301);
    expect(moved.reply.headers.location).toBe('/about');
    expect(moved.ms).toBeLessThan(1000);
  });

  it('the lead form limit is one budget across both', async () => {
    const lead = {
      name: 'Budget Test',
      email: 'budget@example.com',
      phone: '+1 (515) 555-0199',
      data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
      message: 'Counting across instances.',
      reCaptchaToken: '',
    };
    const post = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/forms/add', payload: lead, remoteAddress: ip });
    const statuses = [];
    for (const app of [a, b, a, b, a, b]) statuses.push((await post(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('the sign-in limit is one budget across both', async () => {
    const from = clientIp();
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { Username: `nobody-${from}@example.com`, Password: 'not-the-password' },
        remoteAddress: from,
      });
    const statuses = [];
    for (const app of [b, a, b, a, b, a]) statuses.push((await attempt(app)).statusCode);
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);
  });

  it('a refresh token rotated on one is refused on the other when replayed', async () => {
    const session = await signIn(a);
    const refresh = (app: FastifyInstance, refreshToken: string) =>
      app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken }, remoteAddress: clientIp() });
    const rotated = await refresh(a, session.refreshToken);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const replay = await refresh(b, session.refreshToken);
    expect(replay.statusCode).toBe(401);
    // the replay ended the session everywhere: the newer token no longer works on either instance
    expect((await refresh(a, rotated.json().data.refreshToken as string)).statusCode).toBe(401);
  });
});
