import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastQuery, setupListPages } from '@/components/lists/list-test-data';
import { renderApp } from '@/test/render-app';
import { BROKER_LIST_STORAGE_KEYS } from '../components/broker-list-state';
import { makeBrokerPaymentRow } from './accounting-test-data';

const BROKERS = '/backend/api/v2/payments/brokers/all';
const AGEING = '/backend/api/v2/payments/brokers/ageing';
const UPDATE_STATUS = '/backend/api/v2/payments/update-status';
const ACCOUNTANT = { id: 31, role: 7 as const, first_name: 'Anna', last_name: 'Count' };
const TOTALS = { amount: 1234.5, quickpay_deduction: 43.21, income: 1191.29, unpaid: 1191.29 };

describe("the brokers' payments", () => {
  it('list what each broker owes for each load, with the totals of all listed', async () => {
    const { callsTo } = setupListPages(
      { [`GET ${BROKERS}`]: { count: 1, results: [makeBrokerPaymentRow()], totals: TOTALS } },
      ACCOUNTANT,
    );
    renderApp('/accounting/brokers/active/');
    const table = await screen.findByRole('table', { name: 'Brokers: active payments' });
    expect(lastQuery(callsTo('GET', BROKERS)).get('list')).toBe('active');
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of ['Acme Logistics', '000042', 'W10 2026', '$1,234.50', '-$43.21 (3.5%)', '$1,191.29']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    // The invoice went out to the broker on 03/05/2026.
    expect(within(row).getByText('Sent 03/05/2026')).toBeTruthy();
    // The payment's status and the load's accounting status, both Standard.
    expect(within(row).getAllByText('Standard')).toHaveLength(2);
    const totals = screen.getByRole('group', { name: 'Totals of the list' });
    expect(within(within(totals).getByLabelText('Unpaid')).getByText('$1,191.29')).toBeTruthy();
  });

  it('say which invoices were not sent to the broker yet', async () => {
    const unsent = makeBrokerPaymentRow({ invoiced_at: null });
    setupListPages({ [`GET ${BROKERS}`]: { count: 1, results: [unsent], totals: TOTALS } }, ACCOUNTANT);
    renderApp('/accounting/brokers/active/');
    const table = await screen.findByRole('table', { name: 'Brokers: active payments' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Not sent')).toBeTruthy();
    expect(within(row).queryByText(/^Sent /)).toBeNull();
  });

  it('keep their filters per list and change the ticked payments in bulk', async () => {
    const { callsTo } = setupListPages(
      {
        [`GET ${BROKERS}`]: { count: 1, results: [makeBrokerPaymentRow()], totals: TOTALS },
        [`PUT ${UPDATE_STATUS}`]: { updated: 1 },
      },
      ACCOUNTANT,
    );
    renderApp('/accounting/brokers/completed/');
    await screen.findByRole('table', { name: 'Brokers: completed payments' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search payments' }), 'acme');
    await waitFor(() => expect(lastQuery(callsTo('GET', BROKERS)).get('text')).toBe('acme'));
    expect(lastQuery(callsTo('GET', BROKERS)).get('list')).toBe('completed');
    const saved = JSON.parse(localStorage.getItem(BROKER_LIST_STORAGE_KEYS.completed)!) as {
      filters: { text: string };
    };
    expect(saved.filters.text).toBe('acme');
    expect(localStorage.getItem(BROKER_LIST_STORAGE_KEYS.active)).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select the payment of load 000042' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'New payment status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsTo('PUT', UPDATE_STATUS)).toHaveLength(1));
    expect(callsTo('PUT', UPDATE_STATUS)[0]!.body).toEqual({
      payments_ids: [900],
      type: 'broker',
      status: 8,
    });
  });

  it('show the ageing of unpaid invoices per broker', async () => {
    const buckets = {
      current: 97.6,
      days_1_30: 0,
      days_31_60: 0,
      days_61_90: 1000,
      over_90: 0,
      total: 1097.6,
    };
    const { callsTo } = setupListPages(
      {
        [`GET ${AGEING}`]: {
          count: 1,
          as_of: '2026-05-01',
          totals: buckets,
          results: [
            {
              broker_company: { id: 7, name: 'Acme Logistics', mc_number: '123456' },
              amounts: buckets,
              unpaid_invoices: 2,
              average_days_to_pay: 25,
              paid_invoices: 2,
            },
          ],
        },
      },
      ACCOUNTANT,
    );
    renderApp('/accounting/brokers/ageing/');
    const table = await screen.findByRole('table', { name: 'Unpaid invoices by days past due' });
    expect(lastQuery(callsTo('GET', AGEING)).get('as_of')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [header, acme, all] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(header).getByText('61-90 days')).toBeTruthy();
    expect(within(acme).getByText('$97.60')).toBeTruthy();
    expect(within(acme).getAllByText('$1,000.00')).toHaveLength(1);
    expect(within(acme).getByText('25 d (2 paid)')).toBeTruthy();
    expect(within(all).getAllByText('$1,097.60')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Ageing' }).getAttribute('aria-selected')).toBe('true');
  });
});
