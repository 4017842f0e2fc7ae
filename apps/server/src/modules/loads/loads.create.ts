import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import { loadBodyToFormValues } from '@app/domain/loads/load-form.rules';
import { WAITING_TO_ACCEPT_STATUS } from '@app/domain/loads/load-lifecycle.rules';
import type { LoadCreate } from '@app/domain/loads/loads.schema';
import { repeatOutcome, repeatWindowStart, type BoardStatus } from '@app/domain/loadboard/intake.rules';
import type { EquipmentFlags } from '../../db/schema';
import type { Trx } from '../../db/unit-of-work';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { fieldError } from '../../http/errors';
import { runIdempotent, type IdempotentOutcome } from '../../http/idempotency';
import type { CompanyCaller } from '../auth/caller';
import type { LoadChange } from './load-change';
import {
  checkForm,
  formColumns,
  milesOf,
  normalizedEquipment,
  pointValues,
  type NewLoadColumns,
} from './load-columns';
import { changedFields, historyRows } from './load-history';
import * as historyRepo from './load-history.repository';
import { LOADS_MESSAGES } from './load-lists';
import * as pointsRepo from './load-points.repository';
import * as loadsRepo from './loads.repository';

// New loads: the add-load form (POST loads/create) and the load board's postings (the load intake of the
// loadboard module: POST loads/fast-create, the JSON intake, e-mailed postings), which reach the board
// through `postToBoard` inside the intake's transaction.
//
// A board load is a load offered and not yet booked (board_status 'posted', posted_at when it arrived): it is
// in none of the four load lists. The add-load form makes one when it names neither a vehicle nor a driver;
// with either it makes a load booked at once (board_status null), Waiting to accept in the active list.
// A board load's creation publishes update_loadboard (to the board's roles); a booked load's update_loads.

/** A posting's load: its columns (broker, places' dates, vehicle type, rate...) and its two points. */
export type BoardPosting = {
  values: Omit<
    NewLoadColumns,
    'board_status' | 'posted_at' | 'posting_reference' | 'broker_company_id' | 'equipment' | 'miles'
  > & { equipment?: EquipmentFlags };
  brokerCompanyId: number | null;
  /** The broker's own reference: the same broker posting it again within 24 hours updates the load. */
  reference: string | null;
  points: Parameters<typeof pointValues>[0];
  /** Who posted it (a dispatcher's quick posting), or null (an outside board, an e-mail). */
  postedBy: number | null;
};

export type PostingOutcome = {
  id: number;
  outcome: 'created' | 'updated' | 'unchanged';
  board_status: BoardStatus | null;
  events: RealtimeEvent[];
};

/** The posting's columns a repeated posting may change, as its history compares them. */
const REPOSTED_FIELDS = [
  'pays_cents',
  'broker_price_cents',
  'vehicle_type',
  'pick_up_datetime',
  'delivery_datetime',
  'weight',
  'pieces',
  'length',
  'width',
  'height',
  'note',
] as const;

function repostedView(values: Partial<Record<(typeof REPOSTED_FIELDS)[number], unknown>>) {
  return Object.fromEntries(
    REPOSTED_FIELDS.map((field) => {
      const value = values[field];
      return [field, value instanceof Date ? value.toISOString() : (value ?? null)];
    }),
  );
}

