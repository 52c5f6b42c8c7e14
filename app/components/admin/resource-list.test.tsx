// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ResourceList, ResourceRowActions, type ResourceColumn, type ResourceListProps, type RowAction } from './resource-list.tsx';

interface Row {
  id: number;
  title: string;
  updated: string;
}

const COLUMNS: ResourceColumn<Row>[] = [
  { key: 'title', label: 'Title', main: true, sort: { column: 'title', first: 'asc' }, cell: (r) => r.title },
  { key: 'updated', label: 'Updated', nowrap: true, sort: { column: 'updated', first: 'desc' }, cell: (r) => r.updated },
];
const ROWS: Row[] = [
  { id: 1, title: 'Zinc label', updated: 'Nov 24, 2026' },
  { id: 2, title: 'Anvol SDS', updated: 'Nov 23, 2026' },
];

/** Renders a list at /siteadmin/things with the given address (a data router: links and GET forms need one). */
function renderList(
  props: Partial<ResourceListProps<Row>> = {},
  entry: string | { pathname: string; state: unknown } = '/siteadmin/things',
) {
  const element = (
    <ResourceList<Row>
      caption="Things"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(r) => r.id}
      empty="No things yet."
      sort={{ sort: 'updated', dir: 'desc', href: (sort, dir) => `/siteadmin/things?sort=${sort}&dir=${dir}` }}
      actions={(r) => [
        { label: 'Edit', ariaLabel: `Edit ${r.title}`, to: `/siteadmin/things/edit/${r.id}` },
        { label: 'Delete', ariaLabel: `Delete ${r.title}`, danger: true, onClick: () => {} },
      ]}
      {...props}
    />
  );
  const router = createMemoryRouter([{ path: '/siteadmin/things', element }], { initialEntries: [entry] });
  return render(<RouterProvider router={router} />);
}

