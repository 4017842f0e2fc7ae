import { brokerPaymentListQuerySchema } from '@app/domain/accounting/broker-payments.schema';
import { accountingLoadListQuerySchema, incomeListQuerySchema } from '@app/domain/accounting/income.schema';
import { payListQuerySchema } from '@app/domain/accounting/payments.schema';
import type { ExcelList, ExcelRequest } from '@app/domain/accounting/reports.schema';
import type { z } from 'zod';
import { validationError } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import type { ReportsDeps } from './reports.deps';

// The rows of an export: the list's own call (the accounting or payments service), page after page, with
// the filters of the page on screen. Only a page is held at a time, so the size of the list does not
// matter to memory; the pages are larger than a screen's to make fewer queries.

/** Rows read per call of the list. */
export const EXPORT_PAGE_SIZE = 25_000;

const QUERY_SCHEMAS = {
  lol: accountingLoadListQuerySchema,
  income: incomeListQuerySchema,
  brokers: brokerPaymentListQuerySchema,
  owners: payListQuerySchema,
  dispatchers: payListQuerySchema,
} as const;

type ListQuery<List extends ExcelList> = z.output<(typeof QUERY_SCHEMAS)[List]>;

export type ExcelQuery =
  | { list: 'lol'; query: ListQuery<'lol'> }
  | { list: 'income'; query: ListQuery<'income'> }
  | { list: 'brokers'; query: ListQuery<'brokers'> }
  | { list: 'owners'; query: ListQuery<'owners'> }
  | { list: 'dispatchers'; query: ListQuery<'dispatchers'> };

/**
 * The filters read as the list's call reads its query (text as a query string carries it); page and limit
 * are the export's own. A bad filter is a 400 naming `filters.<name>`, before anything is written.
 */
export function parseExcelQuery(request: ExcelRequest): ExcelQuery {
  const input: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.filters)) {
    if (name === 'page' || name === 'limit' || value === null || value === '') continue;
    input[name] = String(value);
  }
  const parsed = QUERY_SCHEMAS[request.list].safeParse({ ...input, page: '1', limit: '1' });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = ['filters', ...issue.path.map(String)].join('.');
      (fields[key] ??= []).push(issue.message);
    }
    throw validationError(fields);
  }
  return { list: request.list, query: parsed.data } as ExcelQuery;
}

/**
 * The list's rows, a page at a time. The next page is asked for while the current one is written, so the
 * database works while the workbook is being written.
 */
export async function* excelPages(
  deps: ReportsDeps,
  caller: CompanyCaller,
  excel: ExcelQuery,
): AsyncGenerator<readonly unknown[]> {
  const read = (page: number): Promise<{ count: number; results: readonly unknown[] }> => {
    const paging = { page, limit: EXPORT_PAGE_SIZE };
    switch (excel.list) {
      case 'lol':
        return deps.accounting.listOfLoads(caller, { ...excel.query, ...paging });
      case 'income':
        return deps.accounting.income(caller, { ...excel.query, ...paging });
      case 'brokers':
        return deps.accounting.brokerPayments(caller, { ...excel.query, ...paging });
      case 'owners':
        return deps.payments.owners(caller, { ...excel.query, ...paging });
      case 'dispatchers':
        return deps.payments.dispatchers(caller, { ...excel.query, ...paging });
    }
  };
  let next = read(1);
  for (let page = 1; ; page += 1) {
    const answer = await next;
    const more = answer.results.length === EXPORT_PAGE_SIZE && page * EXPORT_PAGE_SIZE < answer.count;
    if (more) {
      next = read(page + 1);
      // A page read ahead that is never used (the writing failed) must not fail the process.
      next.catch(() => undefined);
    }
    yield answer.results;
    if (!more) return;
  }
}
