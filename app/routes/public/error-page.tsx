import { ERROR_TEXT, ErrorView, type ErrorKind } from '../../components/error-view.tsx';
import { rootDataFrom } from '../../lib/root-data.ts';
import { safeLocalPath } from '#shared/input.ts';
import type { Route } from './+types/error-page';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';

function kindFor(path: string): ErrorKind {
  if (path.startsWith('/not-found')) return 'not-found';
  if (path.startsWith('/access-denied')) return 'access-denied';
  if (path.startsWith('/error/bad-request')) return 'bad-request';
  if (path.startsWith('/error/form-refused')) return 'form-refused';
  if (path.startsWith('/error/form-too-large')) return 'form-too-large';
  if (path.startsWith('/error/unavailable')) return 'unavailable';
  return 'server-error';
}

/**
 * The named error pages (/not-found, /access-denied, /error, /error/server-error, and /error/bad-request,
 * /error/form-refused, /error/form-too-large and /error/unavailable that the server renders for an unreadable address, a form
 * sent from another site, a form post over the size limit and a database away for a moment, with their own status) are routes the
 * site navigates to, so they answer 200 and ask not to be indexed. Unknown paths and thrown errors
 * render the same views through the error boundary with a real 404 or 500.
 */
/** What the Unavailable page says: the finder and the knowledge search name themselves (ADR 047). */
function unavailableMessage(back: string | null): string | null {
  if (!back) return null;
  // read as text: `back` is the address of another page, not this one's query
  const [pathname = '', search = ''] = back.split('?', 2);
  if (/^\/(?:reps-retailers|find-a-rep|can\/find-a-rep)/.test(pathname))
    return 'The rep and retailer finder is unavailable for a moment. Try your search again in a few seconds.';
  if (pathname.includes('knowledge-center') && /(?:^|&)q=[^&]/.test(search))
    return 'Knowledge Center search is unavailable for a moment. Try your search again in a few seconds.';
  return null;
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = kindFor(url.pathname);
  // a refused form: the page it was sent from, to try again; the Unavailable page: the page asked for
  const hasBack = kind === 'form-refused' || kind === 'form-too-large' || kind === 'unavailable';
  const back = hasBack ? safeLocalPath(url.searchParams.get('back')) : null;
  return { kind, back, message: kind === 'unavailable' ? unavailableMessage(back) : null };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const text = ERROR_TEXT[data?.kind ?? 'server-error'];
  // the brand name in the title, like every other page
  return [{ title: `${text.title} | ${rootDataFrom(matches)?.settings.companyName ?? 'Northfield Agronomics'}` }, { name: 'description', content: text.message }, { name: 'robots', content: 'noindex' }];
};

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = { ...STATIC_PAGE, ...pageReads({ query: ['back'] }) };

export default function ErrorPage({ loaderData }: Route.ComponentProps) {
  return (
    <ErrorView status={ERROR_TEXT[loaderData.kind].status} kind={loaderData.kind} back={loaderData.back} message={loaderData.message} />
  );
}
