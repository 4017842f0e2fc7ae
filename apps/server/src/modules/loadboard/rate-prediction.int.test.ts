import {
  ratePredictionResponseSchema,
  type RatePredictionResponse,
} from '@app/domain/loadboard/insights.schema';
import { quantile } from '@app/domain/loadboard/rate-prediction.rules';
import { describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import type { LoadStatus } from '../../db/schema';
import { createFleetWorld } from '../units/vehicles.fixtures';
import { insertInsightLoad } from './insights.fixtures';

// The clock signs the tokens too: the real minute, so that they are valid.
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

const { database, testApp, world } = setUpTestApp(createFleetWorld, { now: () => NOW });

const PLACES = {
  dallas: { city: 'Dallas', state: 'TX', lat: 32.7767, lon: -96.797 },
  houston: { city: 'Houston', state: 'TX', lat: 29.7604, lon: -95.3698 },
  tulsa: { city: 'Tulsa', state: 'OK', lat: 36.154, lon: -95.9928 },
  chicago: { city: 'Chicago', state: 'IL', lat: 41.8781, lon: -87.6298 },
  milwaukee: { city: 'Milwaukee', state: 'WI', lat: 43.0389, lon: -87.9065 },
  atlanta: { city: 'Atlanta', state: 'GA', lat: 33.749, lon: -84.388 },
  newark: { city: 'Newark', state: 'NJ', lat: 40.7357, lon: -74.1724 },
  denver: { city: 'Denver', state: 'CO', lat: 39.7392, lon: -104.9903 },
};
type Place = keyof typeof PLACES;

/** A carrier of its own with a signed-in dispatcher, so that each history is only what the test seeds. */
async function freshCarrier(): Promise<{ companyId: number; session: Session }> {
  const company = await createCompany(database.db);
  const dispatcher = await createUser(database.db, { companyId: company.id, role: 5 });
  return { companyId: company.id, session: await login(testApp.app, dispatcher.email, dispatcher.password) };
}

type HaulOptions = {
  from: Place;
  to: Place;
  miles: number;
  dollars: number;
  type?: string;
  status?: LoadStatus;
  pickedUp?: Date;
  boardStatus?: 'posted' | 'booked' | null;
};

/** A load of the history: hauled (Completed unless told otherwise) and paid `dollars`. */
async function haul(companyId: number, options: HaulOptions): Promise<number> {
  const pickedUp = options.pickedUp ?? daysAgo(30);
  return insertInsightLoad(database.db, companyId, {
    status: options.status ?? 10,
    boardStatus: options.boardStatus ?? null,
    points: [
      { ...PLACES[options.from], date: pickedUp },
      { ...PLACES[options.to], date: new Date(pickedUp.getTime() + DAY) },
    ],
    values: {
      vehicle_type: options.type ?? 'SPRINTER',
      miles: options.miles,
      broker_price_cents: Math.round(options.dollars * 100),
    },
  });
}

/** The load predicted for: on the board, Dallas to Chicago, 920 miles, a Sprinter, posted at $2,100. */
async function boardLoad(companyId: number, overrides: Partial<HaulOptions> = {}): Promise<number> {
  return haul(companyId, {
    from: 'dallas',
    to: 'chicago',
    miles: 920,
    dollars: 0,
    status: 1,
    boardStatus: 'posted',
    pickedUp: new Date(NOW.getTime() + DAY),
    ...overrides,
  }).then(async (id) => {
    await database.db.updateTable('loads').set({ pays_cents: 210_000 }).where('id', '=', id).execute();
    return id;
  });
}

async function predict(loadId: number, session: Session): Promise<RatePredictionResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/backend/api/rate/prediction/${loadId}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ratePredictionResponseSchema.parse(response.json());
}

const dollarsOf = (cents: number) => Math.round(cents) / 100;

