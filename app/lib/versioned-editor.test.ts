import { describe, expect, it } from 'vitest';
import { changedFieldLabels, checkedVersions, rollbackVersions } from './versioned-editor.ts';

const row = { id: 3, created: '2026-11-23T14:05:07Z', publishAt: null, author: null, status: 'draft', current: true };

describe('versioned editor helpers', () => {
  it('checks the versions reply against the shared schema: a reply without status is one clear error', () => {
    expect(checkedVersions([row])).toEqual([row]);
    expect(() => checkedVersions([{ ...row, status: 'live' }])).toThrow(/^The saved versions could not be read: /);
    const { status: _status, ...withoutStatus } = row;
    expect(() => checkedVersions([withoutStatus])).toThrow(/could not be read/);
  });

  it('gives the Rollback list each version with its author (or the initial content), status and current mark', () => {
    expect(
      rollbackVersions(checkedVersions([row, { ...row, id: 2, author: 'ana@example.com', status: 'published', current: false }])),
    ).toEqual([
      { id: 3, created: row.created, savedBy: 'the initial content', status: 'draft', current: true },
      { id: 2, created: row.created, savedBy: 'ana@example.com', status: 'published', current: false },
    ]);
  });

  it('names the fields that differ, in the order of the labels, ignoring key order and null versus absent', () => {
    const labels = { title: 'Title', modules: 'Modules', metadata: 'SEO', heroMedia: 'Hero media' };
    const a = { title: 'A', modules: [{ type: 2, content: 'x' }], metadata: { title: 't', desc: 'd' }, heroMedia: null, versionId: 1 };
    const b = { title: 'A', modules: [{ content: 'x', type: 2 }], metadata: { desc: 'd', title: 't' }, versionId: 2 };
    expect(changedFieldLabels(a, b, labels)).toEqual([]);
    expect(changedFieldLabels({ ...a, title: 'B', metadata: { title: 't' } }, b, labels)).toEqual(['Title', 'SEO']);
    expect(changedFieldLabels(a, { ...b, modules: [] }, labels)).toEqual(['Modules']);
  });
});
