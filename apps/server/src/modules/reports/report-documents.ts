import { dueDateOf, DEFAULT_DAYS_TO_PAY } from '@app/domain/accounting/ageing.rules';
import type { IncomeDetail } from '@app/domain/accounting/income.schema';
import type { OwnerPayDetail, PayItemLine } from '@app/domain/accounting/payments.schema';
import { reportText } from '@app/domain/accounting/report-texts';
import { invoiceFileName, invoiceNumber, paySheetFileName } from '@app/domain/accounting/reports.rules';
import { lookupName, PAYMENT_STATUSES, type Lang } from '@app/domain/common/lookups';
import { parseMoneyToCents } from '@app/domain/common/money';
import { easternDateOnly } from '@app/domain/common/time';
import { loadFileTypeName, type LoadFileType } from '@app/domain/loads/load-lifecycle.rules';
import type { SmtpSettings } from '../../integrations/mail/mailer';
import { notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf';
import type { CompanyHeader } from './pdf-layout';
import { appendPages, attachmentPages, type Attachment } from './pdf-merge';
import { renderPaySheetPdf, type PaySheetDocument, type PaySheetLine } from './paysheet-pdf';
import type { ReportsDeps } from './reports.deps';
import * as repository from './reports.repository';

// The documents: what a pay sheet and an invoice say, read from the payments and accounting services, and
// their PDFs. Used by the download routes, POST reports/send and the scheduled pay sheets alike.

const cents = (dollars: number) => parseMoneyToCents(dollars);
const TONU_STATUSES: readonly number[] = [9, 11];
const CANCELED_STATUS = 12;

/** The documents the invoice carries after its own page, in this order. */
export const INVOICE_ATTACHMENT_TYPES: readonly LoadFileType[] = ['rate_confirmation', 'proof_of_delivery'];

export type CompanyOfReports = { header: CompanyHeader; smtp: SmtpSettings | null };

export function companyOf(row: repository.CompanyReportRow): CompanyOfReports {
  const smtp =
    row.smtp_host && row.smtp_port && row.smtp_from
      ? {
          host: row.smtp_host,
          port: row.smtp_port,
          secure: row.smtp_secure,
          user: row.smtp_user,
          password: row.smtp_password,
          from: row.smtp_from,
        }
      : null;
  return {
    header: {
      name: row.name,
      address: row.address,
      phone: row.phone,
      email: row.email,
      mc_number: row.mc_number,
      dot_number: row.dot_number,
    },
    smtp,
  };
}

function itemLine(item: PayItemLine): PaySheetLine {
  return {
    kind: item.kind,
    load_number: item.load_accounting_number_display,
    reason: item.reason,
    amount_cents: cents(item.amount),
  };
}

/** What the owner's pay sheet prints, from the owner's week as the payments service answers it. */
export function paySheetDocument(
  detail: OwnerPayDetail,
  company: CompanyHeader,
  at: Date,
  lang: Lang,
): PaySheetDocument {
  const lines: PaySheetLine[] = [];
  for (const load of detail.loads) {
    const number = load.load_accounting_number_display ?? String(load.id);
    for (const incentive of load.incentives) {
      lines.push({
        kind: incentive.type === 'Fine' ? 'fine' : 'bonus',
        load_number: number,
        reason: incentive.reason,
        amount_cents: cents(incentive.amount),
      });
    }
  }
  for (const load of detail.loads) lines.push(...load.items.map(itemLine));
  lines.push(...detail.other_items.map(itemLine));
  return {
    company,
    owner: {
      name: detail.owner.full_name,
      company_name: detail.owner.company_name,
      email: detail.owner.email,
      phone: null,
    },
    year: detail.year,
    week: detail.week,
    from: detail.week_start,
    to: detail.week_end,
    status: lookupName(PAYMENT_STATUSES, detail.status, lang),
    closed: detail.is_closed,
    loads: detail.loads.map((load) => ({
      number: load.load_accounting_number_display ?? String(load.id),
      kind:
        load.status === CANCELED_STATUS
          ? 'canceled'
          : TONU_STATUSES.includes(load.status)
            ? 'tonu'
            : 'normal',
      pick_up: load.pick_up,
      delivery: load.delivery,
      driver: load.driver?.full_name ?? null,
      unit: load.car?.unit_id ?? null,
      pay_cents: cents(load.pay),
    })),
    lines,
    totals: {
      loads_cents: cents(detail.load_pay),
      bonuses_cents: cents(detail.bonuses),
      fines_cents: cents(detail.fines),
      items_cents: cents(detail.items),
      total_cents: cents(detail.amount),
    },
    generated_at: at,
  };
}

export type MadePaySheet = {
  pdf: Buffer;
  fileName: string;
  detail: OwnerPayDetail;
  document: PaySheetDocument;
};

export type MadeInvoice = {
  pdf: Buffer;
  fileName: string;
  number: string;
  document: InvoiceDocument;
  detail: IncomeDetail;
};

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function createReportDocuments(deps: ReportsDeps) {
  const { db, now } = deps;

  async function company(companyId: number): Promise<CompanyOfReports> {
    const row = await repository.findCompany(db, companyId);
    if (!row) throw notFound();
    return companyOf(row);
  }

  async function renderPaySheet(
    detail: OwnerPayDetail,
    header: CompanyHeader,
    lang: Lang,
  ): Promise<MadePaySheet> {
    const document = paySheetDocument(detail, header, now(), lang);
    const pdf = await renderPaySheetPdf(document, lang);
    return { pdf, fileName: paySheetFileName(detail.owner.full_name, detail), detail, document };
  }

  /** What the invoice says; the load's documents are read through the loads service. */
  async function invoiceDocument(
    caller: CompanyCaller,
    detail: IncomeDetail,
    header: CompanyHeader,
    lang: Lang,
  ): Promise<{ document: InvoiceDocument; attachments: Attachment[] }> {
    const payment = detail.payment;
    const invoiceDate = payment?.invoice_date ?? easternDateOnly(now());
    const daysToPay = payment?.days_to_pay ?? DEFAULT_DAYS_TO_PAY;
    const brokerId = detail.accounting_broker_company?.id ?? detail.broker_company?.id;
    const broker =
      brokerId === undefined ? undefined : await deps.brokers.billingOf(caller.companyId, brokerId);
    const files = INVOICE_ATTACHMENT_TYPES.flatMap((type) =>
      detail.files.filter((file) => file.file_type === type),
    );
    const attachments: Attachment[] = [];
    for (const file of files) {
      const opened = await deps.loads.openFile(caller, file.id);
      attachments.push({ name: file.name, mimeType: opened.mimeType, data: await readAll(opened.stream) });
    }
    const points = [...detail.points].sort((a, b) => a.order - b.order);
    const first = points.find((point) => point.type === 'pick_up');
    const last = [...points].reverse().find((point) => point.type === 'deliver_to');
    const lane = [first, last]
      .filter((point) => point !== undefined)
      .map((point) => `${point.city}, ${point.state}`)
      .join(' → ');
    const tonu = TONU_STATUSES.includes(detail.status);
    const lines = [
      {
        description: `${reportText(lang, tonu ? 'tonuCharge' : 'lineHaul')}${lane ? `: ${lane}` : ''}`,
        amount_cents: cents(detail.money.broker_price),
      },
    ];
    const deduction = cents(detail.money.quickpay_deduction);
    if (deduction !== 0 && payment?.quickpay_percent !== null && payment?.quickpay_percent !== undefined) {
      lines.push({
        description: reportText(lang, 'quickPay', { percent: payment.quickpay_percent }),
        amount_cents: -deduction,
      });
    }
    const present = new Set(files.map((file) => file.file_type));
    const address = broker
      ? [
          broker.address,
          [broker.city, [broker.state, broker.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        ]
          .filter(Boolean)
          .join(', ') || null
      : null;
    const document: InvoiceDocument = {
      company: header,
      number: invoiceNumber(detail),
      invoice_date: invoiceDate,
      due_date: payment?.due_date ?? dueDateOf(invoiceDate, daysToPay),
      days_to_pay: daysToPay,
      bill_to: {
        name: broker?.name ?? detail.accounting_broker_company?.name ?? detail.broker_name ?? '',
        address,
        phone: broker?.phone ?? detail.broker_phone,
        email: broker?.email ?? null,
        mc_number: broker?.mc_number ?? null,
      },
      load: {
        reference: detail.rateconf_ref,
        stops: points.map((point) => ({
          type: point.type === 'pick_up' ? 'pick_up' : 'deliver_to',
          address: point.address,
          date: point.date,
        })),
        miles: detail.miles,
        vehicle_type: detail.vehicle_type,
        weight: detail.weight,
        pieces: detail.pieces,
      },
      lines,
      total_cents: cents(detail.money.income),
      attached: [],
      missing: INVOICE_ATTACHMENT_TYPES.filter((type) => !present.has(type)).map((type) =>
        loadFileTypeName(type, lang),
      ),
    };
    return { document, attachments };
  }

  async function renderInvoice(
    caller: CompanyCaller,
    detail: IncomeDetail,
    header: CompanyHeader,
    lang: Lang,
  ): Promise<MadeInvoice> {
    const { document, attachments } = await invoiceDocument(caller, detail, header, lang);
    const pages = await attachmentPages(attachments);
    document.attached = pages.attached;
    document.missing = [...document.missing, ...pages.skipped];
    const pdf = await appendPages(await renderInvoicePdf(document, lang), pages.pages);
    return { pdf, fileName: invoiceFileName(document.number), number: document.number, document, detail };
  }

  return {
    company,
    renderPaySheet,
    renderInvoice,

    /** POST reports/owner-paysheet: the owner's week as a PDF. */
    async paySheet(caller: CompanyCaller, paymentId: number, lang: Lang): Promise<MadePaySheet> {
      const detail = await deps.payments.ownerPaySheet(caller, paymentId);
      return renderPaySheet(detail, (await company(caller.companyId)).header, lang);
    },

    /** POST reports/invoice: the invoice of a load of accounting, its documents after it. */
    async invoice(caller: CompanyCaller, loadId: number, lang: Lang): Promise<MadeInvoice> {
      const detail = await deps.accounting.incomeDetail(caller, loadId);
      return renderInvoice(caller, detail, (await company(caller.companyId)).header, lang);
    },
  };
}

export type ReportDocuments = ReturnType<typeof createReportDocuments>;
