import { REGION_US, type ProductRegionId } from '#shared/regions.ts';
import { SectionHeading, SectionIntro, type SectionDefinition, type SectionFormProps } from './section-form.tsx';

/** Product cards read from the products table: a region's products, or the ones ticked. */
function ProductsSection(props: SectionFormProps<'products'>) {
  const { section, id, products, onChange } = props;
  const inRegion = products.filter((p) => p.region === section.region);
  const chosen = section.slugs ?? [];
  return (
    <>
      <SectionHeading {...props} optional={false} />
      <SectionIntro {...props} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-region`}>
          Products of
        </label>
        <select
          id={`${id}-region`}
          className="field__input"
          value={section.region}
          onChange={(e) => onChange({ ...section, region: Number(e.currentTarget.value) as ProductRegionId, slugs: undefined })}
        >
          <option value={2}>U.S.</option>
          <option value={3}>Canada</option>
        </select>
      </div>
      <fieldset className="field field--group">
        <legend className="field__label">Products shown</legend>
        <p className="field__hint">None ticked: every product of the region, in menu order.</p>
        <div className="choice-list choice-list--row">
          {inRegion.map((p) => (
            <label key={p.slug} className="choice">
              <input
                type="checkbox"
                checked={chosen.includes(p.slug)}
                onChange={(e) => {
                  const next = e.currentTarget.checked ? [...chosen, p.slug] : chosen.filter((s) => s !== p.slug);
                  onChange({
                    ...section,
                    slugs: next.length ? inRegion.map((q) => q.slug).filter((s) => next.includes(s)) : undefined,
                  });
                }}
              />
              <span className="choice__label">{p.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

export const productsSection: SectionDefinition<'products'> = {
  name: 'Product cards',
  empty: () => ({ kind: 'products', heading: '', region: REGION_US }),
  Form: ProductsSection,
};
