/**
 * JavaScript a visitor downloads on the first load of each public page template, gzipped (ADR 005).
 * Static templates (a route marked `handle.hydrate = false`) load the site script that app/root.tsx
 * names in its handle plus the page's own modules (`handle.scripts`: a form island or a small
 * enhancement) and every module those import statically; chunks they import later (`import()`: the
 * form validation and the phone mask) are not first-load and are listed apart. A template that still
 * hydrates loads the route manifest script, the client entry and, for every route from the root down
 * to the page, its module and the chunks it imports, from the build manifest.
 * Budgets: content templates (no page module) 15 KB, form templates (with one, or hydrated) 90 KB.
 * Run after `npm run build`: npm run bench:js   (exit code 1 when a template is over its budget)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface RouteAsset {
  id: string;
  parentId?: string;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
}
interface AssetsManifest {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteAsset>;
}

const CONTENT_BUDGET_KB = 15;
const FORM_BUDGET_KB = 90;
const root = path.resolve(import.meta.dirname, '..');
interface ServerRoute {
  parentId?: string;
  module: { handle?: { hydrate?: unknown; siteScript?: unknown; scripts?: unknown } };
}
const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as {
  assets: AssetsManifest;
  routes: Record<string, ServerRoute | undefined>;
};
const { assets } = build;
const siteScript = build.routes.root?.module.handle?.siteScript;
if (typeof siteScript !== 'string') throw new Error('app/root.tsx handle.siteScript is missing: cannot tell what static pages load');

/** The same rule as app/lib/hydration.ts: the deepest route with a `hydrate` flag decides. */
function hydrates(routeId: string): boolean {
  for (let r = build.routes[routeId]; r; r = r.parentId ? build.routes[r.parentId] : undefined) {
    const flag = r.module.handle?.hydrate;
    if (typeof flag === 'boolean') return flag;
  }
  return true;
}

/** The page modules of the deepest route that lists them (app/lib/hydration.ts, pageScriptsFrom). */
function pageScripts(routeId: string): string[] {
  for (let r = build.routes[routeId]; r; r = r.parentId ? build.routes[r.parentId] : undefined) {
    const scripts = r.module.handle?.scripts;
    if (Array.isArray(scripts)) return scripts.filter((x): x is string => typeof x === 'string');
  }
  return [];
}

/** A built ES module and the ones it imports statically (`import … from "./x.js"`), recursively. */
function withStaticImports(url: string, into: Set<string>) {
  if (into.has(url)) return;
  into.add(url);
  const code = readFileSync(path.join(root, 'build/client', url), 'utf8');
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
    withStaticImports(path.posix.join(path.posix.dirname(url), m[1] as string), into);
  }
}

/** Chunks a first-load module loads later with `import()`, reported apart from the first load. */
function lazyImports(files: Iterable<string>): string[] {
  const lazy = new Set<string>();
  for (const url of files) {
    const code = readFileSync(path.join(root, 'build/client', url), 'utf8');
    for (const m of code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g))
      lazy.add(path.posix.join(path.posix.dirname(url), m[1] as string));
  }
  return [...lazy];
}

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(url: string) {
  let s = sizes.get(url);
  if (!s) {
    const data = readFileSync(path.join(root, 'build/client', url));
    s = { raw: data.length, gzip: gzipSync(data, { level: 6 }).length, brotli: brotliCompressSync(data).length };
    sizes.set(url, s);
  }
  return s;
}

function firstLoad(routeId: string): string[] {
  if (!hydrates(routeId)) {
    const files = new Set<string>();
    for (const url of [siteScript as string, ...pageScripts(routeId)]) withStaticImports(url, files);
    return [...files];
  }
  const files = new Set<string>([assets.url, assets.entry.module, ...assets.entry.imports]);
  const chain: RouteAsset[] = [];
  for (let r: RouteAsset | undefined = assets.routes[routeId]; r; r = r.parentId ? assets.routes[r.parentId] : undefined) chain.unshift(r);
  for (const r of chain) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  return [...files];
}

/** One example route per template: the page module decides what a template ships. */
const templates = new Map<string, { route: string; example: string }>();
for (const r of Object.values(assets.routes)) {
  if (r.id === 'root' || r.id.startsWith('routes/public/site-layout') || r.id.startsWith('routes/public/simple-layout')) continue;
  // resource routes (redirects) render nothing, so they ship no JavaScript
  if (r.hasDefaultExport === false) continue;
  // public page templates only: not the public layout itself, the admin or the sign-in screens
  if (r.id === 'public' || r.id === 'siteadmin' || /^(routes\/)?(admin|account)/.test(r.id)) continue;
  const template = r.module.replace(/^\/assets\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '');
  if (!templates.has(template)) templates.set(template, { route: r.id, example: r.id });
}

const rows = [...templates.entries()]
  .map(([template, { route }]) => {
    const files = firstLoad(route);
    const total = files.reduce(
      (acc, f) => {
        const s = sizeOf(f);
        return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, brotli: acc.brotli + s.brotli, files: acc.files + 1 };
      },
      { raw: 0, gzip: 0, brotli: 0, files: 0 },
    );
    const kind = hydrates(route) || pageScripts(route).length ? ('form' as const) : ('content' as const);
    const lazy = lazyImports(files).reduce((n, f) => n + sizeOf(f).gzip, 0);
    return { template, route, kind, budget: kind === 'content' ? CONTENT_BUDGET_KB : FORM_BUDGET_KB, lazy, ...total };
  })
  .sort((a, b) => b.gzip - a.gzip);

const framework = [assets.url, assets.entry.module, ...assets.entry.imports].reduce(
  (acc, f) => ({ gzip: acc.gzip + sizeOf(f).gzip, brotli: acc.brotli + sizeOf(f).brotli }),
  { gzip: 0, brotli: 0 },
);
const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
const over = (r: (typeof rows)[number]) => r.gzip / 1024 > r.budget;
console.log(
  `First-load JavaScript per public template, gzipped (content templates ${CONTENT_BUDGET_KB} KB, form templates ${FORM_BUDGET_KB} KB)\n`,
);
console.log(
  `${'template'.padEnd(22)} ${'kind'.padEnd(8)}${'example route'.padEnd(26)} files     raw KB   gzip KB  brotli KB  later (import()) gzip KB`,
);
for (const r of rows) {
  const flag = over(r) ? '  OVER BUDGET' : '';
  console.log(
    `${r.template.padEnd(22)} ${r.kind.padEnd(8)}${r.route.padEnd(26)} ${String(r.files).padStart(5)}  ${kb(r.raw)}    ${kb(r.gzip)}    ${kb(r.brotli)}    ${r.lazy ? kb(r.lazy) : '     -'}${flag}`,
  );
}
console.log(
  `\nHydrated screens (admin, sign-in) share: route manifest + client entry + React/React Router runtime = ${kb(framework.gzip).trim()} KB gzip, ${kb(framework.brotli).trim()} KB brotli.`,
);
console.log(`Static pages load only the site script ${siteScript}: ${kb(sizeOf(siteScript).gzip).trim()} KB gzip.`);
for (const kind of ['content', 'form'] as const) {
  const worst = rows.find((r) => r.kind === kind);
  if (worst)
    console.log(
      `Largest ${kind} template: ${worst.template} at ${(worst.gzip / 1024).toFixed(1)} KB gzipped (${((worst.gzip / 1024 / worst.budget) * 100).toFixed(0)}% of budget).`,
    );
}
process.exitCode = rows.some(over) ? 1 : 0;
