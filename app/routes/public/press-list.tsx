import { redirect, useNavigation } from 'react-router';
import { earlierPage, lastPage, listQueryString, listWindow, parsePageParam } from '#shared/knowledge.ts';
import { EarlierLink, ListHero, LoadMoreLink, ResourceGrid } from '../../components/list-page-parts.tsx';
import { breadcrumbList } from '../../lib/content-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import { showingText, useLoadMoreFocus } from '../../lib/use-load-more.ts';
import type { Route } from './+types/press-list';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';
import { landingTag, PAGE_TAG } from '#shared/cache-tags.ts';
import { listPageMeta } from '../../lib/list-page.ts';

/** The words above the list: edited under Pages (shared/list-pages.ts). */
const LIST_KEY = 'press-releases';

/** /press-releases: every published release, newest first, with "Load more" paging (?page=N). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = { page: parsePageParam(new URL(request.url).searchParams) };
  const { start, length } = listWindow(query.page);
  const [list, text] = await Promise.all([
    context.services.pressReleases.filter({ start, length }),
    context.services.landingPages.listPageByKey(LIST_KEY),
  ]);
  if (list.items.length === 0 && list.total > 0 && query.page > 1) {
    throw redirect(`/press-releases${listQueryString({ page: lastPage(list.total) })}`);
  }
  return { list, page: query.page, start, text };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = rootDataFrom(matches);
  if (!d) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  const siteUrl = root?.config.siteUrl ?? '';
  return listPageMeta(d.text, root, {
    path: '/press-releases',
    noindex: d.page > 1,
    jsonLd: [breadcrumbList(siteUrl, [{ name: 'Home', path: '/' }, { name: 'Press Releases', path: '/press-releases' }])],
  });
};

const REGION_NAMES: Record<number, string> = { 2: 'U.S.', 3: 'Canada', 4: 'International' };

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = { ...STATIC_PAGE, ...pageReads({ query: ['page'], tags: () => [PAGE_TAG.pressList, landingTag(LIST_KEY)] }) };

export default function PressList({ loaderData }: Route.ComponentProps) {
  const { list, page, start, text } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/press-releases';
  const { linkRef, markLoadMore } = useLoadMoreFocus(start, list.items.length);

  return (
    <div className="press">
      <ListHero text={text} />
      <div className="container section">
        <p className="list-status" role="status" aria-live="polite">
          {list.total === 0 ? 'No press releases yet.' : showingText(start, list.items.length, list.total, 'press release', 'press releases')}
        </p>
        {start > 0 ? (
          <EarlierLink to={`/press-releases${listQueryString({ page: earlierPage(start) })}`}>Show earlier press releases</EarlierLink>
        ) : null}
        <ResourceGrid
          cards={list.items}
          start={start}
          linkRef={linkRef}
          className="resource-grid resource-grid--press"
          badge={(card) => REGION_NAMES[card.region] ?? 'News'}
        />
        <LoadMoreLink to={`/press-releases${listQueryString({ page: page + 1 })}`} busy={busy} start={start} list={list} onClick={markLoadMore} />
      </div>
    </div>
  );
}
