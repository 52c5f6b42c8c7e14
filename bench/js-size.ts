/**
 * JavaScript a visitor downloads on the first load of each public page template, gzipped (ADR 005).
 * Counted in a real browser: every script the page loads before the network is idle, in
 * headless Chromium against the built server, each script's body gzipped at level 6 (what the
 * budgets are written in) and brotli. Beside it, the build's view: the modules the page names and
 * what they import statically, and the chunks they import later (`import()`: the form validation
 * and the phone mask, which load when the visitor starts on a form).
 * Budgets: content templates (no page module) 15 KB, form templates (with one, or hydrated) 60 KB.
 * Run after `npm run build`: npm run bench:js   (exit code 1 when a template is over its budget)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/setup/chromium.ts';
import { stop, waitFor } from '../tests/setup/server-process.ts';
import { spawnBuiltServer } from './lib.ts';

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
const FORM_BUDGET_KB = 60;
const root = path.resolve(import.meta.dirname, '..');
interface ServerRoute {
  parentId?: string;
  path?: string;
  index?: boolean;
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

/** An address of each template's example route (routes with parameters need a real one). */
const EXAMPLES: Record<string, string> = {
  'knowledge-item': '/knowledge-center/keep-surface-applied-urea-in-the-field',
  'knowledge-item-ca': '/can/knowledge-center/sulphur-for-canola',
  'press-release': '/press-releases/anvol-available-nationwide',
  'knowledge-category': '/knowledge-center/category/39',
  'routes/public/custom-page': '/privacy-policy',
  'reps-retailers': '/reps-retailers?label=Retailers&zip=50010',
  'rep-contact': '/reps-retailers/contact?type=rep&id=1&label=Reps&zip=50010',
};
function exampleUrl(routeId: string): string | null {
  if (EXAMPLES[routeId]) return EXAMPLES[routeId];
  const parts: string[] = [];
  for (let r = build.routes[routeId]; r; r = r.parentId ? build.routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
  const url = `/${parts.join('/')}`;
  return /[:*]/.test(url) ? null : url;
}

/** Every script each template's example page loads before the network is idle, in headless Chromium. */
async function measureInBrowser(urls: Map<string, string>): Promise<Map<string, { files: number; gzip: number; brotli: number }>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-js-'));
  const { server, base } = await spawnBuiltServer(root, path.join(tmp, 'data'));
  const out = new Map<string, { files: number; gzip: number; brotli: number }>();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await waitFor(`${base}/readyz`, server, 'the server');
    for (const [template, url] of urls) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<Buffer>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(base + url, { waitUntil: 'networkidle' });
      const bodies = await Promise.all(scripts);
      out.set(template, {
        files: bodies.length,
        gzip: bodies.reduce((n, b) => n + (b.length ? gzipSync(b, { level: 6 }).length : 0), 0),
        brotli: bodies.reduce((n, b) => n + (b.length ? brotliCompressSync(b).length : 0), 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await stop(server);
    rmSync(tmp, { recursive: true, force: true });
  }
  return out;
}

const urls = new Map<string, string>();
for (const [template, { route }] of templates) {
  const url = exampleUrl(route);
  if (url) urls.set(template, url);
}
const loaded = await measureInBrowser(urls);

const rows = [...templates.entries()]
  .map(([template, { route }]) => {
    const files = firstLoad(route);
    const staticGzip = files.reduce((n, f) => n + sizeOf(f).gzip, 0);
    const kind = hydrates(route) || pageScripts(route).length ? ('form' as const) : ('content' as const);
    const lazy = lazyImports(files).reduce((n, f) => n + sizeOf(f).gzip, 0);
    const browser = loaded.get(template) ?? null;
    return {
      template,
      route,
      url: urls.get(template) ?? '-',
      kind,
      budget: kind === 'content' ? CONTENT_BUDGET_KB : FORM_BUDGET_KB,
      lazy,
      staticGzip,
      browser,
    };
  })
  .sort((a, b) => (b.browser?.gzip ?? b.staticGzip) - (a.browser?.gzip ?? a.staticGzip));

const framework = [assets.url, assets.entry.module, ...assets.entry.imports].reduce(
  (acc, f) => ({ gzip: acc.gzip + sizeOf(f).gzip, brotli: acc.brotli + sizeOf(f).brotli }),
  { gzip: 0, brotli: 0 },
);
const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
/** what counts against the budget: what the browser loaded before idle (the build's first load where no page was measured) */
const counted = (r: (typeof rows)[number]) => r.browser?.gzip ?? r.staticGzip;
const over = (r: (typeof rows)[number]) => counted(r) / 1024 > r.budget;
console.log(
  `JavaScript loaded before the network is idle, per public template, gzipped (content templates ${CONTENT_BUDGET_KB} KB, form templates ${FORM_BUDGET_KB} KB)\n`,
);
console.log(
  `${'template'.padEnd(18)} ${'kind'.padEnd(8)}${'page'.padEnd(44)} scripts  gzip KB  brotli KB   build: first load / later gzip KB`,
);
for (const r of rows) {
  const flag = over(r) ? '  OVER BUDGET' : '';
  const b = r.browser;
  console.log(
    `${r.template.padEnd(18)} ${r.kind.padEnd(8)}${r.url.slice(0, 43).padEnd(44)} ${b ? String(b.files).padStart(7) : '      -'}  ${b ? kb(b.gzip) : '     -'}     ${b ? kb(b.brotli) : '     -'}    ${kb(r.staticGzip)} / ${r.lazy ? kb(r.lazy).trim() : '-'}${flag}`,
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
      `Largest ${kind} template: ${worst.template} at ${(counted(worst) / 1024).toFixed(1)} KB gzipped (${((counted(worst) / 1024 / worst.budget) * 100).toFixed(0)}% of budget).`,
    );
}
process.exitCode = rows.some(over) ? 1 : 0;
