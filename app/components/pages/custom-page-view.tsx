import type { MetaDescriptor } from 'react-router';
import type { ContentCardDto } from '#shared/dto/content.ts';
import type { PageDto } from '#shared/dto/pages.ts';
import { breadcrumbList } from '../../lib/content-seo.ts';
import type { RootData } from '../../lib/root-data.ts';
import { seoMeta } from '../../lib/seo.ts';
import { ContentModules } from '../content-modules.tsx';
import { RelatedResources } from '../resource-card.tsx';
import { IMAGE_SIZES } from '#shared/validation/documents.ts';
import { LibraryImage } from '../library-image.tsx';

/** The custom page template (/{slug}), fed by the public route and by the preview page (ADR 024). */
export interface CustomPageViewProps {
  page: PageDto;
  related: ContentCardDto[];
}

export function customPageMeta(page: PageDto, root: RootData | undefined): MetaDescriptor[] {
  const siteUrl = root?.config.siteUrl ?? '';
  const m = page.metadata;
  const path = `/${page.slug}`;
  return seoMeta({
    title: m.title || page.title,
    description: m.desc || page.title,
    siteUrl,
    companyName: root?.settings.companyName,
    path,
    image: m.ogphoto?.previewsrc ?? page.heroMedia?.previewsrc,
    ogTitle: m.ogtitle,
    ogDescription: m.ogdesc,
    type: m.metaContent || 'website',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: page.title,
        description: m.desc || undefined,
        url: `${siteUrl.replace(/\/$/, '')}${path}`,
      },
      breadcrumbList(siteUrl, [
        { name: 'Home', path: '/' },
        { name: page.title, path },
      ]),
    ],
  });
}

/** Spec: heroImageType 0 = highlighted, 1 = cropped, otherwise no hero image. */
function PageHero({ page }: { page: PageDto }) {
  const media = page.heroMedia;
  const summary = page.metadata.desc;
  if (media && page.heroImageType === 0) {
    return (
      <header className="hero custom-hero custom-hero--highlighted">
        <div className="container custom-hero__inner">
          <div className="custom-hero__text">
            <h1 className="hero__title">{page.title}</h1>
            {summary ? <p className="hero__promise">{summary}</p> : null}
          </div>
          <LibraryImage className="custom-hero__image" media={media} sizes={IMAGE_SIZES.halfColumn} fallback={[1600, 700]} priority />
        </div>
      </header>
    );
  }
  if (media && page.heroImageType === 1) {
    return (
      <header className="custom-hero custom-hero--cropped">
        <LibraryImage className="custom-hero__banner" media={media} sizes={IMAGE_SIZES.fullWidth} fallback={[1600, 700]} priority />
        <div className="container custom-hero__caption">
          <h1 className="hero__title">{page.title}</h1>
          {summary ? <p className="hero__promise">{summary}</p> : null}
        </div>
      </header>
    );
  }
  return (
    <header className="custom-hero custom-hero--plain">
      <div className="container">
        <h1>{page.title}</h1>
        {summary ? <p className="lead">{summary}</p> : null}
      </div>
    </header>
  );
}

export function CustomPageView({ page, related }: CustomPageViewProps) {
  return (
    <article className="custom-page">
      <PageHero page={page} />
      <div className="container custom-page__body">
        <ContentModules modules={page.modules} />
      </div>
      <RelatedResources cards={related} />
    </article>
  );
}
