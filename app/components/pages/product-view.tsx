import type { MetaDescriptor } from 'react-router';
import type { ContentCardDto } from '#shared/dto/content.ts';
import { findRepPathFor } from '#shared/navigation.ts';
import { homePathFor, REGION_US, REGION_CA } from '#shared/regions.ts';
import type { ProductDocumentLink, ProductPageDto } from '#shared/product-content.ts';
import { breadcrumbJsonLd } from '../../lib/landing-seo.ts';
import { Link } from '../../lib/links.tsx';
import type { RootData } from '../../lib/root-data.ts';
import { absoluteUrl, seoMeta } from '../../lib/seo.ts';
import { Breadcrumbs } from '../breadcrumbs.tsx';
import { ContentModules } from '../content-modules.tsx';
import { ProductAnalysisTable } from '../product-analysis-table.tsx';
import { IMAGE_SIZES } from '#shared/validation/documents.ts';
import { LibraryImage } from '../library-image.tsx';

/** The product page template (/{product}), fed by the public route and by the preview page (ADR 024). */
export interface ProductViewProps {
  product: ProductPageDto;
  related: ContentCardDto[];
}

export function productMeta(product: ProductPageDto, root: RootData | undefined): MetaDescriptor[] {
  const siteUrl = root?.config.siteUrl ?? '';
  const company = root?.settings.companyName;
  const path = `/${product.slug}`;
  const image = product.seo.ogphoto?.previewsrc ?? product.heroMedia?.previewsrc;
  const us = product.region === REGION_US ? path : product.twinSlug ? `/${product.twinSlug}` : null;
  const ca = product.region === REGION_CA ? path : product.twinSlug ? `/${product.twinSlug}` : null;
  return seoMeta({
    title: product.seo.title || product.name,
    description: product.seo.desc || product.summary,
    siteUrl,
    companyName: company,
    path,
    image,
    ogTitle: product.seo.ogtitle,
    ogDescription: product.seo.ogdesc,
    type: product.seo.metaContent || 'website',
    alternates:
      product.twinSlug && us && ca
        ? [
            { hreflang: 'en-US', path: us },
            { hreflang: 'en-CA', path: ca },
            { hreflang: 'x-default', path: us },
          ]
        : undefined,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.summary,
        slogan: product.tagline,
        category: product.group,
        url: absoluteUrl(siteUrl, path),
        ...(image ? { image: absoluteUrl(siteUrl, image) } : {}),
        brand: { '@type': 'Brand', name: product.name },
        manufacturer: { '@type': 'Organization', name: company, url: absoluteUrl(siteUrl, '/') },
        ...(product.analysis.length
          ? {
              additionalProperty: product.analysis.map((a) => ({
                '@type': 'PropertyValue',
                name: `${a.product}: ${a.nutrient} (${a.symbol})`,
                value: a.amount,
                unitText: 'percent by weight',
              })),
            }
          : {}),
      },
      breadcrumbJsonLd(siteUrl, [
        ['Home', homePathFor(product.region)],
        [product.name, path],
      ]),
    ],
  });
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function documentGroups(docs: readonly ProductDocumentLink[]) {
  const groups = new Map<string, ProductDocumentLink[]>();
  for (const d of docs) groups.set(d.productKey, [...(groups.get(d.productKey) ?? []), d]);
  return [...groups.values()].map((list) => ({ name: list[0]!.title.replace(/\s+(Label|Safety Data Sheet)$/, ''), list }));
}

