import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The tracker the work came from is not in the repository, so a comment citing one of its numbers tells the
 * next reader nothing: comments name the ADR (docs/decisions/) or say what they mean. Committed
 * migrations are never edited, so they are left as they are.
 */
describe('source comments', () => {
  it('cite no issue numbers', () => {
    const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.js', '*.css'], {
      encoding: 'utf8',
    })
      .stdout.split('\n')
      .filter((f) => f && !f.startsWith('db/migrations/') && !f.startsWith('build/'));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // listed but removed in the working tree
      }
      text.split('\n').forEach((line, i) => {
        if (/\bissues? \d+\b/i.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
