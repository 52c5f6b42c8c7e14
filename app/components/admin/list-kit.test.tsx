import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  EmptyState,
  FilterSelect,
  listHref,
  LoadMore,
  nextSortDirection,
  onOffFilter,
  SortLinkHeader,
  pageInfo,
  Pager,
  SearchBox,
  useListParams,
} from './list-kit.tsx';

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>).replaceAll(' data-discover="true"', '');
/** GET forms need a data router. */
const dataHtml = (node: React.ReactNode) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element: node }])} />).replaceAll(
    ' data-discover="true"',
    '',
  );

describe('admin list kit', () => {
  it('builds list addresses in order, leaving out empty and default values', () => {
    expect(listHref('/siteadmin/x', { search: '', kind: null, page: undefined })).toBe('/siteadmin/x');
    expect(listHref('/siteadmin/x', { search: 'a b', kind: 'label', page: 2 })).toBe('/siteadmin/x?search=a+b&kind=label&page=2');
    expect(listHref('/siteadmin/x', { sort: 'title', page: '1' }, { sort: 'title', page: '1' })).toBe('/siteadmin/x');
    expect(listHref('/siteadmin/x', { tab: 'reps', q: 'IA', start: 20 })).toBe('/siteadmin/x?tab=reps&q=IA&start=20');
  });

  it('keeps search, filter, sort and page in the URL; changing a filter starts again at page 1', () => {
    let seen: ReturnType<typeof useListParams<'q' | 'region' | 'sort' | 'page'>> | null = null;
    function Probe() {
      seen = useListParams({ q: '', region: '', sort: 'updated-desc', page: '1' });
      return null;
    }
    const router = createMemoryRouter([{ path: '/siteadmin/things', element: <Probe /> }], {
      initialEntries: ['/siteadmin/things?q=zinc&page=3&other=x'],
    });
    renderToStaticMarkup(<RouterProvider router={router} />);
    expect(seen!.values).toEqual({ q: 'zinc', region: '', sort: 'updated-desc', page: '3' });
    expect(seen!.href({ page: 4 })).toBe('/siteadmin/things?q=zinc&page=4');
    expect(seen!.href({ region: 3 })).toBe('/siteadmin/things?q=zinc&region=3');
    expect(seen!.href({ sort: 'title-asc' })).toBe('/siteadmin/things?q=zinc&sort=title-asc');
    expect(seen!.href({ q: '' })).toBe('/siteadmin/things');
  });

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

  it('on/off filter: 1 and 0 in the address unless other values are given', () => {
    expect(onOffFilter('status', 'Status', 'All', ['Published', 'Drafts'], 0).options).toEqual([
      { value: 1, label: 'Published' },
      { value: 0, label: 'Drafts' },
    ]);
    const visibility = onOffFilter('visibility', 'Visibility', 'Both', ['Published', 'Hidden'], 'hidden', ['published', 'hidden']);
    expect(visibility.options.map((o) => o.value)).toEqual(['published', 'hidden']);
    expect([visibility.name, visibility.value]).toEqual(['visibility', 'hidden']);
  });

  it('pages: Previous and Next only where there is a page to go to', () => {
    expect(pageInfo(40, 20, 45)).toEqual({ page: 3, pages: 3 });
    expect(pageInfo(0, 20, 0)).toEqual({ page: 1, pages: 1 });
    const first = html(<Pager prevTo={null} nextTo="/x?page=2" status="Page 1 of 2" />);
    expect(first).toBe('<nav class="admin-paging" aria-label="Pages"><span>Page 1 of 2</span><a href="/x?page=2">Next</a></nav>');
    const buttons = html(<Pager buttons prevTo="/x" nextTo={null} />);
    expect(buttons).toBe('<nav class="admin-pager" aria-label="Pages"><a class="button button--secondary" href="/x">Previous</a></nav>');
  });

  it('Load More shows only while rows remain, and is disabled while loading', () => {
    expect(html(<LoadMore shown={20} total={20} loading={false} onLoadMore={() => {}} />)).toBe('');
    expect(html(<LoadMore shown={20} total={21} loading={false} onLoadMore={() => {}} />)).toBe(
      '<p class="load-more"><button type="button" class="button button--secondary">Load More</button></p>',
    );
    expect(html(<LoadMore shown={20} total={21} loading loadingLabel="Loading..." className="" onLoadMore={() => {}} />)).toBe(
      '<p><button type="button" class="button button--secondary" disabled="">Loading...</button></p>',
    );
  });

  it('labels the search box and the filter select; the empty state fits in a table body too', () => {
    const search = dataHtml(<SearchBox id="s" label="Search paths" name="q" defaultValue="/old" />);
    expect(search).toContain('role="search"');
    expect(search).toContain('<label class="field__label" for="s">Search paths</label>');
    expect(search).toContain('<input id="s" class="field__input" type="search" name="q" value="/old"/>');
    const select = html(
      <FilterSelect
        id="k"
        label="Kind"
        name="kind"
        allLabel="All kinds"
        options={[{ value: 'label', label: 'Label' }]}
        defaultValue="label"
      />,
    );
    expect(select).toContain('<label class="field__label" for="k">Kind</label>');
    expect(select).toContain('<option value="">All kinds</option><option value="label" selected="">Label</option>');
    expect(html(<EmptyState colSpan={6}>No rows.</EmptyState>)).toBe('<tr><td colSpan="6">No rows.</td></tr>');
    expect(html(<EmptyState>No rows.</EmptyState>)).toBe('<p>No rows.</p>');
  });
});
