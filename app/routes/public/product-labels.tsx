import { useEffect, useId, useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { Link } from '../../lib/links.tsx';
import { DOCUMENT_PRODUCTS } from '#shared/product-documents.ts';
import { breadcrumbJsonLd } from '../../lib/landing-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import { absoluteUrl } from '../../lib/seo.ts';
import type { Route } from './+types/product-labels';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { Select } from '../../components/forms/select.tsx';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { pageReads } from '../../lib/page-reads.ts';
import { REGION_US, REGION_CA } from '#shared/regions.ts';
import { landingTag, PAGE_TAG } from '#shared/cache-tags.ts';
import { listPageMeta } from '../../lib/list-page.ts';

/** The words above the labels: edited under Pages (shared/list-pages.ts). */
const LIST_KEY = 'product-labels';

const REGION_FILTERS = [
  { value: '', label: 'All regions' },
  { value: '2', label: 'U.S.' },
  { value: '3', label: 'Canada' },
] as const;

const REGION_BADGES: Record<number, string> = { 2: 'U.S.', 3: 'Canada' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const regionParam = url.searchParams.get('region');
  const region = regionParam === String(REGION_US) ? REGION_US : regionParam === String(REGION_CA) ? REGION_CA : null;
  const productParam = url.searchParams.get('product');
  // one query for the region; the Product choice offers only products with documents in it
  const [inRegion, text] = await Promise.all([
    context.services.documents.listLabels({ region }),
    context.services.landingPages.listPageByKey(LIST_KEY),
  ]);
  const products = DOCUMENT_PRODUCTS.filter((p) => inRegion.some((g) => g.key === p.key)).map((p) => ({ key: p.key, name: p.name }));
  const asked = DOCUMENT_PRODUCTS.find((p) => p.key === productParam) ?? null;
  // a product the region does not have (the region changed after it was chosen): the whole region instead, and say so
  const product = asked && products.some((p) => p.key === asked.key) ? asked.key : null;
  const groups = product ? inRegion.filter((g) => g.key === product) : inRegion;
  const dropped = asked && !product ? asked.name : null;
  return { groups, products, dropped, filter: { region, product }, text };
}

export const meta: Route.MetaFunction = ({ matches, data: d }) => {
  const root = rootDataFrom(matches);
  const siteUrl = root?.config.siteUrl ?? '';
  const filtered = Boolean(d?.filter.region || d?.filter.product);
  if (!d) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  return listPageMeta(d.text, root, {
    // filtered views are the same page: one canonical URL
    path: '/product-labels',
    noindex: filtered,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: d.text.seoTitle,
        url: absoluteUrl(siteUrl, '/product-labels'),
      },
      breadcrumbJsonLd(siteUrl, [
        ['Home', '/'],
        ['Product Labels and SDSs', '/product-labels'],
      ]),
    ],
  });
};

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = { ...STATIC_PAGE, ...pageReads({ query: ['region', 'product'], tags: () => [PAGE_TAG.documents, landingTag(LIST_KEY)] }) };

