import { data, Form, redirect, useNavigate, useNavigation } from 'react-router';
import { Link } from '../../lib/links.tsx';
import {
  categoryName,
  earlierPage,
  categoryForType,
  isKnowledgeCategory,
  KNOWLEDGE_CATEGORIES,
  lastPage,
  listQueryString,
  listWindow,
  KNOWLEDGE_LIST_PARAMS,
  parseListQuery,
  searchPlaceholder,
} from '#shared/knowledge.ts';
import { EarlierLink, ListHero, LoadMoreLink, ResourceGrid } from '../../components/list-page-parts.tsx';
import { breadcrumbList } from '../../lib/content-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import { showingText, useLoadMoreFocus } from '../../lib/use-load-more.ts';
import type { Route } from './+types/knowledge-list';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { Select } from '../../components/forms/select.tsx';
import { pageReads } from '../../lib/page-reads.ts';
import { landingTag, PAGE_TAG } from '#shared/cache-tags.ts';
import { knowledgeCategoryKey } from '#shared/list-pages.ts';
import { listPageMeta } from '../../lib/list-page.ts';
import { REGION_US } from '#shared/regions.ts';

/** The words above the list (and each category's): edited under Pages (shared/list-pages.ts). */
const listKey = (category: number | null) => (category === null ? 'knowledge-center' : knowledgeCategoryKey(category));

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
  // One filter state: the category is the path. The filter form's select sends ?category= (and old
  // links ?type=); both move to the category's path, with the search kept.
  const asked = categoryFromQuery(url.searchParams);
  if (asked !== undefined) {
    const path = asked === null ? '/knowledge-center' : `/knowledge-center/category/${asked}`;
    throw redirect(`${path}${listQueryString({ q: query.q, page: query.page })}`);
  }
  const region = context.visitor.region ?? REGION_US;
  const { start, length } = listWindow(query.page);
  const [list, text] = await Promise.all([
    context.services.knowledge.filter({
      category,
      type: null,
      region,
      searchText: query.q || null,
      start,
      length,
    }),
    context.services.landingPages.listPageByKey(listKey(category)),
  ]);
  // A page past the end (an old link after items were removed) goes to the last page instead of an empty list.
  if (list.items.length === 0 && list.total > 0 && query.page > 1) {
    throw redirect(`${url.pathname}${listQueryString({ ...query, page: lastPage(list.total) })}`);
  }
  return { list, query, category, start, placeholder: searchPlaceholder(region), text };
}

/** ?category=38 (the filter form) or ?type=2 (older links): the category asked for; null for "all"; undefined if neither. */
function categoryFromQuery(params: URLSearchParams): number | null | undefined {
  const raw = params.get('category');
  if (raw !== null) {
    const id = Number(raw);
    return /^\d+$/.test(raw) && isKnowledgeCategory(id) ? id : null;
  }
  const type = parseListQuery(params).type;
  return type === null ? (params.has('type') ? null : undefined) : categoryForType(type);
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
  const filtered = d.query.q !== '' || d.query.page > 1;
  return listPageMeta(d.text, root, {
    path,
    noindex: filtered,
    jsonLd: [breadcrumbList(siteUrl, trail)],
  });
};

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = { ...STATIC_PAGE, ...pageReads({
    query: KNOWLEDGE_LIST_PARAMS,
    tags: ({ params }) => [PAGE_TAG.knowledgeList, landingTag(listKey(params.id === undefined ? null : Number(params.id)))],
  }) };

