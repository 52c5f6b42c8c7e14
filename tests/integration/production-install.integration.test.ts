import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { projectRoot } from '#config/project-root.ts';

// `npm ci --omit=dev` installs only "dependencies": every package the compiled server or the built
// app imports at run time must be listed there, or production fails at start (or later, on the
// first request that loads it). The real install is too slow for the suite; this checks the cause.
const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const builtins = new Set(builtinModules);

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Every module specifier in static imports/re-exports and dynamic import() calls. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:^|;)\s*(?:import|export)\s[^;'"]*?\sfrom\s*["']([^"']+)["']/gm,
    /(?:^|;)\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]!);
  return found;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function runtimeImports(dir: string) {
  const bare = new Map<string, string>();
  const relativeTs: string[] = [];
  for (const file of jsFiles(dir)) {
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.') || spec.startsWith('/')) {
        if (/\.tsx?$/.test(spec)) relativeTs.push(`${path.relative(projectRoot, file)} -> ${spec}`);
        continue;
      }
      if (spec.startsWith('node:') || builtins.has(spec)) continue;
      bare.set(packageName(spec), path.relative(projectRoot, file));
    }
  }
  return { bare, relativeTs };
}

for (const dir of ['build/node', 'build/server']) {
  it(`${dir}: every package it imports is a production dependency, and it imports no TypeScript`, () => {
    const abs = path.join(projectRoot, dir);
    expect(existsSync(abs), `${dir} is missing: run "node scripts/ensure-build.mjs" first`).toBe(true);
    const { bare, relativeTs } = runtimeImports(abs);
    expect(bare.size).toBeGreaterThan(3);
    const missing = [...bare].filter(([name]) => !(name in pkg.dependencies)).map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
    expect(relativeTs).toEqual([]);
  });
}

it('the package scanner finds static, side-effect, re-export and dynamic imports', () => {
  const code =
    'import a from "pkg-a";\nimport { b } from \'@scope/b/sub\';\nimport "pkg-c";\nexport { d } from "pkg-d";\nconst e = await import("pkg-e");';
  expect(specifiers(code).map(packageName).sort()).toEqual(['@scope/b', 'pkg-a', 'pkg-c', 'pkg-d', 'pkg-e']);
});

it('what `npm run build` runs is installed by a production install', () => {
  // The deployment path builds on the server after `npm ci --omit=dev`.
  for (const tool of ['vite', '@react-router/dev']) expect(pkg.dependencies[tool], tool).toBeDefined();
  // Development-only tools stay out of production installs (sharp is not one: the server makes
  // the document library's image variants with it, ADR 023).
  expect(pkg.dependencies.sharp).toBeDefined();
  for (const tool of ['pdfkit', 'tsx']) expect(pkg.dependencies[tool], tool).toBeUndefined();
  expect(pkg.devDependencies.pdfkit).toBeDefined();
});

it('no package is both a dependency and a dev dependency (npm ci --omit=dev would leave it out)', () => {
  const both = Object.keys(pkg.dependencies).filter((name) => name in pkg.devDependencies);
  expect(both).toEqual([]);
});
