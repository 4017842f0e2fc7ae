import type { TelephonySettings } from '@app/domain/company/telephony-settings.schema';
import { phoneSearchDigits } from '@app/domain/units/people.rules';
import { canViewPhoneNumber, phoneForViewer } from '@app/domain/units/vehicle.rules';
import type {
  CallInfo,
  ContactEntry,
  ContactList,
  ContactSearchQuery,
  ContactUrls,
  MakeCallQuery,
  MakeDirectCall,
  UserPhoneDataQuery,
} from '@app/domain/telephony/telephony.schema';
import {
  fillContactUrl,
  hasExternalCallSystem,
  TELEPHONY_MESSAGES,
} from '@app/domain/telephony/telephony.rules';
import type { Db } from '../../db/types';
import { notFound, refuse } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './telephony.repository';
import type { PersonRow } from './telephony.repository';

export type TelephonyService = ReturnType<typeof createTelephonyService>;

export type TelephonyDeps = {
  db: Db;
  /** The company's call system and click-to-call templates (the company module's telephony section). */
  callSettingsOf: (companyId: number) => Promise<TelephonySettings>;
};

const fullName = (row: Pick<PersonRow, 'first_name' | 'last_name'>) =>
  `${row.first_name} ${row.last_name}`.trim();

/**
 * The right-hand panel's calls. Numbers are answered only to a caller who may see them (canViewNumber: a
 * manager, a superuser, or everyone when the company shows phones to all users); a call is made by the
 * server from the stored number, so calling never needs the number to be shown.
 */
export function createTelephonyService(deps: TelephonyDeps) {
  const { db } = deps;

  async function seesPhones(caller: CompanyCaller): Promise<boolean> {
    if (canViewPhoneNumber(caller.role, null, caller.isSuperuser)) return true;
    const visibleToAll = await repository.findPhonesVisibleToAll(db, caller.companyId);
    return canViewPhoneNumber(caller.role, { is_visible_phone_numbers: visibleToAll }, caller.isSuperuser);
  }

  function entries(rows: PersonRow[], phones: boolean): ContactEntry[] {
    return rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      full_name: fullName(row),
      first_name: row.first_name,
      last_name: row.last_name,
      phone_number: phoneForViewer(row.phone_number, phones),
      has_phone: Boolean(row.phone_number?.trim()),
      unit_id: row.unit_id,
      company_name: row.company_name,
      avatar: row.avatar,
      // The SMS chats are the SMS area's: the panel opens one through POST sms/chats/open.
      driver_chat: null,
      personal_sms_chat: null,
      load_id: row.load_id,
      group_chat: row.group_chat,
    }));
  }

  /** The company's call system when calls go through it (a system and a call template), else null. */
  function externalSystem(settings: TelephonySettings): string | null {
    return hasExternalCallSystem(settings) ? settings.call_system!.trim() : null;
  }

  function urls(settings: TelephonySettings, phone: string, name: string): ContactUrls {
    if (!externalSystem(settings))
      throw refuse('call_system_not_configured', TELEPHONY_MESSAGES.callSystemNotConfigured);
    return {
      call_url: fillContactUrl(settings.call_url_template!, { phone, name }),
      chat_url: settings.sms_url_template ? fillContactUrl(settings.sms_url_template, { phone, name }) : null,
    };
  }

  return {
    /**
     * GET telephony/contacts?search=: drivers (not fired), owners, broker companies and colleagues whose
     * name, company, unit or (for a caller who sees numbers) phone starts with the text, by name; at most
     * `limit` (20). Without a search, the first ones by name.
     */
    async contacts(caller: CompanyCaller, query: ContactSearchQuery): Promise<ContactList> {
      const phones = await seesPhones(caller);
      const text = query.search?.trim() ?? '';
      const filter: repository.PeopleFilter = {
        search:
          text === ''
            ? null
            : { prefix: repository.startsWith(text), phoneDigits: phones ? phoneSearchDigits(text) : null },
        limit: query.limit,
        exceptUserId: caller.userId,
      };
      const found = await Promise.all(
        Object.values(repository.FINDERS).map((find) => find(db, caller.companyId, filter)),
      );
      const rows = found
        .flat()
        .sort((a, b) => fullName(a).localeCompare(fullName(b)) || a.kind.localeCompare(b.kind) || a.id - b.id)
        .slice(0, query.limit);
      const results = entries(rows, phones);
      return { count: results.length, results };
    },

    /**
     * GET telephony/user-phone-data/{id}?kind=driver|owner|vehicle: the company's call system (null when
     * calls go through tel:) and the driver and owner the panel shows together: a driver and their owner,
     * an owner and the driver of their first unit, or a vehicle's active driver and owner.
     */
    async userPhoneData(caller: CompanyCaller, id: number, query: UserPhoneDataQuery): Promise<CallInfo> {
      const pair = await repository.findPair(db, caller.companyId, query.kind, id);
      if (!pair) throw notFound();
      const [drivers, owners, phones, settings] = await Promise.all([
        pair.driver_id === null
          ? []
          : repository.findDrivers(db, caller.companyId, { ids: [pair.driver_id] }),
        pair.owner_id === null ? [] : repository.findOwners(db, caller.companyId, { ids: [pair.owner_id] }),
        seesPhones(caller),
        deps.callSettingsOf(caller.companyId),
      ]);
      const [driver = null, owner = null] = [entries(drivers, phones)[0], entries(owners, phones)[0]];
      return { call_system: externalSystem(settings), driver, owner };
    },

    /**
     * POST telephony/make-call/{id}?kind=: the call window's address (and the SMS one) for a driver, an
     * owner, a broker company or a colleague of the company, from the stored number and the company's
     * templates. Refused without an external call system (the panel dials with tel:) or a number.
     */
    async makeCall(caller: CompanyCaller, id: number, query: MakeCallQuery): Promise<ContactUrls> {
      const [rows, settings] = await Promise.all([
        repository.FINDERS[query.kind](db, caller.companyId, { ids: [id] }),
        deps.callSettingsOf(caller.companyId),
      ]);
      const person = rows[0];
      if (!person) throw notFound();
      if (!externalSystem(settings))
        throw refuse('call_system_not_configured', TELEPHONY_MESSAGES.callSystemNotConfigured);
      const phone = person.phone_number?.trim();
      if (!phone) throw refuse('contact_has_no_phone', TELEPHONY_MESSAGES.contactHasNoPhone);
      return urls(settings, phone, fullName(person));
    },

    /** POST telephony/make-direct-call: the addresses for a number typed on the keypad or a broker's. */
    async makeDirectCall(caller: CompanyCaller, body: MakeDirectCall): Promise<ContactUrls> {
      const settings = await deps.callSettingsOf(caller.companyId);
      return urls(settings, body.phone_number, body.full_name);
    },
  };
}