export function ProductView({ product, related }: ProductViewProps) {
  const own = product.documents.filter((d) => d.productKey === product.lineKey);
  const label = own.find((d) => d.kind === 'label');
  const sds = own.find((d) => d.kind === 'sds');
  const groups = documentGroups(product.documents);
  const home = homePathFor(product.region);
  return (
    <article className="product-page" aria-labelledby="product-title">
      <header className="product-hero">
        <div className="container product-hero__inner">
          <div className="product-hero__text">
            <Breadcrumbs className="breadcrumb" trail={[{ name: 'Home', path: home }, { name: product.group }, { name: product.name }]} />
            <p className="badge product-hero__group">{product.group}</p>
            {/* hgroup: the tagline is the title's subtitle, not a heading of its own */}
            <hgroup>
              <h1 id="product-title" className="product-hero__title">
                {product.name}
              </h1>
              <p className="product-hero__tagline">{product.tagline}</p>
            </hgroup>
            <p className="product-hero__summary">{product.summary}</p>
            <p className="product-hero__actions">
              <Link className="button button--accent" to={findRepPathFor(product.region)}>
                Find a Rep
              </Link>
              {label ? (
                <a className="button button--ghost" href={`/doccenter/${label.guid}`}>
                  Product Label<span className="visually-hidden"> (PDF)</span>
                </a>
              ) : null}
              {sds ? (
                <a className="button button--ghost" href={`/doccenter/${sds.guid}`}>
                  SDS<span className="visually-hidden"> (PDF)</span>
                </a>
              ) : null}
              {!label && product.documents.length ? (
                <a className="button button--ghost" href="#documents">
                  Labels &amp; SDSs
                </a>
              ) : null}
            </p>
          </div>
          {product.heroMedia ? (
            <div className="product-hero__media">
              <LibraryImage media={product.heroMedia} sizes={IMAGE_SIZES.halfColumn} fallback={[1200, 900]} priority />
            </div>
          ) : null}
        </div>
      </header>

      {product.benefits.length ? (
        <section className="product-section product-benefits" aria-labelledby="benefits-title">
          <div className="container">
            <h2 id="benefits-title">Why growers choose {product.name}</h2>
            <ul className="benefits" data-count={product.benefits.length}>
              {product.benefits.map((b, i) => (
                <li key={b.title} className="benefit">
                  <span className="benefit__number" aria-hidden="true">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  <h3 className="benefit__title">{b.title}</h3>
                  <p>{b.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {product.modules.length ? (
        <section className="product-section product-body" aria-label={`About ${product.name}`}>
          <div className="container container--narrow">
            <ContentModules modules={product.modules} />
          </div>
        </section>
      ) : null}

      {product.analysis.length ? (
        <section className="product-section product-analysis" aria-labelledby="analysis-title">
          <div className="container container--narrow">
            <h2 id="analysis-title">Guaranteed analysis</h2>
            <p className="lead">Minimum guaranteed content of each {product.name} product, as stated on its label.</p>
            <ProductAnalysisTable rows={product.analysis} caption={`${product.name} guaranteed analysis by product`} />
          </div>
        </section>
      ) : null}

      {groups.length ? (
        <section id="documents" className="product-section product-documents" aria-labelledby="documents-title">
          <div className="container">
            <h2 id="documents-title">Labels and safety data sheets</h2>
            <ul className="document-list">
              {groups.map((g) => (
                <li key={g.name} className="document-list__item">
                  <span className="document-list__name">{g.name}</span>
                  <span className="document-list__links">
                    {g.list.map((d) => (
                      <a key={d.guid} className="doc-link" href={`/doccenter/${d.guid}`}>
                        <span className="doc-link__kind">{d.kind === 'label' ? 'Label' : 'SDS'}</span>
                        <span className="visually-hidden"> for {g.name}</span>
                        <span className="doc-link__meta">
                          <span className="visually-hidden">PDF, </span>
                          {formatSize(d.size)}
                        </span>
                      </a>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
            <p>
              <Link to="/product-labels">All product labels and SDSs</Link>
            </p>
          </div>
        </section>
      ) : null}

      {related.length ? (
        <section className="product-section product-related" aria-labelledby="related-title">
          <div className="container">
            <h2 id="related-title">Related reading</h2>
            <ul className="related-grid">
              {related.map((item) => (
                <li key={item.id} className="related-card">
                  {item.heroMedia ? <LibraryImage media={item.heroMedia} sizes={IMAGE_SIZES.card} fallback={[800, 450]} /> : null}
                  <div className="related-card__body">
                    <p className="badge">{item.resourceType}</p>
                    <h3 className="related-card__title">
                      <Link to={item.path}>{item.title}</Link>
                    </h3>
                    <p>{item.metadata.desc}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </article>
  );
}
