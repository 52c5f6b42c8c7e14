import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Link } from '../lib/links.tsx';
import { megaMenuFor, navFor } from '#shared/navigation.ts';
import { REGION_OPTIONS, type RegionId } from '#shared/regions.ts';
import { useRegion } from '../lib/region.tsx';
import { focusablesIn, focusLeft, tabIntoPanel, trapTab } from '../lib/menu-focus.ts';
import { useScrollHeader } from '../lib/use-scroll-header.ts';
import { useRootData } from '../root.tsx';
import { GroupIcon } from './group-icon.tsx';
import { Logo } from './logo.tsx';
import { Select } from './forms/select.tsx';

type Menu = 'none' | 'mobile' | 'mega';

/** The region switch without JavaScript (app/routes/public/set-region.ts): sets the cookie, 303 to the page's twin or the region's home. */
function setRegionPath(region: RegionId, from: string): string {
  return `/set-region?${new URLSearchParams({ region: String(region), from }).toString()}`;
}

/**
 * Hydrated pages (forms) run the menus with React state. Static pages (content templates, ADR 005) get
 * the same markup with the menus as popovers, which open, close and take Escape without any script;
 * app/client/site-script.ts adds scroll lock, labels and focus return, and the region selector's change.
 * Where scripts do not run, the region selector is a list of links to /set-region instead.
 */
