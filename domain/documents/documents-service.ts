import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DOCUMENT_PRODUCTS } from '#shared/product-documents.ts';
import type { ProductDocumentLink } from '#shared/product-content.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import type { DocumentKind, DocumentRow, DocumentsRepository } from './documents-repository.ts';
import { storageKeyFor, type ByteRange, type DocumentStorage } from './storage.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What may be stored, and the first bytes each kind of file must start with. */
const ALLOWED_TYPES: Record<string, { ext: string; magic: number[][] }> = {
  'application/pdf': { ext: '.pdf', magic: [[0x25, 0x50, 0x44, 0x46, 0x2d]] },
  'image/png': { ext: '.png', magic: [[0x89, 0x50, 0x4e, 0x47]] },
  'image/jpeg': { ext: '.jpg', magic: [[0xff, 0xd8, 0xff]] },
  'image/webp': { ext: '.webp', magic: [[0x52, 0x49, 0x46, 0x46]] },
};

export interface DocumentFileInput {
  fileName: string;
  contentType: string;
  data: Buffer;
}

export interface DownloadableDocument {
  guid: string;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  etag: string;
  lastModified: Date;
  storageKey: string;
}

export interface LabelDocument {
  guid: string;
  kind: 'label' | 'sds';
  title: string;
  fileName: string;
  size: number;
  regionIds: number[];
}

export interface LabelGroup {
  key: string;
  name: string;
  regionIds: number[];
  /** product page per region, when the product has one */
  pages: { 2?: string; 3?: string };
  documents: LabelDocument[];
}

export interface LabelFilter {
  region?: 2 | 3 | null;
  productKey?: string | null;
}

function checksumOf(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A readable, safe download name: letters, digits, dots, dashes. */
export function safeFileName(name: string, ext: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w.\- ]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/\.[a-z0-9]+$/i, '')
    .toLowerCase()
    .slice(0, 120);
  return `${base || 'document'}${ext}`;
}

function toLabelDocument(row: DocumentRow): LabelDocument {
  return { guid: row.guid, kind: row.kind as 'label' | 'sds', title: row.title, fileName: row.fileName, size: row.size, regionIds: row.regionIds };
}

export function createDocumentsService(repo: DocumentsRepository, storage: DocumentStorage) {
  function checkFile(file: DocumentFileInput): { ext: string } {
    const allowed = ALLOWED_TYPES[file.contentType];
    if (!allowed) throw new DomainError('This file type is not accepted. Upload a PDF, PNG, JPEG or WebP file.', 415);
    if (file.data.length === 0) throw new DomainError('The file is empty.', 400);
    if (file.data.length > 25 * 1024 * 1024) throw new DomainError('The file is larger than 25 MB.', 413);
    const ok = allowed.magic.some((sig) => sig.every((b, i) => file.data[i] === b));
    if (!ok) throw new DomainError('The file content does not match its type.', 415);
    return { ext: allowed.ext };
  }

  async function storeFile(file: DocumentFileInput) {
    const { ext } = checkFile(file);
    const checksum = checksumOf(file.data);
    const storageKey = storageKeyFor(checksum, ext);
    if ((await storage.size(storageKey)) !== file.data.length) await storage.put(storageKey, file.data);
    return { fileName: safeFileName(file.fileName, ext), contentType: file.contentType, size: file.data.length, checksum, storageKey };
  }

  return {
    storage,

    /** The current file of a public document; NotFound for an unknown, malformed or withdrawn GUID. */
    async getForDownload(guid: string): Promise<DownloadableDocument> {
      if (!GUID.test(guid)) throw new NotFoundError('Document not found.');
      const row = await repo.findByGuid(guid.toLowerCase());
      if (!row || row.status !== 1) throw new NotFoundError('Document not found.');
      return {
        guid: row.guid,
        title: row.title,
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.size,
        etag: `"${row.checksum.slice(0, 32)}"`,
        lastModified: row.revisionCreated,
        storageKey: row.storageKey,
      };
    },

    open(doc: DownloadableDocument, range?: ByteRange): Promise<Readable> {
      return storage.read(doc.storageKey, range);
    },

    /** Every label and SDS, grouped by product in catalogue order, filtered by region and product. One query. */
    async listLabels(filter: LabelFilter = {}): Promise<LabelGroup[]> {
      const rows = await repo.listActive(['label', 'sds'], filter.productKey ? [filter.productKey] : undefined);
      const groups = new Map<string, LabelGroup>();
      for (const p of DOCUMENT_PRODUCTS) {
        groups.set(p.key, { key: p.key, name: p.name, regionIds: [], pages: p.pages, documents: [] });
      }
      for (const row of rows) {
        if (filter.region && !row.regionIds.includes(filter.region)) continue;
        const key = row.productKey ?? 'other';
        let group = groups.get(key);
        if (!group) {
          group = { key, name: row.title.replace(/\s+(label|sds|safety data sheet)$/i, ''), regionIds: [], pages: {}, documents: [] };
          groups.set(key, group);
        }
        group.documents.push(toLabelDocument(row));
        for (const r of row.regionIds) if (!group.regionIds.includes(r)) group.regionIds.push(r);
      }
      return [...groups.values()]
        .filter((g) => g.documents.length > 0)
        .map((g) => ({ ...g, regionIds: g.regionIds.sort(), documents: g.documents.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'label' ? -1 : 1)) }));
    },

    /** Label and SDS links for a product page, in the order of `productKeys`. One query. */
    async linksForProducts(productKeys: string[], region: 2 | 3): Promise<ProductDocumentLink[]> {
      if (productKeys.length === 0) return [];
      const rows = await repo.listActive(['label', 'sds'], productKeys);
      const order = new Map(productKeys.map((k, i) => [k, i]));
      return rows
        .filter((r) => r.regionIds.includes(region))
        .sort((a, b) => (order.get(a.productKey!) ?? 0) - (order.get(b.productKey!) ?? 0) || (a.kind === 'label' ? -1 : 1))
        .map((r) => ({ guid: r.guid, kind: r.kind as 'label' | 'sds', title: r.title, productKey: r.productKey!, fileName: r.fileName, size: r.size }));
    },

    async create(
      meta: { guid?: string; kind: DocumentKind; productKey: string | null; title: string; regionIds: number[]; sortOrder?: number },
      file: DocumentFileInput,
      authorId: number | null = null,
    ): Promise<string> {
      const guid = (meta.guid ?? randomUUID()).toLowerCase();
      const stored = await storeFile(file);
      await repo.insert({ ...meta, guid }, { ...stored, authorId });
      return guid;
    },

    /** Replaces the file behind a GUID: the URL stays, the old file is kept as a revision. */
    async replaceFile(guid: string, file: DocumentFileInput, authorId: number | null = null): Promise<void> {
      const row = GUID.test(guid) ? await repo.findByGuid(guid.toLowerCase()) : undefined;
      if (!row) throw new NotFoundError('Document not found.');
      const stored = await storeFile(file);
      await repo.appendRevision(row.id, { ...stored, authorId });
    },

    listRevisions: (documentId: number) => repo.listRevisions(documentId),

    /** For the sitemap's lastmod of /product-labels. */
    labelsLastModified: () => repo.lastUpdated(['label', 'sds']),
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
