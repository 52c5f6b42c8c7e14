import { data, type AppLoadContext } from 'react-router';
import { endsWithFindRepCta } from '#shared/navigation.ts';
import { documentHref, DOCUMENT_PRODUCTS } from '#shared/product-documents.ts';
import type { LandingPageDto } from '#shared/landing-content.ts';
import type { NavProduct } from '#shared/product-content.ts';
import type { ProductCardData } from '../components/product-card.tsx';
import type { ResolvedLandingPage, ResolvedSection } from '../components/product-landing.tsx';

/** A product card: its own label and SDS when the product line has exactly one of each. */
export function productCardData(p: NavProduct): ProductCardData {
  const own = DOCUMENT_PRODUCTS.some((d) => d.key === p.lineKey);
  return {
    slug: p.slug,
    name: p.name,
    tagline: p.tagline,
    group: p.group,
    labelHref: own ? documentHref(p.lineKey, 'label') : null,
    sdsHref: own ? documentHref(p.lineKey, 'sds') : null,
  };
}

function isNotFound(err: unknown) {
  return (err as { status?: number }).status === 404;
}

/**
 * A landing page (home, campaign, About) with the products and analysis tables its sections name.
 * All of it is held in memory by the services, so a warm render makes no database query.
 */
export async function loadLanding(context: AppLoadContext, key: string): Promise<{ page: ResolvedLandingPage; endsWithFindRep: boolean }> {
  let page: LandingPageDto;
  try {
    page = await context.services.landingPages.getByKey(key);
  } catch (err) {
    if (isNotFound(err)) throw data(null, { status: 404 });
    throw err;
  }
  const resolved = await resolveLanding(context, page);
  // read by the site layout: the footer's Find a Rep banner is left out after the page's own (navigation.ts)
  return { page: resolved, endsWithFindRep: endsWithFindRepCta(resolved.sections) };
}

/** The products and analysis tables a landing page's sections name (also for a preview, ADR 024). */
export async function resolveLanding(context: AppLoadContext, page: LandingPageDto): Promise<ResolvedLandingPage> {
  const products = page.sections.some((s) => s.kind === 'products') ? await context.services.products.navigation() : [];
  const sections = await Promise.all(
    page.sections.map(async (s): Promise<ResolvedSection | null> => {
      if (s.kind === 'products') {
        const list = s.slugs
          ? s.slugs.map((slug) => products.find((p) => p.slug === slug)).filter((p) => p !== undefined)
          : products.filter((p) => p.region === s.region);
        return { ...s, items: list.map(productCardData) };
      }
      if (s.kind === 'analysis') {
        const product = await context.services.products.getPublicBySlug(s.productSlug).catch((err: unknown) => {
          if (isNotFound(err)) return null;
          throw err;
        });
        return product && product.analysis.length ? { ...s, rows: product.analysis, productName: product.name } : null;
      }
      return s;
    }),
  );
  return { ...page, sections: sections.filter((s): s is ResolvedSection => s !== null) };
}
