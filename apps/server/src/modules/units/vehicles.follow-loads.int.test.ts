import { VEHICLE_STATUS } from '@app/domain/common/lookups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, insertVehicle } from '../../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createInProcessEventBus } from '../../realtime/event-bus';
import { createVehiclesService, type VehiclesService } from './vehicles.service';

// The rule the loads module asks the vehicles service to apply inside its transaction: a vehicle with a load
// in the active list is On load; one that was On load and has none left is Available; any other status of a
// vehicle without a load is the dispatcher's and stays.

let database: TestDatabase;
let vehicles: VehiclesService;
const at = new Date('2026-03-02T15:00:00.000Z');

beforeAll(async () => {
  database = await createTestDatabase();
  vehicles = createVehiclesService({ db: database.db, bus: createInProcessEventBus(), now: () => at });
});

afterAll(async () => {
  await database?.drop();
});

const statusOf = async (id: number) =>
  (await database.db.selectFrom('vehicles').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe('vehicles follow their loads (followLoads)', () => {
  it('puts vehicles on load, frees those that were, leaves other statuses, and answers car_status_change', async () => {
    const company = await createCompany(database.db);
    const available = await insertVehicle(database.db, company.id, { status: VEHICLE_STATUS.available });
    const inBid = await insertVehicle(database.db, company.id, { status: VEHICLE_STATUS.inBid });
    const onLoad = await insertVehicle(database.db, company.id, { status: VEHICLE_STATUS.onLoad });
    const notAvailable = await insertVehicle(database.db, company.id, {
      status: VEHICLE_STATUS.notAvailable,
    });

    const events = await database.db
      .transaction()
      .execute((trx) =>
        vehicles.followLoads(
          trx,
          company.id,
          { onLoad: [available.id, inBid.id], free: [onLoad.id, notAvailable.id] },
          at,
        ),
      );

    expect(await statusOf(available.id)).toBe(VEHICLE_STATUS.onLoad);
    expect(await statusOf(inBid.id)).toBe(VEHICLE_STATUS.onLoad);
    expect(await statusOf(onLoad.id)).toBe(VEHICLE_STATUS.available);
    expect(await statusOf(notAvailable.id)).toBe(VEHICLE_STATUS.notAvailable);
    expect(
      events.map((event) => ({ event: event.event, companyId: event.companyId, data: event.data })),
    ).toEqual(
      expect.arrayContaining([
        {
          event: 'car_status_change',
          companyId: company.id,
          data: { id: available.id, status: { id: 3, name: 'On load' } },
        },
        {
          event: 'car_status_change',
          companyId: company.id,
          data: { id: inBid.id, status: { id: 3, name: 'On load' } },
        },
        {
          event: 'car_status_change',
          companyId: company.id,
          data: { id: onLoad.id, status: { id: 1, name: 'Available' } },
        },
      ]),
    );
    expect(events).toHaveLength(3);
  });

  it("changes nothing of another company's vehicles, and nothing when the loads' transaction rolls back", async () => {
    const company = await createCompany(database.db);
    const other = await createCompany(database.db);
    const theirs = await insertVehicle(database.db, other.id, { status: VEHICLE_STATUS.available });
    const mine = await insertVehicle(database.db, company.id, { status: VEHICLE_STATUS.available });

    const events = await database.db
      .transaction()
      .execute((trx) => vehicles.followLoads(trx, company.id, { onLoad: [theirs.id], free: [] }, at));
    expect(events).toEqual([]);
    expect(await statusOf(theirs.id)).toBe(VEHICLE_STATUS.available);

    await expect(
      database.db.transaction().execute(async (trx) => {
        await vehicles.followLoads(trx, company.id, { onLoad: [mine.id], free: [] }, at);
        throw new Error('the load change was refused');
      }),
    ).rejects.toThrow('the load change was refused');
    expect(await statusOf(mine.id)).toBe(VEHICLE_STATUS.available);
  });
});
