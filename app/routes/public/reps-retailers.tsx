import { Link, useLocation } from 'react-router';
import repsRetailersScript from '#app/client/islands/reps-retailers.tsx?worker&url';
import { FinderForm } from '#app/components/leads/finder-form.tsx';
import type { ContactTarget } from '#app/components/leads/rep-contact-form.tsx';
import { staticPageWith } from '#app/lib/hydration.ts';
import { useRegion } from '#app/lib/region.tsx';
import { rootDataFrom } from '#app/lib/root-data.ts';
import { listPageMeta } from '#app/lib/list-page.ts';
import { useRootData } from '#app/root.tsx';
import type { FinderResultDto, RepResultDto, RetailerResultDto } from '#shared/dto/finder.ts';
import { contactPathFor, findRepPathFor } from '#shared/navigation.ts';
import { IMAGE_SIZES, libraryImageProps } from '#shared/validation/documents.ts';
import { FINDER_QUERY_PARAMS, finderQueryFrom, finderResultsPath, RADIUS_OPTIONS, type FinderLabel } from '#shared/validation/finder.ts';
import type { Route } from './+types/reps-retailers';
import { pageReads } from '#app/lib/page-reads.ts';
import { landingTag, PAGE_TAG } from '#shared/cache-tags.ts';
import { REGION_US, REGION_CA, productRegionOf } from '#shared/regions.ts';

/** HTML first; the module adds the finder form's checks and opens the contact form in a dialog (ADR 005). */
export const handle = {
  ...staticPageWith(repsRetailersScript),
  ...pageReads({ query: FINDER_QUERY_PARAMS, tags: () => [PAGE_TAG.finder, landingTag(LIST_KEY)] }),
};

/** The page's headline before a search and its SEO words: edited under Pages (shared/list-pages.ts). */
const LIST_KEY = 'reps-retailers';

/** The search is in the query string (label, zip, radius), so results can be shared and reloaded. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = finderQueryFrom(new URL(request.url).searchParams);
  const [result, text, privacy] = await Promise.all([
    context.services.finder.search(query),
    context.services.landingPages.listPageByKey(LIST_KEY),
    context.services.privacy.current(),
  ]);
  // the privacy text the contact dialog shows beside its form, and its version (ADR 044)
  return { query, result, text, privacy: privacy ? { id: privacy.id, text: privacy.text } : null };
}

/** The results name what they show; before a search, the page's own headline (edited under Pages). */
function headingFor(result: FinderResultDto, headline: string): string {
  if (result.kind === 'retailers') return `Retailers near ${result.place}`;
  if (result.kind === 'reps') return `Reps for ${result.place}`;
  return headline;
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  if (!data) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  const heading = headingFor(data.result, data.text.headline);
  return listPageMeta(data.text, rootDataFrom(matches), {
    path: location.pathname,
    title: heading === data.text.headline ? data.text.seoTitle : heading,
    noindex: true,
  });
};

function summaryFor(result: FinderResultDto): string | null {
  if (result.kind === 'retailers') {
    const n = result.results.length;
    if (result.widened) return `No retailers within ${result.radius} ${unitName(result.unit)}. Showing the ${n === 1 ? 'nearest retailer' : `${n} nearest retailers`}.`;
    return `${n} ${n === 1 ? 'retailer' : 'retailers'} within ${result.radius} ${unitName(result.unit)}, nearest first.`;
  }
  if (result.kind === 'reps') {
    const n = result.results.length;
    return n ? `${n === 1 ? 'The rep' : `${n} reps`} covering ${result.zip}.` : null;
  }
  return null;
}

