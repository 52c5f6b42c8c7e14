import { Link } from 'react-router';
import findARepScript from '#app/client/islands/find-a-rep.ts?worker&url';
import { FinderForm } from '#app/components/leads/finder-form.tsx';
import { staticPageWith } from '#app/lib/hydration.ts';
import { rootDataFrom } from '#app/lib/root-data.ts';
import { listPageMeta } from '#app/lib/list-page.ts';
import { landingTag } from '#shared/cache-tags.ts';
import { contactPathFor } from '#shared/navigation.ts';
import type { Route } from './+types/find-a-rep';
import { pageReads } from '#app/lib/page-reads.ts';

/** HTML first: the search is a GET form; the module adds its checks (ADR 005). */
export const handle = { ...staticPageWith(findARepScript), ...pageReads({ tags: ({ pathname }) => [landingTag(listKey(pathname))] }) };

/** The words above the search: edited under Pages (shared/list-pages.ts), one page per country. */
const listKey = (pathname: string) => (pathname.toLowerCase().startsWith('/find-a-rep-ca') ? 'find-a-rep-ca' : 'find-a-rep');

export async function loader({ request, context }: Route.LoaderArgs) {
  const key = listKey(new URL(request.url).pathname);
  return { country: (key === 'find-a-rep-ca' ? 3 : 2) as 2 | 3, text: await context.services.landingPages.listPageByKey(key) };
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  if (!data) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  return listPageMeta(data.text, rootDataFrom(matches), { path: location.pathname });
};

const STEPS = [
  { title: 'Growers', text: 'Find the retailers nearest your farm that carry our products, with their distance, phone and website.' },
  { title: 'Retailers', text: 'Find the territory manager or agronomist who looks after your area.' },
  { title: 'Get in touch', text: 'Send a short message from the results and the right person will contact you.' },
];

/** /find-a-rep (U.S.) and /find-a-rep-ca (Canada). */
export default function FindARep({ loaderData }: Route.ComponentProps) {
  const { country, text } = loaderData;
  return (
    <>
      <section className="hero finder-hero">
        <div className="container hero__inner finder-hero__inner">
          <div className="finder-hero__text">
            <h1 className="hero__title" id="finder-title">
              {text.headline}
            </h1>
            <p className="hero__promise">{text.intro}</p>
          </div>
          <div className="finder-card">
            <h2 className="finder-card__title">Search {country === 3 ? 'Canada' : 'the U.S.'}</h2>
            <FinderForm defaultCountry={country} headingId="finder-title" />
          </div>
        </div>
      </section>
      <section className="container section finder-steps" aria-labelledby="finder-how">
        <h2 id="finder-how">How it works</h2>
        <ol className="finder-steps__list">
          {STEPS.map((s) => (
            <li key={s.title} className="card">
              <h3 className="card__title">{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
        <p className="finder-steps__contact">
          Not sure who to ask? <Link to={contactPathFor(country)}>Contact us</Link> and we will connect you.
        </p>
      </section>
    </>
  );
}
