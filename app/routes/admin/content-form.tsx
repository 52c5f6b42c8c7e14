import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { CONTENT_ITEM_REGIONS, contentItemSaveBody, ContentItemEditSchema } from '#shared/content-admin.ts';
import type { ContentAdminItem } from '#shared/validation/versioned-admin.ts';
import { categoryForType, categoryName, RESOURCE_TYPES } from '#shared/knowledge.ts';
import { HeroMediaField } from '../../components/admin/editor/hero-media-field.tsx';
import { PageLikeForm } from '../../components/admin/editor/page-like-form.tsx';
import { useVersionedEditor, VersionedEditor } from '../../components/admin/versioned-editor.tsx';
import { CheckboxField, FieldError, SelectField, type TextField } from '../../components/forms/fields.tsx';
import { loadOrRedirect } from '../../lib/api-client.ts';
import { contentKindOf } from '../../lib/content-kinds.ts';
import { loadVersionedOrNew, versionedKey, type VersionedLoad } from '../../lib/versioned-editor.ts';
import type { Route } from './+types/content-form';
import { CONTENT_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = ({ params, location }) => [
  { title: `${params.id ? 'Edit' : 'Add'} ${contentKindOf(location.pathname).noun} | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const { def } = contentKindOf(new URL(request.url).pathname);
  return loadOrRedirect(() => loadVersionedOrNew(def, params));
}

export function HydrateFallback() {
  return <p role="status">Loading...</p>;
}

const today = () => new Date().toLocaleDateString('en-CA');

/** The fields an opened version is compared on with the current one (the versioned ones). */
const FIELD_LABELS = CONTENT_FIELD_LABELS;

export default function ContentForm({ loaderData }: Route.ComponentProps) {
  return <ContentEditor key={versionedKey(loaderData)} load={loaderData} />;
}

function ContentEditor({ load }: { load: VersionedLoad<ContentAdminItem | null> }) {
  const { item, versions } = load;
  const config = contentKindOf(useLocation().pathname);
  const [region, setRegion] = useState(item?.region ?? 2);
  const [type, setType] = useState(item?.type ?? 0);
  const published = Boolean(item && item.status === 1 && versions.some((v) => v.current));
  const { form, fields, frame } = useVersionedEditor({
    def: config.def,
    load,
    schema: ContentItemEditSchema,
    defaultValue: {
      title: item?.title ?? '',
      slug: item?.slug ?? '',
      region: item?.region ?? 2,
      type: item?.type ?? 0,
      // a new item starts as a draft: nothing goes live before Publish
      status: !item || item.status === 0 ? 0 : 1,
      pinned: item?.pinned ?? false,
      publishDate: item ? item.publishDate.slice(0, 10) : today(),
    },
    body: (value) => contentItemSaveBody({ ...value, id: item?.id }, config.kind, item),
    livePath: item && published ? item.path : null,
    fieldLabels: FIELD_LABELS,
    draftStatus: { isDraft: !item || item.status === 0, field: 'status', published: '1', draft: '0' },
  });
  const slugPrefix = config.def.slugPrefix(region);

  return (
    <VersionedEditor {...frame}>
      <PageLikeForm
        formProps={getFormProps(form)}
        form={form}
        fields={fields}
        item={item}
        slugPrefix={slugPrefix}
        published={published}
        hero={<HeroMediaField form={form.id} defaultValue={item?.heroMedia ?? null} errors={form.allErrors} />}
        status={{ meta: fields.status, label: 'Status', published: 'Published', draft: 'Draft (not on the site)' }}
        side={
          <>
            <SelectField
              meta={fields.region}
              label="Region"
              options={CONTENT_ITEM_REGIONS.map((r) => ({ value: String(r.id), label: r.name }))}
              hint="Canadian items live under /can and show on the Canadian site."
              onChange={(v) => setRegion(Number(v))}
            />
            {config.typed ? (
              <>
                <SelectField
                  meta={fields.type}
                  label="Type"
                  options={RESOURCE_TYPES.map((t) => ({ value: String(t.id), label: t.name }))}
                  hint={`Listed under ${categoryName(categoryForType(type as 0 | 1 | 2))} in the Knowledge Center.`}
                  onChange={(v) => setType(Number(v))}
                />
                <CheckboxField meta={fields.pinned} label="Pinned" description="Pinned items lead the public list." />
              </>
            ) : null}
            <TextFieldDate meta={fields.publishDate} />
          </>
        }
      >
        <p className="field__hint">The description is also the summary shown on the item&apos;s card and under its title.</p>
      </PageLikeForm>
    </VersionedEditor>
  );
}

/** The date the item shows ("Published April 1, 2026"); a native date picker. */
function TextFieldDate({ meta }: { meta: Parameters<typeof TextField>[0]['meta'] }) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={meta.id}>
        Date
      </label>
      <input
        id={meta.id}
        name={meta.name}
        form={meta.formId}
        type="date"
        className="field__input"
        defaultValue={typeof meta.initialValue === 'string' ? meta.initialValue : ''}
        aria-invalid={invalid || undefined}
        aria-describedby={`${meta.descriptionId}${invalid ? ` ${meta.errorId}` : ''}`}
      />
      <p className="field__hint" id={meta.descriptionId}>
        Shown on the item as its publication date.
      </p>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
