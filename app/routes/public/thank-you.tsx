import { Link, useMatches } from 'react-router';
import { STATIC_PAGE } from '#app/lib/hydration.ts';
import { useRegion } from '#app/lib/region.tsx';
import { rootDataFrom } from '#app/lib/root-data.ts';
import { seoMeta } from '#app/lib/seo.ts';
import { safeLocalPath } from '#shared/input.ts';
import { findRepPathFor } from '#shared/navigation.ts';
import { homePathFor } from '#shared/regions.ts';
import type { Route } from './+types/thank-you';
import { pageReads } from '../../lib/page-reads.ts';
import { PAGE_TAG } from '#shared/cache-tags.ts';

const COPY = {
  'rep-thankyou': {
    title: 'Thank you for contacting a rep',
    text: (name: string | null) =>
      `Your message is on its way${name ? ` to ${name}` : ''}. Our rep will get back to you soon, usually within one business day.`,
  },
  'retailer-thankyou': {
    title: 'Thank you for contacting a retailer',
    text: (name: string | null) =>
      `Your message is on its way${name ? ` to ${name}` : ''}. Our team will pass it on and make sure someone gets back to you soon.`,
  },
} as const;

type ThankYouId = keyof typeof COPY;

function idFrom(routeId: string | undefined): ThankYouId {
  return routeId === 'retailer-thankyou' ? 'retailer-thankyou' : 'rep-thankyou';
}

/** HTML only (ADR 005): nothing on it needs a script. */
export const handle = { ...STATIC_PAGE, ...pageReads({ query: ['id', 'back'], tags: () => [PAGE_TAG.finder] }) };

/**
 * Who was contacted (by id, the name read from the database: a name in the address could say anything)
 * and the results to go back to, from the address the contact form sent the visitor to.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get('id'));
  const retailer = url.pathname.toLowerCase().startsWith('/retailer-thankyou');
  const row =
    Number.isSafeInteger(id) && id > 0
      ? retailer
        ? await context.services.finder.findActiveRetailer(id)
        : await context.services.finder.findActiveRep(id)
      : undefined;
  const back = safeLocalPath(url.searchParams.get('back'));
  return { name: row?.name ?? null, back: back && /^\/reps-retailers(?:\?|$)/.test(back) ? back : null };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = rootDataFrom(matches);
  const copy = COPY[idFrom(matches[matches.length - 1]?.id)];
  return seoMeta({
    title: copy.title,
    description: copy.text(null),
    siteUrl: root?.config.siteUrl ?? '',
    companyName: root?.settings.companyName,
    path: location.pathname,
    noindex: true,
  });
};

/** /rep-thankyou and /retailer-thankyou, shown after the contact-a-rep short form is stored. */
export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const { region } = useRegion();
  const copy = COPY[idFrom(matches[matches.length - 1]?.id)];
  const back = loaderData.back ?? findRepPathFor(region);

  return (
    <section className="container section thank-you">
      <svg className="thank-you__icon" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="var(--color-primary-soft)" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="var(--color-primary)" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {/* the visitor arrives here from a form: start reading at the heading */}
      <h1 tabIndex={-1} autoFocus>
        {copy.title}
      </h1>
      <p className="lead">{copy.text(loaderData.name)}</p>
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
