import { ControlledTextField as Text } from '../../../forms/fields.tsx';
import { CtaList } from '../landing-fields.tsx';
import { SectionHeading, type SectionDefinition, type SectionFormProps } from './section-form.tsx';

/** The closing call to action band: a heading, a sentence and one or two buttons. */
function CtaSection(props: SectionFormProps<'cta'>) {
  const { section, id, prefix, errors, onChange } = props;
  return (
    <>
      <SectionHeading {...props} optional={false} />
      <Text
        id={`${id}-text`}
        label="Text"
        multiline
        value={section.text}
        maxLength={300}
        errors={errors[`${prefix}.text`]}
        onChange={(v) => onChange({ ...section, text: v })}
      />
      <CtaList
        id={`${id}-ctas`}
        label="Buttons"
        value={section.ctas}
        errors={errors}
        prefix={`${prefix}.ctas`}
        max={2}
        onChange={(ctas) => onChange({ ...section, ctas })}
      />
    </>
  );
}

export const ctaSection: SectionDefinition<'cta'> = {
  name: 'Call to action',
  empty: () => ({ kind: 'cta', heading: '', text: '', ctas: [{ label: '', to: '', style: 'accent' }] }),
  Form: CtaSection,
};
