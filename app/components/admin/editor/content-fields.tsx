import type { FieldMetadata } from '@conform-to/react';
import type { ContentModule } from '#shared/content-types.ts';
import type { HeroMedia, ModuleEdit, SeoForm } from '#shared/content-admin.ts';
import { TextField } from '../../forms/fields.tsx';
import type { DocumentSource } from './document-picker.tsx';
import { HeroMediaField } from './hero-media-field.tsx';
import { ModuleListEditor } from './module-list-editor.tsx';
import { RegionsField } from './regions-field.tsx';
import { SeoFields } from './seo-fields.tsx';
import { SlugField } from './slug-field.tsx';

/** The saved values an editor starts from (a version loaded from the API, or blanks for a new item). */
export interface ContentFieldsInitial {
  title: string;
  slug: string;
  regionIds: readonly number[];
  seo?: Partial<SeoForm> | null;
  heroMedia?: HeroMedia | { previewsrc: string; alttext?: string; altText?: string } | null;
  modules: readonly (ContentModule | ModuleEdit)[];
}

/** Conform's defaultValue for the fields Conform itself renders (title): pass it to useZodForm with the same `initial`. */
export function contentFormDefaults(initial: ContentFieldsInitial) {
  return { title: initial.title, slug: initial.slug, regionIds: initial.regionIds.map(String) };
}

interface ContentFieldsProps {
  /** Conform's form (its id and every error by field name) and fields of a schema built on ContentEditBaseSchema. */
  form: { id: string; allErrors: Record<string, string[]> };
  fields: {
    title: FieldMetadata<string | undefined | null>;
    slug: FieldMetadata<string | undefined | null>;
    regionIds: FieldMetadata<unknown>;
  };
  initial: ContentFieldsInitial;
  /** Public path before the slug ("/knowledge-center/"). */
  pathPrefix: string;
  /** The item is live now (a slug change offers a redirect). */
  published?: boolean;
  /** Leave out the hero media field (kinds without one). */
  withHero?: boolean;
  documents?: DocumentSource;
  origin?: string;
}

/**
 * The fields every versioned-content editor shares, wired to Conform: title, slug (from the title),
 * regions, hero media, the module list and SEO. A kind's editor puts its own fields around these.
 * Errors reach each field by the name Conform gives it (modules[1].items[0].headline).
 */
export function ContentFields({
  form,
  fields,
  initial,
  pathPrefix,
  published = false,
  withHero = true,
  documents,
  origin,
}: ContentFieldsProps) {
  const errors = form.allErrors;
  const title = typeof fields.title.value === 'string' ? fields.title.value : initial.title;
  const base = origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const slug = typeof fields.slug.value === 'string' ? fields.slug.value : initial.slug;
  return (
    <>
      <TextField meta={fields.title} label="Title" autoComplete="off" />
      <SlugField
        title={title}
        defaultValue={initial.slug}
        pathPrefix={pathPrefix}
        origin={origin}
        published={published}
        errors={fields.slug.errors}
      />
      <RegionsField defaultValue={initial.regionIds} errors={fields.regionIds.errors} />
      {withHero ? <HeroMediaField form={form.id} defaultValue={initial.heroMedia ?? null} errors={errors} documents={documents} /> : null}
      <ModuleListEditor name="modules" form={form.id} defaultValue={initial.modules} errors={errors} documents={documents} />
      <SeoFields
        form={form.id}
        defaultValue={initial.seo ?? {}}
        fallbackTitle={title}
        url={`${base}${pathPrefix}${slug}`}
        errors={errors}
        documents={documents}
      />
    </>
  );
}
