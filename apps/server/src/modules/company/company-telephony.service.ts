import type {
  TelephonySettings,
  TelephonySettingsUpdate,
} from '@app/domain/company/telephony-settings.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { companyUpdatedEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './company-telephony.repository';

export type CompanyTelephonyService = ReturnType<typeof createCompanyTelephonyService>;

/**
 * The company's external call system and its click-to-call templates: the settings page's telephony
 * section reads and saves them; the telephony module reads them for each call (a save takes effect on the
 * next call). A save publishes update_company: colleagues' open telephony panels take the new call system.
 */
export function createCompanyTelephonyService(deps: {
  db: Db;
  bus: EventBus;
  log?: ErrorLog;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const unit = createUnitOfWork(deps);
  return {
    /** GET company/my/telephony. */
    async settings(caller: CompanyCaller): Promise<TelephonySettings> {
      const row = await repository.findTelephonySettings(db, caller.companyId);
      if (!row) throw notFound();
      return row;
    },

    /** PUT company/my/telephony/update: the whole section. */
    async update(caller: CompanyCaller, update: TelephonySettingsUpdate): Promise<TelephonySettings> {
      const row = await repository.updateTelephonySettings(db, caller.companyId, update, now());
      if (!row) throw notFound();
      await unit.publish([companyUpdatedEvent(caller.companyId)]);
      return row;
    },

    /** The call system and templates of a company, for the telephony module's calls. */
    async callSettingsOf(companyId: number): Promise<TelephonySettings> {
      return (
        (await repository.findTelephonySettings(db, companyId)) ?? {
          call_system: null,
          call_url_template: null,
          sms_url_template: null,
        }
      );
    },
  };
}
