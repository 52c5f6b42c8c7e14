import type { DocumentListItem } from '#shared/validation/documents.ts';
import type { DocumentSource } from './document-picker.tsx';
import { REGION_US, REGION_CA, REGION_INT } from '#shared/regions.ts';

/** A small document library for component tests. */
export const TEST_DOCUMENTS: DocumentListItem[] = [
  {
    id: 1,
    guid: '11111111-1111-4111-8111-111111111111',
    title: 'Zinc field photo',
    kind: 'image',
    productKey: null,
    regionIds: [REGION_US],
    fileName: 'zinc.jpg',
    contentType: 'image/jpeg',
    size: 1000,
    updated: '2026-01-01T00:00:00Z',
    version: 1,
  },
  {
    id: 2,
    guid: '22222222-2222-4222-8222-222222222222',
    title: 'Boron trial chart',
    kind: 'image',
    productKey: null,
    regionIds: [REGION_US, REGION_CA],
    fileName: 'boron.png',
    contentType: 'image/png',
    size: 1000,
    updated: '2026-01-02T00:00:00Z',
    version: 1,
  },
  {
    id: 3,
    guid: '33333333-3333-4333-8333-333333333333',
    title: 'Harvest video',
    kind: 'other',
    productKey: null,
    regionIds: [REGION_US],
    fileName: 'harvest.mp4',
    contentType: 'video/mp4',
    size: 1000,
    updated: '2026-01-03T00:00:00Z',
    version: 1,
  },
];

export function testDocumentSource(docs = [...TEST_DOCUMENTS]): DocumentSource & { searches: string[]; uploads: string[] } {
  const searches: string[] = [];
  const uploads: string[] = [];
  return {
    searches,
    uploads,
    async search({ search, kind, start, length }) {
      searches.push(search);
      const hits = docs.filter(
        (d) =>
          d.title.toLowerCase().includes(search.toLowerCase()) &&
          (kind === 'any' || (kind === 'image' ? d.kind === 'image' : d.contentType.startsWith('video/'))),
      );
      return { items: hits.slice(start, start + length), total: hits.length };
    },
    async altText(id) {
      return id === 1 ? 'Corn leaves with zinc deficiency stripes' : '';
    },
    async byUrl(url) {
      return docs.find((d) => url.startsWith(`/doccenter/${d.guid}`)) ?? null;
    },
    async upload(file, meta) {
      uploads.push(`${file.name}: ${meta.title} (${meta.altText})`);
      const doc: DocumentListItem = {
        id: docs.length + 1,
        guid: `${String(docs.length + 1).repeat(8)}-0000-4000-8000-000000000000`,
        title: meta.title,
        kind: meta.kind,
        productKey: null,
        regionIds: [REGION_US, REGION_CA, REGION_INT],
        fileName: file.name,
        contentType: file.type,
        size: file.size,
        updated: '2026-01-04T00:00:00Z',
        version: 1,
      };
      docs.push(doc);
      return doc;
    },
  };
}
