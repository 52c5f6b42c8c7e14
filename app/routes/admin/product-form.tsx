import { getFormProps, getInputProps } from '@conform-to/react';
import { PRODUCT_GROUPS } from '#shared/product-content.ts';
import { PRODUCT_REGION_OPTIONS, ProductFormSchema, productFormDefaults, productSaveBody } from '#shared/product-admin.ts';
import { documentsApi } from '#shared/contracts/documents.ts';
import type { ProductAdminItem } from '#shared/validation/versioned-admin.ts';
import { useVersionedEditor, VersionedEditor } from '../../components/admin/versioned-editor.tsx';
import { loadVersioned, versionedKey } from '../../lib/versioned-editor.ts';
import { VERSIONED_KIND_DEFS } from '../../lib/versioned-kinds.ts';
import { HeroMediaField } from '../../components/admin/editor/hero-media-field.tsx';
import { ModuleListEditor } from '../../components/admin/editor/module-list-editor.tsx';
import {
  AnalysisField,
  BenefitsField,
  DocumentKeysField,
  KnowledgeField,
  type KnowledgeOption,
} from '../../components/admin/editor/product-fields.tsx';
import { SeoFields } from '../../components/admin/editor/seo-fields.tsx';
import { FieldError, FormErrors, SelectField, TextAreaField, TextField } from '../../components/forms/fields.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, type Envelope, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/product-form';
import { PRODUCT_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: `Edit Product${data?.load.item ? `: ${data.load.item.name} (${regionName(data.load.item.region)})` : ''} | Site Administration`,
  },
  { name: 'robots', content: 'noindex, nofollow' },
];

const DEF = VERSIONED_KIND_DEFS.product;
const FORM_ID = `${DEF.kind}-form`;
const REGION_NAMES: Record<number, string> = Object.fromEntries(PRODUCT_REGION_OPTIONS.map((r) => [r.id, r.name]));
const regionName = (id: number) => REGION_NAMES[id] ?? `Region ${id}`;

