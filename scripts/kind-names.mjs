// How many source files outside the kind registry name three or more of the versioned kinds (ADR 037).
// A file names a kind when it has the kind's name as a string literal ('page') or as a key (page:).
// The registry is the one list of kinds: this fails when more than TARGET other files list them again.
// Run: node scripts/kind-names.mjs (prints the files it counts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const KINDS = ['knowledge', 'press', 'page', 'landing', 'product'];
const TARGET = 2;
/** The kinds' own definitions: the registry's indexes and the per-kind halves. */
const DEFINITIONS = /^(shared|domain|app)\/kinds\//;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('test') && !f.startsWith('tests/'));

const listing = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  const named = KINDS.filter((k) => new RegExp(`['"\`]${k}['"\`]|\\b${k}:`).test(text));
  if (named.length >= 3 && !DEFINITIONS.test(file)) listing.push(`${named.length} ${file}`);
}

for (const line of listing) console.log(line);
console.log(`${listing.length} file(s) outside the registry name three or more kinds (at most ${TARGET}).`);
if (listing.length > TARGET) process.exit(1);
