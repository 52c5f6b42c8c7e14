import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { HERO_IMAGE_TYPES, pageSaveBody, PageEditSchema } from '#shared/content-admin.ts';
import type { PageAdminItem } from '#shared/validation/versioned-admin.ts';
import { HeroMediaField } from '../../components/admin/editor/hero-media-field.tsx';
import { PageLikeForm } from '../../components/admin/editor/page-like-form.tsx';
import { RegionsField } from '../../components/admin/editor/regions-field.tsx';
import { useVersionedEditor, VersionedEditor } from '../../components/admin/versioned-editor.tsx';
import { SelectField } from '../../components/forms/fields.tsx';
import { loadOrRedirect } from '../../lib/api-client.ts';
import { loadVersionedOrNew, versionedKey, type VersionedLoad } from '../../lib/versioned-editor.ts';
import { VERSIONED_KIND_DEFS } from '../../lib/versioned-kinds.ts';
import type { Route } from './+types/page-form';
import { PAGE_FIELD_LABELS } from '#shared/field-labels.ts';

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
const FIELD_LABELS = PAGE_FIELD_LABELS;

export default function PageForm({ loaderData }: Route.ComponentProps) {
  return <PageEditor key={versionedKey(loaderData)} load={loaderData} />;
}

function PageEditor({ load }: { load: VersionedLoad<PageAdminItem | null> }) {
  const { item, versions } = load;
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
      // a new page starts hidden, as a draft: nothing goes live before Publish
      visibility: !item || item.visibility === 0 ? 0 : 1,
      heroImageType: item?.heroImageType === 0 || item?.heroImageType === 1 ? item.heroImageType : undefined,
    },
    body: (value) => pageSaveBody({ ...value, id: item?.id }, item),
    livePath: item && published ? item.path : null,
    fieldLabels: FIELD_LABELS,
    draftStatus: { isDraft: !item || item.visibility === 0, field: 'visibility', published: '1', draft: '0' },
  });

  return (
    <VersionedEditor {...frame}>
      <PageLikeForm
        formProps={getFormProps(form)}
        form={form}
        fields={fields}
        item={item}
        slugPrefix={DEF.slugPrefix()}
        published={published}
        hero={
          <>
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
          </>
        }
        status={{ meta: fields.visibility, label: 'Visibility', published: 'Visible', draft: 'Hidden (answers Page Not Found)' }}
        side={
          <>
            <RegionsField defaultValue={item?.regionIds ?? [2]} errors={fields.regionIds.errors} legend="Regions" />
            <p className="field__hint">A page for Canada sets the visitor&apos;s region to Canada when it is one of its regions.</p>
          </>
        }
      />
    </VersionedEditor>
  );
}
