import { EventEmitter } from '@/lib/events';

// Any card opens the right-hand panel for a contact with requestContact: the signed-in shell's telephony
// panel listens, opens Connect for that person and does what the button asked (call, SMS or chat). Cards
// name the record; the panel loads the rest (the driver and owner pair, the chats, whether the number
// may be shown).

/** What the card asks for: the contact card only, or a call, an SMS or the group chat at once. */
export type ContactIntent = 'connect' | 'call' | 'sms' | 'chat';

export type ContactRequest =
  /** A driver, an owner or a vehicle (its driver and owner) of the company. */
  | { kind: 'driver' | 'owner' | 'vehicle'; id: number; intent: ContactIntent }
  /** A broker: a broker company, or the broker contact of a load, with the load's text to copy. */
  | {
      kind: 'broker';
      id: number | null;
      full_name: string;
      phone_number: string | null;
      company_name: string | null;
      copyLoadInfo?: string | null;
      intent: ContactIntent;
    };

export const contactEvents = new EventEmitter<{ contact: ContactRequest }>();

export function requestContact(request: ContactRequest): void {
  contactEvents.emit('contact', request);
}
