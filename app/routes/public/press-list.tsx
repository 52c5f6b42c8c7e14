import { useEffect, useRef } from 'react';
import { Link, useNavigation } from 'react-router';
import { KNOWLEDGE_PAGE_SIZE, listQueryString, parseListQuery } from '#shared/knowledge.ts';
import { ResourceCard } from '../../components/resource-card.tsx';
import { breadcrumbList } from '../../lib/content-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/press-list';

const INTRO = 'Company news and announcements from Northfield Agronomics in the United States and Canada.';

/** /press-releases: every published release, newest first, with "Load more" paging (?page=N). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams);
  const list = await context.services.pressReleases.filter({ start: 0, length: query.page * KNOWLEDGE_PAGE_SIZE });
  return { list, page: query.page };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = rootDataFrom(matches);
  const siteUrl = root?.config.siteUrl ?? '';
  return seoMeta({
    title: 'Press Releases',
    description: INTRO,
    siteUrl,
    companyName: root?.settings.companyName,
    path: '/press-releases',
    noindex: (d?.page ?? 1) > 1,
    jsonLd: [breadcrumbList(siteUrl, [{ name: 'Home', path: '/' }, { name: 'Press Releases', path: '/press-releases' }])],
  });
};

const REGION_NAMES: Record<number, string> = { 2: 'United States', 3: 'Canada', 4: 'International' };

export default function PressList({ loaderData }: Route.ComponentProps) {
  const { list, page } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/press-releases';
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from !== null && list.items.length > from) {
      links.current[from]?.focus();
      focusFrom.current = null;
    }
  }, [list.items.length]);

  return (
    <div className="press">
      <header className="hero content-hero">
        <div className="container content-hero__inner">
          <p className="content-hero__eyebrow">Newsroom</p>
          <h1 className="hero__title">Press Releases</h1>
          <p className="hero__promise">{INTRO}</p>
        </div>
      </header>
      <div className="container section">
        <p className="list-status" role="status" aria-live="polite">
          {list.total === 0 ? 'No press releases yet.' : `Showing ${list.items.length} of ${list.total} press releases`}
        </p>
        <ul className="resource-grid resource-grid--press">
          {list.items.map((card, i) => (
            <li key={card.id}>
              <ResourceCard
                card={card}
                badge={REGION_NAMES[card.region] ?? 'News'}
                linkRef={(el) => {
                  links.current[i] = el;
                }}
              />
            </li>
          ))}
        </ul>
        {list.items.length < list.total ? (
          <p className="load-more">
            <Link
              className="button button--primary"
              to={`/press-releases${listQueryString({ page: page + 1 })}`}
              preventScrollReset
              onClick={() => {
                focusFrom.current = list.items.length;
              }}
            >
              {busy ? 'Loading...' : 'Load more'}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
