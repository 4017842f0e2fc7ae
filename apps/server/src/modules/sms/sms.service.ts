import { createSmsBulk } from './sms.bulk';
import { createSmsChats } from './sms.chats';
import { createSmsCore, type SmsDeps } from './sms.core';
import { createSmsInbound } from './sms.inbound';
import { createSmsSettings } from './sms.settings';

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
  };
}
