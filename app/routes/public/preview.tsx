import { endsWithFindRepCta } from '#shared/navigation.ts';
import { data, type MetaDescriptor } from 'react-router';
import { CustomPageView, customPageMeta } from '../../components/pages/custom-page-view.tsx';
import { KnowledgeItemView, knowledgeItemMeta } from '../../components/pages/knowledge-item-view.tsx';
import { LandingView, landingPageMeta } from '../../components/pages/landing-views.tsx';
import { PressReleaseView, pressReleaseMeta } from '../../components/pages/press-release-view.tsx';
import { ProductView, productMeta } from '../../components/pages/product-view.tsx';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { resolveLanding } from '../../lib/landing.server.ts';
import { customPageData, knowledgeItemData, productPageData } from '../../lib/page-data.server.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/preview';
import { pageReads } from '../../lib/page-reads.ts';

/**
 * /preview/{token} (ADR 024): the public template of the previewed kind, rendered with the unsaved
 * content an editor stored through POST /api/admin/preview, inside the normal site layout and laid
 * out as the page it previews (`previewOf`). An unknown or expired token is the site's Not Found.
 * Never cached (the page cache skips /preview/, and this route sends no-store) and never indexed.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const preview = await context.services.previews.page(params.token);
  if (!preview) throw data(null, { status: 404 });
  switch (preview.kind) {
    case 'knowledge':
      return { kind: 'knowledge' as const, previewOf: preview.item.path, ...(await knowledgeItemData(context, preview.item)) };
    case 'press':
      return { kind: 'press' as const, previewOf: preview.item.path, item: preview.item };
    case 'page':
      return { kind: 'page' as const, previewOf: `/${preview.page.slug}`, ...(await customPageData(context, preview.page)) };
    case 'product':
      return { kind: 'product' as const, previewOf: `/${preview.product.slug}`, ...(await productPageData(context, preview.product)) };
    case 'landing': {
      const page = await resolveLanding(context, preview.page);
      return { kind: 'landing' as const, previewOf: page.path, page, endsWithFindRep: endsWithFindRepCta(page.sections) };
    }
  }
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

const NOINDEX = { name: 'robots', content: 'noindex' };

/** The published page's own meta, except that a preview is never indexed. */
export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found' }, NOINDEX];
  const root = rootDataFrom(matches);
  let tags: MetaDescriptor[];
  switch (d.kind) {
    case 'knowledge':
      tags = knowledgeItemMeta(d.item, root);
      break;
    case 'press':
      tags = pressReleaseMeta(d.item, root);
      break;
    case 'page':
      tags = customPageMeta(d.page, root);
      break;
    case 'product':
      tags = productMeta(d.product, root);
      break;
    case 'landing':
      tags = landingPageMeta(d.page, root);
      break;
  }
  return [...tags.filter((t) => !('name' in t && t.name === 'robots')), NOINDEX];
};

/** Rendered on the server only, like the templates it shows (ADR 005). */
/** Never stored (a private path); reads nothing from the query. */
export const handle = { ...STATIC_PAGE, ...pageReads({}) };

function PreviewView({ d }: { d: Route.ComponentProps['loaderData'] }) {
  switch (d.kind) {
    case 'knowledge':
      return <KnowledgeItemView item={d.item} related={d.related} editPath={null} />;
    case 'press':
      return <PressReleaseView item={d.item} editPath={null} />;
    case 'page':
      return <CustomPageView page={d.page} related={d.related} />;
    case 'product':
      return <ProductView product={d.product} related={d.related} />;
    case 'landing':
      return <LandingView page={d.page} />;
  }
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p className="preview-bar">
        <strong>Preview — not published</strong>
        <span className="preview-bar__note"> Unsaved changes; this link expires 30 minutes after it was made.</span>
      </p>
      <PreviewView d={loaderData} />
    </>
  );
}