/** Every page of an admin list (the API answers at most 100 rows a call). */
async function allPages<T>(pageAt: (start: number, length: number) => Promise<Envelope<{ items: T[]; total: number }>>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < 2000; start += 100) {
    const page = dataOf(await pageAt(start, 100));
    rows.push(...page.items);
    if (rows.length >= page.total || page.items.length === 0) break;
  }
  return rows;
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(async () => {
    const load = await loadVersioned(DEF, params.id, params.versionId);
    const { item } = load;
    // what the lists of documents and related reading offer, with their titles
    const [labels, sheets, knowledge] = await Promise.all([
      allPages((start, length) => api().call(documentsApi.filter, { body: { kind: 'label', region: item.region, start, length } })),
      allPages((start, length) => api().call(documentsApi.filter, { body: { kind: 'sds', region: item.region, start, length } })),
      allPages((start, length) => api().call(VERSIONED_KIND_DEFS.knowledge.calls.filter, { body: { start, length } })),
    ]);
    return {
      load,
      documents: [...labels, ...sheets],
      knowledge: knowledge.map((k): KnowledgeOption => ({
        slug: k.slug,
        title: k.title,
        region: k.region,
        status: k.status,
        path: k.path,
      })),
    };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading product...</p>;
}

type LoaderData = Route.ComponentProps['loaderData'];

/** The fields an opened version is compared on with the current one. */
const FIELD_LABELS = PRODUCT_FIELD_LABELS;

/** The section index of this long form (jump links on wide screens). */
const SECTIONS = [
  { id: 'product-section-main', label: 'Product' },
  { id: 'product-benefits', label: 'Benefits' },
  { id: 'product-modules', label: 'Modules' },
  { id: 'product-analysis', label: 'Guaranteed analysis' },
  { id: 'product-documents', label: 'Labels and SDSs' },
  { id: 'product-knowledge', label: 'Related reading' },
  { id: 'product-section-publishing', label: 'Search and publishing' },
];

/** The message after a save: the server's, and when the version goes live or the product is hidden. */
function savedNotice(saved: ProductAdminItem, message: string | null): string {
  const parts = [message ?? 'Saved: a new version was added.'];
  if (saved.publishAt && new Date(saved.publishAt).getTime() > Date.now())
    parts.push(`It goes live ${formatDateTime(saved.publishAt)}; until then the site shows the version before it.`);
  if (saved.status === 0) parts.push('The product is hidden: its page answers Not Found and it leaves the menus.');
  return parts.join(' ');
}

export default function ProductForm({ loaderData }: Route.ComponentProps) {
  // a new form for every version loaded or saved: the fields start from what it holds
  return <ProductEditor key={versionedKey(loaderData.load)} data={loaderData} />;
}

function ProductEditor({ data }: { data: LoaderData }) {
  const { load, documents, knowledge } = data;
  const { item } = load;
  const { form, fields, frame } = useVersionedEditor({
    def: DEF,
    load,
    schema: ProductFormSchema,
    defaultValue: productFormDefaults(item),
    body: (value) => productSaveBody(value, item),
    describe: savedNotice,
    livePath: item.status === 1 ? item.path : null,
    fieldLabels: FIELD_LABELS,
  });
  const errors = form.allErrors;
  const name = typeof fields.name.value === 'string' ? fields.name.value : item.name;
  const summary = typeof fields.summary.value === 'string' ? fields.summary.value : item.summary;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const scheduledAhead = !item.current && item.publishAt !== null && new Date(item.publishAt).getTime() > Date.now();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { key: publishKey, ...publishProps } = getInputProps(fields.publishAt, { type: 'datetime-local', ariaAttributes: false });
  const publishInvalid = Boolean(fields.publishAt.errors?.length);

  return (
    <VersionedEditor
      {...frame}
      sections={SECTIONS}
      notes={
        scheduledAhead && item.publishAt ? (
          <p className="form-alert form-alert--info" role="note">
            This version is scheduled to go live {formatDateTime(item.publishAt)}; until then the site shows the version before it.
          </p>
        ) : null
      }
    >
      <div className="product-editor__meta">
        <p>
          <strong>{item.name}</strong> · {regionName(item.region)} · <code>{item.path}</code> · {item.status === 1 ? 'Published' : 'Hidden'}
        </p>
        {item.status === 1 ? null : (
          <p className="field__hint">Hidden: the public page answers Not Found until the product is published again.</p>
        )}
      </div>
      <form {...getFormProps(form)} className="stack admin-form admin-form--wide product-editor">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="id" value={item.id} />

        <section className="stack product-editor__section" aria-labelledby="product-section-main">
          <h2 id="product-section-main">Product</h2>
          <TextField meta={fields.name} label="Name" autoComplete="off" hint="The page title and the name in the menus." />
          <SelectField
            meta={fields.group}
            label="Group"
            options={PRODUCT_GROUPS.map((g) => ({ value: g, label: g }))}
            hint="The mega menu group and the breadcrumb."
          />
          <TextField
            meta={fields.tagline}
            label="Tagline"
            autoComplete="off"
            hint="The line under the name, also on the menu and home cards."
          />
          <TextAreaField
            meta={fields.summary}
            label="Summary"
            maxLength={600}
            hint="The paragraph under the tagline; also the search description when the SEO description is empty."
          />
          <HeroMediaField form={FORM_ID} defaultValue={item.heroMedia} errors={errors} />
        </section>

        <section className="stack product-editor__section" aria-labelledby="product-section-content">
          <h2 id="product-section-content">Page content</h2>
          <div id="product-benefits" className="edit-anchor">
            <BenefitsField form={FORM_ID} defaultValue={item.benefits} errors={errors} />
          </div>
          <div id="product-modules" className="edit-anchor">
            <ModuleListEditor name="modules" form={FORM_ID} defaultValue={item.modules} errors={errors} />
          </div>
          <div id="product-analysis" className="edit-anchor">
            <AnalysisField form={FORM_ID} defaultValue={item.analysis} errors={errors} />
          </div>
          <div id="product-documents" className="edit-anchor">
            <DocumentKeysField
              form={FORM_ID}
              defaultValue={item.documentKeys}
              errors={errors}
              region={item.region}
              regionName={regionName(item.region)}
              documents={documents}
            />
          </div>
          <div id="product-knowledge" className="edit-anchor">
            <KnowledgeField
              form={FORM_ID}
              defaultValue={item.knowledgeSlugs}
              errors={errors}
              items={knowledge}
              regionNames={REGION_NAMES}
            />
          </div>
        </section>

        <section className="stack product-editor__section" aria-labelledby="product-section-publishing">
          <h2 id="product-section-publishing">Search and publishing</h2>
          <SeoFields
            form={FORM_ID}
            defaultValue={{ ...item.seo, ogphoto: item.seo.ogphoto ?? null }}
            fallbackTitle={name}
            fallbackDesc={summary}
            url={`${origin}${item.path}`}
            errors={errors}
          />
          <SelectField
            meta={fields.status}
            label="Visibility"
            options={[
              { value: '1', label: 'Published' },
              { value: '0', label: 'Hidden' },
            ]}
            hint="Hidden: the page answers Not Found and the product leaves the menus, the footer and the sitemap."
          />
          <div className={`field${publishInvalid ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={fields.publishAt.id}>
              Publish at (optional)
            </label>
            <input
              key={publishKey}
              {...publishProps}
              className="field__input field__input--auto"
              aria-invalid={publishInvalid || undefined}
              aria-describedby={`${fields.publishAt.descriptionId}${publishInvalid ? ` ${fields.publishAt.errorId}` : ''}`}
            />
            <p className="field__hint" id={fields.publishAt.descriptionId}>
              Empty: the new version goes live when you save. With a date and time (your time zone, {zone}), the site keeps showing the
              current version until then and switches by itself.
            </p>
            <FieldError id={fields.publishAt.errorId} errors={fields.publishAt.errors} />
          </div>
        </section>
      </form>
    </VersionedEditor>
  );
}
