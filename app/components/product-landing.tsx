import type { ReactNode } from 'react';
import { Link } from '../lib/links.tsx';
import type { Cta, LandingHero, LandingPageDto, LandingSection } from '#shared/landing-content.ts';
import type { AnalysisRow } from '#shared/product-content.ts';
import { IMAGE_SIZES } from '#shared/validation/documents.ts';
import { ContentModules } from './content-modules.tsx';
import { LibraryImage } from './library-image.tsx';
import { ProductAnalysisTable } from './product-analysis-table.tsx';
import { ProductCard, type ProductCardData } from './product-card.tsx';

/** Sections of a home, campaign or About page with the data they point to already loaded. */
export type ResolvedSection =
  | Exclude<LandingSection, { kind: 'products' } | { kind: 'analysis' }>
  | (Extract<LandingSection, { kind: 'products' }> & { items: ProductCardData[] })
  | (Extract<LandingSection, { kind: 'analysis' }> & { rows: AnalysisRow[]; productName: string });

/** Internal paths use client navigation; careers and absolute URLs leave the app. */
/** A landing page with the products and analysis tables its sections name (app/lib/landing.server.ts). */
export type ResolvedLandingPage = Omit<LandingPageDto, 'sections'> & { sections: ResolvedSection[] };

export function CtaLink({ cta, className = '' }: { cta: Cta; className?: string }) {
  const cls = `button button--${cta.style} ${className}`.trim();
  if (/^https?:\/\//.test(cta.to) || cta.to === '/careers') {
    return (
      <a className={cls} href={cta.to}>
        {cta.label}
      </a>
    );
  }
  return (
    <Link className={cls} to={cta.to}>
      {cta.label}
    </Link>
  );
}

export function LandingHeroView({ hero, variant = 'default' }: { hero: LandingHero; variant?: 'default' | 'home' }) {
  return (
    <section className={`landing-hero landing-hero--${variant}`} aria-labelledby="page-title">
      <div className="container landing-hero__inner">
        <div className="landing-hero__text">
          {hero.eyebrow ? <p className="eyebrow">{hero.eyebrow}</p> : null}
          <h1 id="page-title" className="landing-hero__title">
            {hero.headline}
          </h1>
          <p className="landing-hero__promise">{hero.promise}</p>
          {hero.ctas.length ? (
            <p className="landing-hero__actions">
              {hero.ctas.map((c) => (
                <CtaLink key={c.to + c.label} cta={c} />
              ))}
            </p>
          ) : null}
        </div>
        {hero.media ? (
          <div className="landing-hero__media">
            <LibraryImage media={hero.media} sizes={IMAGE_SIZES.halfColumn} fallback={[1200, 900]} priority />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function sectionId(i: number) {
  return `section-${i + 1}`;
}

/**
 * The frame every landing section shares: a section named by its heading (or by `label` when the
 * heading is optional and left empty), the container, the title and the optional lead paragraph.
 */
function SectionFrame({
  id,
  className,
  heading,
  label,
  intro,
  narrow = false,
  children,
}: {
  id: string;
  className: string;
  heading?: string;
  label?: string;
  intro?: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`landing-section ${className}`} {...(heading ? { 'aria-labelledby': id } : { 'aria-label': label })}>
      <div className={narrow ? 'container container--narrow' : 'container'}>
        {heading ? (
          <h2 id={id} className="landing-section__title">
            {heading}
          </h2>
        ) : null}
        {intro ? <p className="lead">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}

function Section({ section, index }: { section: ResolvedSection; index: number }) {
  const hid = sectionId(index);
  switch (section.kind) {
    case 'claims':
      return (
        <SectionFrame id={hid} className="landing-claims" heading={section.heading} label="Key figures">
          <ul className="claims" data-count={section.items.length}>
            {section.items.map((item) => (
              <li key={item.figure + item.text} className="claim">
                <span className="claim__big">{item.figure}</span>
                <span className="claim__sentence">{item.text}</span>
              </li>
            ))}
          </ul>
        </SectionFrame>
      );
    case 'products':
      return (
        <SectionFrame id={hid} className="landing-products" heading={section.heading} intro={section.intro}>
          <ul className="product-grid" data-count={section.items.length}>
            {section.items.map((p) => (
              <li key={p.slug}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        </SectionFrame>
      );
    case 'feature':
      return (
        <section className={`landing-section landing-feature ${section.reverse ? 'landing-feature--reverse' : ''}`} aria-labelledby={hid}>
          <div className="container landing-feature__inner">
            <div className="landing-feature__media">
              <LibraryImage media={section.media} sizes={IMAGE_SIZES.halfColumn} fallback={[1200, 900]} />
            </div>
            <div className="landing-feature__text">
              {section.eyebrow ? <p className="eyebrow">{section.eyebrow}</p> : null}
              <h2 id={hid}>{section.heading}</h2>
              {section.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {section.cta ? (
                <p>
                  <CtaLink cta={section.cta} />
                </p>
              ) : null}
            </div>
          </div>
        </section>
      );
    case 'steps':
      return (
        <SectionFrame id={hid} className="landing-steps" heading={section.heading} intro={section.intro}>
          <ol className="steps">
            {section.items.map((item) => (
              <li key={item.headline} className="step">
                <h3 className="step__title">{item.headline}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ol>
        </SectionFrame>
      );
    case 'analysis':
      return (
        <SectionFrame id={hid} className="landing-analysis" heading={section.heading} intro={section.intro} narrow>
          <ProductAnalysisTable rows={section.rows} caption={`${section.productName} guaranteed analysis`} />
          <p className="landing-analysis__more">
            <Link to={`/${section.productSlug}`}>
              See {section.productName} product details<span aria-hidden="true"> →</span>
            </Link>
          </p>
        </SectionFrame>
      );
    case 'modules':
      return (
        <SectionFrame id={hid} className="landing-modules" heading={section.heading} label="In their words" narrow>
          <ContentModules modules={section.modules} />
        </SectionFrame>
      );
    case 'cta':
      return (
        <section className="landing-section landing-cta" aria-labelledby={hid}>
          <div className="container">
            <div className="cta-panel">
              <div>
                <h2 id={hid}>{section.heading}</h2>
                <p>{section.text}</p>
              </div>
              <p className="cta-panel__actions">
                {section.ctas.map((c) => (
                  <CtaLink key={c.to + c.label} cta={c} />
                ))}
              </p>
            </div>
          </div>
        </section>
      );
    default:
      return null;
  }
}

export function LandingSections({ sections }: { sections: readonly ResolvedSection[] }) {
  return (
    <>
      {sections.map((s, i) => (
        <Section key={i} section={s} index={i} />
      ))}
    </>
  );
}
