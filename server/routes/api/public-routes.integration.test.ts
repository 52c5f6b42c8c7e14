import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/states/get-all/{regionId}', () => {
  it('lists the US states with id, code and name for region 2', async () => {
    const res = await t.app.inject('/api/states/get-all/2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(51);
    expect(body.data).toContainEqual({ id: expect.any(Number), code: 'IA', name: 'Iowa' });
    expect(body.data.map((s: { name: string }) => s.name)).toEqual([...body.data.map((s: { name: string }) => s.name)].sort());
  });

  it('lists the Canadian provinces and territories for region 3', async () => {
    const body = (await t.app.inject('/api/states/get-all/3')).json();
    expect(body.data).toHaveLength(13);
    expect(body.data.map((s: { code: string }) => s.code)).toContain('SK');
  });

  it('answers an empty list for International', async () => {
    expect((await t.app.inject('/api/states/get-all/4')).json()).toEqual({ success: true, data: [], message: null });
  });

  it('rejects an unknown region with 400 and a message', async () => {
    const res = await t.app.inject('/api/states/get-all/9');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Region must be 2, 3 or 4.' });
  });
});

describe('GET /api/redirects/get-redirect/{path}', () => {
  it('returns the stored target and status for a known path', async () => {
    const res = await t.app.inject('/api/redirects/get-redirect/nitrogen-101');
    expect(res.json()).toEqual({ success: true, data: { toPath: '/knowledge-center', statusCode: 301 }, message: null });
  });

  it('matches without regard to case or a trailing slash', async () => {
    const res = await t.app.inject('/api/redirects/get-redirect/Nitrogen-101/');
    expect(res.json().data).toEqual({ toPath: '/knowledge-center', statusCode: 301 });
  });

  it('returns data null for a path without a redirect', async () => {
    expect((await t.app.inject('/api/redirects/get-redirect/no-such-page')).json()).toEqual({ success: true, data: null, message: null });
  });

  it('sees a new redirect as soon as it is saved', async () => {
    await t.app.services.redirects.save({ fromPath: '/Spring-Promo', toPath: '/clear-choice', statusCode: 302 });
    const res = await t.app.inject('/api/redirects/get-redirect/spring-promo');
    expect(res.json().data).toEqual({ toPath: '/clear-choice', statusCode: 302 });
  });
});

describe('GET /api/pages/get-by-slug/{slug}', () => {
  it('returns a visible page with its latest content', async () => {
    const res = await t.app.inject('/api/pages/get-by-slug/growing-season-guide');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      slug: 'growing-season-guide',
      visibility: 1,
      title: 'Your Growing Season Guide',
      heroImageType: 0,
      regionIds: [2],
    });
    expect(data.modules.map((m: { type: number }) => m.type)).toEqual([2, 3]);
  });

  it('does not serve a page whose visibility is not 1', async () => {
    const res = await t.app.inject('/api/pages/get-by-slug/draft-winter-meeting');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it('answers 404 for an unknown slug', async () => {
    expect((await t.app.inject('/api/pages/get-by-slug/nothing-here')).statusCode).toBe(404);
  });
});

describe('service endpoints', () => {
  it('reports health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toMatchObject({ status: 'ok' });
  });

  it('serves the OpenAPI document with the public routes', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/states/get-all/{regionId}', '/api/pages/get-by-slug/{slug}']));
  });

  // Unknown API paths: server/input-boundary.integration.test.ts, against the full app (page routes mounted).
});
