import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DOCUMENT_PRODUCTS } from '#shared/product-documents.ts';
import type { ProductDocumentLink } from '#shared/product-content.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { DOMAIN_KINDS, type DomainKind } from '../kinds/index.ts';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_PRODUCT_OPTIONS,
  IMAGE_VARIANT_WIDTHS,
  type DocumentDetail,
  type DocumentFilter,
  type DocumentListItem,
  type DocumentMeta,
  type DocumentUsage,
} from '#shared/validation/documents.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import { overwroteDetail, staleRecord } from '../record-versions-repository.ts';
import type { DocumentKind, DocumentRow, DocumentsRepository, NewDocument, UsageRow } from './documents-repository.ts';
import { storageKeyFor, type ByteRange, type DocumentStorage } from './storage.ts';
import { hashing } from './storage-copy.ts';
import type { ProductRegionId } from '#shared/regions.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What may be stored, told by the file's first bytes (never by its name or the type the browser
 * claims). SVG is refused: it is a document that can carry scripts and external references, and
 * the library only needs photos and PDFs (docs/decisions/023-document-library.md).
 */
const ALLOWED_TYPES: Record<string, { ext: string; magic: (number | null)[][] }> = {
  'application/pdf': { ext: '.pdf', magic: [[0x25, 0x50, 0x44, 0x46, 0x2d]] },
  'image/png': { ext: '.png', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  'image/jpeg': { ext: '.jpg', magic: [[0xff, 0xd8, 0xff]] },
  // RIFF....WEBP: bytes 4-7 are the chunk size
  'image/webp': { ext: '.webp', magic: [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]] },
};

export const TYPE_REFUSED = 'This file type is not accepted. Upload a PDF, PNG, JPEG or WebP file.';

/** The content type a file's first bytes show, or null when it is none of the accepted types. */
export function sniffContentType(head: Uint8Array): string | null {
  for (const [type, { magic }] of Object.entries(ALLOWED_TYPES)) {
    if (magic.some((sig) => head.length >= sig.length && sig.every((b, i) => b === null || head[i] === b))) return type;
  }
  return null;
}

/** An upload being received: the stream of its bytes and whether the size limit cut it short. */
export interface UploadStream {
  fileName: string;
  stream: Readable;
  truncated(): boolean;
}

/** An upload stored under a temporary key, checked, waiting for its document row. */
export interface StagedFile {
  tempKey: string;
  fileName: string;
  contentType: string;
  ext: string;
  size: number;
  checksum: string;
}

export interface DocumentsServiceOptions {
  maxUploadBytes?: number;
  /** Every write that changes what public pages show is announced here (the page cache listens). */
  events?: ContentEvents;
  /** the versioned kinds whose items may mention a document (their "where used" label, address and title) */
  kinds?: readonly DomainKind[];
}

const variantKey = (checksum: string, width: number) => `variants/${checksum.slice(0, 2)}/${checksum}-w${width}.webp`;

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
  region?: ProductRegionId | null;
  productKey?: string | null;
}

