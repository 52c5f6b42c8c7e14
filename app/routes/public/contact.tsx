import { Link } from 'react-router';
import contactIsland from '#app/client/islands/contact.tsx?worker&url';
import { ContactPanel, type ContactPanelProps } from '#app/components/leads/contact-panel.tsx';
import type { JourneyProps } from '#app/components/leads/contact-form.tsx';
import { Island } from '#app/components/leads/island.tsx';
import { Logo } from '#app/components/logo.tsx';
import { staticPageWith } from '#app/lib/hydration.ts';
import { contactAction } from '#app/lib/lead-actions.server.ts';
import { useRegion } from '#app/lib/region.tsx';
import { rootDataFrom } from '#app/lib/root-data.ts';
import { listPageMeta } from '#app/lib/list-page.ts';
import { landingTag } from '#shared/cache-tags.ts';
import { useRootData } from '#app/root.tsx';
import { defaultContactRegion, statesRegionIdFor } from '#shared/validation/contact-fields.ts';
import { homePathFor, resolveRegion, REGION_INT } from '#shared/regions.ts';
import {
  describeJourney,
  JOURNEY_PARAMS,
  journeyFromSearch,
  journeyQuery,
  type SelectorJourney,
} from '#shared/validation/selector-journey.ts';
import type { Route } from './+types/contact';
import { pageReads } from '#app/lib/page-reads.ts';

/** Server-rendered HTML plus the form's island: no React Router runtime (ADR 005). */
/** The states list is reference data, not content; the words above the form are a page (shared/list-pages.ts). */
/** The product selector's answers and products arrive in the address (JOURNEY_PARAMS), one stored page per journey. */
export const handle = {
  ...staticPageWith(contactIsland),
  ...pageReads({ query: JOURNEY_PARAMS, tags: ({ pathname }) => [landingTag(listKey(pathname))] }),
};

const listKey = (pathname: string) => (/^\/(contact-ca|can\/)/i.test(pathname) ? 'contact-ca' : 'contact');

/** The states or provinces the form starts with, so the first render needs no extra request. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname, searchParams } = new URL(request.url);
  const region = resolveRegion({ pathname, stored: context.visitor.region });
  const statesRegionId = statesRegionIdFor(defaultContactRegion(region));
  const [states, text, privacy] = await Promise.all([
    statesRegionId === REGION_INT ? [] : context.services.geo.statesForRegion(statesRegionId),
    context.services.landingPages.listPageByKey(listKey(pathname)),
    context.services.privacy.current(),
  ]);
  // the form's signed render time (ADR 043); a page served from the cache carries an older one, which only lengthens the measured time
  return {
    statesRegionId,
    states,
    text,
    formStarted: context.services.leads.formStamp(),
    privacy: privacy ? { id: privacy.id, text: privacy.text } : null,
    journey: journeyProps(journeyFromSearch(searchParams)),
  };
}

/** What the form shows of a journey and posts back; none when the address carries none that reads. */
function journeyProps(journey: SelectorJourney | null): JourneyProps | null {
  if (!journey) return null;
  const words = describeJourney(journey);
  return {
    value: journeyQuery(journey),
    answers: words.answers.map(({ question, answer }) => ({ question, answer })),
    products: words.products.map((p) => p.name),
  };
}

/**
 * The form without JavaScript posts here: the field messages, or the thank-you once the lead is
 * stored exactly as POST /api/forms/add stores it. Replies to posts are never cached (ADR 007).
 */
export async function action(args: Route.ActionArgs) {
  return contactAction(args);
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  if (!data) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  return listPageMeta(data.text, rootDataFrom(matches), { path: location.pathname });
};

/** Full-screen "Connect with us" overlay at /contact, /contact-ca and /can/contact-us. */
export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { region } = useRegion();
  const { settings, config } = useRootData();
  const home = homePathFor(region);
  const panel: ContactPanelProps = {
    home,
    initialRegion: defaultContactRegion(region),
    initialStates: { regionId: loaderData.statesRegionId, states: loaderData.states },
    recaptchaSiteKey: config.recaptchaSiteKey,
    sent: actionData?.sent ?? false,
    lastResult: actionData?.result ?? null,
    failed: actionData?.failed ?? false,
    idempotencyKey: actionData?.idempotencyKey,
    formStarted: loaderData.formStarted,
    privacy: loaderData.privacy,
    journey: loaderData.journey,
  };

  return (
    <div className="contact-overlay">
      <header className="contact-overlay__bar">
        <div className="contact-overlay__bar-inner">
          <Link to={home} className="contact-overlay__logo">
            <Logo />
            <span className="visually-hidden">{settings.companyName} home</span>
          </Link>
          <Link to={home} className="contact-overlay__close" aria-label="Close">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <span aria-hidden="true">Close</span>
          </Link>
        </div>
      </header>
      <div className="contact-overlay__body">
        <section className="contact-overlay__intro" aria-labelledby="contact-title">
          <h1 id="contact-title">{loaderData.text.headline}</h1>
          <p className="contact-overlay__lead">{loaderData.text.intro}</p>
          <ul className="contact-overlay__points">
            <li>Agronomists and territory managers across the U.S. and Canada</li>
            <li>Product, label and safety data sheet questions</li>
            <li>Retail, distribution and international partnerships</li>
          </ul>
        </section>
        <Island name="contact" props={panel}>
          <ContactPanel {...panel} />
        </Island>
      </div>
    </div>
  );
}
