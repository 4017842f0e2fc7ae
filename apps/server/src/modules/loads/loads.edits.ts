import { PAY_CHANGE_MESSAGES } from '@app/domain/accounting/pay-changes.schema';
import { centsToAmount } from '@app/domain/common/money';
import {
  ACTIVE_POINT_REQUIRED_MESSAGE,
  activePointError,
  loadBodyToFormValues,
  REMOVE_ACTIVE_POINT_MESSAGE,
} from '@app/domain/loads/load-form.rules';
import type {
  CompletedLoadEdit,
  Load,
  LoadActiveUpdate,
  LoadChangePrice,
  LoadEmailNotifications,
} from '@app/domain/loads/loads.schema';
import { loadStatusClass } from '@app/domain/loads/loads.rules';
import { conflict, fieldError, notFound, refuse } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import type { LoadChange } from './load-change';
import {
  amountOrNull,
  checkForm,
  formColumns,
  formFieldsOf,
  formValues,
  pointValues,
  priceChanges,
} from './load-columns';
import { changedFields, pointSummary } from './load-history';
import { LOADS_MESSAGES } from './load-lists';
import * as pointsRepo from './load-points.repository';
import * as loadsRepo from './loads.repository';

// Edits of a load: the load form of an active load, its prices, the broker's e-mail updates, and the
// accounting corrections of a completed load. Each changes only what differs, and writes the history of it.

