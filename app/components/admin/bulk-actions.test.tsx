// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DELETE, PUBLISH, type BulkConfig } from './bulk-actions.tsx';
import { ResourceList } from './resource-list.tsx';

interface Row {
  id: number;
  title: string;
}
const ROWS: Row[] = [
  { id: 1, title: 'Zinc label' },
  { id: 2, title: 'Anvol SDS' },
];

function renderList(config: Partial<BulkConfig> = {}) {
  const run = vi.fn<BulkConfig['run']>(async () => ({
    success: true,
    message: null,
    data: { done: [{ id: 1, title: 'Zinc label' }], refused: [{ id: 2, title: 'Anvol SDS', reason: 'Already published.' }] },
  }));
  const element = (
    <ResourceList<Row>
      caption="Things"
      columns={[{ key: 'title', label: 'Title', main: true, cell: (r) => r.title }]}
      rows={ROWS}
      rowKey={(r) => r.id}
      empty="No things yet."
      bulk={{
        config: { noun: { one: 'thing', many: 'things' }, total: 45, actions: [PUBLISH, DELETE], run, ...config },
        id: (r) => r.id,
        title: (r) => r.title,
      }}
    />
  );
  const router = createMemoryRouter([{ path: '/siteadmin/things', element }], { initialEntries: ['/siteadmin/things'] });
  render(<RouterProvider router={router} />);
  return run;
}

describe('bulk actions in ResourceList (ADR 050)', () => {
  it('offers a checkbox per row, named for it, and shows the toolbar only while rows are chosen', () => {
    renderList();
    expect(screen.queryByRole('group', { name: 'Bulk actions' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Anvol SDS' }));
    const bar = screen.getByRole('group', { name: 'Bulk actions' });
    expect(bar.textContent).toContain('1 thing selected.');
    // some, not all: the page's checkbox is mixed
    expect((screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement).indeterminate).toBe(true);
    expect(within(bar).queryByRole('button', { name: 'Select all 45 matching' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(bar.textContent).toContain('2 things selected.');
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all 45 matching' }));
    expect(bar.textContent).toContain('All 45 things matching are selected.');
    fireEvent.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('group', { name: 'Bulk actions' })).toBeNull();
  });

  it('asks first naming the count, then runs on the selection and lists the refused row with its reason', async () => {
    const run = renderList();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Bulk actions' })).getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish 2 things?' });
    expect(run).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish 2 things' }));
    });
    expect(run).toHaveBeenCalledWith('publish', { ids: [1, 2] }, undefined);
    const result = screen.getAllByRole('status').find((s) => s.textContent?.includes('published'))!;
    expect(result.textContent).toContain('1 thing published. 1 thing refused:');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Anvol SDS: Already published.']);
    // the selection is cleared after the action
    expect(screen.queryByRole('group', { name: 'Bulk actions' })).toBeNull();
  });

  it('sends "all matching" as such', async () => {
    const run = renderList();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 45 matching' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 45 things?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 45 things' }));
    });
    expect(run).toHaveBeenCalledWith('delete', { all: true }, undefined);
  });
});