function unitName(unit: 'mi' | 'km') {
  return unit === 'km' ? 'km' : 'miles';
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((p) => p[0])
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

/** Shown unbroken: a phone number wrapped across two lines is easy to misread. */
function phoneText(phone: string) {
  return phone.replace(/-/g, '\u2011').replace(/ /g, '\u00a0');
}

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

interface ContactLink {
  target: ContactTarget;
  zip: string;
  label: FinderLabel;
  back: string;
}

/**
 * Contact a rep or retailer: without JavaScript a GET form to the contact form's page; the page's
 * module opens the same form in a dialog instead (app/client/islands/reps-retailers.tsx).
 */
function ContactButton({ target }: { target: ContactLink }) {
  return (
    <form method="get" action="/reps-retailers/contact" className="finder-result__contact" data-rep-contact="">
      <input type="hidden" name="type" value={target.target.type} />
      <input type="hidden" name="id" value={target.target.id} />
      <input type="hidden" name="name" value={target.target.name} />
      <input type="hidden" name="zip" value={target.zip} />
      <input type="hidden" name="label" value={target.label} />
      <input type="hidden" name="back" value={target.back} />
      <button type="submit" className="button button--primary">
        Contact<span className="visually-hidden"> {target.target.name}</span>
      </button>
    </form>
  );
}

function RetailerCard({ r, unit, contact }: { r: RetailerResultDto; unit: 'mi' | 'km'; contact: ContactLink }) {
  return (
    <li className="finder-result">
      <div className="finder-result__main">
        <p className="finder-result__distance">
          <strong>
            {r.distance.toFixed(1)} {unit}
          </strong>{' '}
          away
        </p>
        <h2 className="finder-result__title">{r.name}</h2>
        <address className="finder-result__address">
          {r.address}
          <br />
          {r.city}, {r.state} {r.postalCode}
        </address>
        {r.products.length ? (
          <>
            <p className="visually-hidden">Products carried:</p>
            <ul className="finder-result__products">
            {r.products.map((p) => (
                <li key={p} className="badge">
                  {p}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <div className="finder-result__actions">
        {r.phone ? (
          <a className="finder-result__link" href={telHref(r.phone)}>
            {phoneText(r.phone)}
          </a>
        ) : null}
        {r.website ? (
          <a className="finder-result__link" href={r.website} target="_blank" rel="noopener noreferrer">
            Website<span className="visually-hidden"> of {r.name} (opens in a new tab)</span>
          </a>
        ) : null}
        <ContactButton target={contact} />
      </div>
    </li>
  );
}

function RepCard({ r, contact }: { r: RepResultDto; contact: ContactLink }) {
  return (
    <li className="finder-result finder-result--rep">
      {r.photo ? (
        <img className="rep-avatar" src={r.photo} {...libraryImageProps(r.photo, IMAGE_SIZES.avatar)} alt="" width={72} height={72} />
      ) : (
        <span className="rep-avatar" aria-hidden="true">
          {initials(r.name)}
        </span>
      )}
      <div className="finder-result__main">
        <h2 className="finder-result__title">{r.name}</h2>
        <p className="finder-result__role">{r.title}</p>
        <p className="finder-result__meta">{r.matchedBy}</p>
      </div>
      <div className="finder-result__actions">
        <a className="finder-result__link" href={`mailto:${r.email}`}>
          {r.email}
        </a>
        {r.phone ? (
          <a className="finder-result__link" href={telHref(r.phone)}>
            {phoneText(r.phone)}
          </a>
        ) : null}
        <ContactButton target={contact} />
      </div>
    </li>
  );
}

/** /reps-retailers: retailers near a code (growers) or the reps covering it (retailers). No footer here (spec). */
export default function RepsRetailers({ loaderData }: Route.ComponentProps) {
  const { query, result } = loaderData;
  const { region } = useRegion();
  const { config } = useRootData();
  const location = useLocation();
  const country = result.kind === 'retailers' || result.kind === 'reps' ? (result.country === 'CA' ? REGION_CA : REGION_US) : productRegionOf(region);

  const summary = summaryFor(result);
  const label: FinderLabel = result.label;
  const back = `/reps-retailers${location.search}`;
  const zip = result.kind === 'retailers' || result.kind === 'reps' ? result.zip : '';

  return (
    <div
      className="finder-page"
      data-recaptcha-site-key={config.recaptchaSiteKey ?? ''}
      data-privacy-id={loaderData.privacy?.id}
      data-privacy-text={loaderData.privacy?.text}
    >
      <section className="finder-head">
        <div className="container">
          <p className="finder-head__back">
            <Link to={findRepPathFor(country === 3 ? 3 : 2)}>
              <span aria-hidden="true">←</span> Find a Rep or Retailer
            </Link>
          </p>
          <h1 id="results-title" className="finder-head__title">
            {headingFor(result, loaderData.text.headline)}
          </h1>
          {summary ? <p className="finder-head__summary">{summary}</p> : null}
          <FinderForm
            key={`${query.label}|${query.zip}`}
            variant="compact"
            defaultCountry={country}
            defaultLabel={query.zip ? query.label : ''}
            defaultZip={query.zip}
            radius={result.kind === 'retailers' ? result.radius : undefined}
          />
        </div>
      </section>

      <div className="container finder-body">
        {result.kind === 'invalid' ? (
          <div className="finder-notice finder-notice--error" role="alert">
            <p>{result.message}</p>
          </div>
        ) : null}
        {result.kind === 'empty' ? (
          <div className="finder-notice">
            <p>Choose who you are and enter a ZIP or postal code to see the reps and retailers near you.</p>
          </div>
        ) : null}

        {result.kind === 'retailers' ? (
          <>
            <nav className="radius-nav" aria-label="Search radius">
              <span className="radius-nav__label" aria-hidden="true">
                Within
              </span>
              <ul>
                {RADIUS_OPTIONS.map((r) => (
                  <li key={r}>
                    <Link
                      to={finderResultsPath({ label: 'Retailers', zip: result.zip, radius: r })}
                      aria-current={r === result.radius ? 'true' : undefined}
                      preventScrollReset
                    >
                      {r} {result.unit}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {result.approximate ? (
              <p className="finder-notice finder-notice--info">
                We do not have the exact location of {result.zip} yet, so distances are measured from the {country === 3 ? 'centre' : 'center'} of {result.place.replace(` ${result.zip}`, '')}.
              </p>
            ) : null}
            <ol className="finder-results">
              {result.results.map((r) => (
                <RetailerCard key={r.id} r={r} unit={result.unit} contact={{ target: { type: 'retailer', id: r.id, name: r.name }, zip, label, back }} />
              ))}
            </ol>
          </>
        ) : null}

        {result.kind === 'reps' ? (
          result.results.length ? (
            <ol className="finder-results">
              {result.results.map((r) => (
                <RepCard key={r.id} r={r} contact={{ target: { type: 'rep', id: r.id, name: r.name }, zip, label, back }} />
              ))}
            </ol>
          ) : (
            <div className="finder-notice">
              <p>
                No rep covers {result.zip} yet. <Link to={contactPathFor(country)}>Contact us</Link> and we will connect you with the right
                person.
              </p>
            </div>
          )
        ) : null}

        <p className="finder-body__contact">
          Need something else? <Link to={contactPathFor(country)}>Contact our team</Link>.
        </p>
      </div>

    </div>
  );
}
