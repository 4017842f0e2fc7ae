import { useMutation } from '@tanstack/react-query';
import {
  REPORTS_API,
  type ReportSendKind,
  type ReportSendResponse,
} from '@app/domain/accounting/reports.schema';
import { currentLang } from '@/i18n/i18n';
import { http } from '@/lib/api';

export type SendReportsVariables = {
  kind: ReportSendKind;
  /** Payment ids of owner pay (pay sheets) or load ids (invoices). */
  ids: number[];
  /** The recipients; none: the owner's or the broker's address. */
  to?: string[];
};

/** POST reports/send: each pay sheet or invoice e-mailed on its own; the dialog shows what became of each. */
export function sendReports({ kind, ids, to }: SendReportsVariables): Promise<ReportSendResponse> {
  return http.post<ReportSendResponse>(
    `${REPORTS_API}/send`,
    {
      kind,
      ...(kind === 'paysheet' ? { payment_ids: ids } : { load_ids: ids }),
      ...(to?.length ? { to } : {}),
      lang: currentLang(),
    },
    { quietStatuses: [400, 404] },
  );
}

export function useSendReports() {
  return useMutation({ mutationFn: sendReports });
}
