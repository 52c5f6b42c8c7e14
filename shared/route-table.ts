import { KINDS, type KindDefinition } from './kinds/index.ts';
import { CA_PRODUCT_SLUGS, US_PRODUCT_SLUGS } from './regions.ts';

/**
 * The site's route table as plain data: what `app/routes.ts` hands React Router, and what the server's
 * rules read (custom-page slugs may not take a route's first segment, `domain/pages/reserved-slugs.ts`)
 * without importing the app. The helpers build the same objects as `@react-router/dev/routes`.
 */
export interface RouteEntry {
  file: string;
  path?: string;
  id?: string;
  index?: boolean;
  children?: RouteEntry[];
}

function route(path: string, file: string, options?: { id?: string } | RouteEntry[], children?: RouteEntry[]): RouteEntry {
  const opts = Array.isArray(options) ? {} : (options ?? {});
  const kids = Array.isArray(options) ? options : children;
  return { file, children: kids, path, ...(opts.id ? { id: opts.id } : {}) };
}

function index(file: string, options?: { id?: string }): RouteEntry {
  return { file, index: true, ...(options?.id ? { id: options.id } : {}) };
}

function layout(file: string, options: { id?: string } | RouteEntry[], children?: RouteEntry[]): RouteEntry {
  const opts = Array.isArray(options) ? {} : options;
  const kids = Array.isArray(options) ? options : children;
  return { file, children: kids, ...(opts.id ? { id: opts.id } : {}) };
}

