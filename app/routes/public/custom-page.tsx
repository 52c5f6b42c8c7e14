import { data } from 'react-router';
import type { PageDto } from '#shared/dto/pages.ts';
import { CustomPageView, customPageMeta } from '../../components/pages/custom-page-view.tsx';
import { customPageData } from '../../lib/page-data.server.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/custom-page';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';
import { PAGE_TAG, pathTag } from '#shared/cache-tags.ts';

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
  return customPageData(context, page);
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  return customPageMeta(d.page, rootDataFrom(matches));
};

/** Rendered on the server only: no React in the browser (ADR 005). */
/** A custom page is stored under its path; it shows the newest knowledge items as related resources. */
export const handle = { ...STATIC_PAGE, ...pageReads({ tags: ({ pathname }) => [pathTag(pathname), PAGE_TAG.knowledgeRelated] }) };

export default function CustomPage({ loaderData }: Route.ComponentProps) {
  return <CustomPageView page={loaderData.page} related={loaderData.related} />;
}
