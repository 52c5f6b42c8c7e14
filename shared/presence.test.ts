import { describe, expect, it } from 'vitest';
import { joinNames, presenceKey, presenceNotice, presencePermission } from './presence.ts';

describe('presence: the item an editor edits, its permission and the notice', () => {
  it.each([
    ['/siteadmin/press-releases/edit/12', '/siteadmin/press-releases/edit/12'],
    ['/siteadmin/press-releases/edit/12/345', '/siteadmin/press-releases/edit/12'],
    ['/siteadmin/reps-retailers/retailer/edit/5/next', '/siteadmin/reps-retailers/retailer/edit/5'],
    ['/siteadmin/pages/landing/edit/3', '/siteadmin/pages/landing/edit/3'],
    ['/siteadmin/users/edit/4', '/siteadmin/users/edit/4'],
    ['/siteadmin/users/add', null],
    ['/siteadmin/press-releases/create', null],
    ['/siteadmin/press-releases', null],
    ['/press-releases/edit/1', null],
  ])('%s → %s', (path, key) => {
    expect(presenceKey(path)).toBe(key);
  });

  it.each([
    ['/siteadmin/knowledge-center/edit/1', 'content'],
    ['/siteadmin/pages/landing/edit/1', 'content'],
    ['/siteadmin/product-labels/edit/1', 'content'],
    ['/siteadmin/document-library/edit/1', 'content'],
    ['/siteadmin/reps-retailers/rep/edit/1', 'content'],
    ['/siteadmin/redirects/edit/1', 'redirects'],
    ['/siteadmin/users/edit/1', 'users'],
    ['/siteadmin/settings', 'settings'],
    ['/siteadmin/forms/edit/1', null],
    ['/siteadmin/usersx/edit/1', null],
    ['/siteadmin', null],
  ])('%s needs %s', (key, permission) => {
    expect(presencePermission(key)).toBe(permission);
  });

  it('names one, two or several people as a sentence', () => {
    expect(presenceNotice([])).toBeNull();
    expect(presenceNotice(['ana@example.com'])).toBe('ana@example.com is also editing this');
    expect(presenceNotice(['ana@example.com', 'ben@example.com'])).toBe('ana@example.com and ben@example.com are also editing this');
    expect(joinNames(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
