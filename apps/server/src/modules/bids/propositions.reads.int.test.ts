import type {
  Proposition,
  PropositionCarsResponse,
  PropositionListResponse,
  PropositionTemplate,
} from '@app/domain/bids/bids.schema';
import { DEFAULT_PROPOSITION_TEMPLATE } from '@app/domain/bids/proposition-template.rules';
import type { Load } from '@app/domain/loads/loads.schema';
import { easternDateOnly } from '@app/domain/common/time';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { createBody } from '../loads/loads.fixtures';
import {
  bidBody,
  call,
  createPropositionsWorld,
  insertBoardLoad,
  insertVehicleWithDriver,
  placeBid,
} from './propositions.fixtures';

// The bid pages' reads: active, completed and history with each filter alone and combined, one
// proposition, the vehicles that could carry its load, and the bid load's edit.

const { database, testApp, world } = setUpTestApp(createPropositionsWorld);
const recorded = recordEventsOfEachTest(testApp);

type Placed = { bid: Proposition; vehicleId: number; loadId: number };
const placed: Placed[] = [];

async function list(path: string, session = world.sessions.dispatcher) {
  return call<PropositionListResponse>(testApp.app, 'GET', path, session);
}
const ids = (response: { body: PropositionListResponse }) => response.body.results.map((bid) => bid.id);

beforeAll(async () => {
  // Four bids: two by the dispatcher on the first broker's loads, one by the manager on the second
  // broker's load (won), one lost.
  const loads = [
    await insertBoardLoad(database.db, world.company.id, { brokerId: world.brokers[0]!.id }),
    await insertBoardLoad(database.db, world.company.id, { brokerId: world.brokers[0]!.id }),
    await insertBoardLoad(database.db, world.company.id, { brokerId: world.brokers[1]!.id }),
    await insertBoardLoad(database.db, world.company.id, { brokerId: world.brokers[0]!.id }),
  ];
  const sessions = [
    world.sessions.dispatcher,
    world.sessions.dispatcher,
    world.sessions.manager,
    world.sessions.dispatcher,
  ];
  for (const [index, loadId] of loads.entries()) {
    const { vehicleId } = await insertVehicleWithDriver(database.db, world.company.id);
    const bid = await placeBid(testApp.app, sessions[index]!, bidBody(world, loadId, { car: vehicleId }));
    placed.push({ bid, vehicleId, loadId });
  }
  await call(
    testApp.app,
    'PUT',
    `propositions/${placed[2]!.bid.id}/update-bid-status`,
    world.sessions.manager,
    { status: 2 },
  );
  await call(
    testApp.app,
    'PUT',
    `propositions/${placed[3]!.bid.id}/update-bid-status`,
    world.sessions.dispatcher,
    { status: 3 },
  );
});

