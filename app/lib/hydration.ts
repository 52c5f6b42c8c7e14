import { useMatches } from 'react-router';

/**
 * Content templates set `handle = STATIC_PAGE`: React renders them on the server only, and the browser
 * gets HTML plus the one framework-free site script (app/client/site-script.ts), not React Router's
 * runtime (ADR 005). Form templates and the admin leave the handle out and hydrate as before.
 */
export const STATIC_PAGE = { hydrate: false } as const;

/**
 * Form templates are static pages too (ADR 005: React Router's runtime alone is over their 90 KB budget):
 * `handle = staticPageWith(scriptUrl, ...)` adds the page's own modules (a React island such as the
 * contact form, or a framework-free enhancement) after the site script. Import each with `?worker&url`.
 */
export function staticPageWith(...scripts: string[]) {
  return { hydrate: false, scripts } as const;
}

/** The page modules the deepest route with a `scripts` list asks for (none for content templates). */
export function pageScriptsFrom(matches: readonly ({ handle?: unknown } | undefined)[]): readonly string[] {
  for (let i = matches.length - 1; i >= 0; i--) {
    const scripts = (matches[i]?.handle as { scripts?: unknown } | undefined)?.scripts;
    if (Array.isArray(scripts)) return scripts.filter((s): s is string => typeof s === 'string');
  }
  return [];
}

export function usePageScripts(): readonly string[] {
  return pageScriptsFrom(useMatches());
}

/** The deepest route that says so decides; a page hydrates unless a route marks it static. */
export function hydratesFrom(matches: readonly ({ handle?: unknown } | undefined)[]): boolean {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { hydrate?: unknown } | undefined;
    if (handle && typeof handle.hydrate === 'boolean') return handle.hydrate;
  }
  return true;
}

/**
 * The paths whose screens hydrate: sign-in and the admin (every public template is static, ADR 005).
 * A hydrated screen sends links to any other path to the browser as a full document load, instead
 * of rendering the static template with React first and reloading it (hydration.test.ts checks this
 * against the routes).
 */
const HYDRATED_PREFIXES = ['/siteadmin/', '/account/'];

export function isHydratedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === '/siteadmin' || HYDRATED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Installed by hydrated pages: a same-site link to a static template is left to the browser (a
 * document load), so React Router never renders that template in the browser.
 */
export function documentLoadsForStaticLinks(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || isHydratedPath(url.pathname)) return;
    // stop the click before React's root listener sees it; the browser follows the link itself
    event.stopPropagation();
  };
  window.addEventListener('click', onClick, true);
  return () => window.removeEventListener('click', onClick, true);
}

export function useHydrates(): boolean {
  return hydratesFrom(useMatches());
}

/**
 * Same-site links of static pages are prefetched by the browser (speculation rules), so a
 * full-document navigation feels instant. Never the admin, sign-in, API, documents or the region switch.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: ['/siteadmin*', '/account/*', '/api/*', '/auth/*', '/doccenter/*', '/set-region*'] } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});
