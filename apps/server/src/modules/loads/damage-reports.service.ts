import { loadStatusClass } from '@app/domain/loads/loads.rules';
import type { DamageReport, DamageReportCreate } from '@app/domain/loads/damage-report.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { forbidden, notFound } from '../../http/errors';
import { runIdempotent, type IdempotentOutcome } from '../../http/idempotency';
import type { EventBus } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import { isAllowed, type CompanyCaller } from '../auth/caller';
import type { NotificationsService } from '../notifications/notifications.service';
import * as repository from './damage-reports.repository';
import { insertHistory } from './load-history.repository';
import { listRoles } from './loads.service';

// Damage reports: anyone who sees a load may report damage found on it (POST loads/{id}/damage-report).
// The report is kept with the load (load_damage_reports, and a line of the load's history), and in the same
// transaction a damage notice (type 9) goes to the load's dispatcher, its team leads and the company's
// managers, never the reporter (modules/notifications). After the commit, update_loads { ids: [load],
// action: 'damage_report' } goes to those who see loads, so an open load page shows the new history line
// at once. A retried report with the same Idempotency-Key answers the first one and publishes nothing again.

export type DamageReportsService = ReturnType<typeof createDamageReportsService>;

function toDamageReport(row: repository.DamageReportRow): DamageReport {
  return {
    id: row.id,
    load_id: row.load_id,
    description: row.description,
    created_by:
      row.created_by === null
        ? null
        : {
            id: row.created_by,
            first_name: row.reporter_first_name ?? '',
            last_name: row.reporter_last_name ?? '',
          },
    created_date: row.created_at.toISOString(),
  };
}

export function createDamageReportsService(deps: {
  db: Db;
  bus: EventBus;
  now: () => Date;
  notifications: NotificationsService;
  log?: ErrorLog;
}) {
  const { db, now, notifications } = deps;
  const unit = createUnitOfWork(deps);

  return {
    /**
     * Records the caller's damage report on the company's load and notifies (after commit). Another
     * company's load, or none, is 404; a role that does not see the load's list now is 403.
     */
    async report(
      caller: CompanyCaller,
      loadId: number,
      body: DamageReportCreate,
      idempotencyKey: string | undefined,
    ): Promise<{ report: DamageReport; replayed: boolean }> {
      const at = now();
      const claim = {
        companyId: caller.companyId,
        userId: caller.userId,
        scope: `loads.damage-report:${loadId}`,
        key: idempotencyKey,
        now: at,
      };
      const outcome = await unit.runWithin<DamageReport, IdempotentOutcome<DamageReport>>(
        (work) => runIdempotent(db, claim, work),
        async (trx, outbox) => {
          const load = await repository.findLoadForReport(trx, caller.companyId, loadId);
          if (!load) throw notFound();
          const roles = listRoles(loadStatusClass(load.status));
          if (!isAllowed(caller, roles)) throw forbidden();
          const row = await repository.insertDamageReport(trx, {
            company_id: caller.companyId,
            load_id: load.id,
            description: body.description,
            created_by: caller.userId,
            created_at: at,
          });
          await insertHistory(trx, [
            {
              load_id: load.id,
              user_id: caller.userId,
              action: 'damage_report',
              field: null,
              before: null,
              after: body.description,
              created_at: at,
            },
          ]);
          const notices = await notifications.loadDamageReported(trx, {
            companyId: caller.companyId,
            actorUserId: caller.userId,
            load,
            description: body.description,
            roles,
          });
          outbox.push(
            companyEvent('update_loads', caller.companyId, { ids: [load.id], action: 'damage_report' }),
            ...notices,
          );
          return toDamageReport(row);
        },
      );
      return { report: outcome.result, replayed: outcome.replayed };
    },
  };
}
