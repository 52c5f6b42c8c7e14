/**
 * Redraws the label and SDS PDFs the seed stores in the document center, into seed/documents/.
 * Run after changing scripts/document-pdf.ts or the product copy: npx tsx scripts/generate-document-pdfs.ts
 * (scripts/document-pdfs.test.ts fails while the committed files are out of date).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { SEED_DOCUMENTS_DIR, seedDocumentFile } from '../seed/products.ts';
import { DOCUMENT_PRODUCTS, type DocumentKind } from '../shared/product-documents.ts';
import { pdfProductFor, renderDocumentPdf } from './document-pdf.ts';

mkdirSync(SEED_DOCUMENTS_DIR, { recursive: true });
let count = 0;
for (const product of DOCUMENT_PRODUCTS) {
  for (const kind of ['label', 'sds'] as DocumentKind[]) {
    writeFileSync(seedDocumentFile(product.key, kind), await renderDocumentPdf(pdfProductFor(product.key), kind));
    count++;
  }
}
console.log(`Wrote ${count} PDFs to ${SEED_DOCUMENTS_DIR}`);
