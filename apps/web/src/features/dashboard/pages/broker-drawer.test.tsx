import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastQuery, setupListPages } from '@/components/lists/list-test-data';
import { renderApp } from '@/test/render-app';
import { DASHBOARD_STORAGE_KEY } from '../components/dashboard-filters-state';
import { dashboardRoutes, DASHBOARD_PATHS, makeBroker } from './dashboard-test-data';

// A broker's row opens its history and trend beside the ranking (broker-company/{id}/), by mouse or keyboard.

function saveWeek() {
  localStorage.setItem(
    DASHBOARD_STORAGE_KEY,
    JSON.stringify({ filters: { period: 'this_week', working_group: 3 } }),
  );
}

describe("a broker's history", () => {
  it('opens from its row with the period against the one before, days to pay and twelve months', async () => {
    saveWeek();
    const { callsTo } = setupListPages(dashboardRoutes(), { role: 3 });
    renderApp('/');
    const brokers = await screen.findByRole('table', { name: 'Brokers' });
    const facts = await screen.findByLabelText('Brokers of the period');
    expect(within(facts).getByText("Top five's share of gross").nextSibling?.textContent).toBe('100%');
    expect(within(facts).getByText('Average days to pay').nextSibling?.textContent).toBe('28.5 d');
    await userEvent.click(within(brokers).getByText('Acme Logistics'));
    const drawer = await screen.findByRole('dialog', { name: 'Acme Logistics' });
    expect(Object.fromEntries(lastQuery(callsTo('GET', DASHBOARD_PATHS.broker(7))))).toEqual({
      period: 'this_week',
      working_group: '3',
    });
    const trend = await within(drawer).findByRole('table', { name: 'The period against the one before' });
    const header = within(trend)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['', '11/23/2026 – 11/29/2026', '11/16/2026 – 11/22/2026', 'Change']);
    const gross = within(trend).getByRole('rowheader', { name: 'Gross' }).closest('tr')!;
    expect(
      within(gross)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$15,400.00', '$11,000.00', '+40%']);
    const rate = within(trend).getByRole('rowheader', { name: 'Rate per mile' }).closest('tr')!;
    expect(
      within(rate)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$4.40/mi', '$4.40/mi', '0%']);
    expect(within(drawer).getByText('28.5 d')).toBeTruthy();
    expect(within(drawer).getByText('14')).toBeTruthy();
    expect(within(drawer).getByText('03/04/2025')).toBeTruthy();
    expect(within(drawer).getByText('11/27/2026')).toBeTruthy();
    const months = within(drawer).getByRole('table', { name: 'Loads and money per month' });
    const [, newest, ...older] = within(months).getAllByRole('row');
    expect(
      within(newest!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['11/2026', '12', '$26,400.00', '$5,280.00']);
    expect(older).toHaveLength(11);
    expect(within(drawer).getByRole('link', { name: 'Partners' }).getAttribute('href')).toBe('/partners/');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens with Enter on a focused row and closes with Escape; another broker never shows the one before', async () => {
    saveWeek();
    let answerBolt: (() => void) | null = null;
    setupListPages(
      {
        ...dashboardRoutes(),
        [`GET ${DASHBOARD_PATHS.broker(8)}`]: () =>
          new Promise((resolve) => {
            answerBolt = () =>
              resolve({
                ...makeBroker(),
                broker_company: { id: 8, name: 'Bolt Freight', mc_number: null },
                average_days_to_pay: null,
              });
          }),
      },
      { role: 4 },
    );
    renderApp('/');
    const brokers = await screen.findByRole('table', { name: 'Brokers' });
    const [, acme, bolt] = within(brokers).getAllByRole('row');
    acme!.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Acme Logistics' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    bolt!.focus();
    await userEvent.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Broker' });
    expect(within(drawer).queryByText('Acme Logistics')).toBeNull();
    expect(within(drawer).getAllByRole('progressbar').length).toBeGreaterThan(0);
    answerBolt!();
    expect(await screen.findByRole('dialog', { name: 'Bolt Freight' })).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getAllByText('—').length).toBeGreaterThan(0);
  });
});
