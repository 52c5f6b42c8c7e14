import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { HERO_IMAGE_TYPES, pageSaveBody, PageEditSchema } from '#shared/content-admin.ts';
import type { PageAdminItem } from '#shared/validation/versioned-admin.ts';
import { HeroMediaField } from '../../components/admin/editor/hero-media-field.tsx';
import { ModuleListEditor } from '../../components/admin/editor/module-list-editor.tsx';
import { PublishAtField } from '../../components/admin/editor/publish-at-field.tsx';
import { RegionsField } from '../../components/admin/editor/regions-field.tsx';
import { SeoFields } from '../../components/admin/editor/seo-fields.tsx';
import { SlugField } from '../../components/admin/editor/slug-field.tsx';
import { useVersionedEditor, VersionedEditor } from '../../components/admin/versioned-editor.tsx';
import { FormErrors, SelectField, TextField } from '../../components/forms/fields.tsx';
import { loadOrRedirect } from '../../lib/api-client.ts';
import { loadVersionedOrNew, versionedKey, type VersionedLoad } from '../../lib/versioned-editor.ts';
import { VERSIONED_KIND_DEFS } from '../../lib/versioned-kinds.ts';
import type { Route } from './+types/page-form';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Edit' : 'Add'} Page | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(() => loadVersionedOrNew(DEF, params));
}

export function HydrateFallback() {
  return <p role="status">Loading page...</p>;
}

const DEF = VERSIONED_KIND_DEFS.page;

/** The fields an opened version is compared on with the current one (the versioned ones). */
const FIELD_LABELS = {
  title: 'Title',
  heroImageType: 'Hero image style',
  heroMedia: 'Hero image',
  modules: 'Modules',
  metadata: 'SEO',
  publishAt: 'Publish at',
};

export default function PageForm({ loaderData }: Route.ComponentProps) {
  return <PageEditor key={versionedKey(loaderData)} load={loaderData} />;
}

function PageEditor({ load }: { load: VersionedLoad<PageAdminItem | null> }) {
  const { item, versions } = load;
  const [title, setTitle] = useState(item?.title ?? '');
  const [heroType, setHeroType] = useState(item?.heroImageType === 0 || item?.heroImageType === 1 ? String(item.heroImageType) : '');
  const published = Boolean(item && item.visibility === 1 && versions.some((v) => v.current));
  const { form, fields, frame } = useVersionedEditor({
    def: DEF,
    load,
    schema: PageEditSchema,
    defaultValue: {
      title: item?.title ?? '',
      slug: item?.slug ?? '',
      regionIds: (item?.regionIds ?? [2]).map(String),
      // a new page starts hidden, as a draft (issue 23): nothing goes live before Publish
      visibility: !item || item.visibility === 0 ? 0 : 1,
      heroImageType: item?.heroImageType === 0 || item?.heroImageType === 1 ? item.heroImageType : undefined,
    },
    body: (value) => pageSaveBody({ ...value, id: item?.id }, item),
    livePath: item && published ? item.path : null,
    fieldLabels: FIELD_LABELS,
    draftStatus: { isDraft: !item || item.visibility === 0, field: 'visibility', published: '1', draft: '0' },
  });
  const slug = typeof fields.slug.value === 'string' ? fields.slug.value : (item?.slug ?? '');

  return (
    <VersionedEditor {...frame}>
      <form {...getFormProps(form)} className="stack editor-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="editor-columns">
          <div className="stack">
            <TextField meta={fields.title} label="Title" autoComplete="off" onInput={setTitle} />
            <SlugField
              title={title}
              defaultValue={item?.slug ?? ''}
              pathPrefix={DEF.slugPrefix()}
              published={published}
              errors={fields.slug.errors}
            />
            <SelectField
              meta={fields.heroImageType}
              label="Hero image style"
              options={HERO_IMAGE_TYPES}
              hint="Highlighted shows the whole image beside the title; Cropped fills the band behind it."
              onChange={setHeroType}
            />
            {heroType !== '' ? (
              <HeroMediaField
                form={form.id}
                legend="Hero image"
                optional={false}
                defaultValue={item?.heroMedia ?? null}
                errors={form.allErrors}
              />
            ) : (
              <input type="hidden" name="heroMedia" value="null" />
            )}
            <ModuleListEditor name="modules" form={form.id} defaultValue={item?.modules ?? []} errors={form.allErrors} />
          </div>
          <div className="stack editor-side">
            <SelectField
              meta={fields.visibility}
              label="Visibility"
              options={[
                { value: '1', label: 'Visible' },
                { value: '0', label: 'Hidden (answers Page Not Found)' },
              ]}
            />
            <PublishAtField form={form.id} defaultValue={item?.publishAt ?? null} errors={fields.publishAt.errors} />
            <RegionsField defaultValue={item?.regionIds ?? [2]} errors={fields.regionIds.errors} legend="Regions" />
            <p className="field__hint">A page for Canada sets the visitor&apos;s region to Canada when it is one of its regions.</p>
          </div>
        </div>
        <SeoFields
          form={form.id}
          defaultValue={item ? { ...item.metadata, ogphoto: item.metadata.ogphoto ?? null } : {}}
          fallbackTitle={title}
          url={`${typeof window === 'undefined' ? '' : window.location.origin}/${slug}`}
          errors={form.allErrors}
        />
      </form>
    </VersionedEditor>
  );
}
