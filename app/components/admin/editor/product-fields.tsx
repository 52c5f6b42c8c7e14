import { useState } from 'react';
import { DOCUMENT_PRODUCTS } from '#shared/product-documents.ts';
import { PRODUCT_LIMITS, type AnalysisRow, type ProductBenefit } from '#shared/product-content.ts';
import type { DocumentListItem } from '#shared/validation/documents.ts';
import { RowListEditor, RowTextField } from './row-list-editor.tsx';

/**
 * The product editor's own lists (benefits, guaranteed analysis, label and SDS documents, related
 * reading), each a RowListEditor posting JSON that ProductFormSchema validates.
 */

type ErrorMap = Record<string, readonly string[] | undefined>;

interface ListFieldProps<T> {
  form?: string;
  defaultValue: readonly T[];
  errors?: ErrorMap;
}

export function BenefitsField({ form, defaultValue, errors }: ListFieldProps<ProductBenefit>) {
  return (
    <RowListEditor<ProductBenefit>
      name="benefits"
      form={form}
      legend="Benefits"
      hint="Shown as numbered cards under “Why growers choose …”."
      defaultValue={defaultValue}
      rowName={(_, i) => `Benefit ${i + 1}`}
      newRow={() => ({ title: '', text: '' })}
      addLabel="Add benefit"
      max={PRODUCT_LIMITS.benefits}
      emptyText="No benefits: the section is left out of the page."
      errors={errors}
      renderRow={({ value, index, idBase, set, errorsOf }) => (
        <>
          <RowTextField
            id={`${idBase}-title`}
            label="Title"
            context={`benefit ${index + 1}`}
            value={value.title}
            maxLength={120}
            errors={errorsOf('title')}
            onChange={(title) => set({ title })}
          />
          <RowTextField
            id={`${idBase}-text`}
            label="Text"
            context={`benefit ${index + 1}`}
            value={value.text}
            maxLength={600}
            multiline
            errors={errorsOf('text')}
            onChange={(text) => set({ text })}
          />
        </>
      )}
    />
  );
}

/** An analysis row while it is edited: the amount as typed. */
interface AnalysisDraft {
  product: string;
  nutrient: string;
  symbol: string;
  amount: string;
  form: string;
}

const analysisRowName = (row: AnalysisDraft, i: number) => `Row ${i + 1}${row.product.trim() ? `: ${row.product.trim()}` : ''}`;

export function AnalysisField({ form, defaultValue, errors }: ListFieldProps<AnalysisRow>) {
  return (
    <RowListEditor<AnalysisDraft>
      name="analysis"
      form={form}
      legend="Guaranteed analysis"
      hint="One row per product and nutrient: the minimum content by weight, as the label states it."
      defaultValue={defaultValue.map((r) => ({
        product: r.product,
        nutrient: r.nutrient,
        symbol: r.symbol,
        amount: String(r.amount),
        form: r.form ?? '',
      }))}
      rowName={analysisRowName}
      newRow={() => ({ product: '', nutrient: '', symbol: '', amount: '', form: '' })}
      addLabel="Add analysis row"
      max={PRODUCT_LIMITS.analysis}
      emptyText="No rows: the guaranteed analysis table is left out of the page."
      errors={errors}
      inline
      renderRow={({ value, index, idBase, set, errorsOf }) => {
        const context = `row ${index + 1}`;
        return (
          <>
            <RowTextField
              id={`${idBase}-product`}
              className="row-field--wide"
              label="Product"
              context={context}
              value={value.product}
              maxLength={120}
              errors={errorsOf('product')}
              onChange={(product) => set({ product })}
            />
            <RowTextField
              id={`${idBase}-nutrient`}
              label="Nutrient"
              context={context}
              value={value.nutrient}
              maxLength={60}
              errors={errorsOf('nutrient')}
              onChange={(nutrient) => set({ nutrient })}
            />
            <RowTextField
              id={`${idBase}-symbol`}
              className="row-field--narrow"
              label="Symbol"
              context={context}
              value={value.symbol}
              maxLength={4}
              errors={errorsOf('symbol')}
              onChange={(symbol) => set({ symbol })}
            />
            <RowTextField
              id={`${idBase}-amount`}
              className="row-field--narrow"
              label="Amount (%)"
              context={context}
              value={value.amount}
              inputMode="decimal"
              maxLength={8}
              errors={errorsOf('amount')}
              onChange={(amount) => set({ amount })}
            />
            <RowTextField
              id={`${idBase}-form`}
              label="Form (optional)"
              context={context}
              value={value.form}
              maxLength={120}
              errors={errorsOf('form')}
              onChange={(f) => set({ form: f })}
            />
          </>
        );
      }}
    />
  );
}

interface ChooseAndAddProps {
  id: string;
  label: string;
  /** Options, in groups when a group is given (optgroups in order of first appearance). */
  options: readonly { value: string; label: string; group?: string }[];
  buttonLabel: string;
  emptyText: string;
  onAdd: (value: string) => void;
}

