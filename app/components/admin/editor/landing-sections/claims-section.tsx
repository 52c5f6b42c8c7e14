import { SectionHeading, SectionItems, type ItemList, type SectionDefinition, type SectionFormProps } from './section-form.tsx';

const FIGURES: ItemList = {
  label: 'Figures',
  noun: 'Figure',
  max: 4,
  blank: { figure: '', text: '' },
  fields: [
    { key: 'figure', label: 'figure', maxLength: 12 },
    { key: 'text', label: 'text', maxLength: 200 },
  ],
};

/** Big figures with a short sentence each. */
function ClaimsSection(props: SectionFormProps<'claims'>) {
  return (
    <>
      <SectionHeading {...props} optional />
      <SectionItems {...props} list={FIGURES} />
    </>
  );
}

export const claimsSection: SectionDefinition<'claims'> = {
  name: 'Figures',
  empty: () => ({ kind: 'claims', items: [{ figure: '', text: '' }] }),
  Form: ClaimsSection,
};
