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

/**
 * The page's axe violations under the full WCAG 2.1 A and AA rule set, one line each.
 *
 * Legacy mode runs axe in the page itself. The default mode runs it per frame and then opens a
 * blank tab to merge the frames' results, loading axe a second time there: about half of each
 * scan's time, spent on a merge that only matters for cross-origin frames, which the site has
 * none of (a same-origin frame is still scanned in legacy mode). Only the violations are
 * collected in full: the passes and the inapplicable rules are never read.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // options() replaces every option set before it, so it comes before withRules()
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withRules(WCAG_RULES)
    .setLegacyMode()
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}
