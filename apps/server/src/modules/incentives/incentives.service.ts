import {
  INCENTIVE_MESSAGES,
  incentiveTotals,
  MISSING_PERSON_REFUSALS,
  type Incentive,
  type IncentiveCreate,
  type LoadIncentives,
} from '@app/domain/accounting/incentives.schema';
import { centsToAmount } from '@app/domain/common/money';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { fieldError, notFound, refuse } from '../../http/errors';
import { runIdempotent, type IdempotentOutcome } from '../../http/idempotency';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import type { PayAdjustmentsHook } from '../payments/pay-adjustments';
import * as templates from './incentive-templates.repository';
import * as repository from './incentives.repository';

// Bonuses and fines on a load for its driver, its owner or its dispatcher (the domain's
// accounting/incentives.schema.ts). The person is the load's as it is when the incentive is made, and the
// incentive keeps them: the driver (loads.driver_id; paid through the load's owner), the owner (of the
// load's vehicle, else of its driver) or the dispatcher (loads.dispatcher_id). A load without that person is
// refused with a code of its own. Every change runs in one unit of work with the load locked, settled with
// the pay of the load's people by the payments module (a closed week keeps what it paid; the difference is
// an adjustment in the next open week), and after the commit update_incentives { load_ids } goes to who
// gives incentives (with the payments' update_accounting), so open load pages and pay lists follow. A retried create with the same Idempotency-Key answers the first incentive and publishes nothing.

export type IncentivesService = ReturnType<typeof createIncentivesService>;

export type IncentivesDeps = {
  db: Db;
  bus: EventBus;
  now?: () => Date;
  /**
   * The pay of the load's owner and dispatcher around a change of its incentives (the payments module's
   * pay-adjustments.ts): when the load's week is closed, the difference becomes an adjustment in the next
   * open week. By default nothing.
   */
  payAdjustments?: PayAdjustmentsHook;
  log?: ErrorLog;
};

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function personRef(id: number | null, first: string | null, last: string | null) {
  return id === null || first === null ? null : { id, name: fullName(first, last) };
}

function toIncentive(row: repository.IncentiveRow): Incentive {
  const driver = personRef(row.driver_id, row.driver_first_name, row.driver_last_name);
  const owner = personRef(row.owner_id, row.owner_first_name, row.owner_last_name);
  const dispatcher = personRef(row.dispatcher_id, row.dispatcher_first_name, row.dispatcher_last_name);
  return {
    id: row.id,
    load_id: row.load_id,
    type: row.type,
    person_type: row.person_type,
    person: row.person_type === 'driver' ? driver : row.person_type === 'owner' ? owner : dispatcher,
    paid_through_owner: row.person_type === 'dispatcher' ? null : owner,
    amount: centsToAmount(row.amount_cents),
    reason: row.reason,
    template_id: row.template_id,
    week_closed: row.week_closed,
    created_by:
      row.created_by === null
        ? null
        : {
            id: row.created_by,
            first_name: row.creator_first_name ?? '',
            last_name: row.creator_last_name ?? '',
          },
    created_date: row.created_at.toISOString(),
  };
}

/** The person columns of a new incentive, or the refusal of a person the load does not have. */
function personColumns(load: repository.IncentiveLoadRow, personType: IncentiveCreate['person_type']) {
  const missing = () => {
    const refusal = MISSING_PERSON_REFUSALS[personType];
    return refuse(refusal.code, refusal.detail, { person_type: [refusal.detail] });
  };
  switch (personType) {
    case 'driver':
      if (load.driver_id === null) throw missing();
      return { driver_id: load.driver_id, owner_id: load.owner_id, dispatcher_id: null };
    case 'owner':
      if (load.owner_id === null) throw missing();
      return { driver_id: null, owner_id: load.owner_id, dispatcher_id: null };
    case 'dispatcher':
      if (load.dispatcher_id === null) throw missing();
      return { driver_id: null, owner_id: null, dispatcher_id: load.dispatcher_id };
  }
}

