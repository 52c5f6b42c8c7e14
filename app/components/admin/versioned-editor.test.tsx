// @vitest-environment jsdom
import { axeViolationsIn } from '#tests/setup/dom.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { VersionRow } from '#shared/versions.ts';
import { useFormDirty } from './editor/unsaved-changes.tsx';
import { VersionedEditor, type DraftStatus } from './versioned-editor.tsx';

const versions: VersionRow[] = [
  {
    id: 33,
    created: '2026-11-23T14:05:09Z',
    publishAt: '2026-12-01T09:00:00Z',
    author: 'ana@example.com',
    status: 'scheduled',
    current: false,
  },
  { id: 32, created: '2026-11-23T14:05:07Z', publishAt: null, author: 'ana@example.com', status: 'published', current: true },
  { id: 31, created: '2026-11-23T14:04:58Z', publishAt: null, author: null, status: 'draft', current: false },
];

interface Item {
  title: string;
  modules: unknown[];
  metadata: { title?: string; desc?: string };
}
const LABELS = { title: 'Title', modules: 'Modules', metadata: 'SEO' };

interface SetupOptions {
  versionId?: string | null;
  item?: Item | null;
  currentItem?: Item | null;
  draftStatus?: DraftStatus;
  onSubmit?: (data: FormData) => void;
}

function setup({ versionId = null, item = null, currentItem = null, draftStatus, onSubmit = () => {} }: SetupOptions = {}) {
  function Editor() {
    const dirty = useFormDirty('f');
    return (
      <VersionedEditor
        title="Press Release"
        itemId={7}
        backTo="/list"
        formId="f"
        rollbackRoute="press-releases"
        editor={{ ...dirty, notice: null }}
        saving={false}
        versions={versions}
        versionId={versionId}
        item={item}
        currentItem={currentItem}
        fieldLabels={LABELS}
        draftStatus={draftStatus}
        sections={[
          { id: 'main', label: 'Main' },
          { id: 'seo', label: 'Search' },
        ]}
      >
        <form
          id="f"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(new FormData(e.currentTarget));
          }}
        >
          <h2 id="main">Main</h2>
          <label htmlFor="title">Title</label>
          <input id="title" name="title" />
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={draftStatus?.isDraft ? '0' : '1'}>
            <option value="1">Published</option>
            <option value="0">Draft</option>
          </select>
          <h2 id="seo">Search</h2>
        </form>
      </VersionedEditor>
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor /> },
      { path: '/list', element: <h1>The list</h1> },
      { path: '/siteadmin/press-releases/edit/:id/:versionId', element: <h1>A version</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

describe('VersionedEditor: the Rollback list', () => {
  it('shows each version with its time to the second, who saved it and its status, and marks the current one', async () => {
    const { view } = setup();
    const list = screen.getByRole('list', { name: 'Saved versions' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([
      '/siteadmin/press-releases/edit/7/33',
      '/siteadmin/press-releases/edit/7/32',
      '/siteadmin/press-releases/edit/7/31',
    ]);
    // en-US long month, 12-hour time with seconds (in the browser's zone: minutes and seconds are the same everywhere but odd offsets)
    expect(rows[0]!.textContent).toMatch(/^November 2[34], 2026 at \d{1,2}:\d{2}:09 (AM|PM)/);
    expect(rows[1]!.textContent).toMatch(/at \d{1,2}:\d{2}:07 (AM|PM)/);
    expect(rows[0]!.textContent).toContain('ana@example.com');
    expect(rows[0]!.textContent).toContain('Scheduled');
    expect(rows[1]!.textContent).toContain('Published');
    expect(rows[2]!.textContent).toContain('Draft');
    expect(rows[2]!.textContent).toContain('the initial content');
    // exactly one version is marked as the one the site shows
    expect(rows.map((r) => within(r).queryByText('Current') !== null)).toEqual([false, true, false]);
    expect(await axeViolationsIn(view.container)).toEqual([]);
  });

  it('opening an older version says so and lists the fields that differ from the current one', () => {
    setup({
      versionId: '31',
      item: { title: 'Old title', modules: [{ type: 2, content: '<p>a</p>' }], metadata: { desc: 'x', title: 'T' } },
      currentItem: { title: 'New title', modules: [{ type: 2, content: '<p>a</p>' }], metadata: { title: 'T', desc: 'y' } },
    });
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('You are editing the version saved');
    expect(note.textContent).toContain('Differs from the current version in: Title, SEO.');
    expect(screen.getByRole('link', { name: /04:58/ }).getAttribute('aria-current')).toBe('true');
  });

  it('says when the opened version has the same content as the current one', () => {
    const same = { title: 'Same', modules: [], metadata: { title: 'T', desc: 'd' } };
    setup({ versionId: '31', item: same, currentItem: { ...same, metadata: { desc: 'd', title: 'T' } } });
    expect(screen.getByRole('note').textContent).toContain('Its content is the same as the current version.');
  });
});

describe('VersionedEditor: saving', () => {
  it('keeps Back, the title, Rollback, Cancel and Save Changes in the action bar, with a section index', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Press Release' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    const index = screen.getByRole('navigation', { name: 'Sections of the form' });
    expect(
      within(index)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#main', '#seo']);
  });

  it('saves with Ctrl+S and with Cmd+S, instead of the browser saving the page', async () => {
    const onSubmit = vi.fn();
    setup({ onSubmit });
    const ctrl = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    screen.getByLabelText('Title').dispatchEvent(ctrl);
    expect(ctrl.defaultPrevented).toBe(true);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    fireEvent.keyDown(window, { key: 'S', metaKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    // a plain s is typing
    fireEvent.keyDown(window, { key: 's' });
    expect(onSubmit).toHaveBeenCalledTimes(2);
    // not while a dialog is open over the form
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.setAttribute('open', '');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    dialog.remove();
    await new Promise((r) => setTimeout(r, 50));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('a draft reads Publish (sets the status to published) and Save Draft; Ctrl+S saves it as a draft', async () => {
    const onSubmit = vi.fn();
    setup({ onSubmit, draftStatus: { isDraft: true, field: 'status', published: '1', draft: '0' } });
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].get('status')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0].get('status')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(3));
    expect(onSubmit.mock.calls[2]![0].get('status')).toBe('0');
  });

  it('asks before leaving with unsaved changes, and lets a clean form go', async () => {
    const { router } = setup();
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeTruthy();
    await router.navigate('/edit');
    fireEvent.input(await screen.findByLabelText('Title'), { target: { value: 'changed' } });
    fireEvent.click(screen.getByRole('link', { name: /Back/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit'));
    // a rollback link is leaving too
    fireEvent.click(within(screen.getByRole('list', { name: 'Saved versions' })).getAllByRole('link')[0]!);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByRole('heading', { name: 'A version' })).toBeTruthy();
  });
});
