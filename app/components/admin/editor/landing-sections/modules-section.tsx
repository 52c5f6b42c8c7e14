import type { ContentModule } from '#shared/content-types.ts';
import { remapErrors } from '../landing-fields.tsx';
import { ModuleListEditor } from '../module-list-editor.tsx';
import { SectionHeading, type SectionDefinition, type SectionFormProps } from './section-form.tsx';

/** Content modules (testimonial, rich text, ROI list, multi-image); the module editor posts its own hidden input. */
function ModulesSection(props: SectionFormProps<'modules'>) {
  const { section, id, prefix, errors, documents, onChange } = props;
  return (
    <>
      <SectionHeading {...props} optional />
      <ModuleListEditor
        name={`${id}-modules`}
        defaultValue={section.modules}
        errors={remapErrors(errors, `${prefix}.modules`, `${id}-modules`)}
        documents={documents}
        onChange={(modules) => onChange({ ...section, modules: modules as ContentModule[] })}
      />
    </>
  );
}

export const modulesSection: SectionDefinition<'modules'> = {
  name: 'Content modules',
  empty: () => ({ kind: 'modules', modules: [] }),
  Form: ModulesSection,
};
