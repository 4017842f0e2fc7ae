import type { Contact } from '@app/domain/units/units.schema';
import { phoneForViewer } from '@app/domain/units/vehicle.rules';

// Drivers and owners as contacts (GET users/search/drivers): someone to call, text or chat with.

/** A person's first and last name as one, whichever of them is missing. */
export const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

type ContactPerson = {
  id: number;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  avatar: string | null;
};

/** The chats a contact opens: the group chat of their unit's active load, and the SMS chat with them. */
export type ContactChatIds = Pick<Contact, 'driver_chat' | 'personal_sms_chat'>;

/**
 * The chats of these drivers or owners by person id, where they exist (the chats and SMS areas answer them;
 * the app wires it). Without it, contacts carry no chats.
 */
export type ContactChatsOf = (
  companyId: number,
  entity: Contact['entity'],
  ids: number[],
) => Promise<Map<number, ContactChatIds>>;

const NO_CHATS: ContactChatIds = { driver_chat: null, personal_sms_chat: null };

/** The chats of the people of a contact list, none when nothing answers them. */
export async function chatsOfContacts(
  chatsOf: ContactChatsOf | undefined,
  companyId: number,
  entity: Contact['entity'],
  people: { id: number }[],
): Promise<(id: number) => ContactChatIds> {
  if (!chatsOf || people.length === 0) return () => NO_CHATS;
  const chats = await chatsOf(
    companyId,
    entity,
    people.map((person) => person.id),
  );
  return (id) => chats.get(id) ?? NO_CHATS;
}

/** A driver or owner as a contact, with the unit and company they are known by and their chats. */
export function toContact(
  entity: Contact['entity'],
  person: ContactPerson,
  knownBy: { unit_id: string | null; company_name: string | null },
  seesPhones: boolean,
  chats: ContactChatIds,
): Contact {
  return {
    id: person.id,
    entity,
    full_name: fullName(person.first_name, person.last_name),
    first_name: person.first_name,
    last_name: person.last_name,
    phone_number: phoneForViewer(person.phone_number, seesPhones),
    unit_id: knownBy.unit_id,
    company_name: knownBy.company_name,
    avatar: person.avatar,
    driver_chat: chats.driver_chat,
    personal_sms_chat: chats.personal_sms_chat,
  };
}
