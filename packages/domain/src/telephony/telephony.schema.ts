import { z } from 'zod';
import { STAFF_ROLE_IDS, type RoleId } from '../common/lookups';
import { maxCharactersMessage } from '../common/text-fields';
import { DIAL_STRING_MAX, TELEPHONY_MESSAGES, isDialString } from './telephony.rules';

// The right-hand panel's telephony calls: the contact search (ours), GET telephony/user-phone-data/{id},
// POST telephony/make-call/{id} and POST telephony/make-direct-call (the spec's). The spec names the
// contact's fields, the call info (call_system, driver, owner) and the direct contact urls (call_url,
// chat_url); what {id} names and the search are ours:
//   user-phone-data/{id}  {id} is a driver (default), an owner (?kind=owner) or a vehicle (?kind=vehicle):
//                         the driver and the owner the panel shows together, as the spec's state keeps them;
//   make-call/{id}        {id} with ?kind=driver|owner|broker|user: the server reads the number, so a caller
//                         who may not see numbers (canViewNumber) still calls without being shown it.

/** Every staff role uses the panel: anyone may have to reach a driver, an owner, a broker or a colleague. */
export const TELEPHONY_ROLES = STAFF_ROLE_IDS satisfies readonly RoleId[];

/** The panel's search answers at most this many people. */
export const CONTACTS_LIMIT = 20;
export const CONTACT_SEARCH_MAX = 100;

export const CONTACT_KINDS = ['driver', 'owner', 'broker', 'user'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** The spec's contact. phone_number is null unless the caller may see numbers (canViewNumber). */
export const contactSchema = z.object({
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  unit_id: z.string().nullable(),
  company_name: z.string().nullable(),
  avatar: z.string().nullable(),
  /**
   * The group chat with the driver: the chat of their unit's active load, once it has one (the Chat button
   * opens it; null with an active load: the chat is made through POST users/current/chats/load/{id}).
   */
  driver_chat: z.number().int().nullable(),
  /** The SMS chat with this driver or owner, once there is one (null: made through POST sms/chats/open). */
  personal_sms_chat: z.number().int().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/** A person the panel found or shows: the contact, what kind of record it is, its id, and its group chat. */
export const contactEntrySchema = contactSchema.extend({
  kind: z.enum(CONTACT_KINDS),
  id: z.number().int(),
  /** Whether the contact has a number at all (the number itself may be hidden): Call needs one. */
  has_phone: z.boolean(),
  /** The active load of the person's unit, or null: Chat opens its group chat (made when first needed). */
  load_id: z.number().int().nullable(),
  /** That load's group chat when it has one yet, or null (the same as driver_chat). */
  group_chat: z.number().int().nullable(),
});
export type ContactEntry = z.infer<typeof contactEntrySchema>;

/** GET telephony/contacts?search=: drivers, owners, brokers and colleagues by name, phone or unit. */
export const contactSearchQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(CONTACT_SEARCH_MAX, { error: maxCharactersMessage(CONTACT_SEARCH_MAX) })
    .optional(),
  limit: z.coerce.number().int().min(1).max(CONTACTS_LIMIT).default(CONTACTS_LIMIT),
});
export type ContactSearchQuery = z.infer<typeof contactSearchQuerySchema>;

export const contactListSchema = z.object({
  count: z.number().int(),
  results: z.array(contactEntrySchema),
});
export type ContactList = z.infer<typeof contactListSchema>;

/** GET telephony/user-phone-data/{id}?kind=: what the {id} names. */
export const USER_PHONE_DATA_KINDS = ['driver', 'owner', 'vehicle'] as const;
export const userPhoneDataQuerySchema = z.object({
  kind: z.enum(USER_PHONE_DATA_KINDS).default('driver'),
});
export type UserPhoneDataQuery = z.infer<typeof userPhoneDataQuerySchema>;

/** The spec's call info: the company's call system (null: calls go through tel:), the driver and the owner. */
export const callInfoSchema = z.object({
  call_system: z.string().nullable(),
  driver: contactEntrySchema.nullable(),
  owner: contactEntrySchema.nullable(),
});
export type CallInfo = z.infer<typeof callInfoSchema>;

/** POST telephony/make-call/{id}?kind=: whom {id} names. */
export const makeCallQuerySchema = z.object({
  kind: z.enum(CONTACT_KINDS).default('driver'),
});
export type MakeCallQuery = z.infer<typeof makeCallQuerySchema>;

/** POST telephony/make-direct-call: a number typed on the keypad or a broker's, and the name it is for. */
export const makeDirectCallSchema = z.strictObject({
  phone_number: z
    .string({ error: TELEPHONY_MESSAGES.dialStringInvalid })
    .trim()
    .max(DIAL_STRING_MAX, { error: maxCharactersMessage(DIAL_STRING_MAX) })
    .refine(isDialString, { error: TELEPHONY_MESSAGES.dialStringInvalid }),
  full_name: z
    .string()
    .trim()
    .max(CONTACT_SEARCH_MAX, { error: maxCharactersMessage(CONTACT_SEARCH_MAX) })
    .nullish()
    .transform((name) => name ?? ''),
});
export type MakeDirectCall = z.infer<typeof makeDirectCallSchema>;

/** The spec's direct contact urls: the call window's address and the SMS one (null without a template). */
export const contactUrlsSchema = z.object({
  call_url: z.string(),
  chat_url: z.string().nullable(),
});
export type ContactUrls = z.infer<typeof contactUrlsSchema>;
