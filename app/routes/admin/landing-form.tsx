import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { landingSaveBody, LandingEditSchema } from '#shared/content-admin.ts';
import type { LandingAdminItem } from '#shared/validation/versioned-admin.ts';
import type { LandingHero, LandingKind, LandingSection } from '#shared/landing-content.ts';
import { HeroEditor, JsonInput, keyed, SectionsEditor } from '../../components/admin/editor/landing-editor.tsx';
import type { ProductOption } from '../../components/admin/editor/landing-sections/section-form.tsx';
import { ExpiryFields } from '../../components/admin/editor/expiry-fields.tsx';
import { PublishAtField } from '../../components/admin/editor/publish-at-field.tsx';
import { SeoFields } from '../../components/admin/editor/seo-fields.tsx';
import type { Keyed } from '../../components/admin/editor/sortable.ts';
import { useVersionedEditor, VersionedEditor } from '../../components/admin/versioned-editor.tsx';
import { FormErrors, TextField } from '../../components/forms/fields.tsx';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { loadVersioned, versionedKey, type VersionedLoad } from '../../lib/versioned-editor.ts';
import { VERSIONED_KIND_DEFS } from '../../lib/versioned-kinds.ts';
import type { Route } from './+types/landing-form';
import { LANDING_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = () => [
  { title: 'Edit Page | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const DEF = VERSIONED_KIND_DEFS.landing;

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(async () => {
    const [loaded, products] = await Promise.all([
      loadVersioned(DEF, params.id, params.versionId),
      api().call(VERSIONED_KIND_DEFS.product.calls.filter, { body: {} }),
    ]);
    const options: ProductOption[] = dataOf(products).items.map((p) => ({ slug: p.slug, name: p.name, region: p.region }));
    return { ...loaded, products: options };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading page...</p>;
}

const KIND_NAMES: Record<LandingKind, string> = { home: 'Home', campaign: 'Campaign Page', about: 'About Page', list: 'List Page' };

/** The fields an opened version is compared on with the current one. */
const FIELD_LABELS = LANDING_FIELD_LABELS;

export default function LandingForm({ loaderData }: Route.ComponentProps) {
  const { products, ...load } = loaderData;
  return <LandingEditor key={versionedKey(load)} load={load} products={products} />;
}

function LandingEditor({ load, products }: { load: VersionedLoad<LandingAdminItem>; products: ProductOption[] }) {
  const { item } = load;
  /** the words above a list or form page (shared/list-pages.ts): hero words and SEO, no sections */
  const listPage = item.kind === 'list';
  const [hero, setHero] = useState<LandingHero>(item.hero);
  const [sections, setSections] = useState<Keyed<LandingSection>[]>(() => keyed(item.sections, 's'));
  const { form, fields, frame } = useVersionedEditor({
    def: DEF,
    load,
    schema: LandingEditSchema,
    defaultValue: { title: item.title },
    body: (value) => landingSaveBody(item.id, value, item),
    livePath: item.path,
    title: KIND_NAMES[item.kind],
    fieldLabels: FIELD_LABELS,
  });

  return (
    <VersionedEditor {...frame}>
      <p className="editor-address">
        Address: <a href={item.path}>{item.path}</a>
      </p>
      <form {...getFormProps(form)} className="stack editor-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="editor-columns">
          <div className="stack">
            <TextField
              meta={fields.title}
              label="Page title"
              autoComplete="off"
              hint="The browser tab and search results use it when the SEO title is empty."
            />
            <HeroEditor value={hero} onChange={setHero} errors={form.allErrors} wordsOnly={listPage} />
            {listPage ? (
              <p className="field__hint">The list or form below the headline is the page itself; it is not edited here.</p>
            ) : (
              <SectionsEditor value={sections} onChange={setSections} errors={form.allErrors} products={products} />
            )}
          </div>
          <div className="stack editor-side">
            <PublishAtField form={form.id} defaultValue={item.publishAt} errors={fields.publishAt.errors} />
            {item.kind === 'campaign' ? (
              <>
                {item.status !== 1 ? <p className="field__hint">Off the site since its expiry: saving publishes it again.</p> : null}
                <ExpiryFields
                  form={form.id}
                  defaultValue={item}
                  errors={{ unpublishAt: fields.unpublishAt.errors, unpublishRedirect: fields.unpublishRedirect.errors }}
                />
              </>
            ) : null}
            <p className="field__hint">This page always lives at {item.path}; its region is fixed by its address.</p>
          </div>
        </div>
        <SeoFields
          form={form.id}
          defaultValue={{ ...item.seo, ogphoto: item.seo.ogphoto ?? null }}
          fallbackTitle={item.title}
          url={`${typeof window === 'undefined' ? '' : window.location.origin}${item.path}`}
          errors={form.allErrors}
        />
        <JsonInput name="hero" form={form.id} value={hero} />
        <JsonInput name="sections" form={form.id} value={sections.map((s) => s.value)} />
      </form>
    </VersionedEditor>
  );
}