describe('GET rate/prediction/{id}', () => {
  it('predicts the lane from 5 hauled loads: median rate per mile times the miles, the quartiles as the range', async () => {
    const carrier = await freshCarrier();
    // Texas to Illinois, 900 miles: $2.00, $2.22, $2.50, $3.00 and $4.00 a mile.
    const prices = [1800, 2000, 2250, 2700, 3600];
    for (const dollars of prices)
      await haul(carrier.companyId, { from: 'houston', to: 'chicago', miles: 900, dollars });
    const loadId = await boardLoad(carrier.companyId);

    const body = await predict(loadId, carrier.session);
    const rates = prices.map((dollars) => (dollars * 100) / 900).sort((a, b) => a - b);
    expect(body).toEqual({
      load_id: loadId,
      enough_data: true,
      level: 'lane',
      loads_count: 5,
      minimum_loads: 5,
      history_days: 365,
      miles: 920,
      // $2.50 a mile for 920 miles.
      price: 2300,
      price_low: dollarsOf(quantile(rates, 0.25)! * 920),
      price_high: 2760,
      rate_per_mile: 2.5,
      rate_per_mile_low: 2.22,
      rate_per_mile_high: 3,
      posted_price: 2100,
      lane: {
        pick_up_state: 'TX',
        delivery_state: 'IL',
        pick_up_region: 'west_south_central',
        delivery_region: 'east_north_central',
        vehicle_type: 'SPRINTER',
      },
    });

    // Twice the history's rates: twice the prediction.
    await database.db
      .updateTable('loads')
      .set((eb) => ({ broker_price_cents: eb('broker_price_cents', '*', 2) }))
      .where('company_id', '=', carrier.companyId)
      .where('status', '=', 10)
      .execute();
    const doubled = await predict(loadId, carrier.session);
    expect(doubled).toMatchObject({
      level: 'lane',
      loads_count: 5,
      price: 4600,
      rate_per_mile: 5,
      price_high: 5520,
    });
    expect(doubled.price_low).toBeCloseTo(body.price_low! * 2, 1);
  });

  it('counts only delivered and completed loads of the type, the miles band and the last year, never itself', async () => {
    const carrier = await freshCarrier();
    const lane = { from: 'dallas', to: 'chicago', miles: 900, dollars: 2700 } as const;
    for (const status of [8, 10, 10, 10] as const) await haul(carrier.companyId, { ...lane, status });
    // None of these counts: TONU, canceled, under way, another type, too short, too long, too old, on the board.
    await haul(carrier.companyId, { ...lane, status: 11, dollars: 250 });
    await haul(carrier.companyId, { ...lane, status: 12, dollars: 100 });
    await haul(carrier.companyId, { ...lane, status: 5, dollars: 100 });
    await haul(carrier.companyId, { ...lane, type: 'VAN', dollars: 100 });
    await haul(carrier.companyId, { ...lane, miles: 680, dollars: 100 });
    await haul(carrier.companyId, { ...lane, miles: 1160, dollars: 100 });
    await haul(carrier.companyId, { ...lane, pickedUp: daysAgo(366), dollars: 100 });
    await haul(carrier.companyId, { ...lane, status: 1, boardStatus: 'posted', dollars: 100 });
    // Another carrier's lane history is theirs.
    const other = await freshCarrier();
    for (let index = 0; index < 5; index++) await haul(other.companyId, { ...lane, dollars: 100 });

    const loadId = await boardLoad(carrier.companyId);
    const short = await predict(loadId, carrier.session);
    expect(short).toMatchObject({
      enough_data: false,
      level: null,
      loads_count: 4,
      price: null,
      rate_per_mile: null,
    });

    // A fifth: $3.00 a mile on every load, so the prediction is $2,760 with no spread.
    await haul(carrier.companyId, { ...lane, pickedUp: daysAgo(364) });
    expect(await predict(loadId, carrier.session)).toMatchObject({
      enough_data: true,
      level: 'lane',
      loads_count: 5,
      price: 2760,
      price_low: 2760,
      price_high: 2760,
      rate_per_mile: 3,
    });
  });

  it('widens to the regions, then to the type alone, and says which it used', async () => {
    const carrier = await freshCarrier();
    // Oklahoma to Wisconsin: the same regions as Texas to Illinois, not the same states. $2.00 a mile.
    for (let index = 0; index < 5; index++)
      await haul(carrier.companyId, { from: 'tulsa', to: 'milwaukee', miles: 800, dollars: 1600 });
    // Two on the lane itself: not enough alone.
    for (let index = 0; index < 2; index++)
      await haul(carrier.companyId, { from: 'dallas', to: 'chicago', miles: 900, dollars: 4500 });
    const loadId = await boardLoad(carrier.companyId);
    expect(await predict(loadId, carrier.session)).toMatchObject({
      level: 'region',
      loads_count: 7,
      rate_per_mile: 2,
      price: 1840,
      // Five at $2.00 and the lane's two at $5.00: the third quartile lies halfway between, $3.50.
      rate_per_mile_high: 3.5,
    });

    // Georgia to New Jersey is no region of this lane: with 7 of them at $1.50 a mile only the type compares.
    const elsewhere = await freshCarrier();
    for (let index = 0; index < 7; index++)
      await haul(elsewhere.companyId, { from: 'atlanta', to: 'newark', miles: 900, dollars: 1350 });
    // Within 25% but not 15% of 920 miles: the region level would take it, the type level does not.
    for (let index = 0; index < 4; index++)
      await haul(elsewhere.companyId, { from: 'tulsa', to: 'milwaukee', miles: 700, dollars: 7000 });
    const theirLoad = await boardLoad(elsewhere.companyId);
    expect(await predict(theirLoad, elsewhere.session)).toMatchObject({
      level: 'type',
      loads_count: 7,
      rate_per_mile: 1.5,
      price: 1380,
    });
  });

  it('answers not enough data (200) with no history, and no figures for a load without miles or places', async () => {
    const carrier = await freshCarrier();
    const loadId = await boardLoad(carrier.companyId, { from: 'denver', to: 'atlanta' });
    expect(await predict(loadId, carrier.session)).toMatchObject({
      enough_data: false,
      level: null,
      loads_count: 0,
      minimum_loads: 5,
      price: null,
      posted_price: 2100,
      lane: {
        pick_up_state: 'CO',
        delivery_state: 'GA',
        pick_up_region: 'mountain',
        delivery_region: 'south_atlantic',
      },
    });
    // No miles on the load: the product's estimate along its points (Denver to Atlanta).
    await database.db.updateTable('loads').set({ miles: null }).where('id', '=', loadId).execute();
    const estimated = await predict(loadId, carrier.session);
    expect(estimated.miles).toBeGreaterThan(1300);
    expect(estimated.miles).toBeLessThan(1600);
  });

  it('reads an active load too; 404 for another company’s load or one gone from the board', async () => {
    const active = await haul(world.company.id, {
      from: 'dallas',
      to: 'chicago',
      miles: 900,
      dollars: 2000,
      status: 2,
    });
    expect((await predict(active, world.sessions.dispatcher)).load_id).toBe(active);
    const carrier = await freshCarrier();
    const theirs = await boardLoad(carrier.companyId);
    const get = (id: number) =>
      testApp.app.inject({
        method: 'GET',
        url: `/backend/api/rate/prediction/${id}/`,
        headers: world.sessions.dispatcher.headers,
      });
    expect((await get(theirs)).statusCode).toBe(404);
    const withdrawn = await boardLoad(world.company.id);
    await database.db
      .updateTable('loads')
      .set({ board_status: 'withdrawn' })
      .where('id', '=', withdrawn)
      .execute();
    expect((await get(withdrawn)).statusCode).toBe(404);
    expect((await get(active)).statusCode).toBe(200);
  });

  it('is for the load board’s roles (3, 4, 5, 6)', async () => {
    const loadId = await boardLoad(world.company.id);
    const get = (session: Session) =>
      testApp.app.inject({
        method: 'GET',
        url: `/backend/api/rate/prediction/${loadId}`,
        headers: session.headers,
      });
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker'] as const)
      expect((await get(world.sessions[role])).statusCode, role).toBe(200);
    for (const role of ['accountant', 'hr', 'conflictManager'] as const)
      expect((await get(world.sessions[role])).statusCode, role).toBe(403);
  });
});
