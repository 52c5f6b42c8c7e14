import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LoadMore, pageInfo, Pager } from './list-paging.tsx';

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>).replaceAll(' data-discover="true"', '');

describe('admin list kit: paging', () => {
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
});