describe('GET propositions/active, completed, history', () => {
  it('active holds status 1, completed 2 and 3, history all; newest first', async () => {
    const [a, b, won, lost] = placed.map((entry) => entry.bid.id) as [number, number, number, number];
    expect(ids(await list('propositions/active'))).toEqual([b, a]);
    expect(ids(await list('propositions/completed'))).toEqual([lost, won]);
    const history = await list('propositions/history');
    expect(ids(history)).toEqual([lost, won, b, a]);
    expect(history.body.count).toBe(4);
    expect(ids(await list('propositions/history?status=2'))).toEqual([won]);
  });

  it('filters by dispatcher, vehicle, broker, load and search, alone and combined', async () => {
    const [a, b, won, lost] = placed.map((entry) => entry.bid.id) as [number, number, number, number];
    expect(ids(await list(`propositions/history?dispatcher=${world.users.manager.id}`))).toEqual([won]);
    expect(ids(await list(`propositions/history?car=${placed[1]!.vehicleId}`))).toEqual([b]);
    expect(ids(await list(`propositions/history?broker=${world.brokers[1]!.id}`))).toEqual([won]);
    expect(ids(await list(`propositions/history?load=${placed[0]!.loadId}`))).toEqual([a]);
    expect(ids(await list(`propositions/history?search=${placed[0]!.loadId}`))).toContain(a);
    const brokerWord = world.brokers[1]!.name.split(' ')[0]!;
    expect(ids(await list(`propositions/history?search=${encodeURIComponent(brokerWord)}`))).toEqual([won]);
    expect(
      ids(
        await list(
          `propositions/completed?dispatcher=${world.users.dispatcher.id}&broker=${world.brokers[0]!.id}`,
        ),
      ),
    ).toEqual([lost]);
  });

  it('filters by the Eastern day the bid was placed', async () => {
    const today = easternDateOnly(new Date());
    expect((await list(`propositions/history?date_from=${today}&date_to=${today}`)).body.count).toBe(4);
    expect((await list('propositions/history?date_to=2020-01-01')).body.count).toBe(0);
  });

  it('pages with page and limit', async () => {
    const page2 = await list('propositions/history?limit=3&page=2');
    expect(page2.body.count).toBe(4);
    expect(ids(page2)).toEqual([placed[0]!.bid.id]);
  });

  it('answers 400 naming the parameter for bad filters', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['dispatcher=abc', 'dispatcher'],
      ['date_from=11/25/2026', 'date_from'],
      ['date_from=2026-11-25&date_to=2026-11-24', 'date_to'],
    ] as const) {
      const response = await call<{ fields: Record<string, string[]> }>(
        testApp.app,
        'GET',
        `propositions/history?${query}`,
        world.sessions.dispatcher,
      );
      expect(response.status, query).toBe(400);
      expect(Object.keys(response.body.fields)).toContain(field);
    }
  });

  it('shows another company nothing, and refuses roles outside My bids', async () => {
    expect((await list('propositions/history', world.other.session)).body.count).toBe(0);
    expect((await call(testApp.app, 'GET', 'propositions/active', world.sessions.tracker)).status).toBe(403);
    expect((await call(testApp.app, 'GET', 'propositions/active', world.sessions.accountant)).status).toBe(
      403,
    );
  });
});

describe('GET propositions/template', () => {
  it("answers the company's own template, the default without one, and refuses roles outside My bids", async () => {
    const setTemplate = (template: string | null) =>
      database.db
        .updateTable('companies')
        .set({ proposition_template: template })
        .where('id', '=', world.company.id)
        .execute();
    await setTemplate(null);
    const fallback = await call<PropositionTemplate>(
      testApp.app,
      'GET',
      'propositions/template',
      world.sessions.dispatcher,
    );
    expect(fallback.body).toEqual({ template: DEFAULT_PROPOSITION_TEMPLATE, is_default: true });
    await setTemplate('Offer [bold]{brokerPrice}[/bold]\n{sign}');
    const own = await call<PropositionTemplate>(
      testApp.app,
      'GET',
      'propositions/template',
      world.sessions.dispatcher,
    );
    expect(own.body).toEqual({ template: 'Offer [bold]{brokerPrice}[/bold]\n{sign}', is_default: false });
    const theirs = await call<PropositionTemplate>(
      testApp.app,
      'GET',
      'propositions/template',
      world.other.session,
    );
    expect(theirs.body.is_default).toBe(true);
    expect((await call(testApp.app, 'GET', 'propositions/template', world.sessions.tracker)).status).toBe(
      403,
    );
  });
});

describe('GET propositions/{id}/', () => {
  it('answers the proposition with its load summary, and 404 to another company', async () => {
    const { bid } = placed[2]!;
    const response = await call<Proposition>(
      testApp.app,
      'GET',
      `propositions/${bid.id}/`,
      world.sessions.dispatcher,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: bid.id,
      status: 2,
      load: {
        id: placed[2]!.loadId,
        board_status: 'booked',
        broker_company: { id: world.brokers[1]!.id, name: world.brokers[1]!.name },
      },
      dispatcher: { id: world.users.manager.id },
    });
    expect(response.body.load.load_accounting_number).not.toBeNull();
    expect((await call(testApp.app, 'GET', `propositions/${bid.id}/`, world.other.session)).status).toBe(404);
    expect(
      (await call(testApp.app, 'GET', 'propositions/999999999/', world.sessions.dispatcher)).status,
    ).toBe(404);
  });
});

