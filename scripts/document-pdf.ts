import PDFDocument from 'pdfkit';
import { documentRegionIds } from '../seed/products.ts';
import { PRODUCT_LINES } from '../seed/product-content.ts';
import { DOCUMENT_PRODUCTS, type DocumentKind } from '../shared/product-documents.ts';

// Development tool: draws the seed's label and SDS PDFs, which are committed under
// seed/documents/ so that a production install needs no PDF library.

export interface PdfProduct {
  key: string;
  name: string;
  /** e.g. "Nitrogen stabilizer for urea and UAN" */
  description: string;
  analysis?: { nutrient: string; amount: number }[];
  regions: string;
}

const REGION_NAMES: Record<number, string> = { 2: 'United States', 3: 'Canada' };

/** What the label and SDS of a document product say, from the product copy used by the seed. */
export function pdfProductFor(key: string): PdfProduct {
  const product = DOCUMENT_PRODUCTS.find((p) => p.key === key)!;
  const wolfTrax = PRODUCT_LINES.find((l) => l.lineKey === 'wolf-trax')!;
  const analysisRow = wolfTrax.analysis!.find((a) => a.product === product.name);
  const line = PRODUCT_LINES.find((l) => key === l.lineKey);
  const description = analysisRow
    ? `${analysisRow.nutrient} micronutrient for coating onto dry fertilizer`
    : line
      ? line.tagline.replace(/\.$/, '')
      : key.startsWith('nu')
        ? 'Seed-applied micronutrient treatment'
        : 'Micronutrient blend for coating onto dry fertilizer';
  return {
    key,
    name: product.name,
    description,
    analysis: analysisRow ? [{ nutrient: `${analysisRow.nutrient} (${analysisRow.symbol})`, amount: analysisRow.amount }] : undefined,
    regions: documentRegionIds(key)
      .map((r) => REGION_NAMES[r])
      .join(', '),
  };
}

const ISSUED = new Date('2026-01-15T12:00:00Z');
const GREEN = '#1f5130';
const INK = '#1b2433';
const MUTED = '#4a5566';

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11.5).fillColor(GREEN).text(text.toUpperCase(), { characterSpacing: 0.4 });
  doc
    .moveTo(doc.x, doc.y + 2)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y + 2)
    .lineWidth(0.6)
    .strokeColor('#c9d3cc')
    .stroke();
  doc.moveDown(0.35).font('Helvetica').fontSize(10).fillColor(INK);
}

function para(doc: PDFKit.PDFDocument, text: string) {
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(text, { lineGap: 2.5 }).moveDown(0.35);
}

function bullets(doc: PDFKit.PDFDocument, items: string[]) {
  doc.font('Helvetica').fontSize(10).fillColor(INK).list(items, { bulletRadius: 1.6, textIndent: 12, lineGap: 2.5 }).moveDown(0.35);
}

function masthead(doc: PDFKit.PDFDocument, product: PdfProduct, kind: DocumentKind) {
  const width = doc.page.width;
  doc.rect(0, 0, width, 92).fill(GREEN);
  doc.circle(58, 46, 20).fill('#e0a526');
  doc.font('Helvetica-Bold').fontSize(15).fillColor('#ffffff').text('NORTHFIELD AGRONOMICS', 92, 30, { characterSpacing: 1 });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor('#dfe9e2')
    .text(kind === 'label' ? 'Specimen product label' : 'Safety data sheet', 92, 50);
  doc.font('Helvetica-Bold').fontSize(24).fillColor(INK).text(product.name, 54, 118);
  doc
    .font('Helvetica')
    .fontSize(11.5)
    .fillColor(MUTED)
    .text(product.description, { width: width - 108 });
  doc
    .moveDown(0.2)
    .fontSize(9)
    .text(`Document issued ${ISSUED.toISOString().slice(0, 10)} · Regions: ${product.regions}`);
  doc.x = 54;
}

