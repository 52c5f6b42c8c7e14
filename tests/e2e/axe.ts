import axe from 'axe-core';
import type { Frame, Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Every axe rule tagged WCAG 2.0/2.1 A or AA, named one by one. `withTags` alone is not enough:
 * axe-core leaves out rules it tags `experimental` (label-content-name-mismatch, p-as-heading,
 * td-has-header, table-fake-caption, css-orientation-lock) or `deprecated` unless they are asked
 * for by id, so a tag-based run silently skips them.
 */
export const WCAG_RULES = axe.getRules(WCAG_TAGS).map((r) => r.ruleId);

/** axe-core in a frame, configured as @axe-core/playwright's legacy mode does (same-origin frames only). */
const SOURCE = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;
const HAS_AXE = `window.axe?.version === ${JSON.stringify(axe.version)}`;

/**
 * Puts axe into a frame unless the frame's document has it already. A test that scans one document
 * several times (a form before and after it is sent) pays for the 560 KB script once, and the later
 * scans run on code the browser has already compiled and optimised: 1 s instead of 4-5 s per scan
 * on a loaded 2-core machine. axe rebuilds its tree from the DOM on every run, so a later scan sees
 * the document as it is then.
 */
async function inject(frame: Frame, main: boolean) {
  const put = async () => {
    if (!(await frame.evaluate(HAS_AXE))) await frame.evaluate(SOURCE);
  };
  if (main) return put();
  // as @axe-core/playwright: a child frame that cannot take the script in time is left out (a
  // cross-origin or detached frame), the main frame's axe then reports it as it does without axe in it
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([put(), new Promise<void>((resolve) => (timer = setTimeout(resolve, 1_000)))])
    .catch(() => {})
    .finally(() => clearTimeout(timer));
}

/**
 * The page's axe violations under the full WCAG 2.1 A and AA rule set, one line each.
 *
 * Axe runs in the page itself, over the whole document and its same-origin frames (axe in the
 * main frame asks axe in each frame): what @axe-core/playwright's legacy mode does, without its
 * default mode's blank tab that loads axe a second time to merge per-frame results (only needed for
 * cross-origin frames, which the site has none of), and without loading axe again into a document
 * that has it. Only the violations are collected in full: the passes and the inapplicable rules
 * are never read.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const [main, ...children] = page.frames();
  await inject(main!, true);
  for (const frame of children) await inject(frame, false);
  return page.evaluate(async (rules) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const { violations } = await inPage.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
  }, WCAG_RULES);
}
