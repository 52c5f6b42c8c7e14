import { describe, expect, it } from 'vitest';
import {
  PRODUCT_FORM_MESSAGES,
  ProductAdminFilterSchema,
  ProductFormSchema,
  instantFromLocal,
  productSaveBody,
  toLocalDateTime,
} from './product-admin.ts';
import { PRODUCT_MESSAGES, ProductContentSchema } from './product-content.ts';

const zinc = { product: 'WOLF TRAX Zinc DDP', nutrient: 'Zinc', symbol: 'Zn', amount: '62', form: '' };

/** What the editor posts: plain fields as text, the lists as JSON. */
function posted(change: Record<string, unknown> = {}) {
  return {
    id: '5',
    name: 'WOLF TRAX',
    group: 'Nutrient Management',
    tagline: 'Micronutrients on every granule.',
    summary: 'Coats onto dry fertilizer.',
    heroMedia: JSON.stringify({ kind: 'image', previewsrc: '/images/products/wolf-trax.svg', alttext: 'Coated granules' }),
    benefits: JSON.stringify([{ title: 'Even coverage', text: 'Every granule carries nutrition.' }]),
    analysis: JSON.stringify([zinc]),
    documentKeys: JSON.stringify(['wolf-trax-zinc', 'wolf-trax-boron', 'wolf-trax-zinc']),
    knowledgeSlugs: JSON.stringify(['zinc-deficiency-in-corn']),
    modules: JSON.stringify([{ type: 2, content: '<p>Coverage</p>' }]),
    seo: JSON.stringify({ title: 'WOLF TRAX DDP', desc: '', ogtitle: '', ogdesc: '', ogphoto: null }),
    status: '1',
    ...change,
  };
}

const errorsOf = (input: Record<string, unknown>) => {
  const r = ProductFormSchema.safeParse(input);
  return r.success
    ? {}
    : Object.fromEntries(
        r.error.issues.map((i) => [
          i.path.map((p, n) => (typeof p === 'number' ? `[${p}]` : n ? `.${String(p)}` : String(p))).join(''),
          i.message,
        ]),
      );
};

