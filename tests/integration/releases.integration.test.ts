import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#config/project-root.ts';
import { freePort, productionEnv, stop, waitFor } from '#tests/setup/server-process.ts';

// deploy/release.sh with two releases of the compiled server: release B renames a chunk that release
// A's pages load. After B takes over, A's pages (in a browser, or in nginx's cache) still find every
// asset they name, because the kept releases' hashed assets are served from one shared folder.

const script = path.join(projectRoot, 'deploy', 'release.sh');
const home = mkdtempSync(path.join(os.tmpdir(), 'site-releases-'));
const dataDir = path.join(home, 'data');
const sharedAssets = path.join(home, 'shared', 'assets');
let server: ChildProcess | null = null;
let port = 0;

function release(...args: string[]) {
  const r = spawnSync(script, args, {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', SITE_HOME: home, KEEP_RELEASES: process.env.KEEP ?? '5' },
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

/** A release folder made from this checkout's build, as `deploy/release.sh build` leaves one. */
function releaseFolder(name: string): string {
  const dir = path.join(home, 'releases', name);
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(projectRoot, 'build'), path.join(dir, 'build'), { recursive: true });
  cpSync(path.join(projectRoot, 'package.json'), path.join(dir, 'package.json'));
  for (const shared of ['node_modules', 'db', 'seed']) symlinkSync(path.join(projectRoot, shared), path.join(dir, shared));
  return dir;
}

/** Every text file under `dir` with `from` replaced by `to`. */
function replaceEverywhere(dir: string, from: string, to: string) {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) replaceEverywhere(p, from, to);
    else if (/\.(js|mjs|json|css|html|map)$/.test(entry)) {
      const text = readFileSync(p, 'utf8');
      if (text.includes(from)) writeFileSync(p, text.split(from).join(to));
    }
  }
}

async function start() {
  port = await freePort();
  const current = path.join(home, 'current');
  server = spawn(process.execPath, [path.join(current, 'build', 'node', 'index.js')], {
    cwd: current,
    env: productionEnv(port, dataDir, { SHARED_ASSETS_DIR: sharedAssets, PUBLIC_SITE_URL: `http://127.0.0.1:${port}` }),
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`, server, 'the compiled server');
}

const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`);
const assetsOf = (html: string) => [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
const PAGES = ['/', '/agrotain', '/knowledge-center'];

beforeAll(() => {
  if (!existsSync(path.join(projectRoot, 'build', 'node', 'index.js'))) throw new Error('No build: run npm run build first.');
});
afterAll(async () => {
  await stop(server);
  rmSync(home, { recursive: true, force: true });
});

describe('a release that renames a chunk', () => {
  it("serves release A's pages and every asset they name after release B took over, until A is pruned", { timeout: 240_000 }, async () => {
    const a = releaseFolder('20261127100000-aaaaaaaaaaaa');
    release('activate', a);
    expect(readlinkSync(path.join(home, 'current'))).toBe(a);
    await start();
    const aPages = new Map<string, string>();
    for (const page of PAGES) {
      const res = await get(page);
      expect(res.status, page).toBe(200);
      aPages.set(page, await res.text());
    }
    const aAssets = [...new Set([...aPages.values()].flatMap(assetsOf))];
    expect(aAssets.length).toBeGreaterThan(1);
    for (const asset of aAssets) expect((await get(asset)).status, asset).toBe(200);

    // B: the same build with one chunk that A's home page loads under a new name, references included
    const renamed = assetsOf(aPages.get('/')!).find((u) => u.endsWith('.js'))!;
    const oldName = path.basename(renamed);
    const newName = oldName.replace(/-[\w]+\.js$/, '-B0000000.js');
    expect(newName).not.toBe(oldName);
    const b = path.join(home, 'releases', '20261127110000-bbbbbbbbbbbb');
    cpSync(a, b, { recursive: true, verbatimSymlinks: true });
    renameSync(path.join(b, 'build', 'client', 'assets', oldName), path.join(b, 'build', 'client', 'assets', newName));
    replaceEverywhere(path.join(b, 'build'), oldName, newName);
    expect(existsSync(path.join(b, 'build', 'client', 'assets', oldName))).toBe(false);

    release('activate', b);
    expect(readlinkSync(path.join(home, 'current'))).toBe(b);
    await stop(server);
    await start();

    // B's own pages name the new chunk, and it answers
    const bHome = await (await get('/')).text();
    expect(bHome).toContain(`/assets/${newName}`);
    expect(bHome).not.toContain(`/assets/${oldName}`);
    expect((await get(`/assets/${newName}`)).status).toBe(200);
    // A's pages and every asset they name still answer, the renamed chunk included (from the shared folder)
    for (const page of PAGES) expect((await get(page)).status, page).toBe(200);
    for (const asset of aAssets) {
      const res = await get(asset);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }

    // keep one release: A and the assets only A had are gone, B's stay
    process.env.KEEP = '1';
    try {
      release('prune');
    } finally {
      delete process.env.KEEP;
    }
    expect(readdirSync(path.join(home, 'releases'))).toEqual(['20261127110000-bbbbbbbbbbbb']);
    expect(existsSync(path.join(sharedAssets, oldName))).toBe(false);
    expect(existsSync(path.join(sharedAssets, newName))).toBe(true);
    expect((await get(`/assets/${oldName}`)).status).toBe(404);
    expect((await get(`/assets/${newName}`)).status).toBe(200);
  });
});
