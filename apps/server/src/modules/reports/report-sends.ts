import type { IncomeDetail } from '@app/domain/accounting/income.schema';
import type { OwnerPayDetail } from '@app/domain/accounting/payments.schema';
import { reportText } from '@app/domain/accounting/report-texts';
import type {
  ReportSend,
  ReportSendReason,
  ReportSendRequest,
  ReportSendResponse,
} from '@app/domain/accounting/reports.schema';
import type { Lang } from '@app/domain/common/lookups';
import { formatUsd } from '@app/domain/common/money';
import { calendarDate } from './paysheet-pdf';
import type { CompanyCaller } from '../auth/caller';
import type { CompanyOfReports, ReportDocuments } from './report-documents';
import type { ReportsDeps } from './reports.deps';
import * as repository from './reports.repository';
import { payWeekDates, payWeekKey, type PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import { easternDateOnly } from '@app/domain/common/time';
import type { Row } from '../../db/types';
import { createUnitOfWork } from '../../db/unit-of-work';
import type { Mailer } from '../../integrations/mail/mailer';

// E-mailing pay sheets and invoices: each document on its own message through the company's SMTP server,
// to the addresses given or else the owner's or the accounting broker's, each recorded in report_sends with
// who sent it (null: the schedule), to whom and what became of it. Nothing is sent before every named
// payment or load is found in the caller's company (404 otherwise); after that each message succeeds or
// fails by itself, as mail does.

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const htmlOf = (text: string) =>
  text
    .split('\n\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

export function toReportSend(row: Row<'report_sends'>, reason: ReportSendReason | null): ReportSend {
  return {
    id: row.id,
    kind: row.kind,
    payment_id: row.payment_id,
    load_id: row.load_id,
    to_email: row.to_email,
    subject: row.subject,
    state: row.state,
    reason,
    error: row.error,
    sent_at: row.sent_at.toISOString(),
  };
}

export type Outgoing = {
  kind: 'paysheet' | 'invoice';
  paymentId: number | null;
  loadId: number | null;
  to: string[];
  subject: string;
  text: string;
  attachment: { filename: string; content: Buffer };
};

export function createReportSending(deps: ReportsDeps, documents: ReportDocuments) {
  const { db, now, mailer } = deps;
  const unit = createUnitOfWork(deps);

  /** Sends one message and records it; never throws for a mail failure. */
  async function deliver(
    companyId: number,
    sentBy: number | null,
    company: CompanyOfReports,
    outgoing: Outgoing,
    through: Mailer = mailer,
  ): Promise<ReportSend> {
    let reason: ReportSendReason | null = null;
    let error: string | null = null;
    if (outgoing.to.length === 0) reason = 'no_recipient';
    else if (!company.smtp) reason = 'smtp_not_configured';
    else {
      const outcome = await through.send(company.smtp, {
        to: outgoing.to,
        subject: outgoing.subject,
        text: outgoing.text,
        html: htmlOf(outgoing.text),
        attachments: [{ ...outgoing.attachment, contentType: 'application/pdf' }],
      });
      if (outcome.delivery !== 'sent') {
        reason = outcome.delivery === 'kept' ? 'smtp_not_configured' : 'smtp_failed';
        error = outcome.delivery === 'failed' ? outcome.error : null;
        deps.log?.error({ companyId, kind: outgoing.kind, reason: error ?? reason }, 'report not delivered');
      }
    }
    const row = await repository.insertSend(db, {
      company_id: companyId,
      kind: outgoing.kind,
      payment_id: outgoing.paymentId,
      load_id: outgoing.loadId,
      to_email: outgoing.to.join(', '),
      subject: outgoing.subject,
      state: reason === null ? 'sent' : 'failed',
      error: reason === null ? null : (error ?? reason),
      sent_by: sentBy,
      sent_at: now(),
    });
    return toReportSend(row, reason);
  }

  /** The pay sheet's message: to the given addresses, else the owner's. */
  async function paySheetMessage(
    detail: OwnerPayDetail,
    company: CompanyOfReports,
    to: string[] | undefined,
    lang: Lang,
  ): Promise<Outgoing> {
    const made = await documents.renderPaySheet(detail, company.header, lang);
    const values = {
      name: detail.owner.full_name,
      week: detail.week,
      year: detail.year,
      from: calendarDate(detail.week_start, lang),
      to: calendarDate(detail.week_end, lang),
      total: formatUsd(made.document.totals.total_cents),
      company: company.header.name,
    };
    return {
      kind: 'paysheet',
      paymentId: detail.id,
      loadId: null,
      to: to ?? (detail.owner.email ? [detail.owner.email] : []),
      subject: reportText(lang, 'paySheetSubject', values),
      text: reportText(lang, 'paySheetBody', values),
      attachment: { filename: made.fileName, content: made.pdf },
    };
  }

  /**
   * The invoice's message: to the given addresses, else the accounting broker's. An invoice going out for
   * the first time is dated today (Eastern), as its payment records once it is sent.
   */
  async function invoiceMessage(
    caller: CompanyCaller,
    detail: IncomeDetail,
    company: CompanyOfReports,
    to: string[] | undefined,
    lang: Lang,
  ): Promise<Outgoing> {
    const payment = detail.payment;
    const issued =
      payment && payment.invoiced_at === null
        ? { ...detail, payment: { ...payment, invoice_date: easternDateOnly(now()), due_date: null } }
        : detail;
    const made = await documents.renderInvoice(caller, issued, company.header, lang);
    const values = {
      number: made.number,
      reference: detail.rateconf_ref ?? made.number,
      total: formatUsd(made.document.total_cents),
      due: calendarDate(made.document.due_date, lang),
      company: company.header.name,
    };
    const brokerEmail = made.document.bill_to.email;
    return {
      kind: 'invoice',
      paymentId: detail.payment?.id ?? null,
      loadId: detail.id,
      to: to ?? (brokerEmail ? [brokerEmail] : []),
      subject: reportText(lang, 'invoiceSubject', values),
      text: reportText(lang, 'invoiceBody', values),
      attachment: { filename: made.fileName, content: made.pdf },
    };
  }

  /**
   * The ended weeks of the pay sheets that went out are closed, each in its own transaction (payments'
   * closeWeek; a week closed already stays as it was). A week still running is left open.
   */
  async function closeEndedWeeks(
    caller: CompanyCaller,
    results: ReportSend[],
    weekOfPayment: ReadonlyMap<number, PayWeek>,
  ): Promise<PayWeek[]> {
    const today = easternDateOnly(now());
    const weeks = new Map<string, PayWeek>();
    for (const result of results) {
      const week = result.state === 'sent' ? weekOfPayment.get(result.payment_id ?? 0) : undefined;
      if (week && payWeekDates(week).end < today) weeks.set(payWeekKey(week), week);
    }
    const closed: PayWeek[] = [];
    for (const week of weeks.values()) {
      await unit.run(async (trx, outbox) => {
        outbox.push(
          ...(await deps.payments.closeWeek(trx, caller.companyId, week.year, week.week, caller.userId)),
        );
      });
      closed.push(week);
    }
    return closed;
  }

  return {
    deliver,
    paySheetMessage,

    /** POST reports/send. */
    async send(caller: CompanyCaller, body: ReportSendRequest): Promise<ReportSendResponse> {
      const company = await documents.company(caller.companyId);
      const results: ReportSend[] = [];
      const weekOfPayment = new Map<number, PayWeek>();
      if (body.kind === 'paysheet') {
        const ids = [...new Set(body.payment_ids ?? [])];
        // Every pay sheet is found first: an unknown id sends nothing.
        const details: OwnerPayDetail[] = [];
        for (const id of ids) details.push(await deps.payments.ownerPaySheet(caller, id));
        for (const detail of details) weekOfPayment.set(detail.id, { year: detail.year, week: detail.week });
        for (const detail of details) {
          const outgoing = await paySheetMessage(detail, company, body.to, body.lang);
          results.push(await deliver(caller.companyId, caller.userId, company, outgoing));
        }
      } else {
        const ids = [...new Set(body.load_ids ?? [])];
        const details: IncomeDetail[] = [];
        for (const id of ids) details.push(await deps.accounting.incomeDetail(caller, id));
        for (const detail of details) {
          const outgoing = await invoiceMessage(caller, detail, company, body.to, body.lang);
          const result = await deliver(caller.companyId, caller.userId, company, outgoing);
          results.push(result);
          // A delivered invoice is stamped on its broker payment (the first time: its date and due date).
          if (result.state === 'sent') {
            await unit.run(async (trx, outbox) => {
              outbox.push(...(await deps.payments.invoiceSent(trx, caller.companyId, detail.id, now())));
            });
          }
        }
      }
      const sent = results.filter((result) => result.state === 'sent').length;
      const closed = body.kind === 'paysheet' ? await closeEndedWeeks(caller, results, weekOfPayment) : [];
      return { sent, failed: results.length - sent, results, closed_weeks: closed };
    },
  };
}
