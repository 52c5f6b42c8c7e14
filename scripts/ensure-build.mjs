// Builds the app and the compiled server (`npm run build`) when there is no build yet or a source
// file is newer than the last build, so `npm start` is a full build on a fresh clone and a fast
// start afterwards. Test files do not count: they are not part of the build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'build', '.stamp');
const inputs = [
  'app',
  'shared',
  'public',
  'server',
  'domain',
  'db',
  'cli',
  'seed',
  'config',
  'vite.config.ts',
  'vite.server.config.ts',
  'react-router.config.ts',
  'package.json',
  'package-lock.json',
];
const isTest = (name) => /\.test\.tsx?$/.test(name);

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) if (!isTest(entry)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

// `npm run build` ends with `--stamp`: record that the build is current, so a following
// `npm start` does not build again.
if (process.argv.includes('--stamp')) {
  writeFileSync(stamp, new Date().toISOString());
  process.exit(0);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const source = Math.max(...inputs.map((i) => newest(path.join(root, i))));
if (built && built >= source && !process.argv.includes('--force')) process.exit(0);

console.log(built ? 'Sources changed; rebuilding the app...' : 'Building the app (first run)...');
const t0 = Date.now();
execSync('npm run --silent build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
