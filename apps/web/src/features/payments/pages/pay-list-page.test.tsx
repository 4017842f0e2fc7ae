import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAY_CHANGE_MESSAGES } from '@app/domain/accounting/pay-changes.schema';
import { PAY_LIST_MESSAGES } from '@app/domain/accounting/payments.schema';
import en from '@/i18n/en.json';
import { lastQuery, setupListPages } from '@/components/lists/list-test-data';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { PAY_LIST_STORAGE_KEYS } from '../components/pay-list-state';
import {
  CREATE_ITEM,
  DISPATCHERS_ALL,
  makeDispatcherRow,
  makeDispatcherWeek,
  makeOwnerRow,
  makeOwnerWeek,
  OWNER_TOTALS,
  OWNERS_ALL,
  UPDATE_STATUS,
} from './pay-test-data';

const OWNER_WEEK = '/backend/api/v2/payments/owners/501';
const DISPATCHER_WEEK = '/backend/api/v2/payments/dispatchers/601';
const boris = makeOwnerRow({
  id: 502,
  owner: {
    id: 62,
    first_name: 'Boris',
    last_name: 'Beta',
    full_name: 'Boris Beta',
    company_name: null,
    email: null,
  },
  loads_count: 1,
  gross: 1234.55,
  load_pay: 1000.1,
  bonuses: 0,
  fines: 0,
  items: 0,
  computed_total: 1000.1,
  amount: 1000.1,
});
const ownersAnswer = { count: 2, results: [makeOwnerRow(), boris], totals: OWNER_TOTALS };

function savedWeek() {
  // The lists open on a saved week so that the tests do not depend on today's date.
  for (const type of ['owner', 'dispatcher'] as const) {
    for (const list of ['active', 'completed'] as const) {
      localStorage.setItem(
        PAY_LIST_STORAGE_KEYS[type][list],
        JSON.stringify({ filters: { week: { year: 2026, week: 10 } }, limit: 25 }),
      );
    }
  }
}

describe("owners' pay", () => {
  it('lists each week to the cent with a totals row, asking for the saved week of the active list', async () => {
    savedWeek();
    const { callsTo } = setupListPages({ [`GET ${OWNERS_ALL}`]: ownersAnswer }, { role: 7 });
    renderApp('/accounting/owners/active/');
    const table = await screen.findByRole('table', { name: "Owners' pay: active" });
    const query = lastQuery(callsTo('GET', OWNERS_ALL));
    expect(Object.fromEntries(query)).toMatchObject({ list: 'active', week: '10', year: '2026', page: '1' });
    const [, anna, borisRow] = within(table).getAllByRole('row');
    expect(within(anna!).getByText('Anna Alpha')).toBeTruthy();
    expect(within(anna!).getByText('Alpha Fleet')).toBeTruthy();
    expect(within(anna!).getByText('Week 10, 2026')).toBeTruthy();
    expect(within(anna!).getByText('$1,875.00')).toBeTruthy();
    expect(within(anna!).getByText('-$25.00')).toBeTruthy();
    expect(within(borisRow!).getAllByText('$1,000.10')).toHaveLength(2);
    const totals = within(table).getAllByRole('row').at(-1)!;
    expect(within(totals).getByText('Total of 2 payments')).toBeTruthy();
    expect(within(totals).getByText('$2,875.10')).toBeTruthy();
    expect(within(totals).getByText('$3,534.55')).toBeTruthy();
    expect(screen.getByText('03/02/2026 – 03/08/2026')).toBeTruthy();
  });

  it('moves the week with the picker and keeps it in the saved filter set', async () => {
    savedWeek();
    const { callsTo } = setupListPages({ [`GET ${OWNERS_ALL}`]: ownersAnswer }, { role: 7 });
    renderApp('/accounting/owners/active/');
    await screen.findByRole('table', { name: "Owners' pay: active" });
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(lastQuery(callsTo('GET', OWNERS_ALL)).get('week')).toBe('11'));
    const saved = JSON.parse(localStorage.getItem('accounting_owners_active_filters')!) as {
      filters: { week: unknown };
    };
    expect(saved.filters.week).toEqual({ year: 2026, week: 11 });
    expect(screen.getByText('03/09/2026 – 03/15/2026')).toBeTruthy();
  });

  it("shows the chosen owner's pay sheet beside the list, and adds a payment to it", async () => {
    savedWeek();
    const { callsTo } = setupListPages(
      {
        [`GET ${OWNERS_ALL}`]: ownersAnswer,
        [`GET ${OWNER_WEEK}`]: makeOwnerWeek(),
        [`POST ${CREATE_ITEM}`]: { id: 1 },
      },
      { role: 7 },
    );
    renderApp('/accounting/owners/active/');
    const table = await screen.findByRole('table', { name: "Owners' pay: active" });
    await userEvent.click(within(table).getByText('Anna Alpha'));
    const sheet = await screen.findByRole('region', { name: 'Pay sheet' });
    const loads = await within(sheet).findByRole('table', { name: 'Loads of the week' });
    expect(within(loads).getByText('Dallas, TX → Houston, TX')).toBeTruthy();
    expect(within(loads).getByText('$2,000.00')).toBeTruthy();
    expect(within(loads).getByText('Bonus (driver) · On time')).toBeTruthy();
    expect(within(loads).getByText('Fine (owner) · Late papers')).toBeTruthy();
    expect(within(loads).getByText('Payment · Canceled at the dock')).toBeTruthy();
    expect(within(loads).getByText('Canceled: pays $0.00')).toBeTruthy();
    const totals = within(sheet).getByRole('group', { name: 'Totals of the week' });
    expect(within(totals).getByText('$1,875.00')).toBeTruthy();

    await userEvent.click(within(sheet).getByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment or charge: week 10, 2026' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '75.25');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Detention');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', CREATE_ITEM)).toHaveLength(1));
    const [call] = callsTo('POST', CREATE_ITEM);
    expect(call!.body).toEqual({
      type: 'owner',
      owner_id: 61,
      kind: 'payment',
      amount: '75.25',
      reason: 'Detention',
      load_id: null,
      week: 10,
      year: 2026,
    });
  });

  it('changes the status of the ticked payments at once, and shows a refusal in words', async () => {
    savedWeek();
    let refuse = true;
    const { callsTo } = setupListPages(
      {
        [`GET ${OWNERS_ALL}`]: ownersAnswer,
        [`PUT ${UPDATE_STATUS}`]: () =>
          refuse
            ? new FakeAnswer(400, {
                detail: PAY_CHANGE_MESSAGES.otherType,
                code: 'validation_error',
                fields: { payments_ids: [PAY_CHANGE_MESSAGES.otherType] },
              })
            : { payments_ids: [501, 502], type: 'owner', status: 8, status_name: 'Completed' },
      },
      { role: 4 },
    );
    renderApp('/accounting/owners/active/');
    await screen.findByRole('table', { name: "Owners' pay: active" });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every payment of the page' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'New status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('These payments are not of the type given')).toBeTruthy();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(screen.queryByText(/Selected:/)).toBeNull());
    expect(callsTo('PUT', UPDATE_STATUS).map((call) => call.body)).toEqual([
      { payments_ids: [501, 502], type: 'owner', status: 8 },
      { payments_ids: [501, 502], type: 'owner', status: 8 },
    ]);
  });

  it('asks the completed list for its own saved set; says when nothing is there, and when loading fails', async () => {
    savedWeek();
    let fail = false;
    const { callsTo } = setupListPages(
      {
        [`GET ${OWNERS_ALL}`]: () =>
          fail
            ? new FakeAnswer(500, { detail: 'boom', code: 'internal_error' })
            : { count: 0, results: [], totals: { ...OWNER_TOTALS, loads_count: 0 } },
      },
      { role: 3 },
    );
    renderApp('/accounting/owners/completed/');
    expect(await screen.findByText('No completed payments')).toBeTruthy();
    expect(lastQuery(callsTo('GET', OWNERS_ALL)).get('list')).toBe('completed');
    expect(screen.getByRole('tab', { name: 'Completed' }).getAttribute('aria-selected')).toBe('true');
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect((await screen.findAllByText('Request failed with HTTP code 500')).length).toBeGreaterThan(0);
  });
});