describe('GET propositions/{id}/cars', () => {
  it('lists fitting available vehicles closest first; show_all adds the rest with why', async () => {
    const { bid, loadId } = placed[0]!;
    // A vehicle next to the pick-up (Houston area), a reefer that does not fit, one with no location.
    const near = await insertVehicle(database.db, world.company.id, {
      location_lat: 30.1,
      location_lon: -95.2,
      location_city: 'Houston',
      location_state: 'TX',
    });
    const reefer = await insertVehicle(database.db, world.company.id, {
      transport_type: 'REEFER',
      location_lat: 30.1,
      location_lon: -95.2,
    });
    const nowhere = await insertVehicle(database.db, world.company.id, {});
    expect(loadId).toBeGreaterThan(0);

    const fitting = await call<PropositionCarsResponse>(
      testApp.app,
      'GET',
      `propositions/${bid.id}/cars`,
      world.sessions.dispatcher,
    );
    expect(fitting.status).toBe(200);
    const fittingIds = fitting.body.results.map((car) => car.id);
    expect(fittingIds[0]).toBe(near.id);
    expect(fittingIds).not.toContain(reefer.id);
    expect(fitting.body.results.every((car) => car.fits && car.available)).toBe(true);
    const miles = fitting.body.results.map((car) => car.miles_out ?? Infinity);
    expect(miles).toEqual([...miles].sort((x, y) => x - y));
    expect(fitting.body.results[0]).toMatchObject({
      current_address: 'Houston, TX',
      transport_type: 'SPRINTER',
    });

    const all = await call<PropositionCarsResponse>(
      testApp.app,
      'GET',
      `propositions/${bid.id}/cars?show_all=true`,
      world.sessions.dispatcher,
    );
    const shown = all.body.results;
    expect(shown.find((car) => car.id === reefer.id)).toMatchObject({ fits: false });
    expect(shown.find((car) => car.id === nowhere.id)).toMatchObject({ miles_out: null, eta: null });
    expect(shown.at(-1)?.miles_out).toBeNull();
    expect(all.body.count).toBeGreaterThan(fitting.body.count);
    expect((await call(testApp.app, 'GET', `propositions/${bid.id}/cars`, world.other.session)).status).toBe(
      404,
    );
  });
});

describe('PUT loads/bided/{id}/edit', () => {
  it("edits the board load's details, checked as a bid load, and tells the board", async () => {
    const loadId = await insertBoardLoad(database.db, world.company.id, { brokerId: world.brokers[0]!.id });
    const {
      accounting_broker_company: _a,
      broker_company: _b,
      driver: _d,
      car_id: _c,
      dispatcher: _p,
      rateconf_ref: _r,
      ...form
    } = {
      ...createBody(world),
      driver: null,
      car_id: null,
      dispatcher: null,
    };
    const response = await call<Load>(
      testApp.app,
      'PUT',
      `loads/bided/${loadId}/edit`,
      world.sessions.dispatcher,
      { ...form, weight: 2222, note: 'Liftgate at delivery' },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: loadId, weight: 2222, note: 'Liftgate at delivery' });
    expect(recorded.events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['update_loads', 'update_loadboard']),
    );

    const bad = await call(testApp.app, 'PUT', `loads/bided/${loadId}/edit`, world.sessions.dispatcher, {
      ...form,
      weight: -1,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { fields: Record<string, string[]> }).fields)).toContain('weight');

    const booked = placed[2]!.loadId;
    const refused = await call(
      testApp.app,
      'PUT',
      `loads/bided/${booked}/edit`,
      world.sessions.dispatcher,
      form,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'load_already_booked' });
    expect(
      (
        await call(
          testApp.app,
          'PUT',
          `loads/bided/${world.other.loadId}/edit`,
          world.sessions.dispatcher,
          form,
        )
      ).status,
    ).toBe(404);
  });
});