const adminPath = (address: string) => address.replace(/^\/siteadmin\//, '');

/** A versioned kind's admin entries: its list (when it has one), create (when items are created there) and editor. */
export function kindRoutes(kind: Pick<KindDefinition, 'name' | 'list' | 'admin' | 'screens'>): RouteEntry[] {
  const { list, editor } = kind.screens;
  const base = adminPath(kind.admin);
  return [
    ...(list ? [route(adminPath(kind.list), list.file, list.id ? { id: list.id } : undefined)] : []),
    ...(editor.create ? [route(`${base}/create`, editor.file, { id: `admin-${kind.name}-create` })] : []),
    route(`${base}/edit/:id/:versionId?`, editor.file, { id: `admin-${kind.name}-edit` }),
  ];
}

const CAMPAIGNS = ['clear-choice', 'balanced-nutrition', 'thats-farming', 'anvol-protects', 'dual-purpose'];

export const ROUTE_TABLE: RouteEntry[] = [
  // Every public page runs the public layout's loader (settings, navigation, region); admin and account screens do not.
  layout('routes/public/public-layout.tsx', { id: 'public' }, [
    layout('routes/public/site-layout.tsx', [
      index('routes/public/home.tsx', { id: 'home-us' }),
      route('home-ca', 'routes/public/home.tsx', { id: 'home-ca' }),
      route('can', 'routes/public/home.tsx', { id: 'home-can' }),
      route('home-int', 'routes/public/home.tsx', { id: 'home-int' }),
      route('int', 'routes/public/home.tsx', { id: 'home-int-short' }),
      ...[...US_PRODUCT_SLUGS, ...CA_PRODUCT_SLUGS].map((slug) => route(slug, 'routes/public/product.tsx', { id: `product-${slug}` })),
      ...CAMPAIGNS.map((slug) => route(slug, 'routes/public/campaign.tsx', { id: `campaign-${slug}` })),
      route('about', 'routes/public/about.tsx', { id: 'about' }),
      route('knowledge-center', 'routes/public/knowledge-list.tsx', { id: 'knowledge-center' }),
      route('knowledge-center/category/:id', 'routes/public/knowledge-list.tsx', { id: 'knowledge-category' }),
      route('knowledge-center/:slug', 'routes/public/knowledge-item.tsx', { id: 'knowledge-item' }),
      route('can/knowledge-center/:slug', 'routes/public/knowledge-item.tsx', { id: 'knowledge-item-ca' }),
      route('press-releases', 'routes/public/press-list.tsx', { id: 'press-releases' }),
      route('press-releases/:slug', 'routes/public/press-release.tsx', { id: 'press-release' }),
      route('can/press-releases/:slug', 'routes/public/press-release.tsx', { id: 'press-release-ca' }),
      route('product-labels', 'routes/public/product-labels.tsx', { id: 'product-labels' }),
      route('find-a-rep', 'routes/public/find-a-rep.tsx', { id: 'find-a-rep' }),
      route('find-a-rep-ca', 'routes/public/find-a-rep.tsx', { id: 'find-a-rep-ca' }),
      route('reps-retailers', 'routes/public/reps-retailers.tsx', { id: 'reps-retailers' }),
      // the results' contact form as a page, for visitors without JavaScript (ADR 005)
      route('reps-retailers/contact', 'routes/public/rep-contact.tsx', { id: 'rep-contact' }),
      route('retailer-thankyou', 'routes/public/thank-you.tsx', { id: 'retailer-thankyou' }),
      route('rep-thankyou', 'routes/public/thank-you.tsx', { id: 'rep-thankyou' }),
      // an editor's unsaved content in its public template (ADR 024): never cached, never indexed
      route('preview/:token', 'routes/public/preview.tsx', { id: 'preview' }),
      route('not-found', 'routes/public/error-page.tsx', { id: 'not-found' }),
      route('access-denied', 'routes/public/error-page.tsx', { id: 'access-denied' }),
      route('error', 'routes/public/error-page.tsx', { id: 'error' }),
      route('error/server-error', 'routes/public/error-page.tsx', { id: 'server-error' }),
      // rendered by the server with status 400, 403 and 413 (server/plugins/redirects.ts, react-router.ts)
      route('error/bad-request', 'routes/public/error-page.tsx', { id: 'bad-request' }),
      route('error/form-refused', 'routes/public/error-page.tsx', { id: 'form-refused' }),
      route('error/form-too-large', 'routes/public/error-page.tsx', { id: 'form-too-large' }),
      route('error/unavailable', 'routes/public/error-page.tsx', { id: 'unavailable' }),
      route('*', 'routes/public/custom-page.tsx'),
    ]),
    layout('routes/public/simple-layout.tsx', [
      // The contact form is a full-screen overlay: no site navigation or footer around it.
      route('contact', 'routes/public/contact.tsx', { id: 'contact' }),
      route('contact-ca', 'routes/public/contact.tsx', { id: 'contact-ca' }),
      route('can/contact-us', 'routes/public/contact.tsx', { id: 'contact-can' }),
      route('product-selector', 'routes/public/product-selector.tsx', { id: 'product-selector' }),
    ]),
  ]),
  route('careers', 'routes/public/careers.ts'),
  // the header's region selector without JavaScript (ADR 005)
  route('set-region', 'routes/public/set-region.ts'),
  route('can/find-a-rep', 'routes/public/can-find-a-rep.ts'),
  layout('routes/account/account-layout.tsx', [
    route('account/login', 'routes/account/login.tsx'),
    route('account/logout', 'routes/account/logout.tsx'),
    route('account/forgot-password', 'routes/account/forgot-password.tsx'),
    route('account/reset-password/:hash', 'routes/account/reset-password.tsx'),
    route('account/one-time-login/:token', 'routes/account/one-time-login.tsx'),
    route('account/confirm-email/:token', 'routes/account/confirm-email.tsx'),
  ]),
  route('siteadmin', 'routes/admin/admin-layout.tsx', { id: 'siteadmin' }, [
    index('routes/admin/dashboard.tsx'),
    route('users', 'routes/admin/users-list.tsx'),
    route('users/add', 'routes/admin/user-form.tsx', { id: 'admin-user-add' }),
    route('users/edit/:id', 'routes/admin/user-form.tsx', { id: 'admin-user-edit' }),
    route('account', 'routes/admin/my-account.tsx'),
    route('audit-log', 'routes/admin/audit-log.tsx'),
    route('security', 'routes/admin/security-settings.tsx'),
    route('settings/integrations', 'routes/admin/integrations.tsx'),
    route('document-library', 'routes/admin/documents-list.tsx'),
    route('document-library/create', 'routes/admin/document-form.tsx', { id: 'admin-document-create' }),
    route('document-library/edit/:id', 'routes/admin/document-form.tsx', { id: 'admin-document-edit' }),
    route('redirects', 'routes/admin/redirects-list.tsx'),
    route('redirects/create', 'routes/admin/redirect-form.tsx', { id: 'admin-redirect-create' }),
    route('redirects/edit/:id', 'routes/admin/redirect-form.tsx', { id: 'admin-redirect-edit' }),
    route('redirects/not-found', 'routes/admin/redirects-not-found.tsx'),
    route('redirects/import', 'routes/admin/redirects-import.tsx'),
    route('reps-retailers', 'routes/admin/reps-retailers-list.tsx'),
    route('reps-retailers/rep/create', 'routes/admin/rep-form.tsx', { id: 'admin-rep-create' }),
    route('reps-retailers/rep/edit/:id', 'routes/admin/rep-form.tsx', { id: 'admin-rep-edit' }),
    route('reps-retailers/retailer/create', 'routes/admin/retailer-form.tsx', { id: 'admin-retailer-create' }),
    route('reps-retailers/retailer/edit/:id/:next?', 'routes/admin/retailer-form.tsx', { id: 'admin-retailer-edit' }),
    // the versioned kinds' lists and editors, from the registry (shared/kinds): knowledge center and press releases share
    // one list and one editor (app/lib/content-kinds.ts); landing pages are edited from the Pages list
    ...KINDS.flatMap(kindRoutes),
    // label, SDS and statement documents of the library, by product; rollback restores an earlier file (ADR 023)
    route('product-labels', 'routes/admin/labels-list.tsx'),
    route('product-labels/create', 'routes/admin/label-form.tsx', { id: 'admin-label-create' }),
    route('product-labels/edit/:id/:versionId?', 'routes/admin/label-form.tsx', { id: 'admin-label-edit' }),
    route('forms', 'routes/admin/forms-list.tsx'),
    // access and erasure requests for one email address (ADR 044)
    route('privacy-requests', 'routes/admin/privacy-requests.tsx'),
    route('settings', 'routes/admin/site-settings.tsx'),
  ]),
];
