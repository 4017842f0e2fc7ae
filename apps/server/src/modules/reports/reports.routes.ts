import {
  excelRequestSchema,
  invoiceRequestSchema,
  ownerPaySheetRequestSchema,
  quickbooksQuerySchema,
  REPORT_ROLES,
  REPORTS_API,
  reportSendRequestSchema,
  reportSendResponseSchema,
} from '@app/domain/accounting/reports.schema';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { ReportFile, ReportStream, ReportsService } from './reports.service';

export type ReportsRoutesOptions = { reports: ReportsService; requireAuth: RequireAuth };

/** A download's name for the browser, ASCII for old clients and UTF-8 for the others. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function sendFile(reply: FastifyReply, file: ReportFile | ReportStream) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/**
 * The accounting reports (admins, managers, accountants): the spec's POST reports/owner-paysheet,
 * reports/excel, reports/invoice and reports/send, and GET reports/quickbooks. Files answer with their
 * name in Content-Disposition.
 */
export const reportsRoutes: FastifyPluginCallbackZod<ReportsRoutesOptions> = (
  app,
  { reports, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['reports']);

  app.post(
    `${REPORTS_API}/owner-paysheet`,
    route(REPORT_ROLES, {
      summary: "An owner's pay sheet of a week (a payment of type owner) as a PDF",
      body: ownerPaySheetRequestSchema,
      produces: ['application/pdf'],
      response: errorResponses(400, 401, 403, 404),
    }),
    async (request, reply) =>
      sendFile(
        reply,
        await reports.ownerPaySheet(companyCallerOf(request), request.body.payment_id, request.body.lang),
      ),
  );

  app.post(
    `${REPORTS_API}/invoice`,
    route(REPORT_ROLES, {
      summary: "The invoice to a load's broker as a PDF, with its rate confirmation and proof of delivery",
      body: invoiceRequestSchema,
      produces: ['application/pdf'],
      response: errorResponses(400, 401, 403, 404),
    }),
    async (request, reply) =>
      sendFile(
        reply,
        await reports.invoice(companyCallerOf(request), request.body.load_id, request.body.lang),
      ),
  );

  app.post(
    `${REPORTS_API}/excel`,
    route(REPORT_ROLES, {
      summary: 'An accounting list with the filters on screen as an .xlsx (streamed)',
      body: excelRequestSchema,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: errorResponses(400, 401, 403),
    }),
    (request, reply) => sendFile(reply, reports.excel(companyCallerOf(request), request.body)),
  );

  app.post(
    `${REPORTS_API}/send`,
    route(REPORT_ROLES, {
      summary: "E-mail pay sheets or invoices through the company's SMTP server; each is recorded",
      body: reportSendRequestSchema,
      response: { 200: reportSendResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => reports.send(companyCallerOf(request), request.body),
  );

  app.get(
    `${REPORTS_API}/quickbooks`,
    route(REPORT_ROLES, {
      summary: "A week's invoices or bills as a CSV in QuickBooks Online's import columns",
      querystring: quickbooksQuerySchema,
      produces: ['text/csv'],
      response: errorResponses(400, 401, 403),
    }),
    async (request, reply) =>
      sendFile(reply, await reports.quickbooks(companyCallerOf(request), request.query)),
  );

  done();
};