function footer(doc: PDFKit.PDFDocument, product: PdfProduct, kind: DocumentKind) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - 40;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${product.name} · ${kind === 'label' ? 'Label' : 'SDS'} · Page ${i + 1} of ${range.count}`, 54, bottom, {
        width: doc.page.width - 108,
        align: 'center',
        lineBreak: false,
      });
  }
}

function labelBody(doc: PDFKit.PDFDocument, p: PdfProduct) {
  heading(doc, 'Product description');
  para(
    doc,
    `${p.name}: ${p.description}. This specimen label is provided for reference; the label on the product container is the legally binding document. Always read and follow label directions.`,
  );
  if (p.analysis?.length) {
    heading(doc, 'Guaranteed analysis');
    const left = 54;
    const col = 300;
    doc.font('Helvetica-Bold').fontSize(10).text('Nutrient', left, doc.y, { continued: false });
    doc.moveUp().text('Minimum guaranteed', left + col, doc.y);
    doc.font('Helvetica');
    for (const row of p.analysis) {
      const y = doc.y + 2;
      doc.text(row.nutrient, left, y);
      doc.text(`${row.amount.toFixed(row.amount % 1 === 0 ? 0 : 1)} %`, left + col, y);
    }
    doc.x = left;
    doc.moveDown(0.5);
  }
  heading(doc, 'Directions for use');
  bullets(doc, [
    'Apply at the rates recommended by your agronomist or retailer, based on a current soil test and the yield goal of the crop.',
    'Calibrate application equipment before use and distribute evenly across the field.',
    'Do not apply to frozen or water-saturated soils, or where runoff to surface water is likely.',
    'Treated fertilizer may be stored and applied as directed on the product container.',
  ]);
  heading(doc, 'Storage and handling');
  bullets(doc, [
    'Store in a cool, dry, well-ventilated area in the original closed container, away from food and feed.',
    'Keep out of reach of children and animals.',
    'Clean up spills promptly and return usable product to its container.',
  ]);
  heading(doc, 'Precautionary statements');
  para(
    doc,
    'Avoid contact with eyes, skin and clothing. Wear protective gloves and eye protection when handling. Wash thoroughly after handling. See the safety data sheet for full hazard information.',
  );
  heading(doc, 'Limitation of warranty and liability');
  para(
    doc,
    "The manufacturer warrants that this product conforms to the description on the label. Crop response depends on soil, weather, application and management practices beyond the manufacturer's control.",
  );
}

const SDS_SECTIONS: [string, (p: PdfProduct) => string][] = [
  [
    '1. Identification',
    (p) =>
      `Product identifier: ${p.name}. Recommended use: ${p.description}. Supplier: Northfield Agronomics. Emergency telephone: see container.`,
  ],
  [
    '2. Hazard identification',
    () =>
      'Not classified as hazardous under the applicable hazard communication standard when used as directed. May cause mild eye irritation on direct contact.',
  ],
  [
    '3. Composition and information on ingredients',
    (p) =>
      (p.analysis?.length ? `Micronutrient content: ${p.analysis.map((a) => `${a.nutrient} ${a.amount} %`).join(', ')}. ` : '') +
      'Exact composition is withheld as a trade secret where permitted.',
  ],
  [
    '4. First-aid measures',
    () =>
      'Eyes: rinse cautiously with water for several minutes. Skin: wash with soap and water. Ingestion: rinse mouth; do not induce vomiting. Seek medical advice if symptoms persist.',
  ],
  [
    '5. Fire-fighting measures',
    () => 'Use extinguishing media suitable for the surrounding fire. Thermal decomposition may release oxides of nitrogen and carbon.',
  ],
  [
    '6. Accidental release measures',
    () => 'Avoid generating dust. Sweep or shovel into a suitable container. Prevent entry into drains and waterways.',
  ],
  [
    '7. Handling and storage',
    () => 'Handle in accordance with good industrial hygiene practice. Store dry, in closed containers, away from incompatible materials.',
  ],
  [
    '8. Exposure controls and personal protection',
    () => 'Use gloves and safety glasses. Ensure adequate ventilation when handling in enclosed spaces.',
  ],
  [
    '9. Physical and chemical properties',
    () => 'Appearance and odour as supplied. Refer to the product technical sheet for density and particle size.',
  ],
  ['10. Stability and reactivity', () => 'Stable under normal storage conditions. Avoid strong oxidizers and excessive heat.'],
  ['11. Toxicological information', () => 'No significant acute toxicity expected under normal use.'],
  ['12. Ecological information', () => 'Nutrients can contribute to algae growth if released to surface water. Avoid runoff.'],
  [
    '13. Disposal considerations',
    () => 'Use product according to label directions. Dispose of waste and containers in accordance with local regulations.',
  ],
  ['14. Transport information', () => 'Not regulated as dangerous goods for road, rail, sea or air transport.'],
  [
    '15. Regulatory information',
    (p) => `Registered or permitted for sale in: ${p.regions}. Consult local authorities for additional requirements.`,
  ],
  [
    '16. Other information',
    () =>
      `Issue date ${ISSUED.toISOString().slice(0, 10)}. This sheet describes the product for safety purposes only and is not a specification.`,
  ],
];

/** A label or SDS as a real, valid PDF. Same input, same bytes (fixed dates), so seeding is repeatable. */
export function renderDocumentPdf(product: PdfProduct, kind: DocumentKind): Promise<Buffer> {
  const title = `${product.name} ${kind === 'label' ? 'Label' : 'Safety Data Sheet'}`;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 54, bottom: 64, left: 54, right: 54 },
    bufferPages: true,
    info: { Title: title, Author: 'Northfield Agronomics', Subject: product.description, CreationDate: ISSUED, ModDate: ISSUED },
    lang: 'en-US',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  masthead(doc, product, kind);
  if (kind === 'label') labelBody(doc, product);
  else
    for (const [h, text] of SDS_SECTIONS) {
      heading(doc, h);
      para(doc, text(product));
    }
  footer(doc, product, kind);
  doc.end();
  return done;
}
