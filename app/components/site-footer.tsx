import type { ReactNode } from 'react';
import { Link } from '../lib/links.tsx';
import { CATALOG } from '#shared/catalog.ts';
import { contactPathFor, findRepBannerVisible, LEGAL_LINKS, findRepPathFor, solutionsFor } from '#shared/navigation.ts';
import { useRootData } from '../root.tsx';
import { REGION_INT, type RegionId } from '#shared/regions.ts';

export const FOOTER_CLAIM = 'up to 40% of surface-applied urea can be lost through volatilization';

interface FooterProps {
  region: RegionId;
  pathname: string;
  companyName: string;
  social: { name: string; url: string }[];
  year: number;
  /** the page's last band already offers Find a Rep: no second banner right after it */
  pageEndsWithFindRep?: boolean;
}

function LegalLinks() {
  return (
    <nav aria-label="Legal">
      <ul className="site-footer__legal">
        {LEGAL_LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface FooterLink {
  to: string;
  label: string;
  /** a page outside the app: a plain link, no client navigation */
  plain?: boolean;
}

/** A column of the footer's grid: its heading, its links, then anything else it holds (`children`). */
function FooterColumn({ heading, links, children }: { heading: string; links: readonly FooterLink[]; children?: ReactNode }) {
  return (
    <div className="site-footer__col">
      <h2 className="site-footer__heading">{heading}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.label}>{l.plain ? <a href={l.to}>{l.label}</a> : <Link to={l.to}>{l.label}</Link>}</li>
        ))}
      </ul>
      {children}
    </div>
  );
}

function Trademark({ companyName, year }: { companyName: string; year: number }) {
  return (
    <p className="site-footer__fineprint">
      © {year} {companyName}. All rights reserved. AGROTAIN, ANVOL, CENTURO, SUPERU, WOLF TRAX, OPTRIENT, PROTIVATE, ROCKET SEEDS, NITAMIN,
      SYNTHOS and TRIBUNE are trademarks of their respective owners. Always read and follow label directions. Results may vary with soil,
      weather and management; the information on this site is provided for general guidance and is not a guarantee of performance.
    </p>
  );
}

export function SiteFooter({ region, pathname, companyName, social, year, pageEndsWithFindRep = false }: FooterProps) {
  const findRep = findRepPathFor(region);
  const banner = findRepBannerVisible(pathname) && !pageEndsWithFindRep;
  const products = useRootData()?.products;

  if (region === REGION_INT) {
    return (
      <footer className="site-footer site-footer--reduced">
        <div className="container site-footer__reduced">
          <Link to="/contact" className="button button--accent">
            Contact Us
          </Link>
          <LegalLinks />
          <Trademark companyName={companyName} year={year} />
        </div>
      </footer>
    );
  }

  return (
    <footer className="site-footer">
      {banner ? (
        <section className="find-rep-banner" aria-labelledby="find-rep-banner-title">
          <div className="container find-rep-banner__inner">
            <div>
              <h2 id="find-rep-banner-title">Find a rep or retailer near you</h2>
              <p>Local agronomists and retailers who know your soils, your crops and our products.</p>
            </div>
            <Link to={findRep} className="button button--accent">
              Find a Rep
            </Link>
          </div>
        </section>
      ) : null}
      <div className="container site-footer__claim">
        <p>
          <strong className="claim__figure">40%</strong>
          <span className="claim__text">{FOOTER_CLAIM.charAt(0).toUpperCase() + FOOTER_CLAIM.slice(1)}.</span>
        </p>
      </div>
      <div className="container site-footer__grid">
        <FooterColumn
          heading="Get in touch"
          links={[
            { to: contactPathFor(region), label: 'Contact Us' },
            { to: findRep, label: 'Find a Rep' },
          ]}
        >
          <p className="visually-hidden">Social media</p>
          <ul className="site-footer__social">
            {social.map((s) => (
              <li key={s.name}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn
          heading="Solutions"
          links={solutionsFor(region, products ?? CATALOG).map((p) => ({ to: `/${p.slug}`, label: p.name }))}
        />
        <FooterColumn
          heading="Company"
          links={[
            { to: '/knowledge-center', label: 'Knowledge Center' },
            { to: '/about', label: 'About' },
            { to: '/press-releases', label: 'Press Releases' },
            // a redirect to the careers site elsewhere, so a plain link
            { to: '/careers', label: 'Careers', plain: true },
            { to: findRep, label: 'Retailers & Reps' },
          ]}
        />
      </div>
      <div className="container site-footer__bottom">
        <LegalLinks />
        <Trademark companyName={companyName} year={year} />
      </div>
    </footer>
  );
}
