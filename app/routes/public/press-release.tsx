import { data, redirect } from 'react-router';
import { Link } from '../../lib/links.tsx';
import { formatLongDate, isoDate } from '#shared/format-date.ts';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { ContentModules } from '../../components/content-modules.tsx';
import { contentItemMeta, type Trail } from '../../lib/content-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/press-release';
import { STATIC_PAGE } from '../../lib/hydration.ts';

/** /press-releases/{slug} and /can/press-releases/{slug}. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  let item;
  try {
    item = await context.services.pressReleases.getPublishedBySlug(params.slug);
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw err;
  }
  const url = new URL(request.url);
  if (url.pathname.replace(/\/+$/, '') !== item.path) throw redirect(item.path + url.search, 301);
  return { item };
}

function trailFor(item: { title: string; path: string }): Trail {
  return [
    { name: 'Home', path: item.path.startsWith('/can/') ? '/home-ca' : '/' },
    { name: 'Press Releases', path: '/press-releases' },
    { name: item.title, path: item.path },
  ];
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  return contentItemMeta(d.item, rootDataFrom(matches), 'NewsArticle', trailFor(d.item));
};

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = STATIC_PAGE;

export default function PressRelease({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  return (
    <article className="content-article content-article--press">
      <header className="content-article__header">
        <div className="container content-article__header-inner">
          <Breadcrumbs trail={trailFor(item).slice(1)} />
          <p className="content-article__meta">
            <span className="badge">Press release</span>
            <span className="content-article__category">{item.region === 3 ? 'Canada' : 'U.S.'}</span>
          </p>
          <h1 className="content-article__title">{item.title}</h1>
          {item.metadata.desc ? <p className="content-article__summary">{item.metadata.desc}</p> : null}
          <p className="content-article__date">
            <time dateTime={isoDate(item.publishDate)}>{formatLongDate(item.publishDate)}</time>
          </p>
        </div>
      </header>
      <div className="container content-article__body">
        <ContentModules modules={item.modules} />
        <p className="content-article__back">
          <Link to="/press-releases">All press releases</Link>
        </p>
      </div>
    </article>
  );
}
