import { PDFDocument } from 'pdf-lib';

// The invoice with the load's documents after it: a PDF's pages are copied, a JPEG or PNG picture (a
// photographed proof of delivery) becomes a US Letter page of its own, scaled to fit. A file that cannot be
// read as any of these is left out and named as not attached.

export type Attachment = { name: string; mimeType: string | null; data: Buffer };

const LETTER = { width: 612, height: 792 };
const MARGIN = 36;

function kindOf(attachment: Attachment): 'pdf' | 'jpg' | 'png' | null {
  const head = attachment.data.subarray(0, 8);
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}

/**
 * The attachments as pages of one PDF, with the names of those added and of those that could not be read
 * (made before the invoice, so that the invoice names exactly what follows it).
 */
export async function attachmentPages(
  attachments: readonly Attachment[],
): Promise<{ pages: PDFDocument | null; attached: string[]; skipped: string[] }> {
  if (attachments.length === 0) return { pages: null, attached: [], skipped: [] };
  const merged = await PDFDocument.create();
  const attached: string[] = [];
  const skipped: string[] = [];
  for (const attachment of attachments) {
    try {
      const kind = kindOf(attachment);
      if (kind === 'pdf') {
        const source = await PDFDocument.load(attachment.data, { ignoreEncryption: true });
        const pages = await merged.copyPages(source, source.getPageIndices());
        for (const page of pages) merged.addPage(page);
      } else if (kind === 'jpg' || kind === 'png') {
        const image =
          kind === 'jpg' ? await merged.embedJpg(attachment.data) : await merged.embedPng(attachment.data);
        const scale = Math.min(
          (LETTER.width - 2 * MARGIN) / image.width,
          (LETTER.height - 2 * MARGIN) / image.height,
          1,
        );
        const width = image.width * scale;
        const height = image.height * scale;
        const page = merged.addPage([LETTER.width, LETTER.height]);
        page.drawImage(image, {
          x: (LETTER.width - width) / 2,
          y: (LETTER.height - height) / 2,
          width,
          height,
        });
      } else {
        skipped.push(attachment.name);
        continue;
      }
      attached.push(attachment.name);
    } catch {
      skipped.push(attachment.name);
    }
  }
  return { pages: attached.length ? merged : null, attached, skipped };
}

/** The main document with the attachment pages after it. */
export async function appendPages(main: Buffer, pages: PDFDocument | null): Promise<Buffer> {
  if (!pages) return main;
  const merged = await PDFDocument.load(main);
  const copied = await merged.copyPages(pages, pages.getPageIndices());
  for (const page of copied) merged.addPage(page);
  return Buffer.from(await merged.save());
}
