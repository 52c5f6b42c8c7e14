import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The registry stays the one list of the versioned kinds (ADR 037): scripts/kind-names.mjs counts the others. */
describe('kind names', () => {
  it('leaves at most two files outside the kind registry naming three or more kinds', () => {
    const run = spawnSync(process.execPath, ['scripts/kind-names.mjs'], { encoding: 'utf8' });
    expect(run.stdout).toMatch(/file\(s\) outside the registry name three or more kinds \(at most 2\)\./);
    expect(run.status, run.stdout).toBe(0);
  });
});
