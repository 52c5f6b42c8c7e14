import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EmptyState, nextSortDirection, SortLinkHeader } from './list-table.tsx';

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>).replaceAll(' data-discover="true"', '');

describe('admin list kit: the table', () => {
  it('sorts: a header names its direction in aria-sort; the first click uses the column’s first direction', () => {
    expect(nextSortDirection('none')).toBe('ascending');
    expect(nextSortDirection('none', 'descending')).toBe('descending');
    expect(nextSortDirection('descending')).toBe('ascending');
    expect(nextSortDirection('ascending', 'descending')).toBe('descending');
    const header = (column: string, first: 'asc' | 'desc' = 'asc') =>
      html(
        <table>
          <thead>
            <tr>
              <SortLinkHeader
                label="Created"
                column={column}
                sort="created"
                dir="desc"
                first={first}
                href={(c, d) => `/x?sort=${c}&dir=${d}`}
              />
            </tr>
          </thead>
        </table>,
      );
    expect(header('created', 'desc')).toContain(
      '<th scope="col" aria-sort="descending"><a class="sort-button" href="/x?sort=created&amp;dir=asc">Created<span aria-hidden="true" class="sort-button__icon">▼</span></a></th>',
    );
    expect(header('title')).toContain('aria-sort="none"><a class="sort-button" href="/x?sort=title&amp;dir=asc">Created');
    expect(header('updated', 'desc')).toContain('href="/x?sort=updated&amp;dir=desc"');
  });

  it('the empty state fits in a table body too', () => {
    expect(html(<EmptyState colSpan={6}>No rows.</EmptyState>)).toBe('<tr><td colSpan="6">No rows.</td></tr>');
    expect(html(<EmptyState>No rows.</EmptyState>)).toBe('<p>No rows.</p>');
  });
});
