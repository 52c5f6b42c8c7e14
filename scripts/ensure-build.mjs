// Builds the app when there is no build yet or a source file is newer than the last build,
// so `npm start` is a full build on a fresh clone and a fast start afterwards.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'build', '.stamp');
const inputs = ['app', 'shared', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const source = Math.max(...inputs.map((i) => newest(path.join(root, i))));
if (built && built >= source && !process.argv.includes('--force')) process.exit(0);

console.log(built ? 'Sources changed; rebuilding the app...' : 'Building the app (first run)...');
const t0 = Date.now();
execSync('npx react-router build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
writeFileSync(stamp, new Date().toISOString());
console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
