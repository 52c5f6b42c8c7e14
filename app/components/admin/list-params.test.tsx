import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listHref, useListParams } from './list-params.ts';

describe('admin list kit: the list in the URL', () => {
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
});
