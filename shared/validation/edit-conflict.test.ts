import { describe, expect, it } from 'vitest';
import { conflictMessage, differingFields, missingBaseVersion, personName, saveGuardOf } from './edit-conflict.ts';

describe('the fields a refused save differs in', () => {
  it('lists each field of the body the record has, with both values, in the body order', () => {
    const theirs = { id: 4, title: 'Theirs', slug: 'same', regionIds: [2, 3], metadata: { desc: 'a' }, created: '2026-11-28T10:00:00Z' };
    const yours = { id: 4, baseVersion: 9, regionIds: [2], title: 'Yours', slug: 'same', metadata: { desc: 'b' }, redirectOldSlug: true };
    expect(differingFields(theirs, yours)).toEqual([
      { field: 'regionIds', theirs: [2, 3], yours: [2] },
      { field: 'title', theirs: 'Theirs', yours: 'Yours' },
      { field: 'metadata', theirs: { desc: 'a' }, yours: { desc: 'b' } },
    ]);
  });

  it('treats dates as their ISO text, key order as nothing, and empty values as none', () => {
    const theirs = { publishDate: '2026-04-01T00:00:00.000Z', seo: { title: 'T', desc: 'D' }, publishAt: null, metadata: {} };
    const yours = {
      publishDate: new Date('2026-04-01T00:00:00Z'),
      seo: { desc: 'D', title: 'T' },
      publishAt: undefined,
      metadata: { desc: '' },
    };
    expect(differingFields(theirs, yours)).toEqual([]);
  });

  it('leaves out an empty slug (kept on an edit) and the save bookkeeping', () => {
    expect(differingFields({ slug: 'kept', password: 'x', version: 3 }, { slug: '', password: 'y', version: 2, overwrite: true })).toEqual(
      [],
    );
  });
});

describe('the people and words of a conflict', () => {
  it('names a user by the local part of the email', () => {
    expect(personName('ana.lopez@example.com')).toBe('Ana Lopez');
    expect(personName('j_smith-jones@example.com')).toBe('J Smith Jones');
    expect(personName(null)).toBe('Someone');
  });

  it('says who saved, when (UTC) and what to do', () => {
    expect(conflictMessage({ id: 2, name: 'Ana Lopez', email: 'ana.lopez@example.com' }, new Date('2026-11-28T22:04:00Z'))).toBe(
      'Ana Lopez (ana.lopez@example.com) saved this on November 28, 2026 at 10:04 PM UTC, after you opened it. Nothing was saved: see the differences, then save yours anyway or load theirs.',
    );
    expect(conflictMessage(null, new Date('2026-11-28T22:04:00Z'))).toMatch(/^Someone saved this on/);
  });

  it('reads the guard of a body; an edit without a version is missing one, a create is not', () => {
    expect(saveGuardOf({ baseVersion: 7 })).toEqual({ baseVersion: 7, overwrite: false });
    expect(saveGuardOf({ baseVersion: 7, overwrite: true })).toEqual({ baseVersion: 7, overwrite: true });
    expect(saveGuardOf({})).toBeNull();
    expect(missingBaseVersion({ id: 3 })).toBe(true);
    expect(missingBaseVersion({ id: 3, baseVersion: 0 })).toBe(false);
    expect(missingBaseVersion({ id: null })).toBe(false);
  });
});
