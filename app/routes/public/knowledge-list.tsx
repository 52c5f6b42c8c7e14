import { data, Form, redirect, useNavigate, useNavigation } from 'react-router';
import { Link } from '../../lib/links.tsx';
import {
  categoryName,
  earlierPage,
  isKnowledgeCategory,
  KNOWLEDGE_CATEGORIES,
  lastPage,
  listQueryString,
  listWindow,
  parseListQuery,
  RESOURCE_TYPES,
} from '#shared/knowledge.ts';
import { ResourceCard } from '../../components/resource-card.tsx';
import { breadcrumbList } from '../../lib/content-seo.ts';
import { readRegionCookie } from '../../lib/region.tsx';
import { rootDataFrom } from '../../lib/root-data.ts';
import { seoMeta } from '../../lib/seo.ts';
import { showingText, useLoadMoreFocus } from '../../lib/use-load-more.ts';
import type { Route } from './+types/knowledge-list';
import { STATIC_PAGE } from '../../lib/hydration.ts';

const INTRO = 'Articles, research and podcasts on nitrogen management, micronutrients and crop nutrition, from our agronomists and research partners.';
const CATEGORY_INTRO: Record<number, string> = {
  38: 'Conversations with agronomists and growers about the decisions that shape a season.',
  39: 'Practical guides on protecting nitrogen, feeding micronutrients and getting crops off to a strong start.',
  40: 'Field trial summaries and research reports, with the data behind our recommendations.',
};

/**
 * /knowledge-center and /knowledge-center/category/{38|39|40}. Filters live in the query string
 * (?type=&q=&page=), so the list renders on the server and works without JavaScript; "Load more"
 * asks for one more page and the loader returns every card up to it (at most MAX_LIST_ITEMS, the
 * newest window, with a link back to earlier ones), in one database query.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  let category: number | null = null;
  if (params.id !== undefined) {
    const id = Number(params.id);
    if (!/^\d+$/.test(params.id) || !isKnowledgeCategory(id)) throw data(null, { status: 404 });
    category = id;
  }
  const query = parseListQuery(url.searchParams);
  const region = readRegionCookie(request.headers.get('cookie')) ?? 2;
  const { start, length } = listWindow(query.page);
  const list = await context.services.knowledge.filter({
    category,
    type: query.type,
    region,
    searchText: query.q || null,
    start,
    length,
  });
  // A page past the end (an old link after items were removed) goes to the last page instead of an empty list.
  if (list.items.length === 0 && list.total > 0 && query.page > 1) {
    throw redirect(`${url.pathname}${listQueryString({ ...query, page: lastPage(list.total) })}`);
  }
  return { list, query, category, start };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = rootDataFrom(matches);
  const siteUrl = root?.config.siteUrl ?? '';
  if (!d) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  const name = categoryName(d.category);
  const path = d.category ? `/knowledge-center/category/${d.category}` : '/knowledge-center';
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Knowledge Center', path: '/knowledge-center' },
    ...(name ? [{ name, path }] : []),
  ];
  const filtered = d.query.q !== '' || d.query.type !== null || d.query.page > 1;
  return seoMeta({
    title: name ? `${name} | Knowledge Center` : 'Knowledge Center',
    description: d.category ? `${CATEGORY_INTRO[d.category]} ${name} from the Knowledge Center.` : INTRO,
    siteUrl,
    companyName: root?.settings.companyName,
    path,
    noindex: filtered,
    jsonLd: [breadcrumbList(siteUrl, trail)],
  });
};

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = STATIC_PAGE;

export default function KnowledgeList({ loaderData }: Route.ComponentProps) {
  const { list, query, category, start } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname.startsWith('/knowledge-center');
  const basePath = category ? `/knowledge-center/category/${category}` : '/knowledge-center';
  const name = categoryName(category);

  const { linkRef, markLoadMore } = useLoadMoreFocus(start, list.items.length);
  const hasMore = start + list.items.length < list.total;
  const filtered = query.q !== '' || query.type !== null;

  return (
    <div className="knowledge">
      <header className="hero content-hero">
        <div className="container content-hero__inner">
          <p className="content-hero__eyebrow">{name ? 'Knowledge Center' : 'Resources'}</p>
          <h1 className="hero__title">{name ?? 'Knowledge Center'}</h1>
          <p className="hero__promise">{category ? CATEGORY_INTRO[category] : INTRO}</p>
        </div>
      </header>

      <div className="container section knowledge__body">
        <nav className="category-nav" aria-label="Categories">
          <ul>
            <li>
              <Link to="/knowledge-center" className="category-nav__link" aria-current={category === null ? 'page' : undefined}>
                All resources
              </Link>
            </li>
            {KNOWLEDGE_CATEGORIES.map((c) => (
              <li key={c.id}>
                <Link to={`/knowledge-center/category/${c.id}`} className="category-nav__link" aria-current={category === c.id ? 'page' : undefined}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <Form
          method="get"
          action={basePath}
          className="filter-bar"
          role="search"
          aria-label="Filter resources"
          data-autosubmit=""
          onSubmit={(e) => {
            // keep the URL tidy (no empty ?type=&q=); without JavaScript the browser submits the form as is
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            const type = parseListQuery(new URLSearchParams({ type: String(form.get('type') ?? '') })).type;
            navigate(`${basePath}${listQueryString({ type, q: String(form.get('q') ?? '').trim() })}`, { preventScrollReset: true });
          }}
        >
          <div className="filter-bar__field">
            <label htmlFor="kc-type">Resource type</label>
            <select
              id="kc-type"
              name="type"
              defaultValue={query.type ?? ''}
              key={`type-${query.type}`}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              <option value="">All types</option>
              {RESOURCE_TYPES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </div>
          <div className="filter-bar__field filter-bar__field--grow">
            <label htmlFor="kc-q">Search</label>
            <input id="kc-q" type="search" name="q" defaultValue={query.q} key={`q-${query.q}`} maxLength={200} placeholder="Nitrogen, zinc, canola..." />
          </div>
          <button type="submit" className="button button--primary">
            Search
          </button>
        </Form>

        <p className="list-status" role="status" aria-live="polite">
          {list.total === 0
            ? 'No resources match your filters.'
            : showingText(start, list.items.length, list.total, 'resource', 'resources')}
          {filtered ? (
            <>
              {' '}
              <Link to={basePath} className="list-status__clear">
                Clear filters
              </Link>
            </>
          ) : null}
        </p>

        {start > 0 ? (
          <p className="load-more load-more--earlier">
            <Link className="button button--ghost" to={`${basePath}${listQueryString({ ...query, page: earlierPage(start) })}`}>
              Show earlier resources
            </Link>
          </p>
        ) : null}

        {list.items.length > 0 ? (
          <ul className="resource-grid" aria-busy={busy || undefined}>
            {list.items.map((card, i) => (
              <li key={card.id} data-card-index={start + i}>
                <ResourceCard card={card} linkRef={linkRef(i)} />
              </li>
            ))}
          </ul>
        ) : null}

        {hasMore ? (
          <p className="load-more">
            <Link
              className="button button--primary"
              to={`${basePath}${listQueryString({ ...query, page: query.page + 1 })}`}
              preventScrollReset
              onClick={markLoadMore}
              data-focus-card={start + list.items.length}
              aria-disabled={busy || undefined}
            >
              {busy ? 'Loading...' : 'Load more'}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
