import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { CA_PRODUCT_SLUGS, US_PRODUCT_SLUGS } from '../shared/regions.ts';

const CAMPAIGNS = ['clear-choice', 'balanced-nutrition', 'thats-farming', 'anvol-protects', 'dual-purpose'];

export default [
  layout('routes/public/site-layout.tsx', [
    index('routes/public/home.tsx', { id: 'home-us' }),
    route('home-ca', 'routes/public/home.tsx', { id: 'home-ca' }),
    route('can', 'routes/public/home.tsx', { id: 'home-can' }),
    route('home-int', 'routes/public/home.tsx', { id: 'home-int' }),
    route('int', 'routes/public/home.tsx', { id: 'home-int-short' }),
    ...[...US_PRODUCT_SLUGS, ...CA_PRODUCT_SLUGS].map((slug) =>
      route(slug, 'routes/public/product.tsx', { id: `product-${slug}` }),
    ),
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
    route('retailer-thankyou', 'routes/public/thank-you.tsx', { id: 'retailer-thankyou' }),
    route('rep-thankyou', 'routes/public/thank-you.tsx', { id: 'rep-thankyou' }),
    route('not-found', 'routes/public/error-page.tsx', { id: 'not-found' }),
    route('access-denied', 'routes/public/error-page.tsx', { id: 'access-denied' }),
    route('error', 'routes/public/error-page.tsx', { id: 'error' }),
    route('error/server-error', 'routes/public/error-page.tsx', { id: 'server-error' }),
    route('*', 'routes/public/custom-page.tsx'),
  ]),
  layout('routes/public/simple-layout.tsx', [
    // The contact form is a full-screen overlay: no site navigation or footer around it.
    route('contact', 'routes/public/contact.tsx', { id: 'contact' }),
    route('contact-ca', 'routes/public/contact.tsx', { id: 'contact-ca' }),
    route('can/contact-us', 'routes/public/contact.tsx', { id: 'contact-can' }),
    route('product-selector', 'routes/public/product-selector.tsx', { id: 'product-selector' }),
  ]),
  route('careers', 'routes/public/careers.ts'),
  route('can/find-a-rep', 'routes/public/can-find-a-rep.ts'),
] satisfies RouteConfig;
