import { ControlledTextField as Text } from '../../../forms/fields.tsx';
import { CtaList, ImageField, remapErrors } from '../landing-fields.tsx';
import { SectionHeading, type SectionDefinition, type SectionFormProps } from './section-form.tsx';

/** An image beside a few paragraphs, with an optional button. */
function FeatureSection(props: SectionFormProps<'feature'>) {
  const { section, id, prefix, errors, documents, onChange } = props;
  return (
    <>
      <Text
        id={`${id}-eyebrow`}
        label="Eyebrow"
        optional
        value={section.eyebrow ?? ''}
        maxLength={80}
        errors={errors[`${prefix}.eyebrow`]}
        onChange={(v) => onChange({ ...section, eyebrow: v || undefined })}
      />
      <SectionHeading {...props} optional={false} />
      <Text
        id={`${id}-paragraphs`}
        label="Text"
        multiline
        value={section.paragraphs.join('\n\n')}
        hint="A blank line starts a new paragraph."
        errors={Object.entries(errors).find(([k]) => k.startsWith(`${prefix}.paragraphs`))?.[1]}
        onChange={(v) => onChange({ ...section, paragraphs: v.split(/\n\s*\n/) })}
      />
      <ImageField
        id={`${id}-media`}
        label="Image"
        value={section.media}
        errors={errors}
        prefix={`${prefix}.media`}
        documents={documents}
        onChange={(media) => onChange({ ...section, media: media ?? { previewsrc: '', alttext: '' } })}
      />
      <label className="choice">
        <input
          type="checkbox"
          checked={Boolean(section.reverse)}
          onChange={(e) => onChange({ ...section, reverse: e.currentTarget.checked || undefined })}
        />
        <span className="choice__label">Image on the left</span>
      </label>
      <CtaList
        id={`${id}-cta`}
        label="Button"
        value={section.cta ? [section.cta] : []}
        errors={remapErrors(errors, `${prefix}.cta`, `${prefix}.ctaList[0]`)}
        prefix={`${prefix}.ctaList`}
        max={1}
        onChange={(ctas) => onChange({ ...section, cta: ctas[0] })}
      />
    </>
  );
}

export const featureSection: SectionDefinition<'feature'> = {
  name: 'Image and text',
  empty: () => ({ kind: 'feature', heading: '', paragraphs: [''], media: { previewsrc: '', alttext: '' } }),
  Form: FeatureSection,
};
