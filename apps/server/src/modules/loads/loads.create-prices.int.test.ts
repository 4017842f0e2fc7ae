import type { LoadDetail } from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test/test-suite';
import { apiCreateLoad, bookedBody, createWorld, LOADS_API } from './loads.fixtures';

// The add-load form's Pays is what the broker pays for the load: a new load takes it as its broker price
// unless a broker price is given, so nobody has to change the price right after creating the load. The loads
// here are booked at once (a driver named), so that the active load page shows them.

const { testApp, world } = setUpTestApp(createWorld);

async function detail(id: number): Promise<LoadDetail> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${LOADS_API}/active/${id}`,
    headers: world.sessions.dispatcher.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoadDetail>();
}

describe('POST loads/create: Pays and the broker price', () => {
  it('a created load without a broker price has Pays as its broker price', async () => {
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      bookedBody(world, { pays: '$1,200.50' }),
    );
    const load = await detail(id);
    expect(load.pays).toBe(1200.5);
    expect(load.broker_price).toBe(1200.5);
    expect(load.driver_price).toBe(0);
  });

  it('a broker price that is given wins over Pays', async () => {
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      bookedBody(world, { pays: '$1,200.50', broker_price: '$1,350' }),
    );
    const load = await detail(id);
    expect(load.pays).toBe(1200.5);
    expect(load.broker_price).toBe(1350);
  });

  it('without Pays and without a broker price the broker price stays 0', async () => {
    const id = await apiCreateLoad(testApp.app, world.sessions.dispatcher, bookedBody(world, { pays: '' }));
    const load = await detail(id);
    expect(load.pays).toBeNull();
    expect(load.broker_price).toBe(0);
  });
});
