import {
  SectionHeading,
  SectionIntro,
  SectionItems,
  type ItemList,
  type SectionDefinition,
  type SectionFormProps,
} from './section-form.tsx';

const STEPS: ItemList = {
  label: 'Steps',
  noun: 'Step',
  max: 8,
  blank: { headline: '', text: '' },
  fields: [
    { key: 'headline', label: 'headline', maxLength: 120 },
    { key: 'text', label: 'text', multiline: true, maxLength: 500 },
  ],
};

/** Numbered steps or reasons. */
function StepsSection(props: SectionFormProps<'steps'>) {
  return (
    <>
      <SectionHeading {...props} optional={false} />
      <SectionIntro {...props} />
      <SectionItems {...props} list={STEPS} />
    </>
  );
}

export const stepsSection: SectionDefinition<'steps'> = {
  name: 'Steps',
  empty: () => ({ kind: 'steps', heading: '', items: [{ headline: '', text: '' }] }),
  Form: StepsSection,
};
