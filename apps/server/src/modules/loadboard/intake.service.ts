import type { IntakePosting, IntakeResult } from '@app/domain/loadboard/intake.schema';
import type { LoadFastCreate } from '@app/domain/loads/loads.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { fieldError } from '../../http/errors';
import { runIdempotent, type IdempotentOutcome } from '../../http/idempotency';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import type { CompanyCaller } from '../auth/caller';
import type { BrokersService } from '../brokers/brokers.service';
import type { CompanyService } from '../company/company.service';
import { LOADS_MESSAGES, type LoadsService } from '../loads/loads.service';
import type { BoardPosting } from '../loads/loads.create';
import type { UsersService } from '../users/users.service';
import * as repository from './intake.repository';

// The load intake: the one way postings reach the load board, whoever sends them.
//   POST loads/fast-create       a dispatcher's quick posting (signed in; honours Idempotency-Key)
//   POST loadboard/intake        an outside load board or a script, with the company's intake key
//   e-mailed postings            email-posting.service.ts, in its own transaction (intakeWithin)
// Each posting, in one unit of work:
//   1. is matched to a broker company of the company by MC number, else by name; a broker it does not
//      know yet is added (brokers service: OTR with an MC number, else non-OTR, in the rating queue). The
//      broker's last posting is now (the no-posting job reads it).
//   2. is de-duplicated: with a reference, a posting of the same broker within 24 hours updates the load it
//      posted (still on the board) or leaves it (booked or taken off the board) instead of adding a load
//      (loads service postToBoard, under a lock on the broker and reference so that two copies sent at
//      once add one load).
//   3. lands on the board: board_status 'posted', posted_at now, Waiting to accept, in none of the four
//      load lists.
// After commit: update_loadboard with the board load (to the board's roles), and update_units when a
// broker was added. A blacklisted broker's posting is kept and marked: the answer says in_blacklist, and
// the board shows the broker's mark with the load.

export type IntakeService = ReturnType<typeof createIntakeService>;
export type { PostingSample } from './intake.repository';

export type IntakeDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  loads: Pick<LoadsService, 'postToBoard'>;
  brokers: Pick<BrokersService, 'brokerForPosting'>;
  company: Pick<CompanyService, 'companyOfIntakeKey'>;
  users: Pick<UsersService, 'teamOf'>;
  log?: ErrorLog;
};

