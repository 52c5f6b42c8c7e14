// @vitest-environment jsdom
import { axeViolationsIn } from '#tests/setup/dom.ts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES, type AnalysisRow } from '#shared/product-content.ts';
import type { DocumentListItem } from '#shared/validation/documents.ts';
import { AnalysisField, BenefitsField, DocumentKeysField, KnowledgeField } from './product-fields.tsx';

const ROWS: AnalysisRow[] = [
  { product: 'WOLF TRAX Zinc DDP', nutrient: 'Zinc', symbol: 'Zn', amount: 62, unit: '%' },
  { product: 'WOLF TRAX Boron DDP', nutrient: 'Boron', symbol: 'B', amount: 18, unit: '%', form: 'Sodium borate' },
];

const posted = (container: HTMLElement, name: string) =>
  JSON.parse(new FormData(container.querySelector('form')!).get(name) as string) as unknown[];

describe('BenefitsField', () => {
  it('adds a row with focus in its first field, edits, reorders with the keyboard and removes, posting the list as JSON', () => {
    const { container } = render(
      <form>
        <BenefitsField defaultValue={[{ title: 'Even coverage', text: 'Every granule.' }]} />
      </form>,
    );
    expect(screen.getByRole('group', { name: 'Benefits' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add benefit' }));
    const title2 = screen.getByLabelText('Title, benefit 2');
    expect(document.activeElement).toBe(title2);
    expect(screen.getByRole('status').textContent).toBe('Benefit 2 added at position 2.');
    fireEvent.change(title2, { target: { value: 'Blend-ready' } });
    fireEvent.change(screen.getByLabelText('Text, benefit 2'), { target: { value: 'Coats onto any blend.' } });
    expect(posted(container, 'benefits')).toEqual([
      { title: 'Even coverage', text: 'Every granule.' },
      { title: 'Blend-ready', text: 'Coats onto any blend.' },
    ]);

    const up = screen.getByRole('button', { name: 'Move up Benefit 2' });
    up.focus();
    fireEvent.click(up);
    expect(posted(container, 'benefits')).toEqual([
      { title: 'Blend-ready', text: 'Coats onto any blend.' },
      { title: 'Even coverage', text: 'Every granule.' },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Benefit 2 moved to position 1 of 2.');
    // at the top its Move up is disabled: focus moves to its Move down
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down Benefit 1' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Benefit 1' }));
    expect(posted(container, 'benefits')).toEqual([{ title: 'Even coverage', text: 'Every granule.' }]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Benefit 1' }));
  });
});

describe('AnalysisField', () => {
  it('shows each row by its product, posts the amount as typed and shows the schema’s error on the cell', async () => {
    const { container } = render(
      <form>
        <AnalysisField defaultValue={ROWS} errors={{ 'analysis[1].amount': [PRODUCT_MESSAGES.amountRange] }} />
      </form>,
    );
    const boron = screen.getByRole('listitem', { name: 'Row 2: WOLF TRAX Boron DDP' });
    const amount = within(boron).getByLabelText('Amount (%), row 2') as HTMLInputElement;
    expect(amount.value).toBe('18');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe(PRODUCT_MESSAGES.amountRange);
    expect((within(boron).getByLabelText('Form (optional), row 2') as HTMLInputElement).value).toBe('Sodium borate');
    fireEvent.change(amount, { target: { value: '18.5' } });
    expect(posted(container, 'analysis')[1]).toEqual({
      product: 'WOLF TRAX Boron DDP',
      nutrient: 'Boron',
      symbol: 'B',
      amount: '18.5',
      form: 'Sodium borate',
    });
    expect(await axeViolationsIn(container)).toEqual([]);
  });
});

const doc = (id: number, kind: 'label' | 'sds', productKey: string, title: string, regionIds = [2, 3]): DocumentListItem => ({
  id,
  guid: `0000000${id}-0000-4000-8000-000000000000`,
  title,
  kind,
  productKey,
  regionIds,
  fileName: `${productKey}-${kind}.pdf`,
  contentType: 'application/pdf',
  size: 1000,
  updated: '2026-01-01T00:00:00Z',
  version: 1,
});

describe('DocumentKeysField', () => {
  it('shows the label and SDS each product brings, warns when the region has none, and adds a product from the list', async () => {
    const documents = [
      doc(1, 'sds', 'anvol', 'ANVOL Safety Data Sheet'),
      doc(2, 'label', 'anvol', 'ANVOL Label'),
      doc(3, 'label', 'optrient', 'OPTRIENT Label', [2]),
    ];
    const { container } = render(
      <form>
        <DocumentKeysField defaultValue={['anvol', 'nitamin']} region={3} regionName="Canada" documents={documents} />
      </form>,
    );
    const anvol = screen.getByRole('listitem', { name: 'ANVOL' });
    // the label first, then the SDS, each opening in a new tab
    expect(
      within(anvol)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['ANVOL Label (opens in a new tab)', 'ANVOL Safety Data Sheet (opens in a new tab)']);
    expect(within(screen.getByRole('listitem', { name: 'NITAMIN' })).getByText(/No label or SDS for Canada/)).toBeTruthy();

    const chooser = screen.getByLabelText('Add a product’s label and SDS') as HTMLSelectElement;
    // chosen products are not offered again; a US-only document does not count for Canada
    expect([...chooser.options].map((o) => o.value)).not.toContain('anvol');
    expect([...chooser.options].find((o) => o.value === 'optrient')?.textContent).toBe('OPTRIENT (none for Canada)');
    const add = screen.getByRole('button', { name: 'Add documents' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(chooser, { target: { value: 'superu' } });
    fireEvent.click(add);
    expect(posted(container, 'documentKeys')).toEqual(['anvol', 'nitamin', 'superu']);
    expect(screen.getByRole('listitem', { name: 'SUPERU' })).toBeTruthy();
    expect(chooser.value).toBe('');
    expect(await axeViolationsIn(container)).toEqual([]);
  });
});

describe('KnowledgeField', () => {
  it('names each related item by its title, marks drafts and unknown slugs, and offers the rest by region', () => {
    const items = [
      {
        slug: 'zinc-deficiency-in-corn',
        title: 'Zinc deficiency in corn',
        region: 2,
        status: 1,
        path: '/knowledge-center/zinc-deficiency-in-corn',
      },
      { slug: 'sulphur-for-canola', title: 'Sulphur for canola', region: 3, status: 1, path: '/can/knowledge-center/sulphur-for-canola' },
      { slug: 'winter-draft', title: 'Winter meeting', region: 2, status: 0, path: '/knowledge-center/winter-draft' },
    ];
    const { container } = render(
      <form>
        <KnowledgeField
          defaultValue={['zinc-deficiency-in-corn', 'gone-item']}
          items={items}
          regionNames={{ 2: 'United States', 3: 'Canada' }}
        />
      </form>,
    );
    expect(screen.getByRole('listitem', { name: 'Zinc deficiency in corn' })).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'gone-item' })).getByText(/Not found in the knowledge center/)).toBeTruthy();
    const chooser = screen.getByLabelText('Add a knowledge-center item') as HTMLSelectElement;
    expect([...chooser.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Canada', 'United States']);
    fireEvent.change(chooser, { target: { value: 'winter-draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(within(screen.getByRole('listitem', { name: 'Winter meeting' })).getByText(/Draft: not shown/)).toBeTruthy();
    expect(posted(container, 'knowledgeSlugs')).toEqual(['zinc-deficiency-in-corn', 'gone-item', 'winter-draft']);
  });
});