export default function KnowledgeList({ loaderData }: Route.ComponentProps) {
  const { list, query, category, start, placeholder, text } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname.startsWith('/knowledge-center');
  const basePath = categoryPath(category);
  const name = categoryName(category);

  const { linkRef, markLoadMore } = useLoadMoreFocus(start, list.items.length);
  const searched = query.q !== '';
  const filtered = searched || category !== null;
  // the category links keep the search, so the pills and the select are one filter
  const searchQuery = listQueryString({ q: query.q });

  return (
    <div className="knowledge">
      <ListHero text={text} />

      <div className="container section knowledge__body">
        <nav className="category-nav" aria-label="Categories">
          <ul>
            <li>
              <Link to={`/knowledge-center${searchQuery}`} className="category-nav__link" aria-current={category === null ? 'page' : undefined}>
                All resources
              </Link>
            </li>
            {KNOWLEDGE_CATEGORIES.map((c) => (
              <li key={c.id}>
                <Link to={`${categoryPath(c.id)}${searchQuery}`} className="category-nav__link" aria-current={category === c.id ? 'page' : undefined}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <Form
          method="get"
          action="/knowledge-center"
          className="filter-bar"
          role="search"
          aria-label="Filter resources"
          data-autosubmit=""
          data-category-path="/knowledge-center/category/"
          onSubmit={(e) => {
            // keep the URL tidy (no empty ?q=, the category in the path); without JavaScript the server redirects
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            const next = Number(form.get('category'));
            navigate(`${categoryPath(isKnowledgeCategory(next) ? next : null)}${listQueryString({ q: String(form.get('q') ?? '').trim() })}`, {
              preventScrollReset: true,
            });
          }}
        >
          <div className="filter-bar__field">
            <label htmlFor="kc-type">Resource type</label>
            <Select
              id="kc-type"
              name="category"
              defaultValue={category ?? ''}
              key={`category-${category}`}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              <option value="">All resources</option>
              {KNOWLEDGE_CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="filter-bar__field filter-bar__field--grow">
            <label htmlFor="kc-q">Search</label>
            <input id="kc-q" type="search" name="q" defaultValue={query.q} key={`q-${query.q}`} maxLength={200} placeholder={placeholder} />
          </div>
          <button type="submit" className="button button--primary">
            Search
          </button>
        </Form>

        <p className="list-status" role="status" aria-live="polite">
          {list.total === 0
            ? searched
              ? `No ${name ? name.toLowerCase() : 'resources'} match \u201c${query.q}\u201d.`
              : `No ${name ? name.toLowerCase() : 'resources'} yet.`
            : showingText(start, list.items.length, list.total, 'resource', 'resources')}
          {filtered && list.total > 0 ? (
            <>
              {' '}
              <Link to="/knowledge-center" className="list-status__clear">
                Clear filters
              </Link>
            </>
          ) : null}
        </p>

        {list.total === 0 ? (
          <div className="empty-state">
            <h2 className="empty-state__title">{searched ? `Nothing found for \u201c${query.q}\u201d` : 'Nothing here yet'}</h2>
            <p>
              {searched
                ? `We searched the titles, summaries and full text of ${name ? `the ${name.toLowerCase()}` : 'every resource'} for \u201c${query.q}\u201d. Check the spelling, try a broader word (${placeholder.replace(/^Try /, '')}), or look through everything.`
                : 'New resources are added through the season. Look through everything in the meantime.'}
            </p>
            <p className="empty-state__actions">
              <Link className="button button--primary" to="/knowledge-center">
                Clear filters
              </Link>
              {searched && category !== null ? (
                <Link className="button button--ghost" to={`/knowledge-center${searchQuery}`}>
                  Search all resources
                </Link>
              ) : null}
            </p>
          </div>
        ) : null}

        {start > 0 ? (
          <EarlierLink to={`${basePath}${listQueryString({ ...query, type: null, page: earlierPage(start) })}`}>Show earlier resources</EarlierLink>
        ) : null}

        {list.items.length > 0 ? <ResourceGrid cards={list.items} start={start} linkRef={linkRef} busy={busy} /> : null}

        <LoadMoreLink
          to={`${basePath}${listQueryString({ ...query, type: null, page: query.page + 1 })}`}
          busy={busy}
          start={start}
          list={list}
          onClick={markLoadMore}
        />
      </div>
    </div>
  );
}

function categoryPath(category: number | null): string {
  return category ? `/knowledge-center/category/${category}` : '/knowledge-center';
}
