import { describe, expect, it } from 'vitest';
import { endsWithFindRepCta, findRepBannerVisible, footerVisible, isLegalPath, megaMenuFor, navFor, themeForPath } from './navigation.ts';

describe('navFor', () => {
  it('US: Solutions plus the five links, finder and contact for the US', () => {
    const nav = navFor(2);
    expect(nav.home).toBe('/');
    expect(nav.solutions).toBe(true);
    expect(nav.links).toEqual([
      { label: 'Knowledge Center', to: '/knowledge-center' },
      { label: 'About', to: '/about' },
      { label: 'Retailers & Reps', to: '/find-a-rep' },
      { label: 'Labels / SDS', to: '/product-labels' },
    ]);
    expect(nav.contact).toEqual({ label: 'Contact', to: '/contact' });
  });

  it('Canada: finder and contact for Canada, logo to /home-ca', () => {
    const nav = navFor(3);
    expect(nav.home).toBe('/home-ca');
    expect(nav.links.find((l) => l.label === 'Retailers & Reps')?.to).toBe('/find-a-rep-ca');
    expect(nav.contact.to).toBe('/contact-ca');
  });

  it('International: reduced to logo, Contact (/contact) and the region selector', () => {
    expect(navFor(4)).toEqual({ home: '/home-int', solutions: false, links: [], contact: { label: 'Contact', to: '/contact' } });
  });
});

describe('megaMenuFor', () => {
  it('groups the US products under the three groups', () => {
    const menu = megaMenuFor(2);
    expect(menu.map((g) => g.group)).toEqual(['Nutrient Management', 'Nutrient Protection', 'Seed Enhancement']);
    expect(menu.flatMap((g) => g.products.map((p) => p.slug)).sort()).toEqual(
      ['agrotain', 'anvol', 'centuro', 'optrient', 'protivate', 'superu', 'wolf-trax'].sort(),
    );
  });

  it('lists the ten Canada products for Canada', () => {
    const slugs = megaMenuFor(3).flatMap((g) => g.products.map((p) => p.slug));
    expect(slugs).toHaveLength(10);
    expect(slugs.every((s) => s.endsWith('-ca'))).toBe(true);
  });
});

describe('footer visibility', () => {
  it.each([
    ['/reps-retailers', false],
    ['/product-selector', false],
    ['/product-selector/', false],
    ['/', true],
    ['/find-a-rep', true],
    ['/knowledge-center', true],
  ])('footer on %s: %s', (path, expected) => {
    expect(footerVisible(path)).toBe(expected);
  });

  it.each([
    ['/', true],
    ['/agrotain', true],
    ['/about', true],
    ['/find-a-rep', false],
    ['/find-a-rep-ca', false],
    ['/reps-retailers', false],
    ['/rep-thankyou', false],
    ['/knowledge-center', false],
    ['/knowledge-center/category/38', false],
    ['/knowledge-center/some-article', false],
    ['/can/knowledge-center/some-article', false],
    ['/press-releases', true],
    ['/privacy-policy', false],
    ['/terms-of-use/', false],
    ['/legal', false],
    ['/growing-season-guide', true],
  ])('Find a Rep banner on %s: %s', (path, expected) => {
    expect(findRepBannerVisible(path)).toBe(expected);
  });

  it('a page ends with its own Find a Rep band only when its last section is a call to action to the finder', () => {
    const cta = (to: string) => ({ kind: 'cta', ctas: [{ to: '/product-selector' }, { to }] });
    expect(endsWithFindRepCta([{ kind: 'claims' }, cta('/find-a-rep')])).toBe(true);
    expect(endsWithFindRepCta([cta('/find-a-rep-ca/')])).toBe(true);
    expect(endsWithFindRepCta([cta('/can/find-a-rep')])).toBe(true);
    expect(endsWithFindRepCta([cta('/contact')])).toBe(false);
    expect(endsWithFindRepCta([cta('/find-a-rep'), { kind: 'steps' }])).toBe(false);
    expect(endsWithFindRepCta([])).toBe(false);
  });

  it.each([
    ['/privacy-policy', true],
    ['/Terms-Of-Use', true],
    ['/legal/', true],
    ['/legal-notes', false],
    ['/about', false],
  ])('%s is a legal page: %s', (path, expected) => {
    expect(isLegalPath(path)).toBe(expected);
  });
});

describe('themeForPath', () => {
  it.each([
    ['/agrotain', 'nitrogen'],
    ['/anvol-ca', 'nitrogen'],
    ['/wolf-trax', 'nutrient'],
    ['/rocket-seeds-ca', 'nutrient'],
    ['/knowledge-center/x', 'knowledge'],
    ['/can/knowledge-center/x', 'knowledge'],
    ['/press-releases', 'press'],
    ['/siteadmin/forms', 'admin'],
    ['/', 'default'],
    ['/about', 'default'],
  ] as const)('%s -> %s', (path, theme) => {
    expect(themeForPath(path)).toBe(theme);
  });
});
