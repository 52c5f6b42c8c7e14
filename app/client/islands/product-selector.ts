/**
 * The product selector's one module, without a framework (ADR 005). The selector works as GET forms
 * and links (every move is a page load); this adds what a script can:
 * - focus on the step's heading after every move (Next, Back, Change, Start Over, browser history),
 *   not on the first visit;
 * - the answer recorded on the current history entry before Next, so browser Back returns to it filled in;
 * - Close keeps going to the page the visitor came from, after any number of steps (the server knows
 *   it only from the first request's Referer).
 */
import { markReady } from '../ready.ts';

const SELECTOR_PATH = '/product-selector';
const MOVED = 'selector-moved';
const RETURN_TO = 'selector-return-to';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function fromSelector(): boolean {
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin && from.pathname.replace(/\/+$/, '').toLowerCase() === SELECTOR_PATH;
  } catch {
    return false;
  }
}

function start() {
  const store = session();
  const heading = document.querySelector<HTMLElement>('.selector-heading');
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (store?.getItem(MOVED) || navigation?.type === 'back_forward') heading?.focus();
  store?.removeItem(MOVED);
  // restored from the back/forward cache: the script does not run again, the page is shown again
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) document.querySelector<HTMLElement>('.selector-heading')?.focus();
  });

  const close = document.querySelector<HTMLAnchorElement>('.selector-bar__close');
  if (close) {
    if (!fromSelector()) store?.setItem(RETURN_TO, close.getAttribute('href') ?? '/');
    else {
      const saved = store?.getItem(RETURN_TO);
      if (saved?.startsWith('/') && !saved.startsWith('//')) close.setAttribute('href', saved);
    }
  }

  const selector = document.querySelector<HTMLElement>('.selector');
  selector?.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.('a[href]');
    if (link instanceof HTMLAnchorElement && new URL(link.href).pathname === SELECTOR_PATH) store?.setItem(MOVED, '1');
  });
  for (const form of document.querySelectorAll<HTMLFormElement>('form.selector-step')) {
    form.addEventListener('submit', () => {
      store?.setItem(MOVED, '1');
      const answered = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (typeof value === 'string') answered.append(name, value);
      history.replaceState(history.state, '', `${SELECTOR_PATH}?${answered.toString()}`);
    });
  }
}

start();
markReady();