export function createLoadCreation(ctx: LoadChange) {
  const { db, now, unit, vehicles, brokers, updateLoadsEvent, vehicleStatusEvents, boardLoadEvent } = ctx;
  const { brokerOf, driverOf, dispatcherOf, team } = ctx;

  /**
   * Writes a new load, Waiting to accept, with the company's next accounting number, the accounting week of
   * its pick-up, its points (the first active) and its history; on the board when `onBoard`.
   */
  async function insertNewLoad(
    trx: Trx,
    companyId: number,
    createdBy: number | null,
    values: NewLoadColumns,
    points: pointsRepo.PointValues[],
    at: Date,
    onBoard: boolean,
  ): Promise<number> {
    const number = await loadsRepo.nextAccountingNumber(trx, companyId);
    const week = accountingWeekOf(new Date(values.pick_up_datetime));
    const id = await loadsRepo.insertLoad(trx, {
      ...values,
      company_id: companyId,
      status: WAITING_TO_ACCEPT_STATUS,
      board_status: onBoard ? 'posted' : null,
      posted_at: onBoard ? at : null,
      load_accounting_number: number,
      load_accounting_week: week.week,
      load_accounting_year: week.year,
      created_by: createdBy,
      created_at: at,
      updated_at: at,
    });
    await pointsRepo.insertPoints(trx, id, points);
    const after = onBoard
      ? { status: WAITING_TO_ACCEPT_STATUS, board_status: 'posted' }
      : { status: WAITING_TO_ACCEPT_STATUS };
    await historyRepo.insertHistory(
      trx,
      historyRows(id, createdBy, at, [{ action: 'create', field: null, before: null, after }]),
    );
    return id;
  }

  /** The form's broker company: by id (400 when unknown), or by name (found, or added as a new broker). */
  async function formBroker(trx: Trx, caller: CompanyCaller, ref: number | string | null, onBoard: boolean) {
    if (typeof ref !== 'string') {
      const broker = await brokerOf(trx, caller.companyId, ref, 'broker_company');
      return { id: broker?.id ?? null, events: [] as RealtimeEvent[] };
    }
    const found = await brokers.brokerForPosting(
      trx,
      caller.companyId,
      { name: ref, mc_number: null },
      now(),
      {
        // A load posted to the board is the broker's posting; one booked at once is not.
        markPosted: onBoard,
      },
    );
    return { id: found?.broker.id ?? null, events: found?.events ?? [] };
  }

  return {
    /**
     * POST loads/create: the load form's rules are checked again; without a vehicle and a driver the load
     * goes to the load board, with either it is booked at once (Waiting to accept, in the active list).
     * Made once per idempotency key.
     */
    async create(
      caller: CompanyCaller,
      body: LoadCreate,
      idempotencyKey: string | undefined,
    ): Promise<{ id: number; replayed: boolean }> {
      const at = now();
      const claim = {
        companyId: caller.companyId,
        userId: caller.userId,
        scope: 'loads.create',
        key: idempotencyKey,
        now: at,
      };
      const onBoard = body.car_id === null && body.driver === null;
      const { result, replayed } = await unit.runWithin<{ id: number }, IdempotentOutcome<{ id: number }>>(
        (work) => runIdempotent(db, claim, work),
        async (trx, outbox) => {
          const accountingBroker = await brokerOf(
            trx,
            caller.companyId,
            body.accounting_broker_company,
            'accounting_broker_company',
          );
          checkForm(loadBodyToFormValues(body, accountingBroker), 'new', at);
          const broker = await formBroker(trx, caller, body.broker_company, onBoard);
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
          const values: NewLoadColumns = {
            broker_company_id: broker.id,
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
          };
          const id = await insertNewLoad(trx, caller.companyId, caller.userId, values, points, at, onBoard);
          outbox.push(...broker.events);
          if (onBoard) outbox.push(await boardLoadEvent(trx, caller.companyId, id));
          else {
            outbox.push(
              updateLoadsEvent(caller.companyId, [id], 'create'),
              ...(await vehicleStatusEvents(trx, caller.companyId, [body.car_id], at)),
            );
          }
          return { id };
        },
      );
      return { id: result.id, replayed };
    },

    /**
     * A posting reaches the board (the load intake, inside its transaction). With a reference, a posting of
     * the same broker within 24 hours repeats the load posted then: a load still on the board takes the new
     * details ('updated'), one already booked or taken off the board stays as it is ('unchanged'). Otherwise
     * a new board load is made ('created'). Answers the update_loadboard event of what changed.
     */
    async postToBoard(trx: Trx, companyId: number, posting: BoardPosting, at: Date): Promise<PostingOutcome> {
      const points = pointValues(posting.points, WAITING_TO_ACCEPT_STATUS);
      const values = {
        ...posting.values,
        equipment: JSON.stringify(normalizedEquipment(posting.values.equipment ?? {})),
        miles: milesOf(points),
      };
      const repeated =
        posting.reference === null || posting.brokerCompanyId === null
          ? undefined
          : await loadsRepo.lockRepeatedPosting(
              trx,
              companyId,
              posting.brokerCompanyId,
              posting.reference,
              repeatWindowStart(at),
            );
      if (repeated) {
        const outcome = repeatOutcome(repeated.board_status);
        if (outcome === 'unchanged') {
          return { id: repeated.id, outcome, board_status: repeated.board_status, events: [] };
        }
        const { dispatcher_id: _keep, working_group_id: _group, subgroup_id: _sub, ...details } = values;
        // The accounting week follows the pick-up, as for a new load.
        const week = accountingWeekOf(new Date(details.pick_up_datetime));
        await loadsRepo.updateLoad(trx, repeated.id, {
          ...details,
          load_accounting_week: week.week,
          load_accounting_year: week.year,
          updated_at: at,
        });
        await pointsRepo.replacePoints(trx, repeated.id, points);
        const changes = changedFields('edit', repostedView(repeated), repostedView(details));
        await historyRepo.insertHistory(trx, historyRows(repeated.id, posting.postedBy, at, changes));
        return {
          id: repeated.id,
          outcome,
          board_status: 'posted',
          events: [await boardLoadEvent(trx, companyId, repeated.id)],
        };
      }
      const id = await insertNewLoad(
        trx,
        companyId,
        posting.postedBy,
        {
          ...values,
          broker_company_id: posting.brokerCompanyId,
          posting_reference: posting.reference,
        },
        points,
        at,
        true,
      );
      return {
        id,
        outcome: 'created',
        board_status: 'posted',
        events: [await boardLoadEvent(trx, companyId, id)],
      };
    },
  };
}
