import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { brokerRating } from '@app/domain/brokers/brokers.rules';
import { renderApp } from '@/test/render-app';
import { makeLoad, setupLoads } from '../pages/load-test-data';

// The broker, driver and vehicle filters of a load list: pickers over the brokers, drivers (fired ones
// too) and vehicles searches, each sending the chosen id.

const ACTIVE = '/backend/api/v2/loads/active';
const BROKER_SEARCH = '/backend/api/v2/brokers/broker-company/search';
const DRIVERS = '/backend/api/v2/users/drivers';
const VEHICLES = '/backend/api/v2/cars/all';

function lastQuery(calls: { url: string }[]): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(calls[calls.length - 1]?.url.split('?')[1] ?? ''));
}

describe('load list filters', () => {
  it('picks a broker, a driver and a vehicle from their searches and sends their ids', async () => {
    const { callsTo } = setupLoads({
      [`GET ${ACTIVE}`]: { count: 1, results: [makeLoad()] },
      [`GET ${BROKER_SEARCH}`]: {
        count: 1,
        results: [
          { id: 6, name: 'Shady Freight', mc_number: '999001', rating: brokerRating(4), in_blacklist: true },
        ],
      },
      [`GET ${DRIVERS}`]: {
        count: 1,
        results: [{ id: 61, full_name: 'Dan Driver', car: { id: 71, unit_id: 'U-101' } }],
      },
      [`GET ${VEHICLES}`]: { count: 1, results: [{ id: 71, unit_id: 'U-101', transport_type: 'VAN' }] },
    });
    renderApp('/my-loads/active/');
    await screen.findByRole('table', { name: 'Active loads' });
    const filters = screen.getByRole('group', { name: 'Filters' });
    // The searches wait until a picker is opened.
    expect(callsTo('GET', BROKER_SEARCH)).toHaveLength(0);
    expect(callsTo('GET', DRIVERS)).toHaveLength(0);

    await userEvent.click(within(filters).getByRole('combobox', { name: 'Broker' }));
    const broker = await screen.findByRole('option', { name: /Shady Freight/ });
    expect(broker.textContent).toContain('MC-999001');
    await userEvent.click(broker);
    await waitFor(() => expect(lastQuery(callsTo('GET', ACTIVE)).broker).toBe('6'));

    await userEvent.click(within(filters).getByRole('combobox', { name: 'Driver' }));
    await userEvent.click(await screen.findByRole('option', { name: /Dan Driver/ }));
    await waitFor(() => expect(lastQuery(callsTo('GET', ACTIVE)).driver).toBe('61'));
    // Old loads are filtered by drivers who have since been fired: the filter's search keeps them.
    expect(lastQuery(callsTo('GET', DRIVERS))).not.toHaveProperty('exclude_fired');

    await userEvent.click(within(filters).getByRole('combobox', { name: 'Vehicle' }));
    await userEvent.click(await screen.findByRole('option', { name: /U-101/ }));
    await waitFor(() =>
      expect(lastQuery(callsTo('GET', ACTIVE))).toMatchObject({ broker: '6', driver: '61', car: '71' }),
    );
    expect(within(filters).getByRole<HTMLInputElement>('combobox', { name: 'Broker' }).value).toBe(
      'Shady Freight',
    );
  });
});
