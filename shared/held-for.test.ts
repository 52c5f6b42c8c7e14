import { describe, expect, it } from 'vitest';
import { heldFor } from './held-for.ts';

describe('heldFor', () => {
  it('derives once per source object and again for a new one', () => {
    let calls = 0;
    const names = heldFor((rows: { name: string }[]) => {
      calls++;
      return rows.map((r) => r.name);
    });
    const rows = [{ name: 'AGROTAIN' }];
    const first = names(rows);
    expect(names(rows)).toBe(first);
    expect(calls).toBe(1);
    const next = names([{ name: 'ANVOL' }]);
    expect(next).toEqual(['ANVOL']);
    expect(calls).toBe(2);
  });
});
