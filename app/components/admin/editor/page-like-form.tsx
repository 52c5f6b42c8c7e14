import type { ComponentProps, ReactNode } from 'react';
import { FormErrors, SelectField, TextField } from '../../forms/fields.tsx';
import { ModuleListEditor } from './module-list-editor.tsx';
import { PublishAtField } from './publish-at-field.tsx';
import { SeoFields } from './seo-fields.tsx';
import { SlugField } from './slug-field.tsx';

interface PageLikeFormProps {
  /** getFormProps(form) of the editor's Conform form. */
  formProps: ComponentProps<'form'>;
  form: { id: string; errorId: string; errors: readonly string[] | undefined; allErrors: Record<string, readonly string[] | undefined> };
  titleMeta: ComponentProps<typeof TextField>['meta'];
  /** The title as typed (the slug and the SEO title follow it). */
  title: string;
  onTitle: (title: string) => void;
  slug: Omit<ComponentProps<typeof SlugField>, 'title'>;
  /** The hero fields, between the slug and the modules. */
  hero: ReactNode;
  modules: ComponentProps<typeof ModuleListEditor>['defaultValue'];
  /** The select that publishes or hides the item. */
  status: ComponentProps<typeof SelectField>;
  publishAt: Pick<ComponentProps<typeof PublishAtField>, 'defaultValue' | 'errors'>;
  /** The kind's own fields at the side, under the schedule. */
  side: ReactNode;
  seo: Pick<ComponentProps<typeof SeoFields>, 'defaultValue' | 'url'>;
  /** What follows the SEO fields. */
  children?: ReactNode;
}

/**
 * The form of a page-like item (pages, content items): title, slug, hero and modules in the main
 * column; status, schedule and the kind's own fields at the side; the SEO fields under both.
 */
export function PageLikeForm({
  formProps,
  form,
  titleMeta,
  title,
  onTitle,
  slug,
  hero,
  modules,
  status,
  publishAt,
  side,
  seo,
  children,
}: PageLikeFormProps) {
  return (
    <form {...formProps} className="stack editor-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="editor-columns">
        <div className="stack">
          <TextField meta={titleMeta} label="Title" autoComplete="off" onInput={onTitle} />
          <SlugField title={title} {...slug} />
          {hero}
          <ModuleListEditor name="modules" form={form.id} defaultValue={modules} errors={form.allErrors} />
        </div>
        <div className="stack editor-side">
          <SelectField {...status} />
          <PublishAtField form={form.id} {...publishAt} />
          {side}
        </div>
      </div>
      <SeoFields form={form.id} {...seo} fallbackTitle={title} errors={form.allErrors} />
      {children}
    </form>
  );
}
