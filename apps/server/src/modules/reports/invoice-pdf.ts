import type { Lang } from '@app/domain/common/lookups';
import { formatUsd } from '@app/domain/common/money';
import { formatEasternDate } from '@app/domain/common/time';
import { reportText, type ReportTextKey } from '@app/domain/accounting/report-texts';
import {
  contentWidth,
  createPdf,
  drawHeader,
  finishPdf,
  heading,
  MARGIN,
  note,
  table,
  totals,
  type CompanyHeader,
} from './pdf-layout';
import { calendarDate } from './paysheet-pdf';

// The invoice to the broker of a load: the company header, the invoice number (the load accounting
// number), its date and due date (Eastern calendar dates), whom it is billed to, the load with its stops,
// its lines (the rate, and the quick pay discount when the broker pays early) and the total due. The rate
// confirmation and the proof of delivery follow as pages of the same file (pdf-merge.ts).

export type InvoiceStop = {
  type: 'pick_up' | 'deliver_to';
  address: string;
  date: string | null;
};

export type InvoiceLine = { description: string; amount_cents: number };

export type InvoiceDocument = {
  company: CompanyHeader;
  number: string;
  /** 'YYYY-MM-DD' (Eastern). */
  invoice_date: string;
  due_date: string;
  days_to_pay: number | null;
  bill_to: {
    name: string;
    address: string | null;
    phone: string | null;
    email: string | null;
    mc_number: string | null;
  };
  load: {
    reference: string | null;
    stops: InvoiceStop[];
    miles: number | null;
    vehicle_type: string | null;
    weight: number | null;
    pieces: number | null;
  };
  lines: InvoiceLine[];
  total_cents: number;
  /** The documents attached after the invoice, and those the load lacks. */
  attached: string[];
  missing: string[];
};

/** The invoice as PDF bytes (without its attachments). */
export async function renderInvoicePdf(invoice: InvoiceDocument, lang: Lang): Promise<Buffer> {
  const t = (key: ReportTextKey, values?: Record<string, string | number>) => reportText(lang, key, values);
  const pdf = createPdf(lang, {
    title: `${t('invoice')} ${invoice.number}`,
    author: invoice.company.name,
  });
  const { doc } = pdf;
  drawHeader(pdf, invoice.company, t('invoice'), [
    [t('invoiceNumber'), invoice.number],
    [t('invoiceDate'), calendarDate(invoice.invoice_date, lang)],
    [t('dueDate'), calendarDate(invoice.due_date, lang)],
    [t('terms'), invoice.days_to_pay ? t('daysToPay', { days: invoice.days_to_pay }) : t('dueOnReceipt')],
  ]);

  const width = contentWidth(doc);
  const top = doc.y;
  const block = (x: number, label: string, lines: (string | null)[]) => {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor('#6b7280')
      .text(label, x, top, { width: width / 2 - 10 });
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor('#1f2937')
      .text(lines[0] ?? '', { width: width / 2 - 10 });
    doc.font('regular').fontSize(8.5);
    for (const line of lines.slice(1)) if (line) doc.text(line, { width: width / 2 - 10 });
    return doc.y;
  };
  const billTo = invoice.bill_to;
  const leftBottom = block(MARGIN, t('billTo'), [
    billTo.name,
    billTo.address,
    billTo.phone,
    billTo.email,
    billTo.mc_number ? `${t('mc')} ${billTo.mc_number}` : null,
  ]);
  const company = invoice.company;
  const rightBottom = block(MARGIN + width / 2, t('remitTo'), [
    company.name,
    company.address,
    company.phone,
    company.email,
  ]);
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, rightBottom) + 14;

  heading(
    doc,
    `${t('load')} ${invoice.number}${invoice.load.reference ? ` · ${t('reference')} ${invoice.load.reference}` : ''}`,
  );
  table(
    doc,
    [
      { header: t('route'), width: 90 },
      { header: t('description'), width: 330 },
      { header: t('date'), width: 95, align: 'right' },
    ],
    invoice.load.stops.map((stop) => [
      t(stop.type === 'pick_up' ? 'pickUp' : 'delivery'),
      stop.address,
      stop.date ? formatEasternDate(stop.date, lang) : '',
    ]),
  );
  const facts = [
    invoice.load.miles !== null ? `${t('miles')}: ${invoice.load.miles.toLocaleString('en-US')}` : null,
    invoice.load.vehicle_type ? `${t('equipment')}: ${invoice.load.vehicle_type}` : null,
    invoice.load.weight !== null ? `${t('weight')}: ${invoice.load.weight.toLocaleString('en-US')}` : null,
    invoice.load.pieces !== null ? `${t('pieces')}: ${invoice.load.pieces}` : null,
  ].filter((fact): fact is string => fact !== null);
  if (facts.length) note(doc, facts.join('   ·   '));
  doc.y += 8;

  table(
    doc,
    [
      { header: t('description'), width: 420 },
      { header: t('amount'), width: 95, align: 'right' },
    ],
    invoice.lines.map((line) => [line.description, formatUsd(line.amount_cents)]),
  );
  totals(doc, [[t('totalDue'), formatUsd(invoice.total_cents)]]);
  doc.y += 8;
  if (invoice.attached.length) note(doc, t('attachments', { names: invoice.attached.join(', ') }));
  if (invoice.missing.length) note(doc, t('missingAttachments', { names: invoice.missing.join(', ') }));
  doc.y += 6;
  note(doc, t('thanks'));
  return finishPdf(pdf);
}
