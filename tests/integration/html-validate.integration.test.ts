import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { TEMPLATE_PAGES } from '#tests/setup/template-pages.ts';

/**
 * The recommended rules, less the purely stylistic ones React's serializer cannot meet: it writes
 * void elements without a slash, some attribute names in camel case, and boolean attributes as
 * `hidden=""` (attribute-boolean-style, attribute-empty-style). React's useId() makes ids such as
 * `_R_r5_`, which only the relaxed id rule accepts.
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'valid-id': ['error', { relaxed: true }],
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
});
afterAll(() => t.close());

it.each(TEMPLATE_PAGES)('the $template page ($path) is valid HTML', async ({ path, status }) => {
  const res = await t.app.inject(path);
  expect(res.statusCode).toBe(status ?? 200);
  const report = await validator.validateString(res.body);
  const problems = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.selector ?? ''} (line ${m.line}): ${m.message}`));
  expect(problems).toEqual([]);
});
