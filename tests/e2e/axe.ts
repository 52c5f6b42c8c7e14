import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Every axe rule tagged WCAG 2.0/2.1 A or AA, named one by one. `withTags` alone is not enough:
 * axe-core leaves out rules it tags `experimental` (label-content-name-mismatch, p-as-heading,
 * td-has-header, table-fake-caption, css-orientation-lock) or `deprecated` unless they are asked
 * for by id, so a tag-based run silently skips them.
 */
export const WCAG_RULES = axe.getRules(WCAG_TAGS).map((r) => r.ruleId);

/** The page's axe violations under the full WCAG 2.1 A and AA rule set, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(WCAG_RULES).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}
