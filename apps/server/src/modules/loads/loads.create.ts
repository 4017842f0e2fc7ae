import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import { loadBodyToFormValues } from '@app/domain/loads/load-form.rules';
import { WAITING_TO_ACCEPT_STATUS } from '@app/domain/loads/load-lifecycle.rules';
import type { LoadCreate, LoadFastCreate } from '@app/domain/loads/loads.schema';
import type { Trx } from '../../db/unit-of-work';
import { fieldError } from '../../http/errors';
import { runIdempotent, type IdempotentOutcome } from '../../http/idempotency';
import type { CompanyCaller } from '../auth/caller';
import type { LoadChange } from './load-change';
import { checkForm, formColumns, milesOf, pointValues, type NewLoadColumns } from './load-columns';
import { LOADS_MESSAGES } from './load-lists';
import * as pointsRepo from './load-points.repository';
import * as loadsRepo from './loads.repository';

// New loads: the add-load form (POST loads/create) and a quick posting (POST loads/fast-create), each made
// once per idempotency key.

export function createLoadCreation(ctx: LoadChange) {
  const { db, now, unit, vehicles, recordHistory, updateLoadsEvent, vehicleStatusEvents } = ctx;
  const { brokerOf, driverOf, dispatcherOf, team } = ctx;

  /**
   * A new load, Waiting to accept, made once per idempotency key: `build` checks the request and answers the
   * load's columns and points; the load gets the company's next accounting number, the accounting week of
   * its pick-up, its active point and its history. Events go out after commit.
   */
  async function createWaitingLoad(
    caller: CompanyCaller,
    scope: string,
    idempotencyKey: string | undefined,
    build: (trx: Trx, at: Date) => Promise<{ values: NewLoadColumns; points: pointsRepo.PointValues[] }>,
  ): Promise<{ id: number; replayed: boolean }> {
    const at = now();
    const claim = { companyId: caller.companyId, userId: caller.userId, scope, key: idempotencyKey, now: at };
    const { result, replayed } = await unit.runWithin<{ id: number }, IdempotentOutcome<{ id: number }>>(
      (work) => runIdempotent(db, claim, work),
      async (trx, outbox) => {
        const { values, points } = await build(trx, at);
        const number = await loadsRepo.nextAccountingNumber(trx, caller.companyId);
        const week = accountingWeekOf(new Date(values.pick_up_datetime));
        const id = await loadsRepo.insertLoad(trx, {
          ...values,
          company_id: caller.companyId,
          status: WAITING_TO_ACCEPT_STATUS,
          load_accounting_number: number,
          load_accounting_week: week.week,
          load_accounting_year: week.year,
          created_by: caller.userId,
          created_at: at,
          updated_at: at,
        });
        await pointsRepo.insertPoints(trx, id, points);
        await recordHistory(trx, caller, id, at, [
          { action: 'create', field: null, before: null, after: { status: WAITING_TO_ACCEPT_STATUS } },
        ]);
        outbox.push(
          updateLoadsEvent(caller.companyId, [id], 'create'),
          ...(await vehicleStatusEvents(trx, caller.companyId, [values.vehicle_id ?? null], at)),
        );
        return { id };
      },
    );
    return { id: result.id, replayed };
  }

  return {
    /**
     * POST loads/create: the load form's rules are checked again, the first point becomes active, the load
     * gets the company's next accounting number and the accounting week of its pick-up.
     */
    create(
      caller: CompanyCaller,
      body: LoadCreate,
      idempotencyKey: string | undefined,
    ): Promise<{ id: number; replayed: boolean }> {
      return createWaitingLoad(caller, 'loads.create', idempotencyKey, async (trx, at) => {
        const accountingBroker = await brokerOf(
          trx,
          caller.companyId,
          body.accounting_broker_company,
          'accounting_broker_company',
        );
        checkForm(loadBodyToFormValues(body, accountingBroker), 'new', at);
        const broker = await brokerOf(trx, caller.companyId, body.broker_company, 'broker_company');
        if (body.driver !== null) await driverOf(trx, caller.companyId, body.driver, 'driver');
        if (body.car_id !== null && !(await vehicles.exists(trx, caller.companyId, body.car_id))) {
          throw fieldError('car_id', LOADS_MESSAGES.unknownVehicle);
        }
        const dispatcher =
          body.dispatcher === null
            ? { id: caller.userId, ...(await team(trx, caller.companyId, caller.userId)) }
            : await dispatcherOf(trx, caller.companyId, body.dispatcher, 'dispatcher');
        // A new load's points are new: an id sent with one names no saved point.
        const points = pointValues(
          body.points.map(({ id: _unsaved, ...point }) => point),
          WAITING_TO_ACCEPT_STATUS,
        );
        return {
          points,
          values: {
            broker_company_id: broker?.id ?? null,
            accounting_broker_company_id: accountingBroker?.id ?? null,
            ...formColumns(body, points),
            broker_price_cents: body.broker_price ?? 0,
            driver_price_cents: body.driver_price ?? 0,
            source: 'manual',
            dispatcher_id: dispatcher.id,
            working_group_id: dispatcher.working_group_id,
            subgroup_id: dispatcher.subgroup_id,
            driver_id: body.driver,
            vehicle_id: body.car_id,
          },
        };
      });
    },

    /** POST loads/fast-create: a board posting from two places, a vehicle type, a broker and a price. */
    fastCreate(
      caller: CompanyCaller,
      body: LoadFastCreate,
      idempotencyKey: string | undefined,
    ): Promise<{ id: number; replayed: boolean }> {
      return createWaitingLoad(caller, 'loads.fast-create', idempotencyKey, async (trx) => {
        const broker = await brokerOf(trx, caller.companyId, body.broker_company, 'broker_company');
        const points = pointValues(
          [
            { ...body.pick_up, order: 1, type: 'pick_up', is_active: false },
            { ...body.deliver_to, order: 2, type: 'deliver_to', is_active: false },
          ],
          WAITING_TO_ACCEPT_STATUS,
        );
        return {
          points,
          values: {
            broker_company_id: broker?.id ?? null,
            broker_name: body.broker_name,
            pays_cents: body.pays,
            vehicle_type: body.car,
            pick_up_datetime: body.pick_up.date,
            delivery_datetime: body.deliver_to.date,
            miles: milesOf(points),
            source: 'loadboard',
            dispatcher_id: caller.userId,
            ...(await team(trx, caller.companyId, caller.userId)),
          },
        };
      });
    },
  };
}
