import { REGION_OPTIONS } from '#shared/regions.ts';
import { documentsApi } from '#shared/contracts/documents.ts';
import { DOCUMENT_KINDS, type DocumentDetail, type DocumentFilter, type DocumentMeta } from '#shared/validation/documents.ts';
import { api, dataOf, type Envelope } from './api-client.ts';

/**
 * What the document library and the Product Labels/SDSs screens share in the browser: names of
 * kinds, regions, types and sizes, and the upload calls (multipart: the file is streamed, ADR 023).
 */

export const kindName = (id: string) => DOCUMENT_KINDS.find((k) => k.id === id)?.name ?? id;
export const regionNames = (ids: readonly number[]) => ids.map((id) => REGION_OPTIONS.find((r) => r.id === id)?.code ?? id).join(', ');

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const TYPE_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };
/** "PDF" for application/pdf: the accepted types by their everyday names. */
export const fileTypeName = (contentType: string) => TYPE_NAMES[contentType] ?? contentType;

/** One page of the library (the document and label lists), checked by its schema. */
export async function filterDocuments(filter: DocumentFilter) {
  return dataOf(await api().call(documentsApi.filter, { body: filter }));
}

/** The file chosen in a form's file input, or null when none was chosen. */
export function chosenFile(form: HTMLFormElement | null, name = 'file'): File | null {
  const chosen = form ? (new FormData(form).get(name) as File | null) : null;
  return chosen && typeof chosen !== 'string' && chosen.size > 0 ? chosen : null;
}

/** Uploads a new document: its fields and the file in one multipart request. */
export function addDocument(meta: DocumentMeta, file: File): Promise<Envelope<DocumentDetail>> {
  const body = new FormData();
  body.append('title', meta.title);
  body.append('kind', meta.kind);
  body.append('productKey', meta.productKey ?? '');
  for (const id of meta.regionIds) body.append('regionIds', String(id));
  body.append('altText', meta.altText);
  body.append('file', file);
  return api().call(documentsApi.add, { body });
}

/** A new file behind the same GUID and URL; the previous file stays as a dated revision. */
export function replaceDocumentFile(id: number, file: File): Promise<Envelope<DocumentDetail>> {
  const body = new FormData();
  body.append('file', file);
  return api().call(documentsApi.replace, { params: { id }, body });
}

/** Saves a document's details, saying which version they started from (a newer save refuses it: 409, ADR 048). */
export const editDocument = (id: number, meta: DocumentMeta, guard: { baseVersion: number; overwrite?: boolean }) =>
  api().call(documentsApi.edit, { body: { id, ...meta, ...guard } });

/** An earlier revision's file served again, appended as the newest revision (nothing is lost). */
export const restoreDocumentRevision = (id: number, revisionId: number) => api().call(documentsApi.restore, { params: { id, revisionId } });
