import { useState, type ComponentProps, type ReactNode } from 'react';
import type { SeoForm } from '#shared/content-admin.ts';
import { FormErrors, SelectField, TextField } from '../../forms/fields.tsx';
import { ModuleListEditor } from './module-list-editor.tsx';
import { ExpiryFields } from './expiry-fields.tsx';
import { PublishAtField } from './publish-at-field.tsx';
import { SeoFields } from './seo-fields.tsx';
import { SlugField } from './slug-field.tsx';

interface PageLikeFormProps {
  /** getFormProps(form) of the editor's Conform form. */
  formProps: ComponentProps<'form'>;
  form: { id: string; errorId: string; errors: readonly string[] | undefined; allErrors: Record<string, readonly string[] | undefined> };
  fields: {
    title: ComponentProps<typeof TextField>['meta'];
    slug: { value?: unknown; errors?: readonly string[] | undefined };
    publishAt: { errors?: readonly string[] | undefined };
    unpublishAt: { errors?: readonly string[] | undefined };
    unpublishRedirect: { errors?: readonly string[] | undefined };
  };
  /** The item as loaded (null for a new one): the first values of the slug, modules, schedule and SEO. */
  item: {
    title: string;
    slug: string;
    modules: NonNullable<ComponentProps<typeof ModuleListEditor>['defaultValue']>;
    publishAt?: string | null;
    unpublishAt?: string | null;
    unpublishRedirect?: string | null;
    metadata: Omit<Partial<SeoForm>, 'ogphoto'> & { ogphoto?: SeoForm['ogphoto'] | null };
  } | null;
  /** Where the item's address starts ("/", "/knowledge-center/"). */
  slugPrefix: string;
  published: boolean;
  /** The hero fields, between the slug and the modules. */
  hero: ReactNode;
  /** The select that publishes ('1') or hides ('0') the item, and what its two options say. */
  status: { meta: ComponentProps<typeof SelectField>['meta']; label: string; published: string; draft: string };
  /** The kind's own fields at the side, under the schedule. */
  side: ReactNode;
  /** What follows the SEO fields. */
  children?: ReactNode;
}

/**
 * The form of a page-like item (pages, content items): title, slug, hero and modules in the main
 * column; status, schedule and the kind's own fields at the side; the SEO fields under both.
 */
export function PageLikeForm({ formProps, form, fields, item, slugPrefix, published, hero, status, side, children }: PageLikeFormProps) {
  // the slug and the SEO title follow the title as typed
  const [title, setTitle] = useState(item?.title ?? '');
  const slug = typeof fields.slug.value === 'string' ? fields.slug.value : (item?.slug ?? '');
  const options = [
    { value: '1', label: status.published },
    { value: '0', label: status.draft },
  ];
  return (
    <form {...formProps} className="stack editor-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="editor-columns">
        <div className="stack">
          <TextField meta={fields.title} label="Title" autoComplete="off" onInput={setTitle} />
          <SlugField
            title={title}
            defaultValue={item?.slug ?? ''}
            pathPrefix={slugPrefix}
            published={published}
            errors={fields.slug.errors}
          />
          {hero}
          <ModuleListEditor name="modules" form={form.id} defaultValue={item?.modules ?? []} errors={form.allErrors} />
        </div>
        <div className="stack editor-side">
          <SelectField meta={status.meta} label={status.label} options={options} />
          <PublishAtField form={form.id} defaultValue={item?.publishAt ?? null} errors={fields.publishAt.errors} />
          <ExpiryFields
            form={form.id}
            defaultValue={item}
            errors={{ unpublishAt: fields.unpublishAt.errors, unpublishRedirect: fields.unpublishRedirect.errors }}
          />
          {side}
        </div>
      </div>
      <SeoFields
        form={form.id}
        defaultValue={item ? { ...item.metadata, ogphoto: item.metadata.ogphoto ?? null } : {}}
        fallbackTitle={title}
        url={`${typeof window === 'undefined' ? '' : window.location.origin}${slugPrefix}${slug}`}
        errors={form.allErrors}
      />
      {children}
    </form>
  );
}
