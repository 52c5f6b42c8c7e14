import { Link, redirect, useLocation } from 'react-router';
import selectorScript from '#app/client/islands/product-selector.ts?worker&url';
import { Logo } from '#app/components/logo.tsx';
import { BarFill } from '#app/components/bar-fill.tsx';
import { SelectorResults } from '#app/components/selector-results.tsx';
import { SelectorStep } from '#app/components/selector-step.tsx';
import { staticPageWith } from '#app/lib/hydration.ts';
import { useRegion } from '#app/lib/region.tsx';
import { rootDataFrom } from '#app/lib/root-data.ts';
import { listPageMeta } from '#app/lib/list-page.ts';
import { landingTag } from '#shared/cache-tags.ts';
import { useRootData } from '#app/root.tsx';
import {
  advance,
  answersFromParams,
  canonicalSelectorSearch,
  isQuestionStep,
  previousStep,
  progress,
  questionFor,
  RESULTS_STEP,
  SELECTOR_PARAMS,
  SELECTOR_PATH,
  selectorHref,
  STEP_PARAM,
  stateFromParams,
} from '#shared/product-selector.ts';

/**
 * GET forms and links, each move a page load; a small module adds heading focus, the answer kept on
 * the history entry before Next, and Close's target across steps (ADR 005).
 */
export const handle = { ...staticPageWith(selectorScript), ...pageReads({ query: SELECTOR_PARAMS, tags: () => [landingTag(LIST_KEY)] }) };
import { safeLocalPath } from '#shared/input.ts';
import { homePathFor } from '#shared/regions.ts';
import type { Route } from './+types/product-selector';
import { pageReads } from '#app/lib/page-reads.ts';

/** Kept in history state: where Close goes back to. */
interface SelectorHistoryState {
  returnTo?: string | null;
}

/** The selector's SEO words and share image: edited under Pages (shared/list-pages.ts). */
const LIST_KEY = 'product-selector';

/** Without JavaScript, Next submits the step's form here; answer it with the next step's URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get('go') === 'next') {
    const step = Number(params.get(STEP_PARAM));
    const next = isQuestionStep(step) ? advance(step, answersFromParams(params)) : stateFromParams(params);
    throw redirect(selectorHref(next.step, next.answers));
  }
  // A hand-edited or outdated address (?step=99) is shown at the step it really means, under that step's own address.
  const canonical = canonicalSelectorSearch(params);
  if (canonical !== null) throw redirect(`${SELECTOR_PATH}${canonical}`);
  return { returnTo: internalReferrer(request), text: await context.services.landingPages.listPageByKey(LIST_KEY) };
}

/**
 * On a full page load, the page the visitor came from, when it is one of ours (the Referer header:
 * our Referrer-Policy sends the full URL within the site). Close goes there, otherwise home.
 */
function internalReferrer(request: Request): string | null {
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    if (from.host !== here.host) return null;
    const path = from.pathname.replace(/\/+$/, '') || '/';
    // `//evil.example/x` is a path of ours to the URL parser but another host to the browser.
    return path.toLowerCase() === SELECTOR_PATH ? null : safeLocalPath(path + from.search);
  } catch {
    return null;
  }
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  if (!data) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  const { step, answers } = stateFromParams(new URLSearchParams(location.search));
  const started = step !== 1 || answers.length > 0;
  const title =
    step === RESULTS_STEP
      ? 'Your Recommended Products – Product Selector'
      : started
        ? `${questionFor(step).title} – Product Selector`
        : undefined;
  return listPageMeta(data.text, rootDataFrom(matches), { path: SELECTOR_PATH, title });
};

export default function ProductSelector({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { region } = useRegion();
  const { settings } = useRootData();

  const { step, answers } = stateFromParams(new URLSearchParams(location.search));
  const returnTo = safeLocalPath((location.state as SelectorHistoryState | null)?.returnTo ?? loaderData.returnTo);
  const linkState: SelectorHistoryState = { returnTo };
  const previous = previousStep(step, answers);
  const backHref = previous === null ? null : selectorHref(previous, answers);
  const started = step !== 1 || answers.length > 0;
  const { position, total } = progress(step, answers);

  return (
    <div className="selector">
      <header className="selector-bar">
        <div className="selector-bar__inner">
          <Link to={homePathFor(region)} className="selector-bar__logo">
            <Logo />
            <span className="visually-hidden">{settings.companyName} home</span>
          </Link>
          <p className="selector-bar__title">Product Selector</p>
          <div className="selector-bar__actions">
            {started ? (
              <Link to={SELECTOR_PATH} state={linkState} className="selector-bar__button selector-bar__restart">
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path d="M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span className="selector-bar__label">Start Over</span>
              </Link>
            ) : null}
            <Link to={returnTo ?? '/'} className="selector-bar__button selector-bar__close">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              Close
            </Link>
          </div>
        </div>
      </header>

      <div className="selector-body">
        {step === RESULTS_STEP ? (
          <div className="selector-panel selector-panel--results">
            <p className="selector-progress">
              <span className="selector-progress__text">Results</span>
              <span className="selector-progress__bar" aria-hidden="true">
                <BarFill percent={100} />
              </span>
            </p>
            <SelectorResults answers={answers} region={region} backHref={backHref} linkState={linkState} />
          </div>
        ) : (
          <div className="selector-panel">
            <p className="selector-progress">
              <span className="selector-progress__text">
                {/* no total before the challenge is answered: it decides how many questions follow */}
                {total === null ? `Step ${position}` : `Step ${position} of ${total}`}
              </span>
              <span className="selector-progress__bar" aria-hidden="true">
                <BarFill percent={total === null ? 0 : ((position - 1) / total) * 100} />
              </span>
            </p>
            <SelectorStep
              key={location.key}
              question={questionFor(step)}
              answers={answers}
              backHref={backHref}
              backState={linkState}
            />
          </div>
        )}
      </div>
    </div>
  );
}
