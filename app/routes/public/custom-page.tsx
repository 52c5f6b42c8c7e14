import { data } from 'react-router';
import type { PageDto } from '#shared/dto/pages.ts';
import { isLegalPath } from '#shared/navigation.ts';
import { IMAGE_SIZES, libraryImageProps } from '#shared/validation/documents.ts';
import { regionFromPageRegionIds } from '#shared/regions.ts';
import { ContentModules } from '../../components/content-modules.tsx';
import { RelatedResources } from '../../components/resource-card.tsx';
import { breadcrumbList } from '../../lib/content-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/custom-page';
import { STATIC_PAGE } from '../../lib/hydration.ts';

/**
 * Any path no other route claims: the custom page with that slug when its visibility is 1;
 * otherwise Not Found with status 404. Stored redirects were already answered by the server's
 * redirect hook (server/plugins/redirects.ts), before any route.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const slug = (params['*'] ?? '').replace(/\/+$/, '');
  if (!slug || slug.includes('/')) throw data(null, { status: 404 });
  let page: PageDto;
  try {
    page = await context.services.pages.getVisibleBySlug(slug);
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw err;
  }
  // Related resources are a nice-to-have: the page still renders when they cannot be loaded.
  // Legal pages (privacy, terms) show their text alone: marketing articles beside them would be noise.
  const related = isLegalPath(`/${page.slug}`)
    ? []
    : await context.services.knowledge.latest({ region: regionFromPageRegionIds(page.regionIds) }).catch((err: unknown) => {
        context.log.error({ err }, 'related resources failed to load');
        return [];
      });
  return { page, related, pageRegionIds: page.regionIds };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  const root = rootDataFrom(matches);
  const siteUrl = root?.config.siteUrl ?? '';
  const m = d.page.metadata;
  const path = `/${d.page.slug}`;
  return seoMeta({
    title: m.title || d.page.title,
    description: m.desc || d.page.title,
    siteUrl,
    companyName: root?.settings.companyName,
    path,
    image: m.ogphoto?.previewsrc ?? d.page.heroMedia?.previewsrc,
    ogTitle: m.ogtitle,
    ogDescription: m.ogdesc,
    type: m.metaContent || 'website',
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'WebPage', name: d.page.title, description: m.desc || undefined, url: `${siteUrl.replace(/\/$/, '')}${path}` },
      breadcrumbList(siteUrl, [
        { name: 'Home', path: '/' },
        { name: d.page.title, path },
      ]),
    ],
  });
};

/** Spec: heroImageType 0 = highlighted, 1 = cropped, otherwise no hero image. */
function PageHero({ page }: { page: PageDto }) {
  const media = page.heroMedia;
  const alt = media?.alttext ?? media?.altText ?? '';
  const summary = page.metadata.desc;
  if (media && page.heroImageType === 0) {
    return (
      <header className="hero custom-hero custom-hero--highlighted">
        <div className="container custom-hero__inner">
          <div className="custom-hero__text">
            <h1 className="hero__title">{page.title}</h1>
            {summary ? <p className="hero__promise">{summary}</p> : null}
          </div>
          <img
            className="custom-hero__image"
            src={media.previewsrc}
            {...libraryImageProps(media.previewsrc, IMAGE_SIZES.halfColumn)}
            alt={alt}
            width={media.width ?? 1600}
            height={media.height ?? 700}
            fetchPriority="high"
          />
        </div>
      </header>
    );
  }
  if (media && page.heroImageType === 1) {
    return (
      <header className="custom-hero custom-hero--cropped">
        <img
          className="custom-hero__banner"
          src={media.previewsrc}
          {...libraryImageProps(media.previewsrc, IMAGE_SIZES.fullWidth)}
          alt={alt}
          width={media.width ?? 1600}
          height={media.height ?? 700}
          fetchPriority="high"
        />
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

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = STATIC_PAGE;

export default function CustomPage({ loaderData }: Route.ComponentProps) {
  const { page, related } = loaderData;
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
