/**
 * The one script of the content templates (ADR 005): no framework, enhances server-rendered HTML that
 * already works without it. Header hiding and docking, menu scroll lock and focus, the region selector,
 * mirroring the rendered region into local storage and the cookie, the notice's dismiss, filter forms
 * that submit on change with a tidy query, focus on the first new card after "Load more", and Edit Page
 * for a signed-in administrator.
 * Built by Vite as its own hashed file (imported with `?worker&url` in app/root.tsx).
 */
import { followScroll } from '../lib/scroll-header.ts';
import { focusablesIn, focusLeft, tabIntoPanel, trapTab } from '../lib/menu-focus.ts';
import { noticeCookie } from '#shared/notice.ts';
import { AUTH_STORAGE_KEY, parseStoredAuth } from '../lib/auth-state.ts';
import { documentAlternates, parseRegion, REGION_COOKIE, REGION_STORAGE_KEY, regionTargetPath, type RegionId } from '#shared/regions.ts';

const root = document.documentElement;

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // private mode or blocked storage: the page still works, nothing is remembered
  }
}

function persistRegion(region: RegionId) {
  storage('local')?.setItem(REGION_STORAGE_KEY, String(region));
  document.cookie = `${REGION_COOKIE}=${region}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The server resolved the region (route, page regionIds, cookie); the browser keeps the same record. */
function mirrorRegion(header: HTMLElement): boolean {
  const rendered = parseRegion(header.dataset.region);
  if (!rendered) return false;
  const local = storage('local');
  const stored = parseRegion(local?.getItem(REGION_STORAGE_KEY));
  storage('session')?.removeItem('region-change');
  if (header.dataset.regionSource === 'default' && stored && stored !== rendered) {
    // no cookie yet but an earlier choice in local storage: render this region-neutral page for it
    persistRegion(stored);
    window.location.replace(window.location.href);
    return true;
  }
  if (stored !== rendered || !document.cookie.includes(`${REGION_COOKIE}=${rendered}`)) persistRegion(rendered);
  return false;
}

function scrollHeader(header: HTMLElement) {
  followScroll(
    (docked, hidden) => {
      header.classList.toggle('is-docked', docked);
      header.classList.toggle('is-undocked', !docked);
      header.classList.toggle('is-hidden', hidden(header.classList.contains('is-hidden')));
    },
    () => header.classList.contains('has-menu'),
  );
}

/** The menus are popovers in the HTML (they open without JavaScript); this adds scroll lock, labels and focus. */
function menus(header: HTMLElement) {
  const mobileToggle = header.querySelector<HTMLButtonElement>('.site-header__toggle');
  const solutionsToggle = header.querySelector<HTMLButtonElement>('.site-nav__solutions');
  const nav = header.querySelector<HTMLElement>('.site-nav[popover]');
  const mega = header.querySelector<HTMLElement>('.mega-menu[popover]');
  const isOpen = (el: HTMLElement | null) => el?.matches(':popover-open') ?? false;
  const visibleToggle = () => (solutionsToggle?.offsetParent ? solutionsToggle : mobileToggle);

  const sync = () => {
    const navOpen = isOpen(nav);
    const megaOpen = isOpen(mega);
    const any = navOpen || megaOpen;
    root.classList.toggle('scroll-locked', any);
    header.classList.toggle('has-menu', any);
    if (any) header.classList.remove('is-hidden');
    mobileToggle?.setAttribute('aria-expanded', String(any));
    solutionsToggle?.setAttribute('aria-expanded', String(megaOpen));
    const label = mobileToggle?.querySelector('.visually-hidden');
    if (label) label.textContent = any ? 'Close menu' : 'Open menu';
  };
  for (const [el, toggle] of [
    [nav, mobileToggle],
    [mega, solutionsToggle],
  ] as const) {
    el?.addEventListener('toggle', (event) => {
      sync();
      // closed with Escape or a light dismiss while focus was inside: back to the button that opened it
      if (
        (event as ToggleEvent).newState === 'closed' &&
        (document.activeElement === document.body || el.contains(document.activeElement))
      ) {
        (el === mega ? visibleToggle() : toggle)?.focus();
      }
    });
  }
  // Tab on the Solutions button moves into the open mega menu; the open mobile menu keeps focus inside
  // (with its toggle); the mega menu closes when focus leaves it (a click outside is the popover's light dismiss)
  document.addEventListener('keydown', (e) => {
    if (isOpen(mega) && tabIntoPanel(e, solutionsToggle, mega)) return;
    if (isOpen(nav)) trapTab(e, focusablesIn(mobileToggle, nav, isOpen(mega) ? mega : null));
  });
  const onFocusOut = (e: FocusEvent) => {
    if (isOpen(mega) && !isOpen(nav) && focusLeft(e, mega, solutionsToggle)) mega?.hidePopover();
  };
  mega?.addEventListener('focusout', onFocusOut);
  solutionsToggle?.addEventListener('focusout', onFocusOut);
  header.querySelector('.mega-menu__close')?.addEventListener('click', () => {
    if (isOpen(mega)) mega?.hidePopover();
    if (isOpen(nav)) nav?.hidePopover();
    visibleToggle()?.focus();
  });
  sync();
}

function regionSelect(header: HTMLElement) {
  const select = header.querySelector<HTMLSelectElement>('.region-select__control');
  select?.addEventListener('change', () => {
    const next = parseRegion(select.value);
    if (!next) return;
    persistRegion(next);
    // the same page in the chosen region where it has one (its hreflang twin), otherwise that region's home
    const target = regionTargetPath(next, documentAlternates(document), window.location.href);
    if (target === window.location.pathname) return;
    // the change is in progress until the new home has loaded (a finder page must not override it)
    storage('session')?.setItem('region-change', String(next));
    root.dataset.regionChanging = 'true';
    window.location.assign(target);
  });
}

function notice() {
  const bar = document.querySelector<HTMLElement>('.notice-bar[data-notice-id]');
  if (!bar) return;
  const key = `notice-dismissed:${bar.dataset.noticeId}`;
  const id = bar.dataset.noticeId ?? '';
  if (storage('local')?.getItem(key) === '1') {
    // dismissed before the cookie existed: remember it where the server can see it
    document.cookie = noticeCookie(id);
    bar.remove();
    return;
  }
  const close = bar.querySelector<HTMLButtonElement>('.notice-bar__close');
  if (!close) return;
  close.hidden = false;
  close.addEventListener('click', () => {
    bar.remove();
    document.cookie = noticeCookie(id);
    storage('local')?.setItem(key, '1');
    document.getElementById('content')?.focus();
  });
}

const RESTORE_KEY = 'restore-after-load';
interface Restore {
  path: string;
  y: number;
  focusId?: string;
  card?: number;
}

/** A GET filter form: empty fields stay out of the URL; a select submits it as soon as it changes. */
function filterForms() {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-autosubmit]')) {
    let changed: HTMLSelectElement | null = null;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v.trim() !== '') params.set(k, v.trim());
      const action = new URL(form.action, window.location.href);
      // the knowledge center's category is its path (one filter state with the category links)
      const categoryPath = form.dataset.categoryPath;
      const category = params.get('category');
      params.delete('category');
      if (categoryPath && category && /^\d+$/.test(category)) action.pathname = `${categoryPath}${category}`;
      // the select that was just changed keeps focus on the new page (its id is stable: useId in the same tree)
      const focused = changed ?? document.activeElement;
      const restore: Restore = { path: action.pathname, y: window.scrollY };
      if (focused instanceof HTMLSelectElement && focused.id) restore.focusId = focused.id;
      storage('session')?.setItem(RESTORE_KEY, JSON.stringify(restore));
      const query = params.toString();
      window.location.assign(`${action.pathname}${query ? `?${query}` : ''}`);
    });
    form.addEventListener('change', (event) => {
      if (!(event.target instanceof HTMLSelectElement)) return;
      changed = event.target;
      form.requestSubmit();
    });
  }
  // "Load more": keyboard and screen-reader users continue at the first new card
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-focus-card]')) {
    link.addEventListener('click', () => {
      const restore: Restore = { path: new URL(link.href).pathname, y: window.scrollY, card: Number(link.dataset.focusCard) };
      storage('session')?.setItem(RESTORE_KEY, JSON.stringify(restore));
    });
  }
}

function restoreAfterLoad() {
  const session = storage('session');
  const raw = session?.getItem(RESTORE_KEY);
  if (!raw) return;
  session?.removeItem(RESTORE_KEY);
  let restore: Restore;
  try {
    restore = JSON.parse(raw) as Restore;
  } catch {
    return;
  }
  if (restore.path !== window.location.pathname) return;
  window.scrollTo(0, restore.y);
  const target =
    restore.card !== undefined
      ? document.querySelector<HTMLElement>(`[data-card-index="${restore.card}"] a`)
      : restore.focusId
        ? document.getElementById(restore.focusId)
        : null;
  target?.focus();
}

/**
 * A knowledge item or press release names its admin edit screen (data-admin-edit); a signed-in
 * administrator (the admin's session in local storage, key `root`) gets an Edit Page link to it.
 * Added here, not by the server, so the cached page stays the same for everyone.
 */
function adminEditLink() {
  const article = document.querySelector<HTMLElement>('[data-admin-edit]');
  const path = article?.dataset.adminEdit;
  if (!article || !path?.startsWith('/siteadmin/') || !parseStoredAuth(storage('local')?.getItem(AUTH_STORAGE_KEY) ?? null).isAuthenticated)
    return;
  const p = document.createElement('p');
  p.className = 'content-article__edit';
  const link = document.createElement('a');
  link.className = 'button button--primary button--small';
  link.href = path;
  link.textContent = 'Edit Page';
  p.append(link);
  (article.querySelector('.content-article__header-inner') ?? article).append(p);
}

function start() {
  const header = document.querySelector<HTMLElement>('header.site-header');
  if (header) {
    if (mirrorRegion(header)) return;
    scrollHeader(header);
    menus(header);
    regionSelect(header);
  }
  notice();
  adminEditLink();
  filterForms();
  restoreAfterLoad();
  // browser tests (and monitoring) wait for this marker before they interact; a page with its own
  // module (a form island, app/client/islands/) sets it once that module is ready
  if (!document.querySelector('script[data-page-script]')) root.dataset.hydrated = 'true';
}

start();
