import {
  INCENTIVE_MESSAGES,
  type Incentive,
  type LoadIncentives,
} from '@app/domain/accounting/incentives.schema';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { allIncentives, API, createIncentivesWorld, type RoleName } from './incentives.fixtures';

const { database, testApp, world } = setUpTestApp(createIncentivesWorld);
const recorder = recordEventsOfEachTest(testApp);

const createUrl = (loadId: number) => `${API}/incentives/loads/${loadId}/create`;
const listUrl = (loadId: number) => `${API}/incentives/loads/${loadId}`;

const create = (session: Session, loadId: number, payload: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: createUrl(loadId),
    headers: { ...session.headers, ...headers },
    payload,
  });
const list = (session: Session, loadId: number) =>
  testApp.app.inject({ method: 'GET', url: listUrl(loadId), headers: session.headers });
const remove = (session: Session, id: number) =>
  testApp.app.inject({ method: 'DELETE', url: `${API}/incentives/${id}`, headers: session.headers });

const as = (role: RoleName) => world.staff.sessions[role];
const incentiveEvents = () => recorder.events.filter((event) => event.event === 'update_incentives');
const bonus = { type: 'Bonus', person_type: 'driver', amount: '$1,250.50', reason: ' Early delivery ' };

beforeEach(async () => {
  await database.db.deleteFrom('incentives').execute();
  await database.db.deleteFrom('accounting_weeks').execute();
  await database.db.deleteFrom('pay_items').execute();
});

/** The adjustments made in the pay of later weeks, oldest first. */
const adjustments = () =>
  database.db
    .selectFrom('pay_items')
    .select(['person_type', 'owner_id', 'year', 'week', 'amount_cents'])
    .where('kind', '=', 'adjustment')
    .orderBy('id')
    .execute();

