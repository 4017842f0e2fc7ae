import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProviders } from '@/app/providers';
import { GlobalToast } from '@/components/global-toast';
import { i18n } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { FakeAnswer, fakeFetch, storeSession } from '@/test/render-app';
import { fileNameOf } from '../api/report-files';
import { ExcelExportButton } from './excel-export-button';
import { InvoiceButtons } from './invoice-buttons';
import { PaySheetButtons } from './pay-sheet-buttons';
import { QuickbooksExportButton } from './quickbooks-export';

const REPORTS = '/backend/api/v2/reports';

function renderWithToast(node: ReactNode) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      {node}
      <GlobalToast />
    </AppProviders>,
  );
}

/** A file as the server answers it, with its name in Content-Disposition. */
function fileAnswer(name: string, type: string) {
  return () =>
    new Response(new Blob(['file bytes']), {
      headers: {
        'Content-Type': type,
        'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
}

let saved: { href: string; download: string }[];

beforeEach(() => {
  storeSession();
  saved = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('the report downloads', () => {
  it('exports the list with its filters to Excel, saved under the name the server gives', async () => {
    const network = fakeFetch({
      [`POST ${REPORTS}/excel`]: fileAnswer('owners-2026-02-13.xlsx', 'application/xlsx'),
    });
    renderWithToast(
      <ExcelExportButton
        list="owners"
        filters={{ week: 7, year: 2026, text: '', status: undefined, page: 2 }}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:report', download: 'owners-2026-02-13.xlsx' }]));
    const [call] = network.callsTo('POST', `${REPORTS}/excel`);
    expect(call?.body).toEqual({ list: 'owners', filters: { week: 7, year: 2026, page: 2 }, lang: 'en' });
    expect(call?.authorization).toBe('Bearer access-1');
  });

  it("says why an export was refused, in the user's words", async () => {
    fakeFetch({
      [`POST ${REPORTS}/excel`]: new FakeAnswer(400, {
        detail: 'Invalid input',
        code: 'validation_error',
        fields: { 'filters.week': ['Must be a week from 1 to 53'] },
      }),
    });
    renderWithToast(<ExcelExportButton list="lol" filters={{ week: 60 }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Excel' }));
    expect(
      await screen.findByText('The report could not be made: Invalid input Must be a week from 1 to 53'),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it("downloads an owner's pay sheet in the interface's language", async () => {
    await act(() => i18n.changeLanguage('ru'));
    const network = fakeFetch({
      [`POST ${REPORTS}/owner-paysheet`]: fileAnswer('pay-sheet-Иван-Петров-2026-W07.pdf', 'application/pdf'),
    });
    renderWithToast(<PaySheetButtons paymentId={7} ownerEmail="ivan@owner.test" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Расчётный лист PDF' }));
    await waitFor(() =>
      expect(saved.map((file) => file.download)).toEqual(['pay-sheet-Иван-Петров-2026-W07.pdf']),
    );
    expect(network.callsTo('POST', `${REPORTS}/owner-paysheet`)[0]?.body).toEqual({
      payment_id: 7,
      lang: 'ru',
    });
  });

  it("downloads a load's invoice", async () => {
    const network = fakeFetch({
      [`POST ${REPORTS}/invoice`]: fileAnswer('invoice-000041.pdf', 'application/pdf'),
    });
    renderWithToast(<InvoiceButtons loadId={41} brokerEmail="ap@acme.test" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invoice PDF' }));
    await waitFor(() => expect(saved.map((file) => file.download)).toEqual(['invoice-000041.pdf']));
    expect(network.callsTo('POST', `${REPORTS}/invoice`)[0]?.body).toEqual({ load_id: 41, lang: 'en' });
  });

  it("exports the week's QuickBooks invoices or bills from its menu", async () => {
    const network = fakeFetch({
      [`GET ${REPORTS}/quickbooks`]: fileAnswer('quickbooks-bills-2026-W07.csv', 'text/csv'),
    });
    renderWithToast(<QuickbooksExportButton year={2026} week={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'QuickBooks' }));
    expect(screen.getByRole('menuitem', { name: 'QuickBooks invoices of week 7, 2026 (CSV)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'QuickBooks bills of week 7, 2026 (CSV)' }));
    await waitFor(() =>
      expect(saved.map((file) => file.download)).toEqual(['quickbooks-bills-2026-W07.csv']),
    );
    expect(network.callsTo('GET', `${REPORTS}/quickbooks`)[0]?.url).toBe(
      `${REPORTS}/quickbooks?year=2026&week=7&kind=bills`,
    );
    // The menu closed when the export was chosen.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('reads the file name the server gives, UTF-8 first', () => {
    expect(fileNameOf(`attachment; filename="a_b.pdf"; filename*=UTF-8''%D0%98%D0%B2.pdf`, 'x')).toBe(
      'Ив.pdf',
    );
    expect(fileNameOf('attachment; filename="plain.csv"', 'x')).toBe('plain.csv');
    expect(fileNameOf(null, 'fallback.pdf')).toBe('fallback.pdf');
  });
});
