import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/i18n/i18n';
import { renderApp } from '@/test/render-app';
import { BROKERS, list, makeBroker, setupBrokers } from './broker-test-data';

// A broker's rating dialog (opened from its rating on the partners page) says how fast the broker pays
// (GET payments/brokers/{id}/days-to-pay): what a dispatcher weighs with the rating before hauling for it.

const ALL = `${BROKERS}/all`;
const DAYS_TO_PAY = (id: number) => `/backend/api/v2/payments/brokers/${id}/days-to-pay`;
const acme = makeBroker();
const fresh = makeBroker({ id: 9, name: 'New Haul Brokers', mc_number: '555001' });

async function openRating(name: string, rating: string) {
  renderApp('/partners/');
  const table = await screen.findByRole('table', { name: 'All brokers' });
  const row = within(table).getByText(name).closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: rating }));
  return screen.findByRole('dialog', { name: new RegExp(`Rating of ${name}`) });
}

describe("partners: a broker's days to pay", () => {
  it('shows a dispatcher "Pays in about N days" beside the rating, asked once for that broker, in Russian too', async () => {
    const { callsTo } = setupBrokers(
      {
        [`GET ${ALL}`]: list([acme, fresh]),
        [`GET ${BROKERS}/rating/broker-company/7`]: list([]),
        [`GET ${DAYS_TO_PAY(7)}`]: { broker_company_id: 7, average_days_to_pay: 31.4, paid_invoices: 12 },
      },
      { role: 5 },
    );
    const dialog = await openRating('Acme Logistics', 'Approved');
    expect(await within(dialog).findByText('Pays in about 31 days')).toBeTruthy();
    expect(within(dialog).getByText('Pays')).toBeTruthy();
    expect(callsTo('GET', DAYS_TO_PAY(7))).toHaveLength(1);
    // The list itself asks nothing per row.
    expect(callsTo('GET', DAYS_TO_PAY(9))).toHaveLength(0);
    await act(() => i18n.changeLanguage('ru'));
    expect(await within(dialog).findByText('Платит примерно через 31 дн.')).toBeTruthy();
  });

  it('says there is no history yet for a broker with no paid invoice, in Russian too', async () => {
    setupBrokers(
      {
        [`GET ${ALL}`]: list([acme, fresh]),
        [`GET ${BROKERS}/rating/broker-company/9`]: list([]),
        [`GET ${DAYS_TO_PAY(9)}`]: { broker_company_id: 9, average_days_to_pay: null, paid_invoices: 0 },
      },
      { role: 5 },
    );
    const dialog = await openRating('New Haul Brokers', 'Approved');
    expect(await within(dialog).findByText('No history yet')).toBeTruthy();
    await act(() => i18n.changeLanguage('ru'));
    expect(await within(dialog).findByText('Истории пока нет')).toBeTruthy();
    expect(within(dialog).getByText('Оплата')).toBeTruthy();
  });
});
