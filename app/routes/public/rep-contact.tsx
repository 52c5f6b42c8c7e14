import { data, redirect } from 'react-router';
import repContactScript from '#app/client/islands/rep-contact.tsx?worker&url';
import { Island } from '#app/components/leads/island.tsx';
import { RepContactForm, thankYouPath, type ContactTarget, type RepContactFormProps } from '#app/components/leads/rep-contact-form.tsx';
import { staticPageWith } from '#app/lib/hydration.ts';
import { readForm, repContactAction } from '#app/lib/lead-actions.server.ts';
import { rootDataFrom } from '#app/lib/root-data.ts';
import { seoMeta } from '#app/lib/seo.ts';
import { useRootData } from '#app/root.tsx';
import { safeLocalPath } from '#shared/input.ts';
import { FINDER_LABELS, type FinderLabel } from '#shared/validation/finder-fields.ts';
import type { Route } from './+types/rep-contact';
import { pageReads } from '#app/lib/page-reads.ts';
import { PAGE_TAG } from '#shared/cache-tags.ts';

/** The contact-a-rep form as a page: what the results' Contact button opens without JavaScript (ADR 005). */
/** The listing by type and id (targetType and targetId as the form posts them), the search to go back to. */
export const handle = { ...staticPageWith(repContactScript), ...pageReads({ query: ['type', 'id', 'targetType', 'targetId', 'label', 'zip', 'back'], tags: () => [PAGE_TAG.finder] }) };

/** Back to the results the visitor came from; anything else goes to a fresh search. */
function backFrom(value: string | null): string {
  const path = safeLocalPath(value);
  return path && /^\/reps-retailers(?:\?|$)/.test(path) ? path : '/find-a-rep';
}

/** The listing named by the query (type and id), read from the database: the name in the URL is not trusted. */
async function targetFrom(params: URLSearchParams, context: Route.LoaderArgs['context']): Promise<ContactTarget> {
  const type = params.get('type') ?? params.get('targetType');
  const id = Number(params.get('id') ?? params.get('targetId'));
  if ((type !== 'rep' && type !== 'retailer') || !Number.isSafeInteger(id) || id <= 0) throw data('No such rep or retailer', { status: 404 });
  const row = type === 'rep' ? await context.services.finder.findActiveRep(id) : await context.services.finder.findActiveRetailer(id);
  if (!row) throw data('No such rep or retailer', { status: 404 });
  return { type, id, name: row.name };
}

function formFrom(params: URLSearchParams) {
  const label = params.get('label');
  return {
    zip: (params.get('zip') ?? '').trim().slice(0, 20),
    label: (FINDER_LABELS as readonly string[]).includes(label ?? '') ? (label as FinderLabel) : ('Retailers' as FinderLabel),
    back: backFrom(params.get('back')),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // the bare address (no listing named): the finder, where listings are found
  if (!params.has('type') && !params.has('id')) throw redirect('/find-a-rep');
  const [target, privacy] = await Promise.all([targetFrom(params, context), context.services.privacy.current()]);
  return {
    target,
    ...formFrom(params),
    formStarted: context.services.leads.formStamp(),
    // the privacy text beside the form and its version, stored with the lead (ADR 044)
    privacy: privacy ? { id: privacy.id, text: privacy.text } : null,
  };
}

/** Stores the post as POST /api/forms/contact-rep does, then the thank-you page; or the form again with its messages. */
export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request.clone());
  const reply = await repContactAction(args);
  const params = new URLSearchParams();
  for (const [k, v] of form ?? []) if (typeof v === 'string') params.set(k, v);
  const [target, privacy] = await Promise.all([targetFrom(params, args.context), args.context.services.privacy.current()]);
  if (reply.data.sent) throw redirect(thankYouPath(target, backFrom(params.get('back'))), 303);
  return data(
    { ...reply.data, target, ...formFrom(params), privacy: privacy ? { id: privacy.id, text: privacy.text } : null },
    reply.init ?? undefined,
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, location }) => {
  const root = rootDataFrom(matches);
  return seoMeta({
    title: loaderData ? `Contact ${loaderData.target.name}` : 'Contact a rep or retailer',
    description: 'Send a short message to a sales representative or retailer near you.',
    siteUrl: root?.config.siteUrl ?? '',
    companyName: root?.settings.companyName,
    path: location.pathname,
    noindex: true,
  });
};

export default function RepContact({ loaderData, actionData }: Route.ComponentProps) {
  const { config } = useRootData();
  const page = actionData ?? loaderData;
  const props: Omit<RepContactFormProps, 'cancel'> & { cancel: { href: string } } = {
    target: page.target,
    zip: page.zip,
    label: page.label,
    back: page.back,
    recaptchaSiteKey: config.recaptchaSiteKey,
    lastResult: actionData?.result ?? null,
    failed: actionData?.failed ?? false,
    idempotencyKey: actionData?.idempotencyKey,
    formStarted: loaderData?.formStarted,
    privacy: page.privacy,
    cancel: { href: page.back },
  };
  return (
    <section className="container section rep-contact-page" aria-labelledby="rep-contact-title">
      <h1 id="rep-contact-title">Contact {page.target.name}</h1>
      <p className="rep-dialog__intro">
        Leave your details and a short message; {page.target.type === 'rep' ? 'they' : 'the retailer'} will get back to you.
      </p>
      <Island name="rep-contact" props={props}>
        <RepContactForm {...props} />
      </Island>
    </section>
  );
}
