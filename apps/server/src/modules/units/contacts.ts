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

/** A driver or owner as a contact, with the unit and company they are known by. */
export function toContact(
  entity: Contact['entity'],
  person: ContactPerson,
  knownBy: { unit_id: string | null; company_name: string | null },
  seesPhones: boolean,
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
    // The chats come with the chats area; until then there is none to open.
    driver_chat: null,
    personal_sms_chat: null,
  };
}