export function createLoadEdits(ctx: LoadChange) {
  const { change, recordHistory, updateLoadsEvent, priceNotice, brokerOf } = ctx;
  const { unit, now, loadById, payAdjustments, accounting } = ctx;

  return {
    /**
     * PUT loads/active/{id}/edit. Points are replaced (saved ones keep their id); the active point may not
     * be removed, and the form must still show one (409 with the spec's texts). The active point is then
     * set by the status, as everywhere.
     */
    editActive(caller: CompanyCaller, id: number, body: LoadActiveUpdate): Promise<Load> {
      return change(caller, id, 'edit', async (trx, load, at) => {
        const accountingBroker = await brokerOf(
          trx,
          caller.companyId,
          body.accounting_broker_company,
          'accounting_broker_company',
        );
        checkForm(loadBodyToFormValues(body, accountingBroker), 'active', at);
        const saved = await pointsRepo.findPointsForUpdate(trx, id);
        body.points.forEach((point, index) => {
          if (point.id !== undefined && !saved.some((candidate) => candidate.id === point.id)) {
            throw fieldError(`points.${index}.id`, LOADS_MESSAGES.unknownPoint);
          }
        });
        const savedActive = saved.find((point) => point.is_active);
        if (savedActive && !body.points.some((point) => point.id === savedActive.id)) {
          throw refuse('active_point_removed', REMOVE_ACTIVE_POINT_MESSAGE);
        }
        if (activePointError('active', body.points))
          throw refuse('active_point_required', ACTIVE_POINT_REQUIRED_MESSAGE);

        const points = pointValues(body.points, load.status);
        const changes = changedFields(
          'edit',
          formFieldsOf(load),
          formFieldsOf({ accounting_broker_company_id: body.accounting_broker_company, ...formValues(body) }),
        );
        const pointsBefore = saved.map(pointSummary);
        const pointsAfter = points.map(pointSummary);
        if (JSON.stringify(pointsBefore) !== JSON.stringify(pointsAfter)) {
          changes.push({ action: 'edit', field: 'points', before: pointsBefore, after: pointsAfter });
        }
        await loadsRepo.updateLoad(trx, id, {
          accounting_broker_company_id: body.accounting_broker_company,
          ...formColumns(body, points),
          updated_at: at,
        });
        await pointsRepo.replacePoints(trx, id, points);
        await recordHistory(trx, caller, id, at, changes);
        return { events: [updateLoadsEvent(caller.companyId, [id], 'edit')] };
      });
    },

    changePrice(caller: CompanyCaller, id: number, body: LoadChangePrice): Promise<Load> {
      return change(caller, id, 'change_price', async (trx, load, at) => {
        await loadsRepo.updateLoad(trx, id, {
          broker_price_cents: body.broker_price,
          driver_price_cents: body.driver_price,
          updated_at: at,
        });
        await recordHistory(trx, caller, id, at, priceChanges('change_price', load, body));
        return {
          events: [
            updateLoadsEvent(caller.companyId, [id], 'change_price'),
            ...(await priceNotice(trx, caller, load, {
              broker_price_cents: body.broker_price,
              driver_price_cents: body.driver_price,
            })),
          ],
        };
      });
    },

    emailNotifications(caller: CompanyCaller, id: number, body: LoadEmailNotifications): Promise<Load> {
      return change(caller, id, 'edit', async (trx, load, at) => {
        const after = {
          email_notifications_status: body.email_notifications_status,
          email_notifications_interval: body.email_notifications_interval,
          email_notifications_location_flag: body.email_notifications_location_flag,
          email_notifications_load_status_flag: body.email_notifications_load_status_flag,
          email_notifications_type: body.email_notifications_type,
          location_update_emails: body.location_update_emails,
        };
        const changes = changedFields('email_notifications', load, after);
        if (changes.length === 0) return { events: [] };
        await loadsRepo.updateLoad(trx, id, {
          ...after,
          location_update_emails: JSON.stringify(body.location_update_emails),
          updated_at: at,
        });
        await recordHistory(trx, caller, id, at, changes);
        return { events: [updateLoadsEvent(caller.companyId, [id], 'email_notifications')] };
      });
    },

    /** Accounting corrections of a completed load: only the fields sent change. */
    editCompleted(caller: CompanyCaller, id: number, body: CompletedLoadEdit): Promise<Load> {
      return change(caller, id, 'edit_completed', async (trx, load, at) => {
        const before = {
          broker_price: centsToAmount(load.broker_price_cents),
          driver_price: centsToAmount(load.driver_price_cents),
          load_accounting_week: load.load_accounting_week,
          load_accounting_year: load.load_accounting_year,
          rateconf_ref: load.rateconf_ref,
          note: load.note,
        };
        const sent = Object.fromEntries(
          Object.entries({
            broker_price: amountOrNull(body.broker_price ?? null) ?? undefined,
            driver_price: amountOrNull(body.driver_price ?? null) ?? undefined,
            load_accounting_week: body.load_accounting_week,
            load_accounting_year: body.load_accounting_year,
            rateconf_ref: body.rateconf_ref === undefined ? undefined : body.rateconf_ref || null,
            note: body.note === undefined ? undefined : body.note || null,
          }).filter(([, value]) => value !== undefined),
        );
        const changes = changedFields('edit_completed', before, sent);
        if (changes.length === 0) return { events: [] };
        // The pay of the load's owner and dispatcher follows (a closed week's difference: an adjustment).
        const settlePay = await payAdjustments.loadPayChanging(trx, {
          companyId: caller.companyId,
          userId: caller.userId,
          loadId: id,
        });
        await loadsRepo.updateLoad(trx, id, {
          ...(body.broker_price === undefined ? {} : { broker_price_cents: body.broker_price }),
          ...(body.driver_price === undefined ? {} : { driver_price_cents: body.driver_price }),
          ...(body.load_accounting_week === undefined
            ? {}
            : { load_accounting_week: body.load_accounting_week }),
          ...(body.load_accounting_year === undefined
            ? {}
            : { load_accounting_year: body.load_accounting_year }),
          ...(body.rateconf_ref === undefined ? {} : { rateconf_ref: body.rateconf_ref || null }),
          ...(body.note === undefined ? {} : { note: body.note || null }),
          updated_at: at,
        });
        await recordHistory(trx, caller, id, at, changes);
        return {
          events: [
            updateLoadsEvent(caller.companyId, [id], 'edit_completed'),
            ...(await priceNotice(trx, caller, load, {
              broker_price_cents: body.broker_price ?? load.broker_price_cents,
              driver_price_cents: body.driver_price ?? load.driver_price_cents,
            })),
            ...(await settlePay()),
          ],
        };
      });
    },

    /**
     * PUT loads/{id}/change-week (called by the payments service): the accounting week of a load of checkout
     * or completed (409 otherwise), with its history as an accounting correction; the pay of its owner and
     * dispatcher follows. A closed week is refused (409 accounting_week_closed): moving a load out of one is
     * settled by an adjustment, moving one in would change pay that was sent.
     */
    async changeAccountingWeek(
      caller: CompanyCaller,
      id: number,
      target: { week: number; year: number },
    ): Promise<Load> {
      const at = now();
      await unit.run(async (trx, outbox) => {
        const load = await loadsRepo.lockLoad(trx, caller.companyId, id);
        if (!load) throw notFound();
        const list = loadStatusClass(load.status);
        if (list !== 'checkout' && list !== 'completed')
          throw conflict(PAY_CHANGE_MESSAGES.notAccountingLoad);
        const changes = changedFields(
          'edit_completed',
          {
            load_accounting_week: load.load_accounting_week,
            load_accounting_year: load.load_accounting_year,
          },
          { load_accounting_week: target.week, load_accounting_year: target.year },
        );
        if (changes.length === 0) return;
        // A closed week's pay sheets were sent and its payments keep what they paid: a load is not moved
        // into it (the accountant picks an open week; the refusal names the next one).
        const open = await accounting.openPayWeekFor(trx, caller.companyId, target);
        if (open.week !== target.week || open.year !== target.year) {
          throw refuse('accounting_week_closed', PAY_CHANGE_MESSAGES.weekClosed, {
            week: [String(target.week)],
            year: [String(target.year)],
            next_open_week: [String(open.week)],
            next_open_year: [String(open.year)],
          });
        }
        const settlePay = await payAdjustments.loadPayChanging(trx, {
          companyId: caller.companyId,
          userId: caller.userId,
          loadId: id,
        });
        await loadsRepo.updateLoad(trx, id, {
          load_accounting_week: target.week,
          load_accounting_year: target.year,
          updated_at: at,
        });
        await recordHistory(trx, caller, id, at, changes);
        outbox.push(updateLoadsEvent(caller.companyId, [id], 'edit_completed'), ...(await settlePay()));
      });
      return loadById(caller.companyId, id);
    },
  };
}
