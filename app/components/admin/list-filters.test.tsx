import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FilterSelect, onOffFilter, SearchBox } from './list-filters.tsx';

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>).replaceAll(' data-discover="true"', '');
/** GET forms need a data router. */
const dataHtml = (node: React.ReactNode) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element: node }])} />).replaceAll(
    ' data-discover="true"',
    '',
  );

describe('admin list kit: search and filters', () => {
  it('on/off filter: 1 and 0 in the address unless other values are given', () => {
    expect(onOffFilter('status', 'Status', 'All', ['Published', 'Drafts'], 0).options).toEqual([
      { value: 1, label: 'Published' },
      { value: 0, label: 'Drafts' },
    ]);
    const visibility = onOffFilter('visibility', 'Visibility', 'Both', ['Published', 'Hidden'], 'hidden', ['published', 'hidden']);
    expect(visibility.options.map((o) => o.value)).toEqual(['published', 'hidden']);
    expect([visibility.name, visibility.value]).toEqual(['visibility', 'hidden']);
  });

  it('labels the search box and the filter select', () => {
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
  });
});
