import type { MetaDescriptor } from 'react-router';
import type { ContentItemDto } from '#shared/dto/content.ts';
import { contentItemMeta, type Trail } from '../../lib/content-seo.ts';
import { Link } from '../../lib/links.tsx';
import type { RootData } from '../../lib/root-data.ts';
import { ArticleFrame } from './knowledge-item-view.tsx';
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
    <ArticleFrame
      item={item}
      trail={trailFor(item)}
      className="content-article content-article--press"
      editPath={editPath}
      badge="Press release"
      category={<span className="content-article__category">{item.region === REGION_CA ? 'Canada' : 'U.S.'}</span>}
    >
      <p className="content-article__back">
        <Link to="/press-releases">All press releases</Link>
      </p>
    </ArticleFrame>
  );
}