describe('ResourceList', () => {
  it('is a captioned table: headers sort by address, each cell carries its column label for the phone card', () => {
    renderList();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title↕', 'Updated▼', 'Actions']);
    expect(
      within(table)
        .getByRole('columnheader', { name: /Updated/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    // a click on Title asks for its first direction, on Updated (sorted descending) for the other one
    expect(within(table).getByRole('link', { name: /Title/ }).getAttribute('href')).toBe('/siteadmin/things?sort=title&dir=asc');
    expect(
      within(table)
        .getByRole('link', { name: /Updated/ })
        .getAttribute('href'),
    ).toBe('/siteadmin/things?sort=updated&dir=asc');
    const cells = within(screen.getByRole('row', { name: /Zinc label/ })).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Title', 'Updated', null]);
    expect(cells[0]!.className).toBe('resource-table__main');
    expect(cells[1]!.className).toBe('admin-table__nowrap');
  });

  it('shows the row actions in one row, named for their row', () => {
    renderList();
    const row = screen.getByRole('row', { name: /Anvol SDS/ });
    expect(within(row).getByRole('link', { name: 'Edit Anvol SDS' }).getAttribute('href')).toBe('/siteadmin/things/edit/2');
    expect(within(row).getByRole('button', { name: 'Delete Anvol SDS' }).className).toContain('button--danger-outline');
    expect(within(row).queryByRole('button', { name: 'More' })).toBeNull();
    expect(row.querySelector('.row-actions')!.children).toHaveLength(2);
  });

  it('shows the empty state across the table, and the count, notice and error', () => {
    renderList({ rows: [], count: 'No things found.', notice: 'The thing was deleted.', error: 'Something is wrong' });
    const cell = screen.getByRole('cell', { name: 'No things yet.' });
    expect(cell.getAttribute('colspan')).toBe('3');
    expect(screen.getByText('No things found.').className).toBe('admin-count');
    expect(screen.getByRole('status').textContent).toBe('The thing was deleted.');
    expect(screen.getByRole('alert').textContent).toBe('Something is wrong');
  });

  it('shows a notice handed over by the screen that sent the editor here', () => {
    renderList({}, { pathname: '/siteadmin/things', state: { notice: 'The Brochure “Price list” was added.' } });
    expect(screen.getByRole('status').textContent).toBe('The Brochure “Price list” was added.');
  });

  it('pages by address (Previous, Page N of M, Next), or loads more', () => {
    const { unmount } = renderList({ paging: { page: 2, pages: 3, href: (n) => `/siteadmin/things?page=${n}` } });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/siteadmin/things?page=1');
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/siteadmin/things?page=3');
    expect(pages.textContent).toContain('Page 2 of 3');
    unmount();
    const onLoadMore = vi.fn();
    renderList({ loadMore: { shown: 2, total: 5, loading: false, onLoadMore } });
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
  });
});

describe('row actions with a More menu', () => {
  function renderActions(actions: RowAction[]) {
    const router = createMemoryRouter([{ path: '/', element: <ResourceRowActions actions={actions} /> }]);
    return render(<RouterProvider router={router} />);
  }
  const pin = vi.fn();
  const del = vi.fn();
  const archive = vi.fn();
  const four: RowAction[] = [
    { label: 'Edit', ariaLabel: 'Edit Zinc', to: '/siteadmin/things/edit/1' },
    { label: 'View', ariaLabel: 'View Zinc (opens in a new tab)', href: '/zinc' },
    { label: 'Pin', ariaLabel: 'Pin Zinc', onClick: pin },
    { label: 'Delete', ariaLabel: 'Delete Zinc', danger: true, onClick: del },
  ];
  const five: RowAction[] = [...four.slice(0, 3), { label: 'Archive', ariaLabel: 'Archive Zinc', onClick: archive }, four[3]!];

  it('keeps three actions in the row', () => {
    renderActions(four.slice(0, 3));
    expect(screen.getByRole('link', { name: 'Edit Zinc' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Zinc (opens in a new tab)' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Pin Zinc' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('keeps the first three of four in the row and starts the More menu at the fourth', () => {
    renderActions(four);
    expect(screen.getByRole('link', { name: 'Edit Zinc' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pin Zinc' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Zinc' })).toBeNull();
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
  });

  it('puts the fourth and later of five into a menu button that opens with the keyboard', async () => {
    renderActions(five);
    expect(screen.getByRole('button', { name: 'Pin Zinc' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Archive Zinc' })).toBeNull();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    // Arrow Down opens it on its first item; arrows wrap; Escape closes it and returns to the button
    more.focus();
    await act(async () => {
      fireEvent.keyDown(more, { key: 'ArrowDown' });
    });
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.getAttribute('aria-controls')).toBe(menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Archive Zinc', 'Delete Zinc']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    await act(async () => {
      fireEvent.keyDown(menu, { key: 'Escape' });
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);

    // Arrow Up opens it on its last item; choosing an item acts and closes the menu
    await act(async () => {
      fireEvent.keyDown(more, { key: 'ArrowUp' });
    });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete Zinc' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Zinc' }));
    });
    expect(del).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on a click and closes on a click elsewhere', async () => {
    renderActions(four);
    const more = screen.getByRole('button', { name: 'More' });
    await act(async () => {
      fireEvent.click(more);
    });
    expect(screen.getByRole('menu')).toBeTruthy();
    await act(async () => {
      fireEvent.mouseDown(document.body);
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('a screen with two lists', () => {
  it('can leave the notice region out of a list (notice={false}), so the screen shows its notice once', () => {
    renderList({ notice: false }, { pathname: '/siteadmin/things', state: { notice: 'Handed over.' } });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('Handed over.')).toBeNull();
  });
});

describe('the forms list: a named actions column and a state among the actions', () => {
  it('names its actions column when asked, and shows a state (a badge, not a control) among the actions', () => {
    renderList({
      actionsLabel: 'View',
      actions: (r) => [
        { label: 'View', ariaLabel: `View ${r.title}`, onClick: () => {} },
        { label: 'Archived', badge: true },
      ],
    });
    expect(screen.getByRole('columnheader', { name: 'View' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Zinc label/ });
    expect(within(row).getByText('Archived').className).toBe('badge');
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['View Zinc label']);
  });
});
