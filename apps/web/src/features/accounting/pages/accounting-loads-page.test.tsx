import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import { nextPayWeek } from '@app/domain/accounting/pay-weeks.rules';
import { lastQuery, setupListPages } from '@/components/lists/list-test-data';
import { setLanguage } from '@/i18n/i18n';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { ACCOUNTING_LIST_STORAGE_KEYS } from '../components/accounting-list-state';
import { accountingList, makeAccountingLoad, makePayment } from './accounting-test-data';

const LOL = '/backend/api/v2/loads/lol';
const INCOME = '/backend/api/v2/loads/income';
const UPDATE_STATUS = '/backend/api/v2/payments/update-status';
const ACCOUNTANT = { id: 31, role: 7 as const, first_name: 'Anna', last_name: 'Count' };

describe('the list of loads', () => {
  it("is the accountant's start page: each load with its week, statuses, documents, money and invoice", async () => {
    setupListPages({ [`GET ${LOL}`]: accountingList() }, ACCOUNTANT);
    renderApp('/accounting/loads');
    const table = await screen.findByRole('table', { name: 'List of loads' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of ['000042', 'RC-1001', 'W10 2026', 'Delivered', 'Quickpay', 'Acme Logistics']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    // The accounting status and the broker payment's status, both Standard.
    expect(within(row).getAllByText('Standard')).toHaveLength(2);
    // 20:04 UTC on March 4 is 03:04pm in New York (EST).
    expect(within(row).getByText('03:04pm 03/04/2026')).toBeTruthy();
    expect(within(row).getByText('$1,234.50')).toBeTruthy();
    expect(within(row).getByText('-$43.21')).toBeTruthy();
    expect(within(row).getByText('$1,191.29')).toBeTruthy();
    expect(within(row).getByText('Owner: Olga Owner')).toBeTruthy();
    expect(within(row).getByText('Sent 03/05/2026')).toBeTruthy();
    expect(within(row).getByText('Past due: 12 d')).toBeTruthy();
    const totals = screen.getByRole('group', { name: 'Totals of the list' });
    expect(within(within(totals).getByLabelText('Income')).getByText('$1,191.29')).toBeTruthy();
    expect(within(within(totals).getByLabelText('Quick pay deduction')).getByText('-$43.21')).toBeTruthy();
  });

  it('goes to a week with the week picker and keeps it in the saved filter set', async () => {
    const { callsTo } = setupListPages({ [`GET ${LOL}`]: accountingList() }, ACCOUNTANT);
    renderApp('/accounting/loads');
    await screen.findByRole('table', { name: 'List of loads' });
    expect(lastQuery(callsTo('GET', LOL)).get('week')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const next = nextPayWeek(accountingWeekOf(new Date()));
    await waitFor(() => expect(lastQuery(callsTo('GET', LOL)).get('week')).toBe(String(next.week)));
    expect(lastQuery(callsTo('GET', LOL)).get('year')).toBe(String(next.year));
    const saved = JSON.parse(localStorage.getItem(ACCOUNTING_LIST_STORAGE_KEYS.lol)!) as {
      filters: { week: number; year: number };
    };
    expect(saved.filters).toMatchObject(next);
  });

  it('opens a load on its income page for an accountant, on its load page for a dispatcher', async () => {
    const first = setupListPages({ [`GET ${LOL}`]: accountingList() }, ACCOUNTANT);
    const view = renderApp('/accounting/loads');
    await userEvent.click(await screen.findByText('000042'));
    await waitFor(() => expect(view.pathname()).toBe('/accounting/income/active/42'));
    expect(first.callsTo('GET', LOL)).toHaveLength(1);
    view.unmount();

    setupListPages({ [`GET ${LOL}`]: accountingList() }, { id: 21, role: 5 });
    const dispatcherView = renderApp('/accounting/loads');
    await screen.findByRole('table', { name: 'List of loads' });
    // A dispatcher reads the list; no ticks for a bulk change of payments.
    expect(screen.queryByRole('checkbox', { name: 'Select every payment of the page' })).toBeNull();
    await userEvent.click(screen.getByText('000042'));
    await waitFor(() => expect(dispatcherView.pathname()).toBe('/load/checkout/42'));
  });

  it('says when nothing matches, and shows a failure with a retry', async () => {
    let fail = true;
    setupListPages(
      {
        [`GET ${LOL}`]: () =>
          fail ? new FakeAnswer(500, { detail: 'Boom', code: 'internal_error' }) : accountingList([]),
      },
      ACCOUNTANT,
    );
    renderApp('/accounting/loads');
    const retry = await screen.findByRole('button', { name: /Retry|Try again/ });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No loads in accounting yet')).toBeTruthy();
  });
});

describe('the income lists', () => {
  it('tab between active, completed and quick pay, the quick pay tab and menu entry with its count', async () => {
    const { callsTo } = setupListPages(
      {
        [`GET ${INCOME}`]: (call: { url: string }) =>
          call.url.includes('limit=1&') || call.url.endsWith('limit=1')
            ? { count: 3, results: [], totals: null }
            : accountingList(),
      },
      ACCOUNTANT,
    );
    renderApp('/accounting/income/active/');
    await screen.findByRole('table', { name: 'Income: active' });
    expect(
      lastQuery(callsTo('GET', INCOME).filter((call) => !call.url.includes('quick-pay'))).get('type'),
    ).toBe('active');
    expect(await screen.findByRole('tab', { name: 'Quick pay (3)' })).toBeTruthy();
    const count = callsTo('GET', INCOME).find((call) => call.url.includes('quick-pay'))!;
    expect(Object.fromEntries(new URLSearchParams(count.url.split('?')[1]))).toEqual({
      type: 'quick-pay',
      page: '1',
      limit: '1',
    });
    // The menu's income entry carries a dot while quick pay loads wait.
    const income = document.querySelector('a[href="/accounting/income/active/"]')!;
    expect(income.querySelector('.MuiBadge-dot:not(.MuiBadge-invisible)')).not.toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    await screen.findByRole('table', { name: 'Income: completed' });
  });

  it('change the status of the ticked broker payments at once', async () => {
    const second = makeAccountingLoad({
      id: 43,
      load_accounting_number_display: '000043',
      payment: makePayment({ id: 901 }),
    });
    const { callsTo } = setupListPages(
      {
        [`GET ${INCOME}`]: accountingList([makeAccountingLoad(), second]),
        [`PUT ${UPDATE_STATUS}`]: { updated: 2 },
      },
      ACCOUNTANT,
    );
    renderApp('/accounting/income/active/');
    await screen.findByRole('table', { name: 'Income: active' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every payment of the page' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'New payment status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Approved for payment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsTo('PUT', UPDATE_STATUS)).toHaveLength(1));
    expect(callsTo('PUT', UPDATE_STATUS)[0]!.body).toEqual({
      payments_ids: [900, 901],
      type: 'broker',
      status: 2,
    });
    await waitFor(() => expect(screen.queryByText('Selected: 2')).toBeNull());
  });

  it('speak Russian', async () => {
    setupListPages({ [`GET ${INCOME}`]: accountingList() }, { ...ACCOUNTANT, lang: 'ru' });
    await setLanguage('ru');
    renderApp('/accounting/income/completed/');
    await screen.findByRole('table', { name: 'Доходы: завершённые' });
    expect(screen.getAllByText('Стандартный')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'Активные' })).toBeTruthy();
  });
});
