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
  /** The group chats of these loads that have one yet, load id -> chat id (the chats module). */
  loadChatIds: (companyId: number, loadIds: number[]) => Promise<Map<number, number>>;
  /** The SMS chats of these drivers and owners that have one yet, by person id (the SMS module). */
  smsChatIdsOf: (
    companyId: number,
    people: { driverIds: number[]; ownerIds: number[] },
  ) => Promise<{ drivers: Map<number, number>; owners: Map<number, number> }>;
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

  /**
   * The people as contacts, with their chats where they exist: driver_chat (and group_chat) is the group
   * chat of the active load of their unit, which the Chat button opens; personal_sms_chat is the SMS chat
   * with the driver or the owner, which the SMS button opens. Two queries whatever the number of people.
   */
  async function entries(companyId: number, rows: PersonRow[], phones: boolean): Promise<ContactEntry[]> {
    const idsOf = (kind: PersonRow['kind']) => rows.filter((row) => row.kind === kind).map((row) => row.id);
    const loadIds = rows.flatMap((row) => (row.load_id === null ? [] : [row.load_id]));
    const [groupChats, smsChats] = await Promise.all([
      loadIds.length > 0 ? deps.loadChatIds(companyId, loadIds) : new Map<number, number>(),
      deps.smsChatIdsOf(companyId, { driverIds: idsOf('driver'), ownerIds: idsOf('owner') }),
    ]);
    const smsChatsOf = { driver: smsChats.drivers, owner: smsChats.owners, broker: null, user: null };
    const smsChatOf = (row: PersonRow) => smsChatsOf[row.kind]?.get(row.id) ?? null;
    return rows.map((row) => {
      const groupChat = row.load_id === null ? null : (groupChats.get(row.load_id) ?? null);
      return {
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
        driver_chat: groupChat,
        personal_sms_chat: smsChatOf(row),
        load_id: row.load_id,
        group_chat: groupChat,
      };
    });
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
     * The chats of these drivers or owners by person id (for the contacts of GET users/search/drivers): the
     * same driver_chat and personal_sms_chat the panel's contacts carry.
     */
    async chatsOfPeople(
      companyId: number,
      kind: 'driver' | 'owner',
      ids: number[],
    ): Promise<Map<number, Pick<ContactEntry, 'driver_chat' | 'personal_sms_chat'>>> {
      const find = kind === 'driver' ? repository.findDrivers : repository.findOwners;
      const people = await entries(companyId, await find(db, companyId, { ids }), false);
      return new Map(
        people.map((person) => [
          person.id,
          { driver_chat: person.driver_chat, personal_sms_chat: person.personal_sms_chat },
        ]),
      );
    },

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
      const results = await entries(caller.companyId, rows, phones);
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
      const people = await entries(caller.companyId, [...drivers, ...owners], phones);
      const driver = people.find((entry) => entry.kind === 'driver') ?? null;
      const owner = people.find((entry) => entry.kind === 'owner') ?? null;
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
