import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { ReportSend, ReportSendResponse } from '@app/domain/accounting/reports.schema';
import { AppProviders } from '@/app/providers';
import { GlobalToast } from '@/components/global-toast';
import en from '@/i18n/en.json';
import { i18n } from '@/i18n/i18n';
import { REPORT_MESSAGES } from '@app/domain/accounting/reports.schema';
import { createQueryClient } from '@/lib/query-client';
import { FakeAnswer, fakeFetch, storeSession } from '@/test/render-app';
import { InvoiceButtons } from './invoice-buttons';
import { PaySheetButtons } from './pay-sheet-buttons';
import { parseRecipients, SendReportDialog } from './send-report-dialog';

const SEND = '/backend/api/v2/reports/send';

function renderWithToast(node: ReactNode) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      {node}
      <GlobalToast />
    </AppProviders>,
  );
}

function result(overrides: Partial<ReportSend> = {}): ReportSend {
  return {
    id: 1,
    kind: 'paysheet',
    payment_id: 7,
    load_id: null,
    to_email: 'ivan@owner.test',
    subject: 'Pay sheet: Ivan Petrov, week 7 of 2026',
    state: 'sent',
    reason: null,
    error: null,
    sent_at: '2026-02-20T15:00:00Z',
    ...overrides,
  };
}

const answer = (
  results: ReportSend[],
  closed: { year: number; week: number }[] = [],
): ReportSendResponse => ({
  sent: results.filter((item) => item.state === 'sent').length,
  failed: results.filter((item) => item.state === 'failed').length,
  results,
  closed_weeks: closed,
});

beforeEach(() => storeSession());
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('e-mailing pay sheets and invoices', () => {
  it("sends the pay sheet to the owner's own address when none is typed, then closes", async () => {
    const user = userEvent.setup();
    const network = fakeFetch({ [`POST ${SEND}`]: answer([result()], [{ year: 2026, week: 7 }]) });
    renderWithToast(<PaySheetButtons paymentId={7} ownerEmail="ivan@owner.test" />);
    await user.click(await screen.findByRole('button', { name: 'E-mail pay sheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail the pay sheet' });
    expect(within(dialog).getByText('Leave empty to send to the owner: ivan@owner.test')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(network.callsTo('POST', SEND)).toHaveLength(1));
    expect(network.callsTo('POST', SEND)[0]?.body).toEqual({
      kind: 'paysheet',
      payment_ids: [7],
      lang: 'en',
    });
    // The week had ended: sending its pay sheets closed it.
    expect(await screen.findByText('Pay sheets sent. Week 7/2026 is closed: its pay is final.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the invoice to the addresses typed, and refuses one that is not an address', async () => {
    const user = userEvent.setup();
    const network = fakeFetch({
      [`POST ${SEND}`]: answer([
        result({ kind: 'invoice', payment_id: 3, load_id: 41, to_email: 'a@b.test' }),
      ]),
    });
    renderWithToast(<InvoiceButtons loadId={41} brokerEmail="ap@acme.test" />);
    await user.click(await screen.findByRole('button', { name: 'E-mail invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail the invoice' });
    expect(within(dialog).getByText('Leave empty to send to the broker: ap@acme.test')).toBeTruthy();
    const field = within(dialog).getByRole('textbox', { name: 'Send to' });
    await user.type(field, 'Billing@Acme.test, nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Type e-mail addresses separated by commas')).toBeTruthy();
    expect(network.callsTo('POST', SEND)).toEqual([]);
    await user.clear(field);
    await user.type(field, 'Billing@Acme.test; ar@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(network.callsTo('POST', SEND)).toHaveLength(1));
    expect(network.callsTo('POST', SEND)[0]?.body).toEqual({
      kind: 'invoice',
      load_ids: [41],
      to: ['billing@acme.test', 'ar@acme.test'],
      lang: 'en',
    });
    expect(await screen.findByText('Invoices sent')).toBeTruthy();
  });

  it('shows what became of each document when some were not sent, in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    const user = userEvent.setup();
    fakeFetch({
      [`POST ${SEND}`]: answer([
        result({ id: 1, to_email: 'ivan@owner.test' }),
        result({
          id: 2,
          payment_id: 8,
          to_email: '',
          state: 'failed',
          reason: 'no_recipient',
          error: 'no_recipient',
        }),
        result({
          id: 3,
          payment_id: 9,
          to_email: 'x@y.test',
          state: 'failed',
          reason: 'smtp_failed',
          error: '550 Mailbox unavailable',
        }),
      ]),
    });
    renderWithToast(
      <SendReportDialog
        open
        onClose={() => undefined}
        kind="paysheet"
        ids={[7, 8, 9]}
        defaultRecipient={null}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Отправить расчётные листы (3)' });
    expect(
      within(dialog).getByText('Оставьте пустым, чтобы отправить каждому владельцу на его адрес'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    expect(await within(dialog).findByText('Отправлено: 1. Не отправлено: 2.')).toBeTruthy();
    expect(within(dialog).getByText('Отправлено: ivan@owner.test')).toBeTruthy();
    expect(within(dialog).getByText('Не отправлено: нет адреса e-mail. Укажите его выше.')).toBeTruthy();
    expect(
      within(dialog).getByText('Не отправлено на x@y.test: почтовый сервер ответил 550 Mailbox unavailable'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Закрыть' })).toBeTruthy();
  });

  it("shows a refusal in the user's words and keeps the dialog open", async () => {
    const user = userEvent.setup();
    fakeFetch({ [`POST ${SEND}`]: new FakeAnswer(404, { detail: 'Not found.', code: 'not_found' }) });
    renderWithToast(<SendReportDialog open onClose={() => undefined} kind="invoice" ids={[41]} />);
    const dialog = await screen.findByRole('dialog', { name: 'E-mail the invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Not found.')).toBeTruthy();
  });

  it('reads typed recipients and holds the domain texts in English key for key', () => {
    expect(parseRecipients(' A@b.test,c@d.test ;e@f.test ')).toEqual(['a@b.test', 'c@d.test', 'e@f.test']);
    expect(parseRecipients('')).toEqual([]);
    expect(parseRecipients('a@b.test, nope')).toBeNull();
    expect(en.reports.serverMessages).toEqual(REPORT_MESSAGES);
  });
});
