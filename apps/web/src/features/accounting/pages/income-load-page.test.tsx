import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupListPages } from '@/components/lists/list-test-data';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { makeIncomeDetail, makePayment } from './accounting-test-data';

const DETAIL = '/backend/api/v2/loads/income/42/';
const UPDATE = '/backend/api/v2/loads/42/update-accounting-status';
const QUICKPAY = '/backend/api/v2/payments/update-quickpay/900';
const ACCOUNTANT = { id: 31, role: 7 as const, first_name: 'Anna', last_name: 'Count' };

describe('a load on its income page', () => {
  it('shows its money, broker payment, missing documents and history, in US dollars and Eastern time', async () => {
    setupListPages({ [`GET ${DETAIL}`]: makeIncomeDetail() }, ACCOUNTANT);
    renderApp('/accounting/income/active/42');
    expect(await screen.findByRole('heading', { name: 'Load 000042' })).toBeTruthy();
    const money = screen.getByRole('region', { name: 'Money' });
    expect(within(within(money).getByLabelText('Broker price')).getByText('$1,234.50')).toBeTruthy();
    expect(within(within(money).getByLabelText('Quick pay deduction')).getByText('-$43.21')).toBeTruthy();
    expect(within(within(money).getByLabelText('Income')).getByText('$1,191.29')).toBeTruthy();
    expect(
      within(within(money).getByLabelText('Margin before dispatcher pay')).getByText('$241.29'),
    ).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Broker payment' });
    expect(within(payment).getByText('Payment status: Standard')).toBeTruthy();
    expect(within(payment).getByText('Past due: 12 d')).toBeTruthy();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getByText('Missing for completion: Proof of delivery')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Status: Unloaded → Delivered')).toBeTruthy();
    // 16:00 UTC on March 5 is 11:00am in New York (EST).
    expect(within(history).getByText(/11:00am 03\/05\/2026 · Dina Dispatch/)).toBeTruthy();
  });

  it('completes the load only with the explicit override while a document is missing', async () => {
    const completed = makeIncomeDetail({ accounting_status: 8, income_list: 'completed', status: 10 });
    const { callsTo } = setupListPages(
      {
        [`GET ${DETAIL}`]: () => (callsTo('PUT', UPDATE).length > 0 ? completed : makeIncomeDetail()),
        [`PUT ${UPDATE}`]: completed,
      },
      ACCOUNTANT,
    );
    const view = renderApp('/accounting/income/active/42');
    await screen.findByRole('heading', { name: 'Load 000042' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Accounting status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    expect(screen.getByText('Missing for completion: Proof of delivery.')).toBeTruthy();
    const complete = screen.getByRole('button', { name: 'Complete' });
    expect(complete).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('checkbox', { name: /Complete without these documents/ }));
    await userEvent.click(complete);
    await waitFor(() => expect(callsTo('PUT', UPDATE)).toHaveLength(1));
    expect(callsTo('PUT', UPDATE)[0]!.body).toEqual({ accounting_status: 8, override: true });
    // Completed, the load now lives on the completed income page.
    await waitFor(() => expect(view.pathname()).toBe('/accounting/income/completed/42'));
  });

  it("shows the server's refusal in the user's words and changes nothing", async () => {
    setupListPages(
      {
        [`GET ${DETAIL}`]: makeIncomeDetail({ completion_missing_documents: [] }),
        [`PUT ${UPDATE}`]: new FakeAnswer(409, {
          detail: 'Next documents needs to be uploaded before status changing',
          code: 'documents_required',
          fields: { missing_documents: ['rate_confirmation'] },
        }),
      },
      ACCOUNTANT,
    );
    renderApp('/accounting/income/active/42');
    await screen.findByRole('heading', { name: 'Load 000042' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Accounting status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(
      await screen.findByText(
        'Next documents needs to be uploaded before status changing: Rate confirmation',
      ),
    ).toBeTruthy();
  });

  it("sets the payment's quick pay to the company's percent", async () => {
    const { callsTo } = setupListPages(
      {
        [`GET ${DETAIL}`]: makeIncomeDetail({ payment: makePayment({ quickpay_percent: null }) }),
        [`PUT ${QUICKPAY}`]: {},
      },
      ACCOUNTANT,
    );
    renderApp('/accounting/income/active/42');
    await screen.findByRole('heading', { name: 'Load 000042' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Quick pay, %' }), '2.555');
    expect(
      screen.getByText('Must be a percent from 0 to 100 with at most two decimals, true, false or null'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Company's percent" }));
    await waitFor(() => expect(callsTo('PUT', QUICKPAY)).toHaveLength(1));
    expect(callsTo('PUT', QUICKPAY)[0]!.body).toEqual({ quickpay: true });
  });

  it('says when the load is not in accounting', async () => {
    setupListPages(
      { [`GET ${DETAIL}`]: new FakeAnswer(404, { detail: 'Not found.', code: 'not_found' }) },
      ACCOUNTANT,
    );
    renderApp('/accounting/income/completed/42');
    expect(await screen.findByText('Load not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Income: completed' })).toBeTruthy();
  });
});