describe('POST incentives/loads/{id}/create', () => {
  it("gives the load's driver a bonus, paid through the vehicle's owner, and answers it", async () => {
    const response = await create(as('accountant'), world.loads.full, bonus);
    expect(response.statusCode, response.body).toBe(200);
    const accountant = world.staff.users.accountant;
    expect(response.json<Incentive>()).toMatchObject({
      load_id: world.loads.full,
      type: 'Bonus',
      person_type: 'driver',
      person: { id: world.driver.id, name: 'Dan Wheeler' },
      paid_through_owner: { id: world.vehicleOwner.id, name: 'Olga Vehicle' },
      amount: 1250.5,
      reason: 'Early delivery',
      template_id: null,
      week_closed: false,
      created_by: { id: accountant.id, first_name: accountant.first_name, last_name: accountant.last_name },
    });
    const [row] = await allIncentives(database.db);
    expect(row).toMatchObject({
      company_id: world.company.id,
      amount_cents: 125_050,
      driver_id: world.driver.id,
      owner_id: world.vehicleOwner.id,
      dispatcher_id: null,
    });
  });

  it("fines the owner of the load's vehicle, else the owner of its driver, and the dispatcher", async () => {
    const fine = { type: 'Fine', person_type: 'owner', amount: 75, reason: 'Late to pick-up' };
    const ofVehicle = (await create(as('admin'), world.loads.full, fine)).json<Incentive>();
    expect(ofVehicle.person).toEqual({ id: world.vehicleOwner.id, name: 'Olga Vehicle' });
    const ofDriver = (await create(as('manager'), world.loads.driverOnly, fine)).json<Incentive>();
    expect(ofDriver.person).toEqual({ id: world.driverOwner.id, name: 'Oscar Driverowner' });
    expect(ofDriver.paid_through_owner).toEqual(ofDriver.person);

    const forDispatcher = await create(as('manager'), world.loads.full, {
      ...fine,
      person_type: 'dispatcher',
    });
    expect(forDispatcher.json<Incentive>()).toMatchObject({
      person: { id: world.staff.users.dispatcher.id, name: 'Dina Dispatch' },
      paid_through_owner: null,
      amount: 75,
    });
  });

  it('refuses a person the load does not have, with its code and text, and writes nothing', async () => {
    const cases = [
      ['driver', 'load_without_driver', 'The load has no driver.'],
      ['owner', 'load_without_owner', 'The load has no owner: neither its vehicle nor its driver has one.'],
      ['dispatcher', 'load_without_dispatcher', 'The load has no dispatcher.'],
    ] as const;
    for (const [person_type, code, detail] of cases) {
      const response = await create(as('accountant'), world.loads.bare, { ...bonus, person_type });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ code, detail, fields: { person_type: [detail] } });
    }
    // The driver's load has no dispatcher either.
    const noDispatcher = await create(as('accountant'), world.loads.driverOnly, {
      ...bonus,
      person_type: 'dispatcher',
    });
    expect(noDispatcher.json()).toMatchObject({ code: 'load_without_dispatcher' });
    expect(await allIncentives(database.db)).toEqual([]);
    expect(recorder.events).toEqual([]);
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const cases: [object, string, string][] = [
      [{ ...bonus, type: 'Reward' }, 'type', INCENTIVE_MESSAGES.typeInvalid],
      [{ ...bonus, person_type: 'broker' }, 'person_type', INCENTIVE_MESSAGES.personTypeInvalid],
      [{ ...bonus, amount: 0 }, 'amount', INCENTIVE_MESSAGES.amountNotPositive],
      [{ ...bonus, amount: '-$5' }, 'amount', INCENTIVE_MESSAGES.amountNotPositive],
      [{ ...bonus, amount: 'a lot' }, 'amount', INCENTIVE_MESSAGES.amountInvalid],
      [{ ...bonus, amount: undefined }, 'amount', INCENTIVE_MESSAGES.amountRequired],
      [{ ...bonus, amount: 100_000.01 }, 'amount', INCENTIVE_MESSAGES.amountTooLarge],
      [{ ...bonus, reason: '  ' }, 'reason', INCENTIVE_MESSAGES.reasonRequired],
      [{ ...bonus, reason: 'r'.repeat(301) }, 'reason', 'Must have at most 300 characters'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await create(as('accountant'), world.loads.full, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', fields: { [field]: [message] } });
    }
    const unknownField = await create(as('accountant'), world.loads.full, { ...bonus, owner_id: 1 });
    expect(unknownField.statusCode).toBe(400);
    expect(await allIncentives(database.db)).toEqual([]);
  });

  it("refuses a template that is not the company's, naming template_id", async () => {
    const theirs = await database.db
      .insertInto('incentive_templates')
      .values({
        company_id: world.other.id,
        name: 'Theirs',
        type: 'Bonus',
        person_type: 'driver',
        amount_cents: 100,
        reason: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await create(as('accountant'), world.loads.full, { ...bonus, template_id: theirs.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { template_id: [INCENTIVE_MESSAGES.templateUnknown] } });
    expect(await allIncentives(database.db)).toEqual([]);
  });

  it("answers 404 for another company's load and a load board load, and writes nothing", async () => {
    expect((await create(world.otherAdmin, world.loads.full, bonus)).statusCode).toBe(404);
    expect((await create(as('admin'), world.loads.others, bonus)).statusCode).toBe(404);
    expect((await create(as('admin'), world.loads.board, bonus)).statusCode).toBe(404);
    expect((await create(as('admin'), 987_654, bonus)).statusCode).toBe(404);
    expect(await allIncentives(database.db)).toEqual([]);
  });

  it('lets only accountants, admins and managers in', async () => {
    for (const role of ['dispatcher', 'tracker', 'hr', 'conflictManager'] as const) {
      const response = await create(as(role), world.loads.full, bonus);
      expect(response.statusCode, role).toBe(403);
      expect((await list(as(role), world.loads.full)).statusCode, role).toBe(403);
    }
    expect(await allIncentives(database.db)).toEqual([]);
  });

  it('publishes update_incentives for the load to who gives incentives, after the commit', async () => {
    await create(as('accountant'), world.loads.full, bonus);
    expect(incentiveEvents()).toEqual([
      {
        event: 'update_incentives',
        data: { load_ids: [world.loads.full], template_ids: [] },
        companyId: world.company.id,
        roles: [3, 4, 7],
      },
    ]);
  });

  it('answers the first incentive to a retry with the same Idempotency-Key', async () => {
    const key = { 'idempotency-key': 'bonus-42' };
    const first = await create(as('accountant'), world.loads.full, bonus, key);
    const again = await create(as('accountant'), world.loads.full, bonus, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Incentive>().id).toBe(first.json<Incentive>().id);
    expect(await allIncentives(database.db)).toHaveLength(1);
    expect(incentiveEvents()).toHaveLength(1);
  });

  it('records an incentive on a load of a closed week, and pays the difference in the next open week', async () => {
    await database.db
      .insertInto('accounting_weeks')
      .values({ company_id: world.company.id, year: 2026, week: 10 })
      .execute();
    const response = await create(as('accountant'), world.loads.full, bonus);
    expect(response.statusCode, response.body).toBe(200);
    const made = response.json<Incentive>();
    expect(made.week_closed).toBe(true);
    expect(await allIncentives(database.db)).toHaveLength(1);
    expect((await list(as('manager'), world.loads.full)).json<LoadIncentives>().week_closed).toBe(true);
    // The week paid stays as it was: the driver's bonus is paid to the load's owner in week 11.
    expect(await adjustments()).toEqual([
      { person_type: 'owner', owner_id: world.vehicleOwner.id, year: 2026, week: 11, amount_cents: 125_050 },
    ]);
    expect(recorder.events.map((event) => event.event)).toContain('update_accounting');

    // Removing it takes the bonus back the same way.
    expect((await remove(as('accountant'), made.id)).statusCode).toBe(200);
    expect((await adjustments()).map((item) => item.amount_cents)).toEqual([125_050, -125_050]);
  });

  it("makes no adjustment for an open week, nor for another company's closed week", async () => {
    await database.db
      .insertInto('accounting_weeks')
      .values({ company_id: world.other.id, year: 2026, week: 10 })
      .execute();
    const response = await create(as('accountant'), world.loads.full, {
      ...bonus,
      person_type: 'dispatcher',
    });
    expect(response.json<Incentive>().week_closed).toBe(false);
    const listed = (await list(as('accountant'), world.loads.full)).json<LoadIncentives>();
    expect(listed.week_closed).toBe(false);
    expect(listed.results[0]?.week_closed).toBe(false);
    expect(await adjustments()).toEqual([]);
  });
});

describe('GET incentives/loads/{id} and DELETE incentives/{id}', () => {
  it("lists the load's incentives oldest first with the sums of bonuses and fines", async () => {
    await create(as('accountant'), world.loads.full, bonus);
    await create(as('accountant'), world.loads.full, {
      ...bonus,
      type: 'Fine',
      amount: '20.25',
      reason: 'Dirty',
    });
    await create(as('accountant'), world.loads.full, { ...bonus, amount: 100, person_type: 'dispatcher' });
    await create(as('accountant'), world.loads.driverOnly, bonus);
    const response = await list(as('manager'), world.loads.full);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<LoadIncentives>();
    expect(body.count).toBe(3);
    expect(body.results.map((item) => [item.type, item.amount, item.reason])).toEqual([
      ['Bonus', 1250.5, 'Early delivery'],
      ['Fine', 20.25, 'Dirty'],
      ['Bonus', 100, 'Early delivery'],
    ]);
    expect(body).toMatchObject({ bonus_total: 1350.5, fine_total: 20.25 });
    expect((await list(as('admin'), world.loads.bare)).json()).toEqual({
      count: 0,
      results: [],
      bonus_total: 0,
      fine_total: 0,
      week_closed: false,
    });
  });

  it("answers 404 for another company's load or incentive, changing nothing", async () => {
    const made = (await create(as('accountant'), world.loads.full, bonus)).json<Incentive>();
    expect((await list(world.otherAdmin, world.loads.full)).statusCode).toBe(404);
    expect((await list(as('admin'), world.loads.board)).statusCode).toBe(404);
    expect((await remove(world.otherAdmin, made.id)).statusCode).toBe(404);
    expect(await allIncentives(database.db)).toHaveLength(1);
  });

  it('removes an incentive, publishes the change, and a second removal finds nothing', async () => {
    const made = (await create(as('accountant'), world.loads.full, bonus)).json<Incentive>();
    for (const role of ['dispatcher', 'hr'] as const)
      expect((await remove(as(role), made.id)).statusCode).toBe(403);
    const removed = await remove(as('manager'), made.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ detail: 'The incentive was removed.' });
    expect(await allIncentives(database.db)).toEqual([]);
    expect(incentiveEvents().at(-1)).toMatchObject({
      event: 'update_incentives',
      data: { load_ids: [world.loads.full], template_ids: [] },
    });
    expect((await remove(as('manager'), made.id)).statusCode).toBe(404);
  });
});
