import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { seedDocumentFile } from '../seed/products.ts';
import { DOCUMENT_PRODUCTS, type DocumentKind } from '../shared/product-documents.ts';
import { pdfProductFor, renderDocumentPdf } from './document-pdf.ts';

it('the committed seed PDFs are the ones the generator draws today (run scripts/generate-document-pdfs.ts if not)', async () => {
  const stale: string[] = [];
  for (const product of DOCUMENT_PRODUCTS) {
    for (const kind of ['label', 'sds'] as DocumentKind[]) {
      const drawn = await renderDocumentPdf(pdfProductFor(product.key), kind);
      const committed = readFileSync(seedDocumentFile(product.key, kind));
      expect(committed.subarray(0, 5).toString()).toBe('%PDF-');
      if (!drawn.equals(committed)) stale.push(`${product.key}-${kind}`);
    }
  }
  expect(stale).toEqual([]);
}, 30_000);
