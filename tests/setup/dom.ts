/**
 * Component tests in jsdom (files starting with `// @vitest-environment jsdom`) import this first:
 * Testing Library's cleanup after each test (vitest runs without globals), and the layout calls
 * ProseMirror makes that jsdom does not implement.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

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
