import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ContactForm } from '#app/components/leads/contact-form.tsx';
import { Logo } from '#app/components/logo.tsx';
import { readRegionCookie, useRegion } from '#app/lib/region.tsx';
import { rootDataFrom } from '#app/lib/root-data.ts';
import { seoMeta } from '#app/lib/seo.ts';
import { useRootData } from '#app/root.tsx';
import { defaultContactRegion, statesRegionIdFor } from '#shared/validation/contact.ts';
import { homePathFor, resolveRegion } from '#shared/regions.ts';
import type { Route } from './+types/contact';

const THANK_YOU_TEXT = 'Thank you! Our team is reviewing your request and will connect you with the right resource.';

/** The states or provinces the form starts with, so the first render needs no extra request. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const region = resolveRegion({ pathname: new URL(request.url).pathname, stored: readRegionCookie(request.headers.get('cookie')) });
  const statesRegionId = statesRegionIdFor(defaultContactRegion(region));
  return { statesRegionId, states: statesRegionId === 4 ? [] : await context.services.geo.statesForRegion(statesRegionId) };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = rootDataFrom(matches);
  const canada = location.pathname.startsWith('/contact-ca') || location.pathname.startsWith('/can/');
  return seoMeta({
    title: canada ? 'Contact Us (Canada)' : 'Contact Us',
    description: canada
      ? 'Connect with our Canadian team about products, agronomy or partnerships. We will put you in touch with the right person.'
      : 'Connect with our team about products, agronomy or partnerships. We will put you in touch with the right person.',
    siteUrl: root?.config.siteUrl ?? '',
    companyName: root?.settings.companyName,
    path: location.pathname,
  });
};

/** Full-screen "Connect with us" overlay at /contact, /contact-ca and /can/contact-us. */
export default function Contact({ loaderData }: Route.ComponentProps) {
  const { region } = useRegion();
  const { settings, config } = useRootData();
  const [sent, setSent] = useState(false);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const home = homePathFor(region);

  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);

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
          <h1 id="contact-title">Connect with us</h1>
          <p className="contact-overlay__lead">
            Questions about a product, an agronomy challenge or becoming a retail partner? Tell us a little about yourself and we will
            connect you with the right person on our team.
          </p>
          <ul className="contact-overlay__points">
            <li>Agronomists and territory managers across the U.S. and Canada</li>
            <li>Product, label and safety data sheet questions</li>
            <li>Retail, distribution and international partnerships</li>
          </ul>
        </section>
        <section className="contact-overlay__panel" aria-label={sent ? 'Message sent' : 'Contact form'}>
          {sent ? (
            <div className="contact-thanks">
              <svg className="contact-thanks__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
                <circle cx="24" cy="24" r="22" fill="var(--color-primary-soft)" />
                <path d="M14 25l7 7 13-15" fill="none" stroke="var(--color-primary)" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <h2 ref={thanksRef} tabIndex={-1}>
                Message sent
              </h2>
              <p role="status">{THANK_YOU_TEXT}</p>
              <Link to={home} className="button button--primary">
                Back to home
              </Link>
            </div>
          ) : (
            <ContactForm
              initialRegion={defaultContactRegion(region)}
              initialStates={{ regionId: loaderData.statesRegionId, states: loaderData.states }}
              recaptchaSiteKey={config.recaptchaSiteKey}
              onSent={() => setSent(true)}
            />
          )}
        </section>
      </div>
    </div>
  );
}
