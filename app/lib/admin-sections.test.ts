import { describe, expect, it } from 'vitest';
import { permissionsForRoles, ROLE_IDS, ROLE_NAMES } from '#shared/permissions.ts';
import routes from '../routes.ts';
import { SPEC_CONTENT_SECTIONS, SPEC_SECTIONS } from '#tests/setup/constants.ts';
import { ADMIN_SECTIONS, DATE_TIME_OPTIONS, formatDateTime, roleLabel, sectionsFor } from './admin-sections.ts';
import { safeReturnPath } from './admin-session.ts';

describe('admin sections', () => {
  it('lists exactly the spec’s tiles, in order', () => {
    expect(ADMIN_SECTIONS.map((s) => s.label)).toEqual(SPEC_SECTIONS);
  });

  it('shows an Administrator every tile and an Editor the content tiles only', () => {
    expect(sectionsFor(permissionsForRoles([ROLE_IDS.administrator]))).toHaveLength(10);
    expect(sectionsFor(permissionsForRoles([ROLE_IDS.editor])).map((s) => s.label)).toEqual(SPEC_CONTENT_SECTIONS);
    expect(sectionsFor([])).toEqual([]);
  });

  it('every section has its list screen in the route table', () => {
    type Entry = { path?: string; file: string; children?: Entry[] };
    const admin = (routes as Entry[]).find((r) => r.path === 'siteadmin')!;
    const screens = new Map((admin.children ?? []).map((r) => [`/siteadmin/${r.path ?? ''}`, r.file]));
    for (const section of ADMIN_SECTIONS) expect(screens.get(section.path), section.path).toMatch(/^routes\/admin\/[a-z-]+\.tsx$/);
    // no catch-all placeholder screens are left
    expect([...screens.keys()].filter((p) => p.endsWith('*'))).toEqual([]);
  });

  it('labels the drawer with the highest role', () => {
    expect(roleLabel([2, 1], ROLE_NAMES)).toBe('Administrator');
    expect(roleLabel([2], ROLE_NAMES)).toBe('Editor');
    expect(roleLabel([], ROLE_NAMES)).toBe('Administrator');
  });

  it('formats dates in en-US long month with 12-hour time', () => {
    const utc = new Intl.DateTimeFormat('en-US', { ...DATE_TIME_OPTIONS, timeZone: 'UTC' });
    expect(formatDateTime('2026-11-23T00:05:00Z', utc)).toBe('November 23, 2026 at 12:05 AM');
    expect(formatDateTime('not a date', utc)).toBe('--');
  });
});

describe('return path after sign-in', () => {
  it('follows admin paths only, never another host', () => {
    expect(safeReturnPath('/siteadmin/users/edit/3?x=1')).toBe('/siteadmin/users/edit/3?x=1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example/siteadmin', '/\\evil.example', '/about', 'siteadmin']) {
      expect(safeReturnPath(bad)).toBe('/siteadmin');
    }
  });
});
