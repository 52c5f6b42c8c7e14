import { data } from 'react-router';
import { appKindNamed } from '../../kinds/index.ts';
import { PREVIEW_LOADERS } from '../../kinds/index.server.ts';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/preview';

/**
 * /preview/{token} (ADR 024): the public template of the previewed kind, rendered with the unsaved
 * content an editor stored through POST /api/admin/preview, inside the normal site layout and laid
 * out as the page it previews (`previewOf`); each kind's loader and template are its app half's
 * (app/kinds). An unknown or expired token is the site's Not Found.
 * Never cached (the page cache skips /preview/, and this route sends no-store) and never indexed.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const preview = await context.services.previews.page(params.token);
  const kind = preview ? PREVIEW_LOADERS.find((k) => k.name === preview.kind) : undefined;
  if (!preview || !kind) throw data(null, { status: 404 });
  return kind.load(context, preview);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

const NOINDEX = { name: 'robots', content: 'noindex' };

/** The published page's own meta, except that a preview is never indexed. */
export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found' }, NOINDEX];
  const root = rootDataFrom(matches);
  const tags = appKindNamed(d.kind)?.template.meta(d, root) ?? [];
  return [...tags.filter((t) => !('name' in t && t.name === 'robots')), NOINDEX];
};

/** Rendered on the server only, like the templates it shows (ADR 005). */
/** Never stored (a private path); reads nothing from the query. */
export const handle = { ...STATIC_PAGE, ...pageReads({}) };

/** The previewed kind's public template (the app half of the kind, app/kinds). */
function PreviewView({ d }: { d: Route.ComponentProps['loaderData'] }) {
  const template = appKindNamed(d.kind)?.template;
  return template ? <template.View d={d} /> : null;
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
