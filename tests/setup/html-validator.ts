import { HtmlValidate } from 'html-validate';

/**
 * The recommended rules, less the purely stylistic ones React's serializer cannot meet: it writes
 * void elements without a slash, some attribute names in camel case, and boolean attributes as
 * `hidden=""` (attribute-boolean-style, attribute-empty-style). React's useId() makes ids such as
 * `_R_r5_`, which only the relaxed id rule accepts.
 */
export const htmlValidator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'valid-id': ['error', { relaxed: true }],
  },
});

/** Every problem html-validate finds in a page, one line each. */
export async function htmlProblemsIn(html: string): Promise<string[]> {
  const report = await htmlValidator.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.selector ?? ''} (line ${m.line}): ${m.message}`));
}
