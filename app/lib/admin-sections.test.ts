import { describe, expect, it } from 'vitest';
import { KINDS as REGISTRY, type KindDefinition } from '#shared/kinds/index.ts';
import { permissionsForRoles, ROLE_IDS, ROLE_NAMES } from '#shared/permissions.ts';
import routes from '../routes.ts';
import { SPEC_CONTENT_SECTIONS, SPEC_SECTIONS } from '#tests/setup/constants.ts';
import { ADMIN_SECTIONS, DATE_TIME_OPTIONS, formatDateTime, roleLabel, sectionsFor } from './admin-sections.ts';
import { safeReturnPath } from './admin-session.ts';

const KINDS: readonly KindDefinition[] = REGISTRY;

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

  it('gives every kind of the registry its list, create and editor entries, under the ids the app has always had', () => {
    type Entry = { path?: string; file: string; id?: string; children?: Entry[] };
    const admin = (routes as Entry[]).find((r) => r.path === 'siteadmin')!;
    const byPath = new Map((admin.children ?? []).map((r) => [`/siteadmin/${r.path ?? ''}`, r]));
    const ids: string[] = [];
    for (const kind of KINDS) {
      const { list, editor } = kind.screens;
      if (list) {
        expect(byPath.get(kind.list)?.file, kind.list).toBe(list.file);
        expect(byPath.get(kind.list)?.id, kind.list).toBe(list.id);
        ids.push(list.id ?? list.file);
      }
      const create = byPath.get(`${kind.admin}/create`);
      expect(create, `${kind.name} create`).toEqual(editor.create ? expect.objectContaining({ file: editor.file }) : undefined);
      if (create) ids.push(create.id!);
      const edit = byPath.get(`${kind.admin}/edit/:id/:versionId?`);
      expect(edit, `${kind.name} edit`).toMatchObject({ file: editor.file });
      ids.push(edit!.id!);
    }
    expect(ids.sort()).toEqual([
      'admin-knowledge-create',
      'admin-knowledge-edit',
      'admin-knowledge-list',
      'admin-landing-edit',
      'admin-page-create',
      'admin-page-edit',
      'admin-press-create',
      'admin-press-edit',
      'admin-press-list',
      'admin-product-edit',
      'routes/admin/pages-list.tsx',
      'routes/admin/products-list.tsx',
    ]);
  });

  it('shows every kind with a section of its own at its list, to those with its permission', () => {
    for (const kind of KINDS.filter((k) => k.section)) {
      expect(
        ADMIN_SECTIONS.find((s) => s.path === kind.list),
        kind.name,
      ).toEqual({
        label: kind.section!.label,
        path: kind.list,
        permission: kind.permission,
        description: kind.section!.description,
      });
      expect(ADMIN_SECTIONS[kind.section!.position - 1]!.path).toBe(kind.list);
    }
    // a kind without a section is listed in another kind's (landing pages in Pages)
    for (const kind of KINDS.filter((k) => !k.section)) expect(ADMIN_SECTIONS.map((s) => s.path)).toContain(kind.list);
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
