import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupListPages } from '@/components/lists/list-test-data';
import { i18n } from '@/i18n/i18n';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { makeBoardLoad } from '../board-test-data';

// The board's load detail tells a dispatcher how fast the load's broker pays (GET
// payments/brokers/{id}/days-to-pay), beside the broker's name and MC number.

const BOARD = '/backend/api/v2/loads/loadboard';
const DAYS_TO_PAY = (id: number) => `/backend/api/v2/payments/brokers/${id}/days-to-pay`;
const FIRST_DRAW = { timeout: 20_000 };

const acme = { id: 8, name: 'Acme Logistics', mc_number: '123456', rating: 3 as const, in_blacklist: false };
const fresh = {
  id: 9,
  name: 'New Haul Brokers',
  mc_number: '555001',
  rating: 3 as const,
  in_blacklist: false,
};

async function openDetail(id: number) {
  renderApp(`/loadboard/${id}`);
  const detail = await screen.findByRole('region', { name: `Board load ${id}` }, FIRST_DRAW);
  await within(detail).findByText('Pays');
  return detail;
}

describe("the board load's broker: how fast it pays", () => {
  it('says "Pays in about N days" from the average of its paid invoices, the exact figure on hover', async () => {
    const { callsTo } = setupListPages({
      [`GET ${BOARD}`]: { count: 1, results: [makeBoardLoad({ id: 42 })] },
      [`GET ${BOARD}/42`]: makeBoardLoad({ id: 42, broker_company_instance: acme }),
      [`GET ${DAYS_TO_PAY(8)}`]: { broker_company_id: 8, average_days_to_pay: 24.6, paid_invoices: 5 },
    });
    const detail = await openDetail(42);
    const pays = await within(detail).findByText('Pays in about 25 days');
    await userEvent.hover(pays);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'Average 24.6 days over paid invoices: 5',
    );
    expect(callsTo('GET', DAYS_TO_PAY(8))).toHaveLength(1);
  });

  it('says "No history yet" for a broker none of whose invoices was paid, in Russian too', async () => {
    setupListPages({
      [`GET ${BOARD}`]: { count: 1, results: [makeBoardLoad({ id: 43 })] },
      [`GET ${BOARD}/43`]: makeBoardLoad({ id: 43, broker_company_instance: fresh }),
      [`GET ${DAYS_TO_PAY(9)}`]: { broker_company_id: 9, average_days_to_pay: null, paid_invoices: 0 },
    });
    const detail = await openDetail(43);
    expect(await within(detail).findByText('No history yet')).toBeTruthy();
    await act(() => i18n.changeLanguage('ru'));
    expect(await within(detail).findByText('Истории пока нет')).toBeTruthy();
    expect(within(detail).getByText('Оплата')).toBeTruthy();
  });

  it('shows a failed answer in place, with a retry that asks again', async () => {
    let answers = 0;
    const { callsTo } = setupListPages({
      [`GET ${BOARD}`]: { count: 1, results: [makeBoardLoad({ id: 44 })] },
      [`GET ${BOARD}/44`]: makeBoardLoad({ id: 44, broker_company_instance: acme }),
      [`GET ${DAYS_TO_PAY(8)}`]: () =>
        (answers += 1) === 1
          ? new FakeAnswer(500, { detail: 'Server error', code: 'server_error' })
          : { broker_company_id: 8, average_days_to_pay: 1.2, paid_invoices: 1 },
    });
    const detail = await openDetail(44);
    const failed = (await within(detail).findByText('Could not load how fast they pay.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(detail).findByText('Pays in about a day')).toBeTruthy();
    expect(callsTo('GET', DAYS_TO_PAY(8)).length).toBeGreaterThanOrEqual(2);
  });

  it('asks nothing for a load without a broker company', async () => {
    const { calls } = setupListPages({
      [`GET ${BOARD}`]: { count: 1, results: [makeBoardLoad({ id: 45 })] },
      [`GET ${BOARD}/45`]: makeBoardLoad({ id: 45, broker_company_instance: null, note: 'No broker' }),
    });
    renderApp('/loadboard/45');
    const detail = await screen.findByRole('region', { name: 'Board load 45' }, FIRST_DRAW);
    await within(detail).findByText('No broker');
    expect(within(detail).queryByText('Pays')).toBeNull();
    expect(calls.filter((call) => call.url.includes('days-to-pay'))).toEqual([]);
  });
});
