import { describe, expect, it } from 'vitest';
import { hydratesFrom, isHydratedPath, pageScriptsFrom, STATIC_PAGE, staticPageWith } from './hydration.ts';

describe('hydratesFrom', () => {
  it('hydrates when no route says otherwise (forms, admin)', () => {
    expect(hydratesFrom([{ handle: undefined }, { handle: { siteScript: '/assets/x.js' } }, {}])).toBe(true);
    expect(hydratesFrom([])).toBe(true);
  });

  it('does not hydrate when the page route is static', () => {
    expect(hydratesFrom([{ handle: { siteScript: '/assets/x.js' } }, {}, { handle: STATIC_PAGE }])).toBe(false);
  });

  it('lets the deepest route that says so decide', () => {
    expect(hydratesFrom([{ handle: STATIC_PAGE }, { handle: { hydrate: true } }])).toBe(true);
    expect(hydratesFrom([{ handle: { hydrate: true } }, undefined, { handle: STATIC_PAGE }])).toBe(false);
  });
});

describe('isHydratedPath', () => {
  type Config = { path?: string; file: string; index?: boolean; children?: Config[] };

  function flatten(routes: Config[], parent = ''): { path: string; files: string[] }[] {
    return routes.flatMap((route) => {
      const path = route.path ? `${parent}/${route.path}` : parent;
      const own = route.index || route.path !== undefined ? [{ path, files: [route.file] }] : [];
      const children = flatten(route.children ?? [], path).map((child) => ({ path: child.path, files: [route.file, ...child.files] }));
      return [...own, ...children];
    });
  }

  it('agrees with the handles of every route in app/routes.ts', async () => {
    const { default: routes } = (await import('../routes.ts')) as { default: Config[] };
    const pages = flatten(routes).filter((p) => !p.files.some((f) => f.endsWith('.ts')));
    expect(pages.length).toBeGreaterThan(30);
    for (const { path, files } of pages) {
      const modules = (await Promise.all(files.map((f) => import(/* @vite-ignore */ `../${f}`)))) as { handle?: unknown }[];
      const sample = (path || '/').replace(/:(\w+)\??/g, 'x').replace('*', 'some-page');
      expect([sample, isHydratedPath(sample)]).toEqual([sample, hydratesFrom(modules)]);
    }
  }, 60_000);

  it('ignores a trailing slash', () => {
    expect(isHydratedPath('/siteadmin/')).toBe(true);
    expect(isHydratedPath('/about/')).toBe(false);
    expect(isHydratedPath('/contact')).toBe(false);
    expect(isHydratedPath('/siteadministrator')).toBe(false);
    expect(isHydratedPath('/')).toBe(false);
    expect(isHydratedPath('/siteadmin/users')).toBe(true);
  });
});

describe('pageScriptsFrom (form templates, ADR 005)', () => {
  it('a form template is static and names its own module', () => {
    const matches = [{ handle: { siteScript: '/assets/site.js' } }, {}, { handle: staticPageWith('/assets/contact.js') }];
    expect(hydratesFrom(matches)).toBe(false);
    expect(pageScriptsFrom(matches)).toEqual(['/assets/contact.js']);
  });

  it('content templates and hydrated screens have none; anything but strings is ignored', () => {
    expect(pageScriptsFrom([{ handle: STATIC_PAGE }])).toEqual([]);
    expect(pageScriptsFrom([{}, undefined])).toEqual([]);
    expect(pageScriptsFrom([{ handle: { scripts: ['/a.js', 3, null] } }])).toEqual(['/a.js']);
  });
});
