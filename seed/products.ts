import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '#config/project-root.ts';
import { CATALOG } from '#shared/catalog.ts';
import { DOCUMENT_PRODUCTS, documentGuid, type DocumentKind } from '#shared/product-documents.ts';
import type { ProductContent } from '#shared/product-content.ts';
import { LANDING_PAGES } from './landing-content.ts';
import { benefitsFor, findRepModule, PRODUCT_LINES, textFor } from './product-content.ts';
import type { SeedServices } from './services.ts';
import { REGION_CA, type ProductRegionId, PRODUCT_REGION_IDS } from '#shared/regions.ts';

/** The content of one product page, built from its line's copy and the region. */
export function productSeedContent(slug: string): {
  base: { slug: string; regionId: ProductRegionId; lineKey: string; family: string; sortOrder: number };
  content: ProductContent;
} {
  const index = CATALOG.findIndex((p) => p.slug === slug);
  const entry = CATALOG[index];
  if (!entry) throw new Error(`No catalog entry for ${slug}`);
  const lineKey = slug.replace(/-ca$/, '');
  const line = PRODUCT_LINES.find((l) => l.lineKey === lineKey);
  if (!line) throw new Error(`No product copy for ${lineKey}`);
  const region = entry.region;
  const canada = region === REGION_CA;
  return {
    base: { slug, regionId: region, lineKey, family: line.family, sortOrder: index },
    content: {
      name: line.name,
      group: entry.group,
      tagline: entry.tagline,
      summary: line.summary,
      heroMedia: { previewsrc: `/images/products/${lineKey}.svg`, alttext: textFor(line.image.alt, region), width: 1200, height: 900 },
      modules: [...line.modules(region), findRepModule(line.name, region)],
      benefits: benefitsFor(line.benefits, region),
      analysis: line.analysis ?? [],
      documentKeys: line.documentKeys[region] ?? [],
      knowledgeSlugs: line.knowledge,
      seo: {
        title: canada ? `${line.seo.title} in Canada` : line.seo.title,
        desc: canada ? `${textFor(line.seo.desc, region)} Sold through retailers across Canada.` : textFor(line.seo.desc, region),
        ogtitle: line.name,
        ogdesc: entry.tagline,
        ogphoto: { previewsrc: `/images/products/${lineKey}.svg` },
      },
    },
  };
}

async function seedProducts(s: SeedServices) {
  for (const entry of CATALOG) {
    if (await s.repos.products.findBySlug(entry.slug)) continue;
    const { base, content } = productSeedContent(entry.slug);
    await s.products.create(base, content);
  }
}

/** Where the committed label and SDS PDFs live (`npx tsx scripts/generate-document-pdfs.ts` redraws them). */
export const SEED_DOCUMENTS_DIR = path.join(projectRoot, 'seed', 'documents');

export function seedDocumentFile(key: string, kind: DocumentKind): string {
  return path.join(SEED_DOCUMENTS_DIR, `${key}-${kind}.pdf`);
}

/** The regions whose product pages list a document product. */
export function documentRegionIds(key: string): number[] {
  const product = DOCUMENT_PRODUCTS.find((p) => p.key === key)!;
  return PRODUCT_REGION_IDS.filter((r) => product.pages[r]);
}

/**
 * A label and an SDS for every product in DOCUMENT_PRODUCTS, with the GUIDs the product selector
 * links to. The PDFs are committed files (the PDF library is a development tool, absent from a
 * production install); a missing stored file (a fresh data directory) is written again.
 */
async function seedDocuments(s: SeedServices) {
  let order = 0;
  for (const product of DOCUMENT_PRODUCTS) {
    for (const kind of ['label', 'sds'] as DocumentKind[]) {
      order++;
      const guid = documentGuid(product.key, kind);
      const current = await s.repos.documents.findByGuid(guid);
      if (current) {
        if ((await s.storage.size(current.storageKey)) === current.size) continue;
        const data = await readFile(seedDocumentFile(product.key, kind));
        if (data.length === current.size) await s.storage.put(current.storageKey, data);
        continue;
      }
      const data = await readFile(seedDocumentFile(product.key, kind));
      await s.documents.create(
        {
          guid,
          kind,
          productKey: product.key,
          title: `${product.name} ${kind === 'label' ? 'Label' : 'Safety Data Sheet'}`,
          regionIds: documentRegionIds(product.key),
          sortOrder: order,
        },
        { fileName: `${product.key}-${kind}.pdf`, contentType: 'application/pdf', data },
      );
    }
  }
}

async function seedLandingPages(s: SeedServices) {
  for (const page of LANDING_PAGES) {
    if (await s.repos.landingPages.findByKey(page.key)) continue;
    await s.landingPages.create({ key: page.key, kind: page.kind, path: page.path, regionIds: page.regionIds }, page.content);
  }
  // the words above the list and form pages (a start adds any missing ones too)
  await s.landingPages.ensureListPages();
}

/** Products, their labels and SDSs, the homes, campaign pages and About. */
export async function seedProductContent(s: SeedServices): Promise<void> {
  await seedProducts(s);
  await seedDocuments(s);
  await seedLandingPages(s);
}
