import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, StaticPageContext } from './links.tsx';

function render(node: React.ReactNode, isStatic: boolean, at = '/knowledge-center/item') {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      <StaticPageContext.Provider value={isStatic}>
        <Routes>
          <Route path="/knowledge-center/*" element={node} />
        </Routes>
      </StaticPageContext.Provider>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('is a plain anchor with the same href and attributes on a content template', () => {
    const link = (
      <Link to="/agrotain?x=1#top" className="card" prefetch="intent" reloadDocument aria-label="Agrotain">
        Agrotain
      </Link>
    );
    expect(render(link, true)).toBe('<a class="card" aria-label="Agrotain" href="/agrotain?x=1#top">Agrotain</a>');
    expect(render(<Link to={{ pathname: '/about', search: '?a=b' }}>About</Link>, true)).toBe('<a href="/about?a=b">About</a>');
    expect(render(<Link to="https://example.org/x">Out</Link>, true)).toBe('<a href="https://example.org/x">Out</a>');
  });

  it("is React Router's link on a hydrated page, and for a relative path anywhere", () => {
    expect(render(<Link to="/agrotain">Agrotain</Link>, false)).toBe('<a href="/agrotain" data-discover="true">Agrotain</a>');
    // resolved against the route (here the splat match), as React Router does
    expect(render(<Link to="category/39">Nutrients</Link>, true)).toBe(
      '<a href="/knowledge-center/item/category/39" data-discover="true">Nutrients</a>',
    );
  });
});
