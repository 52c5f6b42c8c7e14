import { REGION_CA } from '#shared/regions.ts';
import { FieldError } from '../../../forms/fields.tsx';
import { SectionHeading, SectionIntro, type SectionDefinition, type SectionFormProps } from './section-form.tsx';

/** The guaranteed analysis table of a product, as edited on the product. */
function AnalysisSection(props: SectionFormProps<'analysis'>) {
  const { section, id, prefix, errors, products, onChange } = props;
  return (
    <>
      <SectionHeading {...props} optional={false} />
      <SectionIntro {...props} />
      <div className={`field${errors[`${prefix}.productSlug`]?.length ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-product`}>
          Product
        </label>
        <select
          id={`${id}-product`}
          className="field__input"
          value={section.productSlug}
          onChange={(e) => onChange({ ...section, productSlug: e.currentTarget.value })}
        >
          {products.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.name} ({p.region === REGION_CA ? 'Canada' : 'U.S.'})
            </option>
          ))}
        </select>
        <p className="field__hint">Shows the product&apos;s guaranteed analysis table, as edited on the product.</p>
        <FieldError id={`${id}-product-error`} errors={errors[`${prefix}.productSlug`]} />
      </div>
    </>
  );
}

export const analysisSection: SectionDefinition<'analysis'> = {
  name: 'Guaranteed analysis',
  empty: (products) => ({
    kind: 'analysis',
    heading: '',
    productSlug: products.find((p) => p.slug === 'wolf-trax')?.slug ?? products[0]?.slug ?? '',
  }),
  Form: AnalysisSection,
};
