// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LandingSection } from '#shared/landing-content.ts';
import { REGION_CA, REGION_US } from '#shared/regions.ts';
import { keyed, SectionsEditor } from './landing-editor.tsx';
import type { ProductOption } from './landing-sections/section-form.tsx';
import type { Keyed } from './sortable.ts';
import { testDocumentSource } from './test-documents.ts';

const PRODUCTS: ProductOption[] = [
  { slug: 'wolf-trax', name: 'Wolf Trax', region: REGION_US },
  { slug: 'zinc-dry', name: 'Zinc Dry', region: REGION_US },
  { slug: 'boron-ca', name: 'Boron', region: REGION_CA },
];

/** One section of each kind, in the order SECTION_KINDS lists them. */
const SECTIONS: LandingSection[] = [
  { kind: 'claims', heading: 'By the numbers', items: [{ figure: '12%', text: 'more yield' }] },
  { kind: 'products', heading: 'Our products', intro: 'Pick one.', region: REGION_US, slugs: ['zinc-dry'] },
  {
    kind: 'feature',
    eyebrow: 'Why',
    heading: 'Zinc matters',
    paragraphs: ['One.', 'Two.'],
    media: { previewsrc: '/doccenter/11111111-1111-4111-8111-111111111111/zinc.jpg', alttext: 'Corn leaves' },
    reverse: true,
    cta: { label: 'Read more', to: '/zinc', style: 'primary' },
  },
  { kind: 'steps', heading: 'How it works', items: [{ headline: 'Mix', text: 'Mix it in.' }] },
  { kind: 'analysis', heading: 'Analysis', productSlug: 'wolf-trax' },
  { kind: 'modules', heading: 'More', modules: [] },
  { kind: 'cta', heading: 'Talk to us', text: 'Find a rep.', ctas: [{ label: 'Find a rep', to: '/reps', style: 'accent' }] },
];

function Harness({ onValue }: { onValue?: (v: LandingSection[]) => void }) {
  const [value, setValue] = useState<Keyed<LandingSection>[]>(() => keyed(SECTIONS, 's'));
  return (
    <MemoryRouter>
      <SectionsEditor
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v.map((s) => s.value));
        }}
        errors={{ 'sections[6].text': ['Enter the text.'] }}
        products={PRODUCTS}
        documents={testDocumentSource()}
      />
    </MemoryRouter>
  );
}

const cards = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('module-card'));
const field = (card: HTMLElement, label: string | RegExp) =>
  within(card).getByLabelText(label, { selector: 'input, textarea, select' }) as HTMLInputElement;
const value = (card: HTMLElement, label: string | RegExp) => field(card, label).value;
/** The section's Heading field shares its id with the card's title, so its label points at the title: found by id instead. */
const heading = (card: HTMLElement) => card.querySelector<HTMLInputElement>('.module-card__body input[id$="-heading"]')!.value;

describe('SectionsEditor', () => {
  it('renders each section kind with its own fields, labelled, in order', () => {
    render(<Harness />);
    const all = cards();
    expect(all.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '1. Figures: By the numbers',
      '2. Product cards: Our products',
      '3. Image and text: Zinc matters',
      '4. Steps: How it works',
      '5. Guaranteed analysis: Analysis',
      '6. Content modules: More',
      '7. Call to action: Talk to us',
    ]);
    const [claims, products, feature, steps, analysis, modules, cta] = all as [HTMLElement, ...HTMLElement[]];

    expect(heading(claims!)).toBe('By the numbers');
    expect(value(claims!, /^Figure 1: figure/)).toBe('12%');
    expect(value(claims!, /^Figure 1: text/)).toBe('more yield');
    expect(within(claims!).getByRole('group', { name: 'Figures' })).toBeTruthy();
    expect(within(claims!).getByRole('button', { name: 'Add figure' })).toBeTruthy();

    expect(heading(products!)).toBe('Our products');
    expect(value(products!, /^Introduction/)).toBe('Pick one.');
    expect(value(products!, 'Products of')).toBe(String(REGION_US));
    const shown = within(products!).getByRole('group', { name: 'Products shown' });
    expect(
      within(shown)
        .getAllByRole('checkbox')
        .map((b) => [b.closest('label')!.textContent, (b as HTMLInputElement).checked]),
    ).toEqual([
      ['Wolf Trax', false],
      ['Zinc Dry', true],
    ]);

    expect(value(feature!, /^Eyebrow/)).toBe('Why');
    expect(heading(feature!)).toBe('Zinc matters');
    expect(value(feature!, /^Text/)).toBe('One.\n\nTwo.');
    expect(value(feature!, /^Image: alt text/)).toBe('Corn leaves');
    expect((within(feature!).getByLabelText('Image on the left') as HTMLInputElement).checked).toBe(true);
    expect(within(feature!).getByRole('group', { name: 'Button' })).toBeTruthy();
    expect(value(feature!, /^Button 1: text/)).toBe('Read more');
    expect(value(feature!, /^Button 1: link/)).toBe('/zinc');
    expect(value(feature!, /^Button 1: style/)).toBe('primary');
    expect(within(feature!).queryByRole('button', { name: 'Add button' })).toBeNull();

    expect(heading(steps!)).toBe('How it works');
    expect(value(steps!, /^Introduction/)).toBe('');
    expect(value(steps!, /^Step 1: headline/)).toBe('Mix');
    expect(value(steps!, /^Step 1: text/)).toBe('Mix it in.');

    expect(heading(analysis!)).toBe('Analysis');
    expect(value(analysis!, /^Introduction/)).toBe('');
    const product = within(analysis!).getByLabelText('Product') as HTMLSelectElement;
    expect(product.value).toBe('wolf-trax');
    expect([...product.options].map((o) => o.text)).toEqual(['Wolf Trax (U.S.)', 'Zinc Dry (U.S.)', 'Boron (Canada)']);

    expect(heading(modules!)).toBe('More');
    expect(within(modules!).queryByLabelText(/^Introduction/, { selector: 'input, textarea, select' })).toBeNull();

    expect(heading(cta!)).toBe('Talk to us');
    const text = field(cta!, /^Text/);
    expect(text.value).toBe('Find a rep.');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(within(cta!).getByText('Enter the text.')).toBeTruthy();
    expect(within(cta!).getByRole('group', { name: 'Buttons' })).toBeTruthy();
    expect(value(cta!, /^Button 1: text/)).toBe('Find a rep');
    expect(value(cta!, /^Button 1: style/)).toBe('accent');
  });

  it('edits reach the section of their kind', () => {
    let seen: LandingSection[] = [];
    render(<Harness onValue={(v) => (seen = v)} />);
    const [claims, products, feature, , analysis] = cards() as HTMLElement[];
    fireEvent.change(within(claims!).getByLabelText(/^Figure 1: figure/), { target: { value: '40%' } });
    expect(seen[0]).toEqual({ kind: 'claims', heading: 'By the numbers', items: [{ figure: '40%', text: 'more yield' }] });
    fireEvent.change(within(products!).getByLabelText('Products of'), { target: { value: String(REGION_CA) } });
    expect(seen[1]).toMatchObject({ region: REGION_CA, slugs: undefined });
    fireEvent.click(within(feature!).getByLabelText('Image on the left'));
    expect(seen[2]).toMatchObject({ reverse: undefined });
    fireEvent.change(within(analysis!).getByLabelText('Product'), { target: { value: 'boron-ca' } });
    expect(seen[4]).toEqual({ kind: 'analysis', heading: 'Analysis', productSlug: 'boron-ca' });
  });
});