/**
 * The largest image the library decodes: 40 megapixels (a full-size photo from a 40 MP camera; the
 * site shows nothing wider than 2,400 px). sharp's own default (268 MP) would let one upload make a
 * decode of about a gigabyte; this one stays near 160 MB.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_TOO_LARGE =
  'The image is larger than 40 megapixels. Resize it (2,400 pixels wide is plenty for the site) and upload it again.';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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
  return {
    guid: row.guid,
    kind: row.kind as 'label' | 'sds',
    title: row.title,
    fileName: row.fileName,
    size: row.size,
    regionIds: row.regionIds,
  };
}

function toListItem(row: DocumentRow): DocumentListItem {
  return {
    id: row.id,
    guid: row.guid,
    title: row.title,
    kind: row.kind,
    productKey: row.productKey,
    regionIds: row.regionIds,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    updated: row.updated.toISOString(),
    version: row.version,
  };
}

export function createDocumentsService(repo: DocumentsRepository, storage: DocumentStorage, options: DocumentsServiceOptions = {}) {
  const kinds = options.kinds ?? DOMAIN_KINDS;
  const maxUploadBytes = options.maxUploadBytes ?? 25 * 1024 * 1024;
  const maxUploadMb = Math.round((maxUploadBytes / (1024 * 1024)) * 10) / 10;
  const tooLarge = () => new DomainError(`The file is larger than ${maxUploadMb} MB, the upload limit.`, 413);

  /** The one place a write tells the rest of the site that public pages changed. */
  function changed(guid: string | null = null) {
    options.events?.changed({ kind: 'document', id: guid });
  }

  function checkFile(file: DocumentFileInput): { ext: string; contentType: string } {
    if (file.data.length === 0) throw new DomainError('The file is empty.', 400);
    if (file.data.length > maxUploadBytes) throw tooLarge();
    const contentType = sniffContentType(file.data.subarray(0, 16));
    if (!contentType) throw new DomainError(TYPE_REFUSED, 415);
    return { ext: ALLOWED_TYPES[contentType]!.ext, contentType };
  }

  /** Resized WebP copies of an image for srcset; widths the original is smaller than are skipped (the original serves them). */
  async function makeVariants(storageKey: string, checksum: string): Promise<void> {
    // loaded when an image is first processed: libvips is about 20 MB resident, which a server that
    // only serves pages would carry for nothing (ADR 042)
    const { default: sharp } = await import('sharp');
    let width: number | undefined;
    let height: number | undefined;
    try {
      // the header alone (no pixels decoded): the size is checked before anything is decoded
      ({ width, height } = await sharp(await readAll(await storage.read(storageKey))).metadata());
    } catch {
      throw new DomainError('The image could not be read. Upload a valid PNG, JPEG or WebP file.', 415);
    }
    if ((width ?? 0) * (height ?? 0) > MAX_IMAGE_PIXELS) throw new DomainError(IMAGE_TOO_LARGE, 413);
    for (const w of IMAGE_VARIANT_WIDTHS) {
      if (!width || w >= width) break;
      const key = variantKey(checksum, w);
      if ((await storage.size(key)) !== null) continue;
      const data = await sharp(await readAll(await storage.read(storageKey)), { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      await storage.put(key, data);
    }
  }

  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      await storage.remove(key);
      const checksum = key.split('/').pop()!.split('.')[0]!;
      for (const w of IMAGE_VARIANT_WIDTHS) await storage.remove(variantKey(checksum, w));
    }
  }

  /** Moves a checked upload to its content-addressed key and makes its image variants. */
  async function commitStaged(staged: StagedFile) {
    const storageKey = storageKeyFor(staged.checksum, staged.ext);
    if ((await storage.size(storageKey)) === staged.size) await storage.remove(staged.tempKey);
    else await storage.move(staged.tempKey, storageKey);
    if (staged.contentType.startsWith('image/')) await makeVariants(storageKey, staged.checksum);
    return { fileName: staged.fileName, contentType: staged.contentType, size: staged.size, checksum: staged.checksum, storageKey };
  }

  async function detail(row: DocumentRow): Promise<DocumentDetail> {
    const revisions = await repo.listRevisions(row.id);
    return {
      ...toListItem(row),
      altText: row.altText,
      url: `/doccenter/${row.guid}`,
      revisions: revisions.map((r) => ({
        id: r.id,
        fileName: r.fileName,
        contentType: r.contentType,
        size: r.size,
        created: r.created.toISOString(),
        current: r.id === row.revisionId,
        author: r.author,
      })),
      usage: await usageOf(row),
    };
  }

  /**
   * Where a document shows: content that links its file (blocking a delete, which would break the link),
   * then the lists a label or SDS is on because of its product (the labels page and the product pages),
   * which a delete only takes it off.
   */
  async function usageOf(row: DocumentRow): Promise<DocumentUsage[]> {
    const listed = (row.kind === 'label' || row.kind === 'sds') && row.productKey !== null && row.status === 1;
    const toUsage = (u: UsageRow, blocking: boolean): DocumentUsage => {
      const kind = kinds.find((k) => k.def.name === u.kind);
      if (!kind?.usage) {
        // reps have no page of their own: the admin screen where the photo is chosen
        return { kind: 'Rep photo', title: u.title, path: `/siteadmin/reps-retailers/rep/edit/${u.slug}`, blocking };
      }
      return { kind: kind.def.usageLabel, title: kind.usage.title?.(u) ?? u.title, path: kind.usage.path(u), blocking };
    };
    const linked = (await repo.usage(row.guid, row.productKey, false)).map((u) => toUsage(u, true));
    if (!listed) return linked;
    const key = (u: DocumentUsage) => `${u.kind} ${u.path ?? ''} ${u.title}`;
    const linkedKeys = new Set(linked.map(key));
    const lists = (await repo.usage(row.guid, row.productKey, true)).map((u) => toUsage(u, false)).filter((u) => !linkedKeys.has(key(u)));
    return [...linked, { kind: 'Labels page', title: 'Product Labels', path: '/product-labels', blocking: false }, ...lists];
  }

  async function byId(id: number): Promise<DocumentRow> {
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    return row;
  }

  function checkKindFits(kind: DocumentKind, contentType: string) {
    if (kind === 'image' && !contentType.startsWith('image/'))
      throw new DomainError(DOCUMENT_MESSAGES.imageKindNeedsImage, 400, { file: [DOCUMENT_MESSAGES.imageKindNeedsImage] });
    // Product Labels and product pages link labels and SDSs as "PDF, N KB"
    if ((kind === 'label' || kind === 'sds') && contentType !== 'application/pdf')
      throw new DomainError(DOCUMENT_MESSAGES.labelNeedsPdf, 400, { file: [DOCUMENT_MESSAGES.labelNeedsPdf] });
  }

  async function storeFile(file: DocumentFileInput) {
    const { ext, contentType } = checkFile(file);
    const checksum = checksumOf(file.data);
    const storageKey = storageKeyFor(checksum, ext);
    if ((await storage.size(storageKey)) !== file.data.length) await storage.put(storageKey, file.data);
    if (contentType.startsWith('image/')) await makeVariants(storageKey, checksum);
    return { fileName: safeFileName(file.fileName, ext), contentType, size: file.data.length, checksum, storageKey };
  }

  return {
    storage,

    /**
     * The current file of a public document; NotFound for an unknown, malformed or withdrawn GUID.
     * With a width, an image is answered with its smallest resized variant at least that wide (the
     * original when it is smaller).
     */
    async getForDownload(guid: string, width?: number): Promise<DownloadableDocument> {
      if (!GUID.test(guid)) throw new NotFoundError('Document not found.');
      const row = await repo.findByGuid(guid.toLowerCase());
      if (!row || row.status !== 1) throw new NotFoundError('Document not found.');
      if (width && row.contentType.startsWith('image/')) {
        for (const w of IMAGE_VARIANT_WIDTHS) {
          if (w < width) continue;
          const key = variantKey(row.checksum, w);
          const size = await storage.size(key);
          if (size === null) break;
          return {
            guid: row.guid,
            title: row.title,
            fileName: row.fileName.replace(/\.[a-z0-9]+$/i, `-w${w}.webp`),
            contentType: 'image/webp',
            size,
            etag: `"${row.checksum.slice(0, 32)}-w${w}"`,
            lastModified: row.revisionCreated,
            storageKey: key,
          };
        }
      }
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
        .map((g) => ({
          ...g,
          regionIds: g.regionIds.sort(),
          documents: g.documents.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'label' ? -1 : 1)),
        }));
    },

    /** Label and SDS links for a product page, in the order of `productKeys`. One query. */
    async linksForProducts(productKeys: string[], region: ProductRegionId): Promise<ProductDocumentLink[]> {
      if (productKeys.length === 0) return [];
      const rows = await repo.listActive(['label', 'sds'], productKeys);
      const order = new Map(productKeys.map((k, i) => [k, i]));
      return rows
        .filter((r) => r.regionIds.includes(region))
        .sort((a, b) => (order.get(a.productKey!) ?? 0) - (order.get(b.productKey!) ?? 0) || (a.kind === 'label' ? -1 : 1))
        .map((r) => ({
          guid: r.guid,
          kind: r.kind as 'label' | 'sds',
          title: r.title,
          productKey: r.productKey!,
          fileName: r.fileName,
          size: r.size,
        }));
    },

    async create(
      meta: Omit<NewDocument, 'guid'> & { guid?: string },
      file: DocumentFileInput,
      authorId: number | null = null,
    ): Promise<string> {
      const guid = (meta.guid ?? randomUUID()).toLowerCase();
      const stored = await storeFile(file);
      checkKindFits(meta.kind, stored.contentType);
      await repo.insert({ ...meta, guid }, { ...stored, authorId });
      changed(guid);
      return guid;
    },

    /** Replaces the file behind a GUID: the URL stays, the old file is kept as a revision. */
    async replaceFile(guid: string, file: DocumentFileInput, authorId: number | null = null): Promise<void> {
      const row = GUID.test(guid) ? await repo.findByGuid(guid.toLowerCase()) : undefined;
      if (!row) throw new NotFoundError('Document not found.');
      const stored = await storeFile(file);
      checkKindFits(row.kind, stored.contentType);
      await repo.appendRevision(row.id, { ...stored, authorId });
      changed(row.guid);
    },

    listRevisions: (documentId: number) => repo.listRevisions(documentId),

    /**
     * Streams an upload to storage under a temporary key while hashing it, then checks its size
     * and its first bytes. Nothing is held in memory whole; a refused upload leaves nothing behind.
     */
    async stage(upload: UploadStream): Promise<StagedFile> {
      const tempKey = `incoming/${randomUUID()}.upload`;
      const counter = hashing();
      await storage.putStream(tempKey, upload.stream.pipe(counter.stream));
      try {
        const { size, checksum } = counter.result();
        if (upload.truncated() || size > maxUploadBytes) throw tooLarge();
        if (size === 0) throw new DomainError('The file is empty.', 400, { file: ['The file is empty.'] });
        const head = await readAll(await storage.read(tempKey, { start: 0, end: Math.min(15, size - 1) }));
        const contentType = sniffContentType(head);
        if (!contentType) throw new DomainError(TYPE_REFUSED, 415, { file: [TYPE_REFUSED] });
        const ext = ALLOWED_TYPES[contentType]!.ext;
        return { tempKey, fileName: safeFileName(upload.fileName, ext), contentType, ext, size, checksum };
      } catch (err) {
        await storage.remove(tempKey);
        throw err;
      }
    },

    /** Drops a staged upload that will not be used (its form was invalid). */
    discard: (staged: StagedFile) => storage.remove(staged.tempKey),

    /** A new document from a staged upload; returns its detail. */
    async add(meta: DocumentMeta, staged: StagedFile, authorId: number | null): Promise<DocumentDetail> {
      try {
        checkKindFits(meta.kind, staged.contentType);
      } catch (err) {
        await storage.remove(staged.tempKey);
        throw err;
      }
      const stored = await commitStaged(staged);
      const id = await repo.insert({ ...meta, guid: randomUUID() }, { ...stored, authorId });
      changed();
      return detail(await byId(id));
    },

    /** A new file for a document: same GUID and URL, the previous file kept as a dated revision. */
    async replace(id: number, staged: StagedFile, authorId: number | null): Promise<DocumentDetail> {
      let row: DocumentRow;
      try {
        row = await byId(id);
        checkKindFits(row.kind, staged.contentType);
      } catch (err) {
        await storage.remove(staged.tempKey);
        throw err;
      }
      const stored = await commitStaged(staged);
      await repo.appendRevision(row.id, { ...stored, authorId });
      changed();
      return detail(await byId(id));
    },

    /**
     * Makes an earlier revision's file the served one again by appending a copy of it as the newest
     * revision: the GUID and URL stay, and no revision is lost (a rollback, ADR 023). The file is
     * content-addressed and kept while any revision names it, so nothing is copied in storage.
     * Restoring the revision already served changes nothing.
     */
    async restore(id: number, revisionId: number, authorId: number | null): Promise<DocumentDetail> {
      const row = await byId(id);
      const revision = await repo.findRevision(id, revisionId);
      if (!revision) throw new NotFoundError(DOCUMENT_MESSAGES.revisionNotFound);
      if (revision.id === row.revisionId) return detail(row);
      checkKindFits(row.kind, revision.contentType);
      const { fileName, contentType, size, checksum, storageKey } = revision;
      await repo.appendRevision(id, { fileName, contentType, size, checksum, storageKey, authorId });
      changed(row.guid);
      return detail(await byId(id));
    },

    async edit(id: number, meta: DocumentMeta): Promise<DocumentDetail> {
      return (await this.editGuarded(id, meta, null)).document;
    },

    /**
     * Saves a document's details; with a guard, refused (409) when another save landed since the
     * version it started from (ADR 048). Answers the document and the audit detail of the save (whose
     * changes it saved over, when it did so on purpose).
     */
    async editGuarded(
      id: number,
      meta: DocumentMeta,
      guard: SaveGuard | null,
    ): Promise<{ document: DocumentDetail; audit: Record<string, unknown> | null }> {
      const row = await byId(id);
      if (guard && row.version !== guard.baseVersion) throw await staleRecord(repo.db, row, guard);
      checkKindFits(meta.kind, row.contentType);
      const values = { kind: meta.kind, title: meta.title, productKey: meta.productKey, regionIds: meta.regionIds, altText: meta.altText };
      if (!(await repo.updateMeta(id, values, guard))) {
        // saved by someone else between the read and the conditional update (or deleted)
        const now = await byId(id);
        if (!guard) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
        throw await staleRecord(repo.db, now, guard);
      }
      changed();
      const over = await overwroteDetail(repo.db, row, guard);
      return { document: await detail(await byId(id)), audit: Object.keys(over).length ? over : null };
    },

    get: async (id: number) => detail(await byId(id)),
    /** One document by its public GUID (what content stores: /doccenter/{guid}), as the list shows it. */
    async getByGuid(guid: string): Promise<DocumentListItem> {
      const row = GUID.test(guid) ? await repo.findByGuid(guid.toLowerCase()) : undefined;
      if (!row || row.status !== 1) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
      return toListItem(row);
    },

    usage: async (id: number) => usageOf(await byId(id)),

    async filter(filter: DocumentFilter): Promise<{ items: DocumentListItem[]; total: number }> {
      const { rows, total } = await repo.listForAdmin({ ...filter, productOrder: DOCUMENT_PRODUCT_OPTIONS.map((p) => p.value) });
      return { items: rows.map(toListItem), total };
    },

    /**
     * Deletes a document and its files; refused while content links its file. A label or SDS that is only
     * listed (on the labels page and its product's page) leaves those lists.
     */
    async delete(id: number): Promise<void> {
      const row = await byId(id);
      const usage = (await usageOf(row)).filter((u) => u.blocking);
      if (usage.length > 0) {
        const where = usage
          .slice(0, 3)
          .map((u) => `${u.kind} "${u.title}"`)
          .join(', ');
        throw new DomainError(
          `This document is in use (${where}${usage.length > 3 ? ` and ${usage.length - 3} more` : ''}) and cannot be deleted. Remove it from there first.`,
          409,
        );
      }
      const orphaned = await repo.transaction((tx) => repo.delete(id, tx));
      changed();
      await removeFiles(orphaned);
    },

    /** For the sitemap's lastmod of /product-labels. */
    labelsLastModified: () => repo.lastUpdated(['label', 'sds']),
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
