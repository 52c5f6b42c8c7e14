/**
 * JavaScript a visitor downloads on the first load of each public page template, gzipped, from the
 * React Router build manifest: the route manifest script, the client entry and, for every route
 * from the root down to the page, its module and the chunks it imports. Budget: 100 KB per template.
 * Run after `npm run build`: npm run bench:js   (exit code 1 when a template is over budget)
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

const BUDGET_KB = 100;
const root = path.resolve(import.meta.dirname, '..');
const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as { assets: AssetsManifest };
const { assets } = build;

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
  if (r.id.startsWith('routes/admin') || r.id.startsWith('admin') || r.id.startsWith('account')) continue;
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
    return { template, route, ...total };
  })
  .sort((a, b) => b.gzip - a.gzip);

const framework = [assets.url, assets.entry.module, ...assets.entry.imports].reduce(
  (acc, f) => ({ gzip: acc.gzip + sizeOf(f).gzip, brotli: acc.brotli + sizeOf(f).brotli }),
  { gzip: 0, brotli: 0 },
);
const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
console.log(`First-load JavaScript per public template (budget ${BUDGET_KB} KB gzipped)\n`);
console.log(`${'template'.padEnd(22)} ${'example route'.padEnd(26)} files     raw KB   gzip KB  brotli KB`);
for (const r of rows) {
  const flag = r.gzip / 1024 > BUDGET_KB ? '  OVER BUDGET' : '';
  console.log(`${r.template.padEnd(22)} ${r.route.padEnd(26)} ${String(r.files).padStart(5)}  ${kb(r.raw)}    ${kb(r.gzip)}    ${kb(r.brotli)}${flag}`);
}
console.log(`\nShared by every page: route manifest + client entry + React/React Router runtime = ${kb(framework.gzip).trim()} KB gzip, ${kb(framework.brotli).trim()} KB brotli.`);
const worst = rows[0];
if (worst) console.log(`\nLargest: ${worst.template} at ${(worst.gzip / 1024).toFixed(1)} KB gzipped (${((worst.gzip / 1024 / BUDGET_KB) * 100).toFixed(0)}% of budget).`);
process.exitCode = rows.some((r) => r.gzip / 1024 > BUDGET_KB) ? 1 : 0;