/** A select of what can still be added, and an Add button: the native select keeps keyboard and screen reader use simple. */
function ChooseAndAdd({ id, label, options, buttonLabel, emptyText, onAdd }: ChooseAndAddProps) {
  const [choice, setChoice] = useState('');
  if (options.length === 0) return <p className="field__hint">{emptyText}</p>;
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  const chosen = options.some((o) => o.value === choice) ? choice : '';
  const optionsOf = (group: string) =>
    options
      .filter((o) => (o.group ?? '') === group)
      .map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ));
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <select id={id} className="field__input" value={chosen} onChange={(e) => setChoice(e.currentTarget.value)}>
          <option value="">Choose…</option>
          {groups.map((g) =>
            g ? (
              <optgroup key={g} label={g}>
                {optionsOf(g)}
              </optgroup>
            ) : (
              optionsOf(g)
            ),
          )}
        </select>
      </div>
      <button
        type="button"
        className="button button--secondary"
        disabled={!chosen}
        onClick={() => {
          onAdd(chosen);
          setChoice('');
        }}
      >
        {buttonLabel}
      </button>
    </>
  );
}

interface DocumentKeysFieldProps extends ListFieldProps<string> {
  /** The product's region (2 or 3): only its labels and SDSs show on the page. */
  region: number;
  regionName: string;
  /** The library's labels and SDSs in that region. */
  documents: readonly DocumentListItem[];
}

export const documentProductName = (key: string) => DOCUMENT_PRODUCTS.find((p) => p.key === key)?.name ?? key;

/** Which products' labels and SDSs the page lists, with the documents each brings from the library. */
export function DocumentKeysField({ form, defaultValue, errors, region, regionName, documents }: DocumentKeysFieldProps) {
  const byKey = new Map<string, DocumentListItem[]>();
  for (const d of documents) {
    if (!d.productKey || !d.regionIds.includes(region)) continue;
    byKey.set(d.productKey, [...(byKey.get(d.productKey) ?? []), d]);
  }
  const known = [
    ...DOCUMENT_PRODUCTS.map((p) => p.key),
    ...[...byKey.keys()].filter((k) => !DOCUMENT_PRODUCTS.some((p) => p.key === k)).sort(),
  ];
  return (
    <RowListEditor<string>
      name="documentKeys"
      form={form}
      legend="Labels and SDSs"
      hint={`The page lists the label and safety data sheet of each product below, as the document library holds them for ${regionName}. This product’s own label and SDS are also the buttons at the top of the page.`}
      defaultValue={defaultValue}
      rowName={(key) => documentProductName(key)}
      max={PRODUCT_LIMITS.documentKeys}
      emptyText="No documents: the section is left out of the page."
      errors={errors}
      renderRow={({ value }) => {
        const docs = [...(byKey.get(value) ?? [])].sort((a, b) => (a.kind === 'label' ? -1 : 1) - (b.kind === 'label' ? -1 : 1));
        return docs.length ? (
          <ul className="row-card__links">
            {docs.map((d) => (
              <li key={d.id}>
                <span className="badge">{d.kind === 'label' ? 'Label' : 'SDS'}</span>{' '}
                <a href={`/doccenter/${d.guid}`} target="_blank" rel="noreferrer">
                  {d.title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field__hint field__hint--warn">
            No label or SDS for {regionName} in the document library yet: nothing shows for it on the page.
          </p>
        );
      }}
      renderAdd={(add, rows, addId) => (
        <ChooseAndAdd
          id={addId}
          label="Add a product’s label and SDS"
          options={known
            .filter((k) => !rows.includes(k))
            .map((k) => ({ value: k, label: `${documentProductName(k)}${byKey.has(k) ? '' : ` (none for ${regionName})`}` }))}
          buttonLabel="Add documents"
          emptyText="Every product’s documents are listed."
          onAdd={add}
        />
      )}
    />
  );
}

export interface KnowledgeOption {
  slug: string;
  title: string;
  region: number;
  status: number;
  path: string;
}

interface KnowledgeFieldProps extends ListFieldProps<string> {
  items: readonly KnowledgeOption[];
  regionNames: Readonly<Record<number, string>>;
}

/** Related reading: knowledge-center items shown as cards at the foot of the page. */
export function KnowledgeField({ form, defaultValue, errors, items, regionNames }: KnowledgeFieldProps) {
  const bySlug = new Map(items.map((i) => [i.slug, i]));
  return (
    <RowListEditor<string>
      name="knowledgeSlugs"
      form={form}
      legend="Related reading"
      hint="Knowledge-center items shown as cards at the foot of the page. Drafts are left out until they are published."
      defaultValue={defaultValue}
      rowName={(slug) => bySlug.get(slug)?.title ?? slug}
      max={PRODUCT_LIMITS.knowledgeSlugs}
      emptyText="No related reading: the section is left out of the page."
      errors={errors}
      renderRow={({ value }) => {
        const item = bySlug.get(value);
        if (!item) return <p className="field__hint field__hint--warn">Not found in the knowledge center ({value}): it does not show.</p>;
        return (
          <p className="field__hint">
            <a href={item.path} target="_blank" rel="noreferrer">
              {item.path}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            · {regionNames[item.region] ?? `Region ${item.region}`}
            {item.status === 1 ? null : <strong className="field__hint--warn"> · Draft: not shown</strong>}
          </p>
        );
      }}
      renderAdd={(add, rows, addId) => (
        <ChooseAndAdd
          id={addId}
          label="Add a knowledge-center item"
          options={items
            .filter((i) => !rows.includes(i.slug))
            .map((i) => ({
              value: i.slug,
              label: `${i.title}${i.status === 1 ? '' : ' (draft)'}`,
              group: regionNames[i.region] ?? `Region ${i.region}`,
            }))}
          buttonLabel="Add item"
          emptyText="Every knowledge-center item is listed."
          onAdd={add}
        />
      )}
    />
  );
}