export default function ProductLabels({ loaderData }: Route.ComponentProps) {
  const { groups, products, dropped, filter, text } = loaderData;
  const regionName = REGION_FILTERS.find((r) => r.value === String(filter.region))?.label;
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location?.pathname === '/product-labels';
  const regionId = useId();
  const productId = useId();
  const documentCount = groups.reduce((n, g) => n + g.documents.length, 0);
  const filtered = Boolean(filter.region || filter.product);
  // controlled, so the selects follow "Clear filters" and back/forward without being remounted (focus stays put)
  const [region, setRegion] = useState(filter.region ? String(filter.region) : '');
  const [product, setProduct] = useState(filter.product ?? '');
  useEffect(() => setRegion(filter.region ? String(filter.region) : ''), [filter.region]);
  useEffect(() => setProduct(filter.product ?? ''), [filter.product]);

  return (
    <div className="labels-page">
      <header className="page-hero">
        <div className="container">
          <Breadcrumbs className="breadcrumb" trail={[{ name: 'Home', path: '/' }, { name: 'Labels / SDS' }]} />
          <h1 className="page-hero__title">{text.headline}</h1>
          <p className="page-hero__lead">{text.intro}</p>
        </div>
      </header>

      <div className="container labels-page__body">
        <Form
          method="get"
          className="labels-filter"
          aria-label="Filter labels and SDSs"
          data-autosubmit=""
          preventScrollReset
          onChange={(e) => {
            const params = new URLSearchParams();
            for (const [k, v] of new FormData(e.currentTarget)) if (v) params.set(k, String(v));
            submit(params, { method: 'get', action: '/product-labels', preventScrollReset: true, replace: true });
          }}
        >
          <div className="field">
            <label htmlFor={regionId}>Region</label>
            <Select id={regionId} name="region" value={region} onChange={(e) => setRegion(e.target.value)}>
              {REGION_FILTERS.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </Select>
          </div>
          <div className="field">
            <label htmlFor={productId}>Product</label>
            <Select id={productId} name="product" value={product} onChange={(e) => setProduct(e.target.value)}>
              <option value="">All products</option>
              {products.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="labels-filter__actions">
            <button type="submit" className="button button--primary">
              Apply filters
            </button>
            {filtered ? (
              <Link to="/product-labels" className="labels-filter__clear" preventScrollReset>
                Clear filters
              </Link>
            ) : null}
          </div>
        </Form>

        <p className="labels-page__count" role="status" aria-live="polite">
          {dropped && regionName ? `${dropped} has no documents for ${regionName}. ` : null}
          {groups.length === 0
            ? 'No documents match these filters.'
            : `Showing ${documentCount} ${documentCount === 1 ? 'document' : 'documents'} for ${groups.length} ${groups.length === 1 ? 'product' : 'products'}.`}
        </p>

        <ul className={`label-groups ${busy ? 'is-busy' : ''}`} aria-busy={busy}>
          {groups.map((g) => {
            const page = filter.region === REGION_CA ? g.pages[REGION_CA] : filter.region === REGION_US ? g.pages[REGION_US] : (g.pages[REGION_US] ?? g.pages[REGION_CA]);
            const headingId = `label-group-${g.key}`;
            return (
              <li key={g.key}>
                <section className="label-group" aria-labelledby={headingId}>
                  <div className="label-group__head">
                    <h2 id={headingId} className="label-group__name">
                      {g.name}
                    </h2>
                    <p className="label-group__regions">
                      {g.regionIds.map((r) => (
                        <span key={r} className="region-badge">
                          {REGION_BADGES[r] ?? r}
                        </span>
                      ))}
                    </p>
                  </div>
                  <ul className="label-group__docs">
                    {g.documents.map((d) => (
                      <li key={d.guid}>
                        {/* a PDF opens in a new tab (the browser's viewer), and the link says so */}
                        <a className="doc-link" href={`/doccenter/${d.guid}`} target="_blank" rel="noopener">
                          <span className="doc-link__kind">{d.kind === 'label' ? 'Label' : 'SDS'}</span>
                          <span className="visually-hidden"> for {g.name}</span>
                          <span className="doc-link__meta">
                            <span className="visually-hidden">, PDF, </span>
                            {formatSize(d.size)}
                            <span className="visually-hidden">, opens in a new tab</span>
                            <svg className="doc-link__external" aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
                              <path d="M9 2h5v5M14 2 7 9M12 9.5V14H2V4h4.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
                            </svg>
                          </span>
                        </a>
                      </li>
                    ))}
                  </ul>
                  {page ? (
                    <p className="label-group__page">
                      <Link to={`/${page}`}>
                        Product details<span className="visually-hidden"> for {g.name}</span>
                      </Link>
                    </p>
                  ) : null}
                </section>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