describe('ProductFormSchema', () => {
  it('turns the posted form into the body the API validates with ProductContentSchema', () => {
    const value = ProductFormSchema.parse(posted());
    const body = productSaveBody(value, {
      heroMedia: { previewsrc: '/images/products/wolf-trax.svg', alttext: 'old', width: 1200, height: 900 },
      seo: { metaContent: 'product' },
    });
    expect(body).toMatchObject({
      id: 5,
      status: 1,
      publishAt: null,
      // the amount as a number, the unit implied, an empty form left out
      analysis: [{ product: 'WOLF TRAX Zinc DDP', nutrient: 'Zinc', symbol: 'Zn', amount: 62, unit: '%' }],
      // each document key once, in the order chosen
      documentKeys: ['wolf-trax-zinc', 'wolf-trax-boron'],
      // the same image keeps its size; the og type the editor does not show is kept
      heroMedia: { previewsrc: '/images/products/wolf-trax.svg', alttext: 'Coated granules', width: 1200, height: 900 },
      seo: { title: 'WOLF TRAX DDP', metaContent: 'product' },
    });
    expect(body.analysis[0]).not.toHaveProperty('form');
    expect(body.seo).not.toHaveProperty('desc');
    const { id: _id, status: _s, publishAt: _p, ...content } = body;
    expect(ProductContentSchema.safeParse(content).success).toBe(true);
  });

  it('drops the stored size when another image is chosen', () => {
    const value = ProductFormSchema.parse(
      posted({
        heroMedia: JSON.stringify({ kind: 'image', previewsrc: '/doccenter/11111111-1111-4111-8111-111111111111', alttext: 'Field' }),
      }),
    );
    expect(
      productSaveBody(value, { heroMedia: { previewsrc: '/images/products/wolf-trax.svg', width: 1200, height: 900 }, seo: {} }).heroMedia,
    ).toEqual({
      previewsrc: '/doccenter/11111111-1111-4111-8111-111111111111',
      alttext: 'Field',
    });
  });

  it('answers with the same words as the API, on the row and field that broke the rule', () => {
    expect(errorsOf(posted({ name: undefined, group: 'Fertilizer' }))).toMatchObject({
      name: PRODUCT_MESSAGES.nameRequired,
      group: PRODUCT_MESSAGES.groupRequired,
    });
    for (const amount of ['0', '100.5', '-3', 'abc', '']) {
      expect(errorsOf(posted({ analysis: JSON.stringify([zinc, { ...zinc, amount }]) })), amount).toEqual({
        'analysis[1].amount': PRODUCT_MESSAGES.amountRange,
      });
    }
    // a decimal comma is read as a point; 100 is allowed
    expect(
      ProductFormSchema.parse(
        posted({
          analysis: JSON.stringify([
            { ...zinc, amount: '56,5' },
            { ...zinc, amount: '100' },
          ]),
        }),
      ).analysis.map((r) => r.amount),
    ).toEqual([56.5, 100]);
    expect(errorsOf(posted({ analysis: JSON.stringify([{ ...zinc, symbol: 'Zinc1' }]) }))).toEqual({
      'analysis[0].symbol': 'Use at most 4 characters.',
    });
    expect(errorsOf(posted({ benefits: JSON.stringify([{ title: '  ', text: 'x' }]) }))).toEqual({
      'benefits[0].title': PRODUCT_MESSAGES.benefitTitleRequired,
    });
    expect(errorsOf(posted({ heroMedia: JSON.stringify({ kind: 'video', previewsrc: '/doccenter/x', alttext: '' }) }))).toEqual({
      heroMedia: PRODUCT_FORM_MESSAGES.heroImageOnly,
    });
    expect(errorsOf(posted({ heroMedia: JSON.stringify({ kind: 'image', previewsrc: '/doccenter/x', alttext: '' }) }))).toEqual({
      'heroMedia.alttext': expect.stringContaining('Alt text is required'),
    });
    expect(errorsOf(posted({ status: '2' }))).toEqual({ status: PRODUCT_FORM_MESSAGES.status });
  });

  it('reads the publish time in the editor’s zone and refuses one in the past', () => {
    const later = new Date(Date.now() + 3 * 86_400_000);
    const local = toLocalDateTime(later.toISOString());
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const at = ProductFormSchema.parse(posted({ publishAt: local })).publishAt!;
    // the same minute, as an instant
    expect(Math.abs(new Date(at).getTime() - later.getTime())).toBeLessThan(60_000);
    expect(at).toBe(instantFromLocal(local)!.toISOString());
    expect(errorsOf(posted({ publishAt: '2020-01-01T09:00' }))).toEqual({ publishAt: PRODUCT_FORM_MESSAGES.publishAtPast });
    expect(errorsOf(posted({ publishAt: 'tomorrow' }))).toEqual({ publishAt: PRODUCT_FORM_MESSAGES.publishAtInvalid });
    expect(ProductFormSchema.parse(posted({ publishAt: '' })).publishAt).toBeNull();
    expect(toLocalDateTime(null)).toBe('');
  });
});

describe('ProductAdminFilterSchema', () => {
  it('defaults to menu order and refuses filters that name nothing', () => {
    expect(ProductAdminFilterSchema.parse({})).toMatchObject({ sort: 'menu', dir: 'asc', start: 0, length: 100 });
    expect(ProductAdminFilterSchema.safeParse({ region: 4 }).success).toBe(false);
    expect(ProductAdminFilterSchema.safeParse({ group: 'Fertilizer' }).success).toBe(false);
    expect(ProductAdminFilterSchema.safeParse({ sort: 'price' }).success).toBe(false);
  });
});
