import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import { addPayWeeks } from '@app/domain/accounting/pay-weeks.rules';
import { easternDateOnly } from '@app/domain/common/time';
import { describe, expect, it } from 'vitest';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import type { Session } from '../../../test/auth-helpers';
import { insertLoad, LOADS_API } from '../loads/loads.fixtures';
import { createAccountingWorld, paymentRows } from './accounting.fixtures';

// A load entering checkout from active gets its accounting week (the ISO week of its delivery, Eastern) and
// its payment rows in the same transaction: its broker payment, and the week's payment of its owner and of
// its dispatcher (made once per person and week).

const suite = setUpTestApp(createAccountingWorld);
const { testApp, world } = suite;
const recorded = recordEventsOfEachTest(testApp);

const put = (path: string, session: Session, payload?: object) =>
  testApp.app.inject({ method: 'PUT', url: `${LOADS_API}/${path}`, headers: session.headers, payload });

/** An Unloaded load of the first vehicle (owned) and driver, with every document, by the dispatcher. */
const unloadedLoad = (vehicle = 0) =>
  insertLoad(suite.database.db, world.company.id, {
    status: 7,
    dispatcherId: world.users.dispatcher.id,
    driverId: world.drivers[vehicle]!.id,
    vehicleId: world.vehicles[vehicle]!.id,
    brokerId: world.brokers[0]!.id,
    files: ['rate_confirmation', 'bill_of_lading', 'proof_of_delivery'],
  });

describe('a load reaching checkout', () => {
  it('gets the accounting week of its delivery and its broker, owner and dispatcher payments', async () => {
    const id = await unloadedLoad();
    const before = Date.now();
    const response = await put(`${id}/set-next-status`, world.sessions.dispatcher);
    expect(response.statusCode, response.body).toBe(200);
    const week = accountingWeekOf(new Date(before));
    expect(response.json()).toMatchObject({
      status: 8,
      accounting_status: 1,
      load_accounting_week: week.week,
      load_accounting_year: week.year,
    });
    const rows = (await paymentRows(suite.database.db, world.company.id)).filter(
      (row) => row.load_id === id || row.type !== 'broker',
    );
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'broker',
        load_id: id,
        broker_company_id: world.brokers[0]!.id,
        ...week,
        status: 1,
        invoice_status: 1,
        invoice_date: easternDateOnly(new Date(before)),
        quickpay_percent: null,
      }),
      expect.objectContaining({ type: 'owner', owner_id: world.owner.id, ...week, load_id: null }),
      expect.objectContaining({ type: 'dispatcher', dispatcher_id: world.users.dispatcher.id, ...week }),
    ]);
    const accounting = recorded.events.filter((event) => event.event === 'update_accounting');
    expect(accounting).toEqual([
      expect.objectContaining({
        companyId: world.company.id,
        data: { load_ids: [id], payment_ids: rows.map((row) => row.id) },
      }),
    ]);
  });

  it("makes the owner's and dispatcher's week once, and one broker payment per load however often it returns", async () => {
    const countBefore = (await paymentRows(suite.database.db, world.company.id)).length;
    const first = await unloadedLoad();
    const second = await unloadedLoad();
    for (const id of [first, second]) {
      expect((await put(`${id}/set-next-status`, world.sessions.dispatcher)).statusCode).toBe(200);
    }
    // Back to Unloaded and delivered again: still one broker payment.
    expect((await put(`${first}/set-prev-status`, world.sessions.dispatcher)).statusCode).toBe(200);
    expect((await put(`${first}/set-next-status`, world.sessions.dispatcher)).statusCode).toBe(200);
    const rows = await paymentRows(suite.database.db, world.company.id);
    expect(rows.filter((row) => row.load_id === first)).toHaveLength(1);
    expect(rows.filter((row) => row.load_id === second)).toHaveLength(1);
    // The owner and the dispatcher of the week already had theirs from the first test.
    expect(rows.length - countBefore).toBe(2);
  });

  it('makes a TONU its payments too, and none for a vehicle without an owner', async () => {
    const id = await insertLoad(suite.database.db, world.company.id, {
      status: 2,
      dispatcherId: world.users.dispatcher.id,
      driverId: world.drivers[1]!.id,
      vehicleId: world.vehicles[1]!.id,
      brokerId: world.brokers[0]!.id,
    });
    const response = await put(`active/${id}/tonu`, world.sessions.dispatcher, {
      broker_price: 250,
      driver_price: 150,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 9, accounting_status: 1 });
    expect(response.json<{ load_accounting_week: number | null }>().load_accounting_week).not.toBeNull();
    const rows = await paymentRows(suite.database.db, world.company.id);
    expect(rows.filter((row) => row.load_id === id)).toEqual([expect.objectContaining({ type: 'broker' })]);
  });

  it('leaves a load moving within checkout or back from completed as it was', async () => {
    const id = await insertLoad(suite.database.db, world.company.id, {
      status: 10,
      dispatcherId: world.users.dispatcher.id,
      brokerId: world.brokers[0]!.id,
    });
    const countBefore = (await paymentRows(suite.database.db, world.company.id)).length;
    expect((await put(`${id}/set-prev-status`, world.sessions.dispatcher)).statusCode).toBe(200);
    expect(await paymentRows(suite.database.db, world.company.id)).toHaveLength(countBefore);
    expect(recorded.events.filter((event) => event.event === 'update_accounting')).toEqual([]);
  });

  // Last in the file: it closes this week and the next.
  it('books a load delivered into a closed week (pay sheets sent) into the next open week, with its payments', async () => {
    const thisWeek = accountingWeekOf(new Date());
    const nextWeek = addPayWeeks(thisWeek, 1);
    const booked = addPayWeeks(thisWeek, 2);
    await suite.database.db
      .insertInto('accounting_weeks')
      .values([thisWeek, nextWeek].map((week) => ({ company_id: world.company.id, ...week })))
      .execute();
    const id = await unloadedLoad();
    const response = await put(`${id}/set-next-status`, world.sessions.dispatcher);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 8,
      load_accounting_week: booked.week,
      load_accounting_year: booked.year,
    });
    const rows = await paymentRows(suite.database.db, world.company.id);
    expect(rows.find((row) => row.load_id === id)).toMatchObject({ type: 'broker', ...booked });
    const owner = rows.find((row) => row.owner_id === world.owner.id && row.week === booked.week);
    const dispatcher = rows.find(
      (row) => row.dispatcher_id === world.users.dispatcher.id && row.week === booked.week,
    );
    expect(owner).toMatchObject({ type: 'owner', year: booked.year });
    expect(dispatcher).toMatchObject({ type: 'dispatcher', year: booked.year });
  });
});
