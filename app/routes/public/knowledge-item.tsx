import { data, redirect } from 'react-router';
import { Link } from '../../lib/links.tsx';
import { formatLongDate, isoDate } from '#shared/format-date.ts';
import { categoryName } from '#shared/knowledge.ts';
import { IMAGE_SIZES, libraryImageProps } from '#shared/validation/documents.ts';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { ContentModules } from '../../components/content-modules.tsx';
import { RelatedResources } from '../../components/resource-card.tsx';
import { contentItemMeta, type Trail } from '../../lib/content-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/knowledge-item';
import { STATIC_PAGE } from '../../lib/hydration.ts';

/** /knowledge-center/{slug} and /can/knowledge-center/{slug}: the latest published version of the item. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  let item;
  try {
    item = await context.services.knowledge.getPublishedBySlug(params.slug);
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw err;
  }
  // One URL per item: a Canadian item lives under /can, a US item does not.
  const url = new URL(request.url);
  if (url.pathname.replace(/\/+$/, '') !== item.path) throw redirect(item.path + url.search, 301);
  const related = await context.services.knowledge.latest({ excludeId: item.id, region: item.region });
  return { item, related };
}

function trailFor(item: { title: string; path: string; category: number | null }): Trail {
  const name = categoryName(item.category);
  return [
    { name: 'Home', path: item.path.startsWith('/can/') ? '/home-ca' : '/' },
    { name: 'Knowledge Center', path: '/knowledge-center' },
    ...(name ? [{ name, path: `/knowledge-center/category/${item.category}` }] : []),
    { name: item.title, path: item.path },
  ];
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  return contentItemMeta(d.item, rootDataFrom(matches), d.item.type === 2 ? 'PodcastEpisode' : 'Article', trailFor(d.item));
};

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = STATIC_PAGE;

export default function KnowledgeItem({ loaderData }: Route.ComponentProps) {
  const { item, related } = loaderData;
  const category = categoryName(item.category);
  return (
    <article className="content-article">
      <header className="content-article__header">
        <div className="container content-article__header-inner">
          <Breadcrumbs trail={trailFor(item).slice(1)} />
          <p className="content-article__meta">
            <span className="badge">{item.resourceType}</span>
            {category ? (
              <Link to={`/knowledge-center/category/${item.category}`} className="content-article__category">
                {category}
              </Link>
            ) : null}
          </p>
          <h1 className="content-article__title">{item.title}</h1>
          {item.metadata.desc ? <p className="content-article__summary">{item.metadata.desc}</p> : null}
          <p className="content-article__date">
            Published <time dateTime={isoDate(item.publishDate)}>{formatLongDate(item.publishDate)}</time>
          </p>
        </div>
      </header>
      {item.heroMedia ? (
        <div className="container content-article__figure">
          <img
            src={item.heroMedia.previewsrc}
            {...libraryImageProps(item.heroMedia.previewsrc, IMAGE_SIZES.articleFigure)}
            alt={item.heroMedia.altText}
            width={item.heroMedia.width ?? 1200}
            height={item.heroMedia.height ?? 675}
            fetchPriority="high"
          />
        </div>
      ) : null}
      <div className="container content-article__body">
        <ContentModules modules={item.modules} />
      </div>
      <RelatedResources cards={related} title="More from the Knowledge Center" />
    </article>
  );
}
