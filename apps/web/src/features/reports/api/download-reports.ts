import { useMutation } from '@tanstack/react-query';
import type { ExcelList, QuickbooksKind } from '@app/domain/accounting/reports.schema';
import type { Lang } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';
import { fetchReportFile, saveFile } from './report-files';

// The reports as downloads: POST reports/owner-paysheet, reports/invoice and reports/excel, GET
// reports/quickbooks. Each is made in the interface's language.

export type ExcelFilters = Record<string, string | number | boolean | null | undefined>;

/** The filters as the export takes them: the page's query without empty values. */
export function exportFilters(filters: ExcelFilters): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') kept[name] = value;
  }
  return kept;
}

async function download(method: 'GET' | 'POST', path: string, body: unknown, fallback: string) {
  saveFile(await fetchReportFile(method, path, body, fallback));
}

const lang = (): Lang => currentLang();

/** What a failed download does (a toast); on the hook, so that it runs even when the button has gone. */
export type OnReportError = (error: unknown) => void;

export function useDownloadPaySheet(onError?: OnReportError) {
  return useMutation({
    onError,
    mutationFn: (paymentId: number) =>
      download('POST', 'owner-paysheet', { payment_id: paymentId, lang: lang() }, 'pay-sheet.pdf'),
  });
}

export function useDownloadInvoice(onError?: OnReportError) {
  return useMutation({
    onError,
    mutationFn: (loadId: number) =>
      download('POST', 'invoice', { load_id: loadId, lang: lang() }, 'invoice.pdf'),
  });
}

export function useExcelExport(onError?: OnReportError) {
  return useMutation({
    onError,
    mutationFn: ({ list, filters }: { list: ExcelList; filters: ExcelFilters }) =>
      download('POST', 'excel', { list, filters: exportFilters(filters), lang: lang() }, `${list}.xlsx`),
  });
}

export function useQuickbooksExport(onError?: OnReportError) {
  return useMutation({
    onError,
    mutationFn: ({ year, week, kind }: { year: number; week: number; kind: QuickbooksKind }) =>
      download(
        'GET',
        `quickbooks?year=${year}&week=${week}&kind=${kind}`,
        undefined,
        `quickbooks-${kind}.csv`,
      ),
  });
}
