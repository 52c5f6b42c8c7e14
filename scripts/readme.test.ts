import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The README is read in five minutes: what it is, the two commands, a folder map, recipes, links. */
describe('README.md', () => {
  const lines = readFileSync('README.md', 'utf8').trimEnd().split('\n');

  it('has at most 120 lines, none over 120 characters', () => {
    expect(lines.length).toBeLessThanOrEqual(120);
    expect(lines.filter((line) => line.length > 120)).toEqual([]);
  });

  it('starts with the two commands and links the three guides', () => {
    const text = lines.join('\n');
    expect(text.indexOf('npm install && npm start')).toBeGreaterThan(-1);
    expect(text.indexOf('npm install && npm start')).toBeLessThan(text.indexOf('npm test'));
    for (const doc of ['docs/configuration.md', 'docs/operations.md', 'docs/architecture.md']) expect(text).toContain(`](${doc})`);
  });
});
