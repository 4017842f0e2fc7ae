import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type UnitOfWork } from '../../db/unit-of-work';
import type { EventBus } from '../../realtime/event-bus';
import type { LoadsService } from '../loads/loads.service';

// What the accounting use cases share: the database, the clock, the unit of work, and the loads service,
// through which a load's accounting status is written (accounting never writes the loads' tables).

export type AccountingServiceDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  loads: Pick<LoadsService, 'detail' | 'lockForAccounting' | 'setAccountingStatus'>;
  log?: ErrorLog;
};

export type AccountingDeps = AccountingServiceDeps & { unit: UnitOfWork };

export function accountingDeps(deps: AccountingServiceDeps): AccountingDeps {
  return { ...deps, unit: createUnitOfWork(deps) };
}