export function createIncentivesService(deps: IncentivesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const unit = createUnitOfWork(deps);
  const payAdjustments = deps.payAdjustments ?? {
    loadPayChanging: () => Promise.resolve(() => Promise.resolve([])),
  };

  const loadEvent = (companyId: number, loadId: number): RealtimeEvent =>
    companyEvent('update_incentives', companyId, { load_ids: [loadId], template_ids: [] });

  async function incentiveById(reader: Db | Trx, companyId: number, id: number): Promise<Incentive> {
    const [row] = await repository.findIncentives(reader, companyId, { ids: [id] });
    if (!row) throw notFound();
    return toIncentive(row);
  }

  return {
    /** GET incentives/loads/{id}: the load's incentives, oldest first, with the sums of bonuses and fines. */
    async ofLoad(caller: CompanyCaller, loadId: number): Promise<LoadIncentives> {
      const load = await repository.findIncentiveLoad(db, caller.companyId, loadId);
      if (!load) throw notFound();
      const rows = await repository.findIncentives(db, caller.companyId, { loadId });
      const totals = incentiveTotals(rows);
      return {
        count: rows.length,
        results: rows.map(toIncentive),
        bonus_total: centsToAmount(totals.bonus_cents),
        fine_total: centsToAmount(totals.fine_cents),
        week_closed: load.week_closed,
      };
    },

    /**
     * POST incentives/loads/{id}/create: a bonus or a fine for the load's driver, owner or dispatcher.
     * Another company's load is 404; a template of another company (or none) is 400 naming template_id.
     */
    async create(
      caller: CompanyCaller,
      loadId: number,
      body: IncentiveCreate,
      idempotencyKey: string | undefined,
    ): Promise<{ incentive: Incentive; replayed: boolean }> {
      const at = now();
      const claim = {
        companyId: caller.companyId,
        userId: caller.userId,
        scope: `incentives.create:${loadId}`,
        key: idempotencyKey,
        now: at,
      };
      const outcome = await unit.runWithin<Incentive, IdempotentOutcome<Incentive>>(
        (work) => runIdempotent(db, claim, work),
        async (trx, outbox) => {
          const load = await repository.findIncentiveLoad(trx, caller.companyId, loadId, true);
          if (!load) throw notFound();
          if (
            body.template_id !== null &&
            !(await templates.findTemplate(trx, caller.companyId, body.template_id))
          ) {
            throw fieldError('template_id', INCENTIVE_MESSAGES.templateUnknown);
          }
          const settle = await payAdjustments.loadPayChanging(trx, {
            companyId: caller.companyId,
            userId: caller.userId,
            loadId: load.id,
          });
          const id = await repository.insertIncentive(trx, {
            company_id: caller.companyId,
            load_id: load.id,
            type: body.type,
            person_type: body.person_type,
            ...personColumns(load, body.person_type),
            amount_cents: body.amount,
            reason: body.reason,
            template_id: body.template_id,
            created_by: caller.userId,
            created_at: at,
          });
          outbox.push(loadEvent(caller.companyId, load.id), ...(await settle()));
          return incentiveById(trx, caller.companyId, id);
        },
      );
      return { incentive: outcome.result, replayed: outcome.replayed };
    },

    /** DELETE incentives/{id}: the incentive is removed from its load (and from the pay it was in). */
    async remove(caller: CompanyCaller, id: number): Promise<{ detail: string }> {
      await unit.run(async (trx, outbox) => {
        const incentive = await repository.lockIncentive(trx, caller.companyId, id);
        if (!incentive) throw notFound();
        await repository.findIncentiveLoad(trx, caller.companyId, incentive.load_id, true);
        const settle = await payAdjustments.loadPayChanging(trx, {
          companyId: caller.companyId,
          userId: caller.userId,
          loadId: incentive.load_id,
        });
        await repository.deleteIncentive(trx, caller.companyId, id);
        outbox.push(loadEvent(caller.companyId, incentive.load_id), ...(await settle()));
      });
      return { detail: 'The incentive was removed.' };
    },
  };
}
