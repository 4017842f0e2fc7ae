import PDFDocument from 'pdfkit';
import type { Lang } from '@app/domain/common/lookups';
import { reportText } from '@app/domain/accounting/report-texts';
import { loadFonts } from './pdf-fonts';

// What the pay sheet and the invoice share: a US Letter page in DejaVu Sans (pdf-fonts.ts), the company
// header, tables that continue on the next page, and "Page N of M" at the foot of every page.

export type Pdf = { doc: PDFKit.PDFDocument; lang: Lang; done: Promise<Buffer> };

export const MARGIN = 40;
const FOOTER_SPACE = 24;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

/** A new document in the report font; `done` resolves with its bytes once `finish` has been called. */
export function createPdf(lang: Lang, info: { title: string; author: string }): Pdf {
  const { regular, bold } = loadFonts();
  // No default font (pdfkit would load Helvetica); pdfkit takes a parsed fontkit font wherever it takes a
  // font file (its types say file only), and caches it per document under the registered name.
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    font: null as unknown as string,
    info: { Title: info.title, Author: info.author, Creator: info.author },
  });
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('regular').fontSize(9).fillColor(INK);
  return { doc, lang, done };
}

/** Numbers the pages and ends the document. */
export function finishPdf(pdf: Pdf): Promise<Buffer> {
  const { doc } = pdf;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const y = doc.page.height - MARGIN + 6;
    // Writing below the bottom margin would add a page: the margin is lifted for the footer line.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(7)
      .fillColor(MUTED)
      .text(reportText(pdf.lang, 'page', { page: index + 1, pages: range.count }), MARGIN, y, {
        width: contentWidth(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return pdf.done;
}

export function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - 2 * MARGIN;
}

function bottomLimit(doc: PDFKit.PDFDocument): number {
  return doc.page.height - MARGIN - FOOTER_SPACE;
}

/** Starts a new page when less than `height` is left above the footer. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > bottomLimit(doc)) {
    doc.addPage();
    doc.y = MARGIN;
  }
}

export type CompanyHeader = {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  mc_number: string | null;
  dot_number: string | null;
};

/** The company's name and contacts at the left, the document's title and facts at the right. */
export function drawHeader(
  pdf: Pdf,
  company: CompanyHeader,
  title: string,
  facts: readonly [string, string][],
): void {
  const { doc, lang } = pdf;
  const width = contentWidth(doc);
  const top = MARGIN;
  doc
    .font('bold')
    .fontSize(15)
    .fillColor(INK)
    .text(company.name, MARGIN, top, { width: width * 0.55 });
  const ids = [
    company.mc_number ? `${reportText(lang, 'mc')} ${company.mc_number}` : null,
    company.dot_number ? `${reportText(lang, 'dot')} ${company.dot_number}` : null,
  ].filter(Boolean);
  const contacts = [company.address, company.phone, company.email, ids.join('  ·  ') || null].filter(
    (line): line is string => Boolean(line),
  );
  doc.font('regular').fontSize(8.5).fillColor(MUTED);
  for (const line of contacts) doc.text(line, { width: width * 0.55 });
  const leftBottom = doc.y;

  const right = MARGIN + width * 0.6;
  const rightWidth = width * 0.4;
  doc.font('bold').fontSize(18).fillColor(INK).text(title, right, top, { width: rightWidth, align: 'right' });
  doc.moveDown(0.3);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, right, y, { width: rightWidth * 0.4 });
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, right + rightWidth * 0.4, y, {
        width: rightWidth * 0.6,
        align: 'right',
      });
    doc.y = Math.max(doc.y, y + 11);
  }
  doc.y = Math.max(leftBottom, doc.y) + 10;
  rule(doc);
}

/** A thin line across the page, with some space after it. */
export function rule(doc: PDFKit.PDFDocument): void {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + contentWidth(doc), doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y += 8;
}

/** A section title. */
export function heading(doc: PDFKit.PDFDocument, text: string): void {
  ensureSpace(doc, 40);
  doc.font('bold').fontSize(11).fillColor(INK).text(text, MARGIN, doc.y);
  doc.y += 4;
}

/** Muted small text across the page (notes, an empty list). */
export function note(doc: PDFKit.PDFDocument, text: string): void {
  ensureSpace(doc, 16);
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.fillColor(INK);
}

export type Column = { header: string; width: number; align?: 'left' | 'right' };

const CELL_PAD = 3;

function drawRow(
  doc: PDFKit.PDFDocument,
  columns: readonly Column[],
  cells: readonly string[],
  bold: boolean,
) {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const scale = contentWidth(doc) / total;
  doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
  const heights = columns.map((column, index) =>
    doc.heightOfString(cells[index] ?? '', { width: column.width * scale - 2 * CELL_PAD }),
  );
  const height = Math.max(...heights) + 2 * CELL_PAD;
  ensureSpace(doc, height);
  const y = doc.y;
  let x = MARGIN;
  columns.forEach((column, index) => {
    doc.fillColor(INK).text(cells[index] ?? '', x + CELL_PAD, y + CELL_PAD, {
      width: column.width * scale - 2 * CELL_PAD,
      align: column.align ?? 'left',
    });
    x += column.width * scale;
  });
  doc.y = y + height;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + contentWidth(doc), doc.y)
    .lineWidth(0.3)
    .strokeColor(RULE)
    .stroke();
}

/** A table: the header row again at the top of each page it continues on. */
export function table(doc: PDFKit.PDFDocument, columns: readonly Column[], rows: readonly string[][]): void {
  const headers = columns.map((column) => column.header);
  ensureSpace(doc, 40);
  drawRow(doc, columns, headers, true);
  for (const row of rows) {
    const page = doc.bufferedPageRange().count;
    ensureSpace(doc, 20);
    if (doc.bufferedPageRange().count !== page) drawRow(doc, columns, headers, true);
    drawRow(doc, columns, row, false);
  }
  doc.y += 10;
}

/** Label and amount lines aligned at the right (the totals), the last one large and bold. */
export function totals(doc: PDFKit.PDFDocument, lines: readonly [string, string][]): void {
  const width = contentWidth(doc);
  ensureSpace(doc, lines.length * 16 + 10);
  lines.forEach(([label, value], index) => {
    const last = index === lines.length - 1;
    const y = doc.y;
    doc
      .font(last ? 'bold' : 'regular')
      .fontSize(last ? 12 : 9)
      .fillColor(INK);
    doc.text(label, MARGIN + width * 0.25, y, { width: width * 0.53, align: 'right' });
    doc.text(value, MARGIN + width * 0.8, y, { width: width * 0.2, align: 'right' });
    doc.y = Math.max(doc.y, y + (last ? 18 : 13));
  });
}
