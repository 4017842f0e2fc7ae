import type { CompanySettings, CompanyUpdate } from '@app/domain/company/company.schema';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './company.repository';
import type { CompanySettingsRow } from './company.repository';

export type CompanyService = ReturnType<typeof createCompanyService>;

/**
 * The caller's own company settings. The parts of the product that follow a setting read it when they
 * need it (users/my's company_instance, the maps key the geo service asks this service for, the phone
 * visibility of the people and vehicle lists, the documents a load status move asks for), so a save takes
 * effect on their next request. The spec has no realtime event for a company change: other users' pages
 * take it when they next read the current user.
 */
export function createCompanyService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async settings(caller: CompanyCaller): Promise<CompanySettings> {
      const row = await repository.findCompanySettings(db, caller.companyId);
      if (!row) throw notFound();
      return toSettings(row);
    },

    /** The caller's company's Google Maps key, trimmed; null when it has none. */
    async mapsKey(caller: CompanyCaller): Promise<string | null> {
      return (await repository.findMapsKey(db, caller.companyId))?.trim() || null;
    },

    async update(caller: CompanyCaller, update: CompanyUpdate): Promise<CompanySettings> {
      const row = await repository.updateCompanySettings(db, caller.companyId, update, now());
      if (!row) throw notFound();
      return toSettings(row);
    },
  };
}

function toSettings(row: CompanySettingsRow): CompanySettings {
  return {
    id: Number(row.id),
    name: row.name,
    phone: row.phone,
    google_maps_key: row.google_maps_key,
    call_system: row.call_system,
    language_select: row.language_select,
    disable_some_menu_items: row.disable_some_menu_items,
    enable_address_language_notice: row.enable_address_language_notice,
    is_visible_phone_numbers: row.is_visible_phone_numbers,
    can_dispatchers_search_loads_for_on_load_unit: row.can_dispatchers_search_loads_for_on_load_unit,
    required_documents: row.required_documents as CompanySettings['required_documents'],
  };
}