export function SiteHeader({ companyName, hydrates = true }: { companyName: string; hydrates?: boolean }) {
  const { region, source, changeRegion } = useRegion();
  const popovers = !hydrates;
  const nav = navFor(region);
  const groups = megaMenuFor(region, useRootData()?.products);
  const location = useLocation();
  const [menu, setMenu] = useState<Menu>('none');
  const { hidden, docked } = useScrollHeader(menu !== 'none');
  const mobileToggle = useRef<HTMLButtonElement>(null);
  const solutionsToggle = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const megaRef = useRef<HTMLElement>(null);
  const megaId = useId();
  const mobileId = useId();
  const regionId = useId();

  // Menus reset on route change.
  useEffect(() => setMenu('none'), [location.pathname]);

  // Page scrolling is locked while a menu is open.
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('scroll-locked', menu !== 'none');
    return () => root.classList.remove('scroll-locked');
  }, [menu]);

  const close = useCallback((returnFocusTo?: HTMLElement | null) => {
    setMenu('none');
    returnFocusTo?.focus();
  }, []);

  useEffect(() => {
    if (menu === 'none') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const toggle = menu === 'mega' && solutionsToggle.current?.offsetParent ? solutionsToggle.current : mobileToggle.current;
      close(toggle);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menu, close]);

  // Keyboard and pointer rules of the open menus (the static variant does the same in the site script):
  // the mega menu closes on a click outside it and when focus leaves it, and Tab on its toggle moves
  // into it; the mobile menu keeps focus inside (with its toggle) until it closes.
  useEffect(() => {
    if (menu === 'none' || popovers) return;
    const mobile = () => Boolean(mobileToggle.current?.offsetParent);
    const onKey = (e: KeyboardEvent) => {
      if (menu === 'mega' && tabIntoPanel(e, solutionsToggle.current, megaRef.current)) return;
      if (mobile())
        trapTab(e, focusablesIn(mobileToggle.current, menu === 'mobile' ? navRef.current : null, menu === 'mega' ? megaRef.current : null));
    };
    const onPointer = (e: PointerEvent) => {
      if (menu !== 'mega' || mobile()) return;
      const target = e.target as Node;
      if (!megaRef.current?.contains(target) && !solutionsToggle.current?.contains(target)) setMenu('none');
    };
    const onFocusOut = (e: FocusEvent) => {
      if (menu === 'mega' && !mobile() && focusLeft(e, megaRef.current, solutionsToggle.current)) setMenu('none');
    };
    const mega = megaRef.current;
    const toggle = solutionsToggle.current;
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    mega?.addEventListener('focusout', onFocusOut);
    toggle?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      mega?.removeEventListener('focusout', onFocusOut);
      toggle?.removeEventListener('focusout', onFocusOut);
    };
  }, [menu, popovers]);

  const homeLabel = `${companyName} home`;
  const state = [hidden ? 'is-hidden' : '', docked ? 'is-docked' : 'is-undocked', menu !== 'none' ? 'has-menu' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <header className={`site-header ${state}`} data-region={region} data-region-source={popovers ? source : undefined}>
      <div className="site-header__bar container">
        {/* Named by its text, not aria-label: the name must contain what sighted (and voice-control) users see. */}
        <Link to={nav.home} className="site-header__logo">
          <Logo />
          <span className="visually-hidden">{homeLabel}</span>
        </Link>
        {/* the International navigation (Contact and the region) collapses too, only on narrower screens (app.css) */}
        <button
          ref={mobileToggle}
          type="button"
          className={nav.solutions ? 'site-header__toggle' : 'site-header__toggle site-header__toggle--reduced'}
          aria-expanded={popovers ? undefined : menu !== 'none'}
          aria-controls={popovers ? undefined : mobileId}
          popoverTarget={popovers ? mobileId : undefined}
          onClick={() => setMenu((m) => (m === 'none' ? 'mobile' : 'none'))}
        >
          <span className="hamburger" aria-hidden="true" />
          <span className="visually-hidden">{menu === 'none' ? 'Open menu' : 'Close menu'}</span>
        </button>
        <nav
          ref={navRef}
          id={mobileId}
          aria-label="Main"
          className={`site-nav ${nav.solutions ? '' : 'site-nav--reduced'} ${menu === 'mobile' ? 'is-open' : ''}`}
          popover={popovers ? 'auto' : undefined}
        >
          <ul className="site-nav__list">
            {nav.solutions ? (
              <li>
                <button
                  ref={solutionsToggle}
                  type="button"
                  className="site-nav__link site-nav__solutions"
                  aria-expanded={popovers ? undefined : menu === 'mega'}
                  aria-controls={popovers ? undefined : megaId}
                  popoverTarget={popovers ? megaId : undefined}
                  onClick={() => setMenu((m) => (m === 'mega' ? 'none' : 'mega'))}
                >
                  Solutions <span className="chevron" aria-hidden="true" />
                </button>
              </li>
            ) : null}
            {nav.links.map((link) => (
              <li key={link.to}>
                <NavLink className="site-nav__link" to={link.to}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink className="site-nav__link site-nav__contact" to={nav.contact.to}>
                {nav.contact.label}
              </NavLink>
            </li>
            {nav.solutions ? (
              <li className="site-nav__cta">
                <Link className="button button--accent button--small" to="/product-selector">
                  Product Selector
                </Link>
              </li>
            ) : null}
          </ul>
          <div className="region-select">
            <label htmlFor={regionId} className="visually-hidden">
              Region
            </label>
            <Select
              id={regionId}
              name="region"
              value={region}
              onChange={(e) => changeRegion(Number(e.target.value) as RegionId)}
              className="region-select__control"
            >
              {REGION_OPTIONS.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.code}
                </option>
              ))}
            </Select>
            {/* Without the script (static pages), a link per region instead of the select, which CSS hides
                then: /set-region stores the choice and goes to this page's twin there, else that region's home. */}
            {popovers ? (
              <noscript>
                <ul className="region-links">
                  {REGION_OPTIONS.map((o) => (
                    <li key={o.id}>
                      <a
                        href={setRegionPath(o.id, location.pathname)}
                        className="region-links__link"
                        aria-current={o.id === region ? 'true' : undefined}
                      >
                        {o.code}
                        <span className="visually-hidden"> ({o.name})</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </noscript>
            ) : null}
          </div>
        </nav>
      </div>
      {nav.solutions ? (
        <nav
          ref={megaRef}
          id={megaId}
          aria-label="Solutions"
          className={`mega-menu ${menu === 'mega' ? 'is-open' : ''}`}
          hidden={popovers ? undefined : menu !== 'mega'}
          popover={popovers ? 'auto' : undefined}
        >
          <div className="mega-menu__inner container">
            {/* one row: Back (phones), the title and Close, so no empty band sits above the title */}
            <div className="mega-menu__head">
              <button
                type="button"
                className="mega-menu__back"
                popoverTarget={popovers ? megaId : undefined}
                popoverTargetAction={popovers ? 'hide' : undefined}
                onClick={() => setMenu('mobile')}
              >
                <span aria-hidden="true">←</span> Back
              </button>
              <h2 className="mega-menu__title">Solutions</h2>
              <button
                type="button"
                className="mega-menu__close"
                popoverTarget={popovers ? megaId : undefined}
                popoverTargetAction={popovers ? 'hide' : undefined}
                onClick={() => close(solutionsToggle.current?.offsetParent ? solutionsToggle.current : mobileToggle.current)}
              >
                Close<span className="visually-hidden"> solutions menu</span>
              </button>
            </div>
            <div className="mega-menu__groups">
              {groups.map((g) => (
                <section key={g.group} className="mega-menu__group" aria-labelledby={`${megaId}-${g.group.replace(/\s/g, '')}`}>
                  <h3 id={`${megaId}-${g.group.replace(/\s/g, '')}`}>{g.group}</h3>
                  <ul>
                    {g.products.map((p) => (
                      <li key={p.slug}>
                        <Link to={`/${p.slug}`} className="mega-menu__product">
                          <GroupIcon group={g.group} className="mega-menu__icon" />
                          <span className="mega-menu__text">
                            <span className="mega-menu__name">{p.name}</span>
                            <span className="mega-menu__tagline">{p.tagline}</span>
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              {/* beside the groups: under Seed Enhancement, the shortest column, on wide screens (app.css) */}
              <div className="mega-menu__selector">
                <p>Not sure which product fits? Answer a few questions about your crop and get a recommendation.</p>
                <Link className="button button--primary" to="/product-selector">
                  Product Selector
                </Link>
              </div>
            </div>
          </div>
        </nav>
      ) : null}
    </header>
  );
}
