import { PassThrough } from 'node:stream';
import { excelFileName, quickbooksFileName } from '@app/domain/accounting/reports.rules';
import type { ExcelRequest, QuickbooksQuery, ReportSendRequest } from '@app/domain/accounting/reports.schema';
import type { Lang } from '@app/domain/common/lookups';
import type { CompanyCaller } from '../auth/caller';
import { writeExcel } from './excel-export';
import { excelColumns, SHEET_NAMES, TOTAL_LABEL } from './excel-lists';
import { excelPages, parseExcelQuery } from './excel-pages';
import { createPaysheetJob } from './paysheet-job';
import { quickbooksCsv } from './quickbooks-data';
import { createReportDocuments } from './report-documents';
import { createReportSending } from './report-sends';
import type { ReportsDeps } from './reports.deps';

// The accounting reports, one file per kind of work:
//   report-documents.ts  what a pay sheet and an invoice say, and their PDFs (paysheet-pdf.ts, invoice-pdf.ts)
//   excel-pages.ts       the rows of an export through the lists' own calls; excel-export.ts writes them
//   report-sends.ts      POST reports/send: each document e-mailed and recorded in report_sends
//   quickbooks-data.ts   a week's invoices and bills as QuickBooks CSV (quickbooks-csv.ts)
//   paysheet-job.ts      the scheduled pay sheets, claimed in paysheet_runs
// Reports only read other modules' data, through their services; their own tables are report_sends and
// paysheet_runs.

export type ReportFile = { fileName: string; contentType: string; body: Buffer };
export type ReportStream = { fileName: string; contentType: string; body: PassThrough };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function createReportsService(deps: ReportsDeps, options: { processId?: string } = {}) {
  const documents = createReportDocuments(deps);
  const sending = createReportSending(deps, documents);
  const paysheetJob = createPaysheetJob(deps, documents, sending, options);

  return {
    /** POST reports/owner-paysheet. */
    async ownerPaySheet(caller: CompanyCaller, paymentId: number, lang: Lang): Promise<ReportFile> {
      const made = await documents.paySheet(caller, paymentId, lang);
      return { fileName: made.fileName, contentType: 'application/pdf', body: made.pdf };
    },

    /** POST reports/invoice. */
    async invoice(caller: CompanyCaller, loadId: number, lang: Lang): Promise<ReportFile> {
      const made = await documents.invoice(caller, loadId, lang);
      return { fileName: made.fileName, contentType: 'application/pdf', body: made.pdf };
    },

    /**
     * POST reports/excel: the filters are checked before anything is written (a 400 names the filter);
     * then the workbook streams out as the rows are read. A failure after the first bytes ends the download
     * (the browser reports it) and is logged.
     */
    excel(caller: CompanyCaller, request: ExcelRequest): ReportStream {
      const query = parseExcelQuery(request);
      const body = new PassThrough();
      const columns = excelColumns(request.list, request.lang);
      writeExcel(
        body,
        SHEET_NAMES[request.list][request.lang],
        columns,
        excelPages(deps, caller, query) as AsyncIterable<readonly never[]>,
        TOTAL_LABEL[request.lang],
      ).catch((error: unknown) => {
        deps.log?.error(
          { err: error, companyId: caller.companyId, list: request.list },
          'excel export failed',
        );
        body.destroy(error instanceof Error ? error : new Error('The export failed'));
      });
      return { fileName: excelFileName(request.list, deps.now()), contentType: XLSX_TYPE, body };
    },

    /** POST reports/send. */
    send: (caller: CompanyCaller, body: ReportSendRequest) => sending.send(caller, body),

    /** GET reports/quickbooks. */
    async quickbooks(caller: CompanyCaller, query: QuickbooksQuery): Promise<ReportFile> {
      const csv = await quickbooksCsv(deps, caller, query);
      return {
        fileName: quickbooksFileName(query.kind, query),
        contentType: 'text/csv; charset=utf-8',
        body: Buffer.from(csv, 'utf8'),
      };
    },

    /** The scheduled pay sheets' check (paysheet-job.ts), run each minute by every server process. */
    runScheduledPaySheets: () => paysheetJob.runOnce(),
    paysheetProcessId: paysheetJob.processId,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
