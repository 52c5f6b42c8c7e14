import type { ReactNode } from 'react';
import type { MetaDescriptor } from 'react-router';
import type { ContentCardDto, ContentItemDto } from '#shared/dto/content.ts';
import { formatLongDate, isoDate } from '#shared/format-date.ts';
import { categoryName } from '#shared/knowledge.ts';
import { contentItemMeta, type Trail } from '../../lib/content-seo.ts';
import { Link } from '../../lib/links.tsx';
import type { RootData } from '../../lib/root-data.ts';
import { Breadcrumbs } from '../breadcrumbs.tsx';
import { ContentModules } from '../content-modules.tsx';
import { RelatedResources } from '../resource-card.tsx';
import { IMAGE_SIZES } from '#shared/validation/documents.ts';
import { LibraryImage } from '../library-image.tsx';

/**
 * The knowledge item template (/knowledge-center/{slug}), fed by the public route's loader and by
 * the preview page (ADR 024) from the same DTO.
 */
export interface KnowledgeItemViewProps {
  item: ContentItemDto;
  related: ContentCardDto[];
  /** the admin edit screen, in the markup for the site script's Edit Page link; null on a preview */
  editPath: string | null;
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

export function knowledgeItemMeta(item: ContentItemDto, root: RootData | undefined): MetaDescriptor[] {
  return contentItemMeta(item, root, item.type === 2 ? 'PodcastEpisode' : 'Article', trailFor(item));
}

/** The hero image of an article (knowledge item or press release), under its header. */
export function ArticleFigure({ item }: { item: Pick<ContentItemDto, 'heroMedia'> }) {
  if (!item.heroMedia) return null;
  return (
    <div className="container content-article__figure">
      <LibraryImage media={item.heroMedia} sizes={IMAGE_SIZES.articleFigure} fallback={[1200, 675]} priority />
    </div>
  );
}

/**
 * The frame of an article (knowledge item or press release): breadcrumbs, the meta line (badge, category),
 * title, summary and date, the hero figure, the content modules and what follows them in the body
 * (`children`); `after` comes after the body (related resources).
 */
export function ArticleFrame({
  item,
  trail,
  badge,
  category,
  datePrefix,
  className = 'content-article',
  editPath,
  children,
  after,
}: {
  item: ContentItemDto;
  trail: Trail;
  badge: string;
  /** after the badge: the knowledge category's link, the release's country */
  category: ReactNode;
  /** words before the date ("Published") */
  datePrefix?: string;
  className?: string;
  editPath: string | null;
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <article className={className} data-admin-edit={editPath ?? undefined}>
      <header className="content-article__header">
        <div className="container content-article__header-inner">
          <Breadcrumbs trail={trail.slice(1)} />
          <p className="content-article__meta">
            <span className="badge">{badge}</span>
            {category}
          </p>
          <h1 className="content-article__title">{item.title}</h1>
          {item.metadata.desc ? <p className="content-article__summary">{item.metadata.desc}</p> : null}
          <p className="content-article__date">
            {datePrefix ? `${datePrefix} ` : null}
            <time dateTime={isoDate(item.publishDate)}>{formatLongDate(item.publishDate)}</time>
          </p>
        </div>
      </header>
      <ArticleFigure item={item} />
      <div className="container content-article__body">
        <ContentModules modules={item.modules} />
        {children}
      </div>
      {after}
    </article>
  );
}

export function KnowledgeItemView({ item, related, editPath }: KnowledgeItemViewProps) {
  const category = categoryName(item.category);
  return (
    <ArticleFrame
      item={item}
      trail={trailFor(item)}
      datePrefix="Published"
      editPath={editPath}
      badge={item.resourceType}
      category={
        category ? (
          <Link to={`/knowledge-center/category/${item.category}`} className="content-article__category">
            {category}
          </Link>
        ) : null
      }
      after={<RelatedResources cards={related} title="More from the Knowledge Center" />}
    />
  );
}
