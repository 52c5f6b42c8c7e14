import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '#domain/errors.ts';
import type { StagedFile } from '#domain/documents/documents-service.ts';
import { documentsApi } from '#shared/contracts/documents.ts';
import { DOCUMENT_MESSAGES, DocumentMetaSchema, type DocumentFilter } from '#shared/validation/documents.ts';
import { cleanText } from '#shared/input.ts';
import { saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { savedWithChanges } from '../../../conflicts.ts';
import { adminErrors, route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';
import { bulkRoutes } from '../../../bulk.ts';
import { REGION_OPTIONS } from '#shared/regions.ts';
import { isDomainError } from '#domain/errors.ts';

const uploadErrors = { ...adminErrors, 413: adminErrors[400], 415: adminErrors[400] };

/** Multipart form fields of an upload: every field but the file, as text; a repeated field becomes a list. */
type UploadFields = Record<string, string | string[]>;

/**
 * Reads a multipart upload: the file part is streamed to storage as it arrives (staged, checked
 * by its first bytes), the other parts are collected as text. The caller commits or discards the
 * staged file. Multipart bodies are parsed here, after the input boundary's preValidation hook
 * (which only sees JSON bodies and queries), so the text parts and the file name get the same
 * cleaning here: PostgreSQL refuses NUL, and free text keeps everything else.
 */
async function readUpload(request: FastifyRequest): Promise<{ staged: StagedFile | null; fields: UploadFields }> {
  if (!request.isMultipart()) throw new DomainError('Send the file as multipart/form-data.', 415);
  const documents = request.server.services.documents;
  const fields: UploadFields = {};
  let staged: StagedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          throw new DomainError('Upload one file, in the field named file.', 400);
        }
        const file = part.file;
        staged = await documents.stage({
          fileName: cleanText(part.filename || '') || 'document',
          stream: file,
          truncated: () => file.truncated,
        });
      } else {
        const value = cleanText(typeof part.value === 'string' ? part.value : String(part.value));
        const prev = fields[part.fieldname];
        fields[part.fieldname] = prev === undefined ? value : [...[prev].flat(), value];
      }
    }
  } catch (err) {
    if (staged) await documents.discard(staged);
    throw err;
  }
  return { staged, fields };
}

const list = (v: string | string[] | undefined) =>
  v === undefined
    ? []
    : [v]
        .flat()
        .flatMap((s) => s.split(','))
        .filter(Boolean);

/** The document library: upload, edit, replace, list, usage and delete; Editors and Administrators ('content'). */
export async function documentsAdminRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    // size is checked by the service against DOCUMENT_MAX_UPLOAD_MB; busboy stops reading one byte past it
    limits: { fileSize: Math.round(app.env.DOCUMENT_MAX_UPLOAD_MB * 1024 * 1024) + 1, files: 1, fields: 20, fieldSize: 4096, parts: 24 },
    throwFileSizeLimit: false,
  });
  const documents = () => app.services.documents;
  /** The audit log entry of a document change (recorded here, so the documents service stays as it is). */
  async function recorded<T extends { id: number; title: string }>(
    action: string,
    doc: T,
    detail: Record<string, unknown> | null = null,
  ): Promise<T> {
    await app.services.audit.record({
      action,
      subject: { kind: 'document', id: doc.id, title: doc.title, link: `/siteadmin/document-library/edit/${doc.id}` },
      detail,
    });
    return doc;
  }

  route(
    app,
    documentsApi.add,
    async (request) => {
      const { staged, fields } = await readUpload(request);
      if (!staged) throw new DomainError(DOCUMENT_MESSAGES.fileRequired, 400, { file: [DOCUMENT_MESSAGES.fileRequired] });
      const meta = DocumentMetaSchema.safeParse({ ...fields, regionIds: list(fields.regionIds) });
      if (!meta.success) {
        await documents().discard(staged);
        throw meta.error;
      }
      return ok(await recorded('uploaded', await documents().add(meta.data, staged, request.user?.id ?? null)));
    },
    { errors: uploadErrors },
  );
  route(
    app,
    documentsApi.replace,
    async (request) => {
      const { staged } = await readUpload(request);
      if (!staged) throw new DomainError(DOCUMENT_MESSAGES.fileRequired, 400, { file: [DOCUMENT_MESSAGES.fileRequired] });
      return ok(await recorded('file-replaced', await documents().replace(request.params.id, staged, request.user?.id ?? null)));
    },
    { errors: uploadErrors },
  );
  route(app, documentsApi.restore, async (request) =>
    ok(
      await recorded('file-restored', await documents().restore(request.params.id, request.params.revisionId, request.user?.id ?? null), {
        revisionId: request.params.revisionId,
      }),
    ),
  );
  route(app, documentsApi.edit, async (request) => {
    const { id, baseVersion, overwrite } = request.body;
    // recorded inside the save, where the fields it changes are known (ADR 052)
    const saved = await savedWithChanges(
      app.services.audit,
      { kind: 'document', id },
      async () => {
        const done = await documents().editGuarded(id, request.body, saveGuardOf({ baseVersion, overwrite }));
        return recorded('saved', done.document, done.audit);
      },
      () => documents().get(id),
      request.body,
    );
    return ok(saved);
  });
  route(app, documentsApi.byGuid, async (request) => ok(await documents().getByGuid(request.params.guid)));
  route(app, documentsApi.get, async (request) => ok(await documents().get(request.params.id)));
  route(app, documentsApi.usage, async (request) => ok(await documents().usage(request.params.id)));
  route(app, documentsApi.delete, async (request) => {
    const doc = await documents().get(request.params.id);
    await documents().delete(request.params.id);
    await recorded('deleted', doc);
    return ok(null);
  });
  route(app, documentsApi.filter, async (request) => ok(await documents().filter(request.body)));
  // bulk (ADR 050): each row through the single delete (its "in use" refusal kept) and its audit entry
  bulkRoutes(app, documentsApi, {
    async find(id) {
      try {
        const full = await documents().get(id);
        return { id, title: full.title, full };
      } catch (err) {
        if (isDomainError(err) && err.status === 404) return null;
        throw err;
      }
    },
    async page(filter: DocumentFilter, start, length) {
      const { items, total } = await documents().filter({ ...filter, start, length });
      return { rows: items.map((d) => ({ id: d.id, title: d.title })), total };
    },
    actions: {
      async delete(row) {
        await documents().delete(row.id);
        await recorded('deleted', row.full);
      },
    },
    csv: {
      file: 'documents-selection.csv',
      columns: ['Id', 'Title', 'Kind', 'Regions', 'File name', 'Address', 'Size (bytes)', 'Updated (UTC)'],
      cells: (row) => [
        row.id,
        row.title,
        row.full.kind,
        row.full.regionIds.map((r) => REGION_OPTIONS.find((o) => o.id === r)?.name ?? String(r)).join(', '),
        row.full.fileName,
        row.full.url,
        row.full.size,
        row.full.updated,
      ],
    },
  });
}
