import { useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { documentsApi } from '#shared/contracts/documents.ts';
import { REGION_OPTIONS } from '#shared/regions.ts';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_PRODUCT_OPTIONS,
  type DocumentDetail,
  DocumentMetaSchema,
  type DocumentRevision,
  type DocumentUsage,
} from '#shared/validation/documents.ts';
import { CheckboxGroup, SelectField, TextField } from '../forms/fields.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, SOMETHING_WRONG } from '../../lib/api-client.ts';
import { chosenFile, formatSize } from '../../lib/documents.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useConfirmAction } from './list-actions.tsx';
import { type FilterSpec } from './list-filters.tsx';

/**
 * The pieces the document library and the Product Labels/SDSs screens share: the document's fields
 * (title, kind, product, regions, alt text), where a document is used, and Delete with its usage
 * check (refused while the document is used, ADR 023).
 */

type DocumentFields = ReturnType<typeof useZodForm<typeof DocumentMetaSchema>>['fields'];

interface DocumentMetaFieldsProps {
  fields: DocumentFields;
  /** The kinds offered (the labels screen offers label, SDS and statement). */
  kinds: readonly { id: string; name: string }[];
  regionDefault: readonly number[];
  productHint: ReactNode;
  /** Images need alt text; screens without images leave the field out. */
  showAltText?: boolean;
  onKindChange?: (kind: string) => void;
}

/** The Kind select of a document list (All kinds, then the given kinds). */
export function kindFilter(kinds: readonly { id: string; name: string }[], value: string): FilterSpec {
  return { name: 'kind', label: 'Kind', allLabel: 'All kinds', options: kinds.map((k) => ({ value: k.id, label: k.name })), value };
}

export function DocumentMetaFields({
  fields,
  kinds,
  regionDefault,
  productHint,
  showAltText = true,
  onKindChange,
}: DocumentMetaFieldsProps) {
  return (
    <>
      <TextField meta={fields.title} label="Title" autoComplete="off" />
      <SelectField
        meta={fields.kind}
        label="Kind"
        options={[{ value: '', label: 'Choose a kind' }, ...kinds.map((k) => ({ value: k.id, label: k.name }))]}
        onChange={onKindChange}
      />
      <SelectField
        meta={fields.productKey}
        label="Product"
        hint={productHint}
        options={[{ value: '', label: 'No product' }, ...DOCUMENT_PRODUCT_OPTIONS]}
      />
      <CheckboxGroup
        meta={fields.regionIds}
        legend="Regions"
        defaultValue={regionDefault.map(String)}
        options={REGION_OPTIONS.map((r) => ({ value: String(r.id), label: r.name }))}
      />
      {showAltText ? (
        <TextField
          meta={fields.altText}
          label="Alt text"
          autoComplete="off"
          hint="Required for images: what the image shows, for people who cannot see it."
        />
      ) : null}
    </>
  );
}

/** Where a document is used, each place linked when it has a page. */
export function DocumentUsageList({ usage }: { usage: readonly DocumentUsage[] }) {
  return (
    <ul>
      {usage.map((u) => (
        <li key={`${u.kind}-${u.path}-${u.title}`}>
          {u.kind}: {u.path ? <a href={u.path}>{u.title}</a> : u.title}
        </li>
      ))}
    </ul>
  );
}

/** A document's files, newest (the one served) first: date, file, size and who uploaded it when known. */
export function DocumentRevisionList({ revisions }: { revisions: readonly DocumentRevision[] }) {
  return (
    <ul>
      {revisions.map((r) => (
        <li key={r.id}>
          {formatDateTime(r.created)}: {r.fileName} ({formatSize(r.size)}){r.author ? `, uploaded by ${r.author}` : ''}
          {r.current ? ' (current)' : ''}
        </li>
      ))}
    </ul>
  );
}

interface DeletableDocument {
  id: number;
  title: string;
}

/**
 * Delete for a document list: asks where the document is used first; the dialog lists the places
 * (the server refuses while there are any) or asks for confirmation. `dialog` goes in the screen.
 */
export function useDocumentDelete<T extends DeletableDocument>(after: () => Promise<unknown> | void, inUseHint?: ReactNode) {
  const [usage, setUsage] = useState<DocumentUsage[] | null>(null);
  const del = useConfirmAction<T>({
    action: (d) => api().call(documentsApi.delete, { params: { id: d.id } }),
    done: (d) => `The document ${d.title} was deleted.`,
    after,
  });

  async function ask(doc: T) {
    setUsage(null);
    del.ask(doc);
    try {
      const env = await api().call(documentsApi.usage, { params: { id: doc.id } });
      if (env.success) setUsage(env.data);
      else del.setError(env.message ?? SOMETHING_WRONG);
    } catch (e) {
      await del.fail(e);
    }
  }

  const dialog = (
    <ConfirmDialog
      {...del.dialog}
      title="Delete Document"
      confirmLabel="Delete Document"
      busy={del.busy || usage === null || usage.some((u) => u.blocking)}
    >
      {usage === null ? (
        <p>Checking where this document is used...</p>
      ) : usage.some((u) => u.blocking) ? (
        <>
          <p>{del.target?.title} is linked from here and cannot be deleted until it is removed from them:</p>
          <DocumentUsageList usage={usage.filter((u) => u.blocking)} />
          {inUseHint}
        </>
      ) : (
        <>
          {usage.length > 0 ? (
            <>
              <p>{del.target?.title} is listed here; deleting it takes it off these lists:</p>
              <DocumentUsageList usage={usage} />
            </>
          ) : null}
          <p>Are you sure you want to delete the Document {del.target?.title} ? Its link stops working. This cannot be undone!</p>
        </>
      )}
    </ConfirmDialog>
  );

  return { ask: (doc: T) => void ask(doc), notice: del.notice, dialog };
}

/**
 * The form of a document's details and file (document library and labels): starts from the
 * document (or an empty one in Region 2), and refuses to add a document without a file before
 * `save` gets the value and the chosen file (null: keep the current one).
 */
export function useDocumentMetaForm(
  id: string,
  doc: DocumentDetail | null,
  save: (value: z.output<typeof DocumentMetaSchema>, file: File | null) => Promise<string | null>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const zodForm = useZodForm({
    id,
    schema: DocumentMetaSchema,
    defaultValue: {
      title: doc?.title ?? '',
      kind: doc?.kind ?? '',
      productKey: doc?.productKey ?? '',
      regionIds: (doc?.regionIds ?? [2]).map(String),
      altText: doc?.altText ?? '',
    },
    async onValid(value) {
      setFileError(null);
      const file = chosenFile(formRef.current);
      if (!doc && !file) {
        setFileError(DOCUMENT_MESSAGES.fileRequired);
        return DOCUMENT_MESSAGES.fileRequired;
      }
      return save(value, file);
    },
  });
  return { ...zodForm, formRef, fileError };
}
