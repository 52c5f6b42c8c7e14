/**
 * Runs before every unit test file (setup files run per file, also in the shared worker the unit
 * project uses, where an imported module's body runs only once). For component tests in jsdom
 * (files starting with `// @vitest-environment jsdom`): Testing Library's cleanup after each test
 * (vitest runs without globals), a longer timeout, and the layout calls ProseMirror makes that jsdom
 * does not implement. Node-environment files skip all of it.
 */
import { afterEach, vi } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
  // TipTap and axe in jsdom take seconds on a busy machine
  vi.setConfig({ testTimeout: 30_000 });

  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
  const rects = Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => rect;
  Range.prototype.getClientRects ??= () => rects;
  document.elementFromPoint ??= () => null;
  // jsdom has <dialog> but not its modal methods
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
