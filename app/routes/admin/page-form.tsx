import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { HERO_IMAGE_TYPES, pageSaveBody, PageEditSchema } from '#shared/content-admin.ts';
import { PageAdminItemSchema, type PageAdminItem } from '#shared/validation/versioned-admin.ts';
import { HeroMediaField } from '../../components/admin/editor/hero-media-field.tsx';
import { ModuleListEditor } from '../../components/admin/editor/module-list-editor.tsx';
import { PreviewButton } from '../../components/admin/editor/preview-button.tsx';
import { PublishAtField } from '../../components/admin/editor/publish-at-field.tsx';
import { ViewPageLink } from '../../components/admin/editor/view-page-link.tsx';
import { RegionsField } from '../../components/admin/editor/regions-field.tsx';
import { SeoFields } from '../../components/admin/editor/seo-fields.tsx';
import { SlugField } from '../../components/admin/editor/slug-field.tsx';
import { VersionedEditor } from '../../components/admin/versioned-editor.tsx';
import { FormErrors, SelectField, TextField } from '../../components/forms/fields.tsx';
import { api, loadOrRedirect } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { formContent, loadVersioned, useVersionedSave, withRollback, type VersionRow } from '../../lib/versioned-editor.ts';
import type { Route } from './+types/page-form';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Edit' : 'Add'} Page | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(async () => {
    if (!params.id) return { item: null, versions: [] as VersionRow[], currentItem: null };
    return loadVersioned('/api/admin/pages', PageAdminItemSchema, params.id, params.versionId, 'Page not found.');
  });
}

export function HydrateFallback() {
  return <p role="status">Loading page...</p>;
}

/** The fields an opened version is compared on with the current one (the versioned ones). */
const FIELD_LABELS = {
  title: 'Title',
  heroImageType: 'Hero image style',
  heroMedia: 'Hero image',
  modules: 'Modules',
  metadata: 'SEO',
  publishAt: 'Publish at',
};

export default function PageForm({ loaderData, params }: Route.ComponentProps) {
  const { item, versions, currentItem } = loaderData;
  return (
    <PageEditor
      key={item ? `${item.id}-${item.versionId}-${params.versionId ?? ''}` : 'new'}
      item={item}
      currentItem={currentItem}
      versions={versions}
      rollbackId={params.versionId ?? null}
    />
  );
}

function PageEditor({
  item,
  currentItem,
  versions,
  rollbackId,
}: {
  item: PageAdminItem | null;
  currentItem: PageAdminItem | null;
  versions: VersionRow[];
  rollbackId: string | null;
}) {
  const formId = 'page-form';
  const [title, setTitle] = useState(item?.title ?? '');
  const [heroType, setHeroType] = useState(item?.heroImageType === 0 || item?.heroImageType === 1 ? String(item.heroImageType) : '');
  const editor = useVersionedSave(formId, (id) => `/siteadmin/pages/edit/${id}`);
  const published = Boolean(item && item.visibility === 1 && versions.some((v) => v.current));

  const { form, fields, pending } = useZodForm({
    id: formId,
    schema: PageEditSchema,
    defaultValue: {
      title: item?.title ?? '',
      slug: item?.slug ?? '',
      regionIds: (item?.regionIds ?? [2]).map(String),
      // a new page starts hidden, as a draft (issue 23): nothing goes live before Publish
      visibility: !item || item.visibility === 0 ? 0 : 1,
      heroImageType: item?.heroImageType === 0 || item?.heroImageType === 1 ? item.heroImageType : undefined,
    },
    onValid: (value) =>
      editor.save(() =>
        api().postChecked(
          '/api/admin/pages/add',
          withRollback(pageSaveBody({ ...value, id: item?.id }, item), rollbackId),
          PageAdminItemSchema,
        ),
      ),
  });
  const slug = typeof fields.slug.value === 'string' ? fields.slug.value : (item?.slug ?? '');

  return (
    <VersionedEditor
      title="Page"
      itemId={item?.id}
      backTo="/siteadmin/pages"
      formId={form.id}
      saving={pending}
      editor={editor}
      versions={versions}
      rollbackRoute="pages"
      rollbackId={rollbackId}
      item={item}
      currentItem={currentItem}
      fieldLabels={FIELD_LABELS}
      draftStatus={{ isDraft: !item || item.visibility === 0, field: 'visibility', published: '1', draft: '0' }}
      actions={
        <>
          <PreviewButton
            kind="page"
            id={item?.id}
            getContent={() =>
              formContent(
                form.id,
                PageEditSchema,
                (v) => pageSaveBody({ ...v, id: item?.id }, item),
                () => form.validate(),
              )
            }
          />
          {item && published ? <ViewPageLink path={item.path} /> : null}
        </>
      }
    >
      <form {...getFormProps(form)} className="stack editor-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="editor-columns">
          <div className="stack">
            <TextField meta={fields.title} label="Title" autoComplete="off" onInput={setTitle} />
            <SlugField title={title} defaultValue={item?.slug ?? ''} pathPrefix="/" published={published} errors={fields.slug.errors} />
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
