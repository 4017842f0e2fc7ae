import { describe, expect, it } from 'vitest';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import {
  call,
  createBrokersWorld,
  createNonOtrCompany,
  createOtrBroker,
  type RoleName,
} from './brokers.fixtures';

// What colleagues' open pages are told when a broker company changes: update_units { kind:
// 'broker_company' } for the partners pages and the pickers, unless an update_loads of the broker's open
// loads already tells them (one event or the other, never both); nothing for a refused change.

const { database, testApp, world } = setUpTestApp(createBrokersWorld);
const recorder = recordEventsOfEachTest(testApp);

const api = (role: RoleName, method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  call(testApp.app, world.sessions[role], method, path, payload);

/** The update_units of these broker companies, as the roles who look brokers up receive it. */
const brokerUnits = (...ids: number[]) => ({
  event: 'update_units',
  data: { kind: 'broker_company', ids },
  companyId: world.company.id,
  roles: [3, 4, 5, 6, 7, 13],
});

describe('broker companies: update_units after each change', () => {
  it('a broker company created, OTR or not', async () => {
    const otr = await createOtrBroker(testApp.app, world.sessions.dispatcher);
    const shipper = await createNonOtrCompany(testApp.app, world.sessions.accountant);
    expect(recorder.events).toEqual([brokerUnits(otr.id), brokerUnits(shipper.id)]);
  });

  it('edited (both updates), its notice switch, its credit check and a rating asked for', async () => {
    const otr = await createOtrBroker(testApp.app, world.sessions.manager);
    const shipper = await createNonOtrCompany(testApp.app, world.sessions.manager);
    recorder.events.length = 0;
    // One after the other, so that the events come in this order.
    const changes = [
      () => api('dispatcher', 'PUT', `broker-company/${otr.id}/update`, { phone: '(513) 555-0100' }),
      () => api('dispatcher', 'PUT', `non-otr-broker-company/${shipper.id}/update`, { name: 'Renamed' }),
      () => api('dispatcher', 'PUT', `broker-company/${otr.id}`, { notify_no_posting: true }),
      () => api('conflictManager', 'PUT', `broker-company/${otr.id}/credit-check`, { result: 'Approved' }),
      () => api('dispatcher', 'PUT', `rating/broker-company/${shipper.id}/request`),
    ];
    for (const change of changes) {
      const response = await change();
      expect(response.status, response.body).toBe(200);
    }
    expect(recorder.events).toEqual([
      brokerUnits(otr.id),
      brokerUnits(shipper.id),
      brokerUnits(otr.id),
      brokerUnits(otr.id),
      brokerUnits(shipper.id),
    ]);
  });

  it('nothing when a rating is asked for a broker already waiting for one', async () => {
    const otr = await createOtrBroker(testApp.app, world.sessions.manager);
    recorder.events.length = 0;
    expect((await api('dispatcher', 'PUT', `rating/broker-company/${otr.id}/request`)).status).toBe(200);
    expect(recorder.events).toEqual([]);
  });

  it('a non-OTR company removed', async () => {
    const shipper = await createNonOtrCompany(testApp.app, world.sessions.manager);
    recorder.events.length = 0;
    expect((await api('accountant', 'DELETE', `non-otr-broker-company/${shipper.id}/`)).status).toBe(200);
    expect(recorder.events).toEqual([brokerUnits(shipper.id)]);
  });

  it('blacklisted with open loads: update_loads alone (it tells the partners pages too)', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const loadId = await insertLoad(database.db, world.company.id, { brokerId: broker.id, status: 2 });
    recorder.events.length = 0;
    const response = await api('manager', 'PUT', `broker-company/blacklist/${broker.id}/update`, {
      in_blacklist: true,
      blacklist_reason: 'Double brokering',
    });
    expect(response.status, response.body).toBe(200);
    expect(recorder.events).toEqual([
      {
        event: 'update_loads',
        data: { ids: [loadId], action: 'broker_company' },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7],
      },
    ]);
  });

  it('blacklisted or rated with no open load: update_units', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    recorder.events.length = 0;
    await api('manager', 'PUT', `broker-company/blacklist/${broker.id}/update`, {
      in_blacklist: true,
      blacklist_reason: 'Double brokering',
    });
    await api('conflictManager', 'PUT', `rating/broker-company/${broker.id}/update`, {
      rating: 4,
      comment: 'Pays late',
    });
    expect(recorder.events).toEqual([brokerUnits(broker.id), brokerUnits(broker.id)]);
  });

  it('nothing for a refused change', async () => {
    const taken = await createOtrBroker(testApp.app, world.sessions.manager);
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const shipper = await createNonOtrCompany(testApp.app, world.sessions.manager);
    await insertLoad(database.db, world.company.id, { brokerId: shipper.id });
    recorder.events.length = 0;
    const refused = [
      // Another broker's MC number (409), another company's broker (404), a company a load names (409).
      await api('manager', 'PUT', `broker-company/${broker.id}/update`, { mc_number: taken.mc_number }),
      await api('manager', 'PUT', `broker-company/${world.other.brokerId}/update`, { name: 'X' }),
      await api('manager', 'DELETE', `non-otr-broker-company/${shipper.id}/`),
      await api('manager', 'POST', 'otr-broker-company/create', { name: 'Dup', mc_number: taken.mc_number }),
    ];
    expect(refused.map((response) => response.status)).toEqual([409, 404, 409, 409]);
    expect(recorder.events).toEqual([]);
  });
});
