import { describe, expect, it } from 'vitest';
import { hasPermission, permissionsForRoles, PERMISSIONS, ROLE_IDS } from './permissions.ts';

describe('permissionsForRoles', () => {
  it('gives the Administrator everything and the Editor content only', () => {
    expect(permissionsForRoles([ROLE_IDS.administrator])).toEqual([...PERMISSIONS]);
    expect(permissionsForRoles([ROLE_IDS.editor])).toEqual(['content']);
  });
  it('joins several roles and ignores unknown ids', () => {
    expect(permissionsForRoles([ROLE_IDS.editor, ROLE_IDS.administrator])).toEqual([...PERMISSIONS]);
    expect(permissionsForRoles([99])).toEqual([]);
    expect(hasPermission([ROLE_IDS.editor], 'users')).toBe(false);
    expect(hasPermission([ROLE_IDS.editor], 'content')).toBe(true);
  });
});