export function createIntakeService(deps: IntakeDeps) {
  const { db, now, loads, brokers, company, users } = deps;
  const unit = createUnitOfWork(deps);

  /** Steps 1 to 3 above in the caller's transaction; answers the result and the events to publish. */
  async function postInTransaction(
    trx: Trx,
    companyId: number,
    broker: IntakePosting['broker_company'] | { id: number } | null,
    posting: Omit<BoardPosting, 'brokerCompanyId'>,
    at: Date,
  ): Promise<{ result: IntakeResult; events: RealtimeEvent[] }> {
    const found = broker === null ? null : await brokers.brokerForPosting(trx, companyId, broker, at);
    if (broker !== null && found === null) throw fieldError('broker_company', LOADS_MESSAGES.unknownBroker);
    if (posting.reference !== null && found !== null) {
      await repository.lockPostingKey(trx, companyId, `${found.broker.id}:${posting.reference}`);
    }
    const posted = await loads.postToBoard(
      trx,
      companyId,
      { ...posting, brokerCompanyId: found?.broker.id ?? null },
      at,
    );
    return {
      result: {
        id: posted.id,
        outcome: posted.outcome,
        board_status: posted.board_status,
        broker_company: found
          ? {
              id: found.broker.id,
              name: found.broker.name,
              created: found.created,
              in_blacklist: found.broker.in_blacklist,
            }
          : null,
      },
      events: [...(found?.events ?? []), ...posted.events],
    };
  }

  /** A posting of the intake's shape (POST loadboard/intake, e-mails) in the caller's transaction. */
  function intakeWithin(trx: Trx, companyId: number, body: IntakePosting, at: Date) {
    return postInTransaction(
      trx,
      companyId,
      body.broker_company,
      {
        reference: body.reference,
        postedBy: null,
        points: [
          { ...body.pick_up, order: 1, type: 'pick_up', is_active: false },
          { ...body.deliver_to, order: 2, type: 'deliver_to', is_active: false },
        ],
        values: {
          broker_name: body.broker_name,
          broker_phone: body.broker_phone,
          reply_email: body.reply_email,
          pays_cents: body.pays,
          weight: body.weight,
          pieces: body.pieces,
          length: body.length,
          width: body.width,
          height: body.height,
          vehicle_type: body.car,
          note: body.note,
          dock_level: body.dock_level,
          is_danger: body.isDanger,
          is_urgent: body.isUrgent,
          is_can_put_on_top: body.isCanPutOnTop,
          equipment: body.equipment,
          pick_up_datetime: body.pick_up.date,
          delivery_datetime: body.deliver_to.date,
          source: 'loadboard',
        },
      },
      at,
    );
  }

  return {
    /** The demo feed's models: the company's recent booked loads, their brokers, lanes and rates. */
    postingSamples: (companyId: number, limit: number) => repository.findPostingSamples(db, companyId, limit),

    /** The company of an intake key, or null: the route answers 401 before it reads the body. */
    companyOfKey: (key: string) => company.companyOfIntakeKey(key),

    /** POST loadboard/intake: a posting of an outside load board or a script, for the key's company. */
    async intake(companyId: number, body: IntakePosting): Promise<IntakeResult> {
      const at = now();
      return unit.run(async (trx, outbox) => {
        const { result, events } = await intakeWithin(trx, companyId, body, at);
        outbox.push(...events);
        return result;
      });
    },

    /**
     * A posting in the caller's transaction (the e-mail intake keeps the mail with the load it became):
     * the result and the events to publish after the caller commits.
     */
    intakeWithin,

    /**
     * POST loads/fast-create: a dispatcher's quick posting from two places, a vehicle type, a broker (its
     * id, or its name: found or added) and a price; the dispatcher's load, on the board. Made once per
     * idempotency key.
     */
    async fastCreate(
      caller: CompanyCaller,
      body: LoadFastCreate,
      idempotencyKey: string | undefined,
    ): Promise<{ id: number; replayed: boolean }> {
      const at = now();
      const claim = {
        companyId: caller.companyId,
        userId: caller.userId,
        scope: 'loads.fast-create',
        key: idempotencyKey,
        now: at,
      };
      const broker =
        body.broker_company === null
          ? null
          : typeof body.broker_company === 'number'
            ? { id: body.broker_company }
            : { name: body.broker_company, mc_number: null };
      const { result, replayed } = await unit.runWithin<{ id: number }, IdempotentOutcome<{ id: number }>>(
        (work) => runIdempotent(db, claim, work),
        async (trx, outbox) => {
          const { result: posted, events } = await postInTransaction(
            trx,
            caller.companyId,
            broker,
            {
              reference: null,
              postedBy: caller.userId,
              points: [
                { ...body.pick_up, order: 1, type: 'pick_up', is_active: false },
                { ...body.deliver_to, order: 2, type: 'deliver_to', is_active: false },
              ],
              values: {
                broker_name: body.broker_name,
                pays_cents: body.pays,
                vehicle_type: body.car,
                pick_up_datetime: body.pick_up.date,
                delivery_datetime: body.deliver_to.date,
                source: 'loadboard',
                dispatcher_id: caller.userId,
                ...(await users.teamOf(trx, caller.companyId, caller.userId)),
              },
            },
            at,
          );
          outbox.push(...events);
          return { id: posted.id };
        },
      );
      return { id: result.id, replayed };
    },
  };
}
