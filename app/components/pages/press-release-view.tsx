import type { MetaDescriptor } from 'react-router';
import type { ContentItemDto } from '#shared/dto/content.ts';
import { formatLongDate, isoDate } from '#shared/format-date.ts';
import { contentItemMeta, type Trail } from '../../lib/content-seo.ts';
import { Link } from '../../lib/links.tsx';
import type { RootData } from '../../lib/root-data.ts';
import { Breadcrumbs } from '../breadcrumbs.tsx';
import { ContentModules } from '../content-modules.tsx';
import { ArticleFigure } from './knowledge-item-view.tsx';
import { REGION_CA } from '#shared/regions.ts';

/** The press release template (/press-releases/{slug}), fed by the public route and by the preview page (ADR 024). */
export interface PressReleaseViewProps {
  item: ContentItemDto;
  /** the admin edit screen, in the markup for the site script's Edit Page link; null on a preview */
  editPath: string | null;
}

function trailFor(item: { title: string; path: string }): Trail {
  return [
    { name: 'Home', path: item.path.startsWith('/can/') ? '/home-ca' : '/' },
    { name: 'Press Releases', path: '/press-releases' },
    { name: item.title, path: item.path },
  ];
}

export function pressReleaseMeta(item: ContentItemDto, root: RootData | undefined): MetaDescriptor[] {
  return contentItemMeta(item, root, 'NewsArticle', trailFor(item));
}

export function PressReleaseView({ item, editPath }: PressReleaseViewProps) {
  return (
    <article className="content-article content-article--press" data-admin-edit={editPath ?? undefined}>
      <header className="content-article__header">
        <div className="container content-article__header-inner">
          <Breadcrumbs trail={trailFor(item).slice(1)} />
          <p className="content-article__meta">
            <span className="badge">Press release</span>
            <span className="content-article__category">{item.region === REGION_CA ? 'Canada' : 'U.S.'}</span>
          </p>
          <h1 className="content-article__title">{item.title}</h1>
          {item.metadata.desc ? <p className="content-article__summary">{item.metadata.desc}</p> : null}
          <p className="content-article__date">
            <time dateTime={isoDate(item.publishDate)}>{formatLongDate(item.publishDate)}</time>
          </p>
        </div>
      </header>
      <ArticleFigure item={item} />
      <div className="container content-article__body">
        <ContentModules modules={item.modules} />
        <p className="content-article__back">
          <Link to="/press-releases">All press releases</Link>
        </p>
      </div>
    </article>
  );
}
