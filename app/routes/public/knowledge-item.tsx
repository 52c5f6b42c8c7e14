import { data, redirect } from 'react-router';
import { adminEditPath, KNOWLEDGE_BASE_PATH } from '#shared/knowledge.ts';
import { KnowledgeItemView, knowledgeItemMeta } from '../../components/pages/knowledge-item-view.tsx';
import { knowledgeItemData } from '../../lib/page-data.server.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/knowledge-item';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';
import { PAGE_TAG, knowledgeTag } from '#shared/cache-tags.ts';

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
  if (url.pathname.replace(/\/+$/, '') !== item.path) throw redirect(item.path, 301); // the server adds the visitor's query (ADR 007)
  return knowledgeItemData(context, item);
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  return knowledgeItemMeta(d.item, rootDataFrom(matches));
};

/** Rendered on the server only: no React in the browser (ADR 005). */
/** The item, and the newest other items as related resources. */
export const handle = { ...STATIC_PAGE, ...pageReads({ tags: ({ params }) => [knowledgeTag(params.slug ?? ''), PAGE_TAG.knowledgeRelated] }) };

export default function KnowledgeItem({ loaderData }: Route.ComponentProps) {
  const { item, related } = loaderData;
  return <KnowledgeItemView item={item} related={related} editPath={adminEditPath(KNOWLEDGE_BASE_PATH, item.baseId)} />;
}
