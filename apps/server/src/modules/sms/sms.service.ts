import { createSmsBulk } from './sms.bulk';
import { createSmsChats } from './sms.chats';
import { createSmsCore, type SmsDeps } from './sms.core';
import { createSmsInbound } from './sms.inbound';
import { createSmsSettings } from './sms.settings';
import * as people from './sms-people.repository';

// SMS with drivers and owners: the service joins its use cases, which share the core (sms.core.ts):
//   sms.chats.ts     the list, a chat, sending, pictures, assigning, marking read, the phone page's link
//   sms.inbound.ts   the provider's webhook (signature, inbound messages, delivery statuses), the phone page
//   sms.bulk.ts      one text to many, in the background, with its progress
//   sms.settings.ts  the company's provider and its sealed auth token

export type SmsService = ReturnType<typeof createSmsService>;

export function createSmsService(deps: SmsDeps) {
  const core = createSmsCore(deps);
  const chats = createSmsChats(core);
  const inbound = createSmsInbound(core);
  const bulk = createSmsBulk(core, chats.deliver);
  const settings = createSmsSettings(core);
  return {
    ...chats,
    ...inbound,
    startBulk: (...args: Parameters<typeof bulk.start>) => bulk.start(...args),
    bulkProgress: (...args: Parameters<typeof bulk.progress>) => bulk.progress(...args),
    drainBulk: () => bulk.drain(),
    settings: (...args: Parameters<typeof settings.settings>) => settings.settings(...args),
    updateSettings: (...args: Parameters<typeof settings.update>) => settings.update(...args),
    /**
     * The SMS chats of these drivers and owners of the company that have one yet (a contact's SMS button
     * opens it; one without is made through POST sms/chats/open).
     */
    async chatIdsOfPeople(companyId: number, wanted: { driverIds: number[]; ownerIds: number[] }) {
      const rows = await people.chatsOfPeople(deps.db, companyId, wanted.driverIds, wanted.ownerIds);
      const drivers = new Map<number, number>();
      const owners = new Map<number, number>();
      for (const row of rows) {
        if (row.driver_id !== null) drivers.set(row.driver_id, row.id);
        if (row.owner_id !== null) owners.set(row.owner_id, row.id);
      }
      return { drivers, owners };
    },
  };
}
