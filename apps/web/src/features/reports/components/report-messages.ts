import { useCallback } from 'react';
import { REPORT_MESSAGES } from '@app/domain/accounting/reports.schema';
import { messageKeys, useErrorLines, useMessageText } from '@/components/error-messages/error-messages';
import { toastError } from '@/lib/messages';

// The reports' texts of the server and the domain: the 'reports.serverMessages' keys hold exactly the
// domain's REPORT_MESSAGES (a test checks it).

const keyByMessage = new Map<string, string>(messageKeys(REPORT_MESSAGES, 'reports.serverMessages'));

export function useReportMessageText(): (message: string) => string {
  return useMessageText(keyByMessage);
}

/** A report that could not be made: a toast with the reason in the user's language. */
export function useReportFailure(): (error: unknown) => void {
  const lines = useErrorLines(useReportMessageText());
  return useCallback(
    (error: unknown) => toastError('reports.failed', { reason: lines(error).join(' ') }),
    [lines],
  );
}
