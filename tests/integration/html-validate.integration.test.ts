import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { TEMPLATE_PAGES } from '#tests/setup/template-pages.ts';
import { htmlProblemsIn as problemsIn } from '#tests/setup/html-validator.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
});
afterAll(() => t.close());

it.each(TEMPLATE_PAGES)('the $template page ($path) is valid HTML', async ({ path, status }) => {
  const res = await t.app.inject(path);
  expect(res.statusCode).toBe(status ?? 200);
  expect(await problemsIn(res.body)).toEqual([]);
});

it('a preview page (ADR 024), with its bar, is valid HTML', async () => {
  const { token } = await signIn(t.app);
  const content = { title: 'Preview Validity', modules: [{ type: 2, content: '<p>Body</p>' }], publishDate: '2026-04-01T00:00:00Z' };
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/preview',
    headers: bearer(token),
    payload: { kind: 'knowledge', content },
  });
  expect(made.statusCode, made.body).toBe(200);
  const res = await t.app.inject(made.json().data.url);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('Preview — not published');
  expect(await problemsIn(res.body)).toEqual([]);
});
