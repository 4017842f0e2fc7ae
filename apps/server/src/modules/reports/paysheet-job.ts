import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import type { OwnerPaymentRow } from '@app/domain/accounting/payments.schema';
import { previousPayWeek, type PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import { PAYMENT_LISTS } from '@app/domain/accounting/broker-payments.schema';
import { paysheetWeekDue } from '@app/domain/accounting/reports.rules';
import { ROLES } from '@app/domain/common/lookups';
import { createUnitOfWork } from '../../db/unit-of-work';
import type { CompanyCaller } from '../auth/caller';
import type { ReportDocuments } from './report-documents';
import type { createReportSending } from './report-sends';
import type { ReportsDeps } from './reports.deps';
import * as repository from './reports.repository';

// The scheduled pay sheets. Every server process runs this each minute (app.ts). A company whose schedule
// (companies.paysheet_weekday, Monday 0 to Sunday 6, and paysheet_time 'HH:MM', Eastern) has come this week
// gets the pay sheets of the accounting week just ended (paysheetWeekDue in reports.rules.ts): each owner's
// by e-mail to the owner's address, in English; then the week is closed (payments' closeWeek: its pay frozen,
// later changes to its loads become adjustments of the next open week) and the run records when it finished,
// how many were sent and how many failed (each one in report_sends, sent_by null).
//
// Once only: the run of a (company, year, week) is claimed by inserting its paysheet_runs row with ON
// CONFLICT DO NOTHING, which exactly one process wins. A run whose process died before finishing is taken
// over after STALE_RUN_MS by one process (a conditional UPDATE), which skips the owners already sent to.

/** How often each process looks for a schedule that has come. */
export const PAYSHEET_CHECK_INTERVAL_MS = 60_000;
/** A run claimed this long ago and not finished is taken to have died with its process. */
export const STALE_RUN_MS = 30 * 60_000;
const PAGE = 1000;
/** Pay sheets made and sent at the same time by one run. */
const SEND_CONCURRENCY = 4;

/** The caller the schedule reads a company's pay as: an accountant of the company, no user of its own. */
function scheduleCaller(companyId: number): CompanyCaller {
  return { userId: 0, companyId, role: ROLES.accountant, isSuperuser: false, familyId: 'paysheet-schedule' };
}

export type PaysheetRunOutcome = {
  companyId: number;
  year: number;
  week: number;
  sent: number;
  failed: number;
};

export function createPaysheetJob(
  deps: ReportsDeps,
  documents: ReportDocuments,
  sending: ReturnType<typeof createReportSending>,
  options: { processId?: string } = {},
) {
  const { db, now, payments } = deps;
  const unit = createUnitOfWork(deps);
  const processId = options.processId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  /** The week's owner payments, page by page, active and completed alike. */
  async function* ownerPayments(caller: CompanyCaller, week: PayWeek): AsyncGenerator<OwnerPaymentRow> {
    for (const list of PAYMENT_LISTS) {
      for (let page = 1; ; page += 1) {
        const answer = await payments.owners(caller, {
          list,
          year: week.year,
          week: week.week,
          text: undefined,
          page,
          limit: PAGE,
        });
        yield* answer.results;
        if (answer.results.length < PAGE || page * PAGE >= answer.count) break;
      }
    }
  }

  async function runCompany(
    companyId: number,
    week: PayWeek,
    alreadySent: Set<number>,
  ): Promise<PaysheetRunOutcome> {
    const caller = scheduleCaller(companyId);
    const company = await documents.company(companyId);
    // One mail server for the whole run: its connections are kept open between the sheets.
    const mailer = deps.batchMailer?.() ?? deps.mailer;
    let sent = 0;
    let failed = 0;
    async function sendOne(row: OwnerPaymentRow): Promise<void> {
      if (alreadySent.has(row.id)) {
        sent += 1;
        return;
      }
      try {
        const detail = await payments.ownerPaySheet(caller, row.id);
        const outgoing = await sending.paySheetMessage(detail, company, undefined, 'en');
        const result = await sending.deliver(companyId, null, company, outgoing, mailer);
        if (result.state === 'sent') sent += 1;
        else failed += 1;
      } catch (error) {
        failed += 1;
        deps.log?.error({ err: error, companyId, paymentId: row.id }, 'scheduled pay sheet failed');
      }
    }
    // A few sheets at a time: one is drawn while others wait for the database or the mail server. An
    // async generator hands each row to one worker only.
    const rows = ownerPayments(caller, week);
    try {
      await Promise.all(
        Array.from({ length: SEND_CONCURRENCY }, async () => {
          for (let next = await rows.next(); !next.done; next = await rows.next()) await sendOne(next.value);
        }),
      );
    } finally {
      mailer.close?.();
    }
    try {
      await unit.run(async (trx, outbox) => {
        outbox.push(...(await payments.closeWeek(trx, companyId, week.year, week.week, null)));
      });
    } catch (error) {
      deps.log?.error({ err: error, companyId, ...week }, 'closing the week after its pay sheets failed');
    }
    await repository.finishRun(db, companyId, week.year, week.week, { sent, failed, at: now() });
    return { companyId, year: week.year, week: week.week, sent, failed };
  }

  return {
    processId,

    /** One check: the runs this process claimed and carried out (none when nothing is due). */
    async runOnce(): Promise<PaysheetRunOutcome[]> {
      const at = now();
      const outcomes: PaysheetRunOutcome[] = [];
      const stale = await repository.reclaimStaleRun(
        db,
        processId,
        at,
        new Date(at.getTime() - STALE_RUN_MS),
      );
      if (stale) {
        const sentBefore = await repository.paymentsSentSince(db, stale.company_id, stale.claimed_at);
        outcomes.push(await runCompany(stale.company_id, stale, sentBefore));
      }
      const { year, week } = accountingWeekOf(at);
      const ended = previousPayWeek({ year, week });
      for (const company of await repository.findScheduledWithoutRun(db, ended.year, ended.week)) {
        const due = paysheetWeekDue(at, { weekday: company.paysheet_weekday, time: company.paysheet_time });
        if (!due || due.year !== ended.year || due.week !== ended.week) continue;
        if (!(await repository.claimRun(db, company.id, due.year, due.week, processId, at))) continue;
        outcomes.push(await runCompany(company.id, due, new Set()));
      }
      return outcomes;
    },
  };
}

export type PaysheetJob = ReturnType<typeof createPaysheetJob>;
