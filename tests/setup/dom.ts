/**
 * Component tests in jsdom (files starting with `// @vitest-environment jsdom`) import this first:
 * Testing Library's cleanup after each test (vitest runs without globals), and the layout calls
 * ProseMirror makes that jsdom does not implement.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(cleanup);
// TipTap and axe in jsdom take seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
const rects = Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
if (typeof Range !== 'undefined') {
  Range.prototype.getBoundingClientRect ??= () => rect;
  Range.prototype.getClientRects ??= () => rects;
}
if (typeof document !== 'undefined') document.elementFromPoint ??= () => null;
if (typeof HTMLDialogElement !== 'undefined') {
  // jsdom has <dialog> but not its modal methods
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

/**
 * axe in jsdom on a rendered component: the WCAG 2.1 A/AA rules (as tests/e2e/axe.ts), less those
 * that need layout or colours jsdom does not compute (contrast, target size, reflow); the browser
 * runs check those on real screens.
 */
export async function axeViolationsIn(element: Element): Promise<string[]> {
  const axe = (await import('axe-core')).default;
  const layoutRules = new Set(['color-contrast', 'color-contrast-enhanced', 'target-size', 'css-orientation-lock', 'scrollable-region-focusable']);
  const rules = axe
    .getRules(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .map((r) => r.ruleId)
    .filter((id) => !layoutRules.has(id));
  const results = await axe.run(element, { runOnly: { type: 'rule', values: rules } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
