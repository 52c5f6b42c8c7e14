/**
 * Helpers for component tests in jsdom (files starting with `// @vitest-environment jsdom`).
 * Cleanup, the test timeout and jsdom's missing layout calls are set per file by dom-env.ts
 * (a setup file of the unit project).
 */
/**
 * axe in jsdom on a rendered component: the WCAG 2.1 A/AA rules (as tests/e2e/axe.ts), less those
 * that need layout or colours jsdom does not compute (contrast, target size, reflow); the browser
 * runs check those on real screens.
 */
export async function axeViolationsIn(element: Element): Promise<string[]> {
  const axe = (await import('axe-core')).default;
  const layoutRules = new Set([
    'color-contrast',
    'color-contrast-enhanced',
    'target-size',
    'css-orientation-lock',
    'scrollable-region-focusable',
  ]);
  const rules = axe
    .getRules(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .map((r) => r.ruleId)
    .filter((id) => !layoutRules.has(id));
  const results = await axe.run(element, { runOnly: { type: 'rule', values: rules } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
