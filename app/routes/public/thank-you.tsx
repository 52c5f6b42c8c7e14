import { Link } from 'react-router';
import { STATIC_PAGE } from '#app/lib/hydration.ts';
import { useRegion } from '#app/lib/region.tsx';
import { rootDataFrom } from '#app/lib/root-data.ts';
import { listPageMeta } from '#app/lib/list-page.ts';
import { safeLocalPath } from '#shared/input.ts';
import { findRepPathFor } from '#shared/navigation.ts';
import { homePathFor } from '#shared/regions.ts';
import type { Route } from './+types/thank-you';
import { pageReads } from '../../lib/page-reads.ts';
import { landingTag, PAGE_TAG } from '#shared/cache-tags.ts';

/** The headline and the words after "Your message is on its way": edited under Pages (shared/list-pages.ts). */
type ThankYouId = 'rep-thankyou' | 'retailer-thankyou';
const listKey = (pathname: string): ThankYouId => (pathname.toLowerCase().startsWith('/retailer-thankyou') ? 'retailer-thankyou' : 'rep-thankyou');

const onItsWay = (name: string | null) => `Your message is on its way${name ? ` to ${name}` : ''}.`;


/** HTML only (ADR 005): nothing on it needs a script. */
export const handle = { ...STATIC_PAGE, ...pageReads({ query: ['id', 'back'], tags: ({ pathname }) => [PAGE_TAG.finder, landingTag(listKey(pathname))] }) };

/**
 * Who was contacted (by id, the name read from the database: a name in the address could say anything)
 * and the results to go back to, from the address the contact form sent the visitor to.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get('id'));
  const key = listKey(url.pathname);
  const retailer = key === 'retailer-thankyou';
  const text = await context.services.landingPages.listPageByKey(key);
  const row =
    Number.isSafeInteger(id) && id > 0
      ? retailer
        ? await context.services.finder.findActiveRetailer(id)
        : await context.services.finder.findActiveRep(id)
      : undefined;
  const back = safeLocalPath(url.searchParams.get('back'));
  return { name: row?.name ?? null, back: back && /^\/reps-retailers(?:\?|$)/.test(back) ? back : null, text };
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  if (!data) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  return listPageMeta(data.text, rootDataFrom(matches), { path: location.pathname, noindex: true });
};

/** /rep-thankyou and /retailer-thankyou, shown after the contact-a-rep short form is stored. */
export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { region } = useRegion();
  const { text } = loaderData;
  const back = loaderData.back ?? findRepPathFor(region);

  return (
    <section className="container section thank-you">
      <svg className="thank-you__icon" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="var(--color-primary-soft)" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="var(--color-primary)" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {/* the visitor arrives here from a form: start reading at the heading */}
      <h1 tabIndex={-1} autoFocus>
        {text.headline}
      </h1>
      <p className="lead">
        {onItsWay(loaderData.name)} {text.intro}
      </p>
      <p className="thank-you__actions">
        <Link className="button button--primary" to={back}>
          {back.startsWith('/reps-retailers') ? 'Back to results' : 'Find a Rep or Retailer'}
        </Link>
        <Link className="button button--ghost" to={homePathFor(region)}>
          Home
        </Link>
      </p>
    </section>
  );
}