describe("dispatchers' pay", () => {
  it('shows a dispatcher only their pay: no ticks, no person or team filter', async () => {
    savedWeek();
    setupListPages(
      {
        [`GET ${DISPATCHERS_ALL}`]: {
          count: 1,
          results: [makeDispatcherRow()],
          totals: { ...OWNER_TOTALS, margin: 734.45 },
        },
      },
      { id: 21, role: 5 },
    );
    renderApp('/accounting/dispatchers/active/');
    const table = await screen.findByRole('table', { name: "Dispatchers' pay: active" });
    expect(within(table).getByText('10% of gross')).toBeTruthy();
    expect(within(table).getByText('$333.46')).toBeTruthy();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Dispatcher' })).toBeNull();
  });

  it("sets a dispatcher's terms from the pay sheet", async () => {
    savedWeek();
    const TERMS = '/backend/api/v2/users/21/dispatcher-info/';
    const { callsTo } = setupListPages(
      {
        [`GET ${DISPATCHERS_ALL}`]: {
          count: 1,
          results: [makeDispatcherRow()],
          totals: { ...OWNER_TOTALS, margin: 734.45 },
        },
        [`GET ${DISPATCHER_WEEK}`]: makeDispatcherWeek(),
        [`PUT ${TERMS}`]: { id: 21 },
      },
      { role: 7, lang: 'en' },
    );
    renderApp('/accounting/dispatchers/active/');
    const table = await screen.findByRole('table', { name: "Dispatchers' pay: active" });
    await userEvent.click(within(table).getByText('Dina Dispatch'));
    const sheet = await screen.findByRole('region', { name: 'Pay sheet' });
    await userEvent.click(await within(sheet).findByRole('button', { name: 'Pay terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay terms of Dina Dispatch' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Paid by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Amount per load' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount per load' }), '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', TERMS)).toHaveLength(1));
    expect(callsTo('PUT', TERMS)[0]!.body).toEqual({ basis: 'per_load', amount: '40' });
  });
});

describe('pay texts', () => {
  it("hold the domain's messages in English, every one translated", () => {
    expect(en.payments.messages).toEqual({ ...PAY_CHANGE_MESSAGES, ...PAY_LIST_MESSAGES });
  });
});
