import { data, redirect } from 'react-router';
import { adminEditPath, PRESS_BASE_PATH } from '#shared/knowledge.ts';
import { PressReleaseView, pressReleaseMeta } from '../../components/pages/press-release-view.tsx';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/press-release';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';
import { pressTag } from '#shared/cache-tags.ts';

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
  if (url.pathname.replace(/\/+$/, '') !== item.path) throw redirect(item.path, 301); // the server adds the visitor's query (ADR 007)
  return { item };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  return pressReleaseMeta(d.item, rootDataFrom(matches));
};

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = { ...STATIC_PAGE, ...pageReads({ tags: ({ params }) => [pressTag(params.slug ?? '')] }) };

export default function PressRelease({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  return <PressReleaseView item={item} editPath={adminEditPath(PRESS_BASE_PATH, item.baseId)} />;
}
