import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import { REGIONS, type RoleId } from '../common/lookups';
import { maxCharactersMessage } from '../common/text-fields';
import {
  chatListItemSchema,
  chatListQuerySchema,
  chatMessageSchema,
  chatPersonSchema,
  chatUserSchema,
} from '../chats/chats.schema';
import { COMPANY_SETTINGS_ROLES } from '../company/company.schema';
import { menuRoles } from '../shell/menu.rules';
import {
  normalizePhoneNumber,
  SMS_BULK_RECIPIENTS_MAX,
  SMS_BULK_STATES,
  SMS_CHAT_PAGE_SIZE,
  SMS_CHAT_TYPES,
  SMS_CONTENT_MAX,
  SMS_DELIVERY_STATUSES,
  SMS_DIRECTIONS,
  SMS_FILES_MAX,
  SMS_MESSAGES,
  SMS_PROVIDERS,
  SMS_TITLE_MAX,
} from './sms.rules';

// SMS with drivers and owners (/sms/, /sms/{chatId}) and their calls: GET sms/chats, GET sms/chats/{id}/,
// POST sms/chats/{id}/send-sms/, PUT sms/chats/upload-file/, PUT sms/chats/{id}/update/,
// PUT sms/chats/{id}/mark-read/, POST sms/chats/bulk-sending/ and GET sms/chats/bulk-sending/{id}; the
// company's provider (GET/PUT company/my/sms-provider); the counterpart page of the local provider
// (GET sms/chats/{id}/counterpart-link, GET/POST sms/counterpart/{token}, the page /sms-phone/{token}).
// The message, list item and list answer are the group chats' shapes (chats/chats.schema.ts), extended.

/** Who works with SMS: the menu entry's roles (3, 4, 5, 6, 8). */
export const SMS_ROLES: readonly RoleId[] = menuRoles('sms');
/** Who chooses the company's SMS provider and its secrets. */
export const SMS_PROVIDER_ROLES: readonly RoleId[] = COMPANY_SETTINGS_ROLES;

const id = z.number().int();

// ---------------------------------------------------------------- messages and chats

/**
 * An SMS: the chat message (user_from is the colleague who sent it, or the driver's or owner's side with
 * role 10 or 12 for an inbound one), its direction and delivery. `sms_chat` is the chat's id.
 */
export const smsMessageSchema = chatMessageSchema.extend({
  sms_chat: id,
  direction: z.enum(SMS_DIRECTIONS),
  delivery_status: z.enum(SMS_DELIVERY_STATUSES),
  /** Why the provider refused or could not deliver it; null otherwise. */
  error: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

/** The driver or owner of a chat: their card, and the unit they drive or own (its unit number). */
export const smsPersonSchema = chatPersonSchema.extend({ unit_id: z.string().nullable() });
export type SmsPerson = z.infer<typeof smsPersonSchema>;

/**
 * A chat in the SMS list: with a driver, an owner or an unknown phone (type), its number, the person
 * (`entity`: the driver or owner, or the number itself for an unknown phone; `resp_driver` null) and
 * `user`, the colleague the chat is assigned to (null: the whole company's). notes_unread_count is 0.
 */
export const smsChatListItemSchema = chatListItemSchema.extend({
  type: z.enum(SMS_CHAT_TYPES),
  phone_number: z.string(),
  driver_id: id.nullable(),
  owner_id: id.nullable(),
  unit_id: z.string().nullable(),
  last_message: smsMessageSchema.nullable(),
});
export type SmsChatListItem = z.infer<typeof smsChatListItemSchema>;

/** GET sms/chats: page from 1, at most 50 a page; `entity` searches names, phone numbers and units. */
export const smsChatListQuerySchema = chatListQuerySchema;

export const smsChatListResponseSchema = z.object({
  count: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  entity: z.string().nullable(),
  chats: z.array(smsChatListItemSchema),
});
export type SmsChatListResponse = z.infer<typeof smsChatListResponseSchema>;

/** GET sms/chats/{id}/: `page` 1 is the newest 25; within a page the newest message is last. */
export const smsMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(SMS_CHAT_PAGE_SIZE),
});
export type SmsMessagesQuery = z.infer<typeof smsMessagesQuerySchema>;

/** GET sms/chats/{id}/: the chat, a page of its messages and their count, the reader's unread count. */
export const smsChatResponseSchema = z.object({
  id,
  type: z.enum(SMS_CHAT_TYPES),
  title: z.string(),
  phone_number: z.string(),
  chat: smsChatListItemSchema,
  messages: z.object({ results: z.array(smsMessageSchema), count: z.number().int().min(0) }),
  unread_count: z.number().int().min(0),
  load: z.null(),
  user: chatUserSchema.nullable(),
  driver: smsPersonSchema.nullable(),
  owner: smsPersonSchema.nullable(),
});
export type SmsChatResponse = z.infer<typeof smsChatResponseSchema>;

/** POST sms/chats/{id}/send-sms/: text, pictures uploaded before (their ids), or both. */
export const smsSendSchema = z
  .object({
    content: z.string().max(SMS_CONTENT_MAX, maxCharactersMessage(SMS_CONTENT_MAX)).default(''),
    files_id: z.array(idSchema).max(SMS_FILES_MAX, `At most ${SMS_FILES_MAX} files a message`).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.content.trim() === '' && body.files_id.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'Write a message or attach a file' });
    }
  });
export type SmsSend = z.infer<typeof smsSendSchema>;

/** PUT sms/chats/upload-file/: the stored file, sent with a message by its id. */
export const smsUploadResponseSchema = z.object({ id, name: z.string(), path: z.string() });

/**
 * PUT sms/chats/{id}/update/: a title of the dispatcher's own (null: the person's name or the number),
 * and the colleague the chat is assigned to (null: nobody; notifications then go to the unit's
 * dispatchers). A field left out is kept.
 */
export const smsChatUpdateSchema = z
  .object({
    title: z.string().trim().max(SMS_TITLE_MAX, maxCharactersMessage(SMS_TITLE_MAX)).nullable().optional(),
    user_id: idSchema.nullable().optional(),
  })
  .strict();
export type SmsChatUpdate = z.infer<typeof smsChatUpdateSchema>;

/** PUT sms/chats/{id}/mark-read/: the chat, now read by the caller. */
export const smsMarkReadResponseSchema = z.object({ chat_id: id, unread_count: z.literal(0) });

// ---------------------------------------------------------------- bulk sending

const regionIds = REGIONS.map((region) => region.id) as [string, ...string[]];

/**
 * POST sms/chats/bulk-sending/: one text to the drivers or the owners named, to every driver of a team's
 * units, or to every driver of the units in a state (the unit's current location). Exactly one target.
 */
export const smsBulkSendingSchema = z
  .object({
    content: z
      .string({ error: SMS_MESSAGES.contentRequired })
      .trim()
      .min(1, SMS_MESSAGES.contentRequired)
      .max(SMS_CONTENT_MAX, maxCharactersMessage(SMS_CONTENT_MAX)),
    driver_ids: z.array(idSchema).min(1).max(SMS_BULK_RECIPIENTS_MAX).optional(),
    owner_ids: z.array(idSchema).min(1).max(SMS_BULK_RECIPIENTS_MAX).optional(),
    team_id: idSchema.optional(),
    state: z.enum(regionIds, { error: 'Choose a state from the list' }).optional(),
  })
  .superRefine((body, ctx) => {
    const targets = [body.driver_ids, body.owner_ids, body.team_id, body.state].filter(
      (t) => t !== undefined,
    );
    if (targets.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['driver_ids'], message: SMS_MESSAGES.bulkOneTarget });
  });
export type SmsBulkSending = z.infer<typeof smsBulkSendingSchema>;

/** A recipient the sending could not reach, and why (no phone number, the provider's refusal). */
export const smsBulkFailureSchema = z.object({
  driver_id: id.nullable(),
  owner_id: id.nullable(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
  reason: z.string(),
});
export type SmsBulkFailure = z.infer<typeof smsBulkFailureSchema>;

/**
 * A bulk sending's progress: accepted at once (202) with its id, then sent in the background; how many
 * recipients, how many sent and failed so far, and which failed. Also the data of `sms_bulk_progress`.
 */
export const smsBulkProgressSchema = z.object({
  id,
  state: z.enum(SMS_BULK_STATES),
  requested: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  failures: z.array(smsBulkFailureSchema),
  created_date: isoDateTimeSchema,
  finished_date: isoDateTimeSchema.nullable(),
});
export type SmsBulkProgress = z.infer<typeof smsBulkProgressSchema>;

// ---------------------------------------------------------------- the company's provider

/**
 * GET company/my/sms-provider: the provider, its account and sender number, whether an auth token is
 * stored (the token itself is never sent back), and the webhook address to give Twilio for inbound
 * messages (null until the server knows its public address, PUBLIC_URL).
 */
export const smsProviderSettingsSchema = z.object({
  provider: z.enum(SMS_PROVIDERS),
  account_sid: z.string().nullable(),
  sender_number: z.string().nullable(),
  has_auth_token: z.boolean(),
  webhook_url: z.string().nullable(),
});
export type SmsProviderSettings = z.infer<typeof smsProviderSettingsSchema>;

const phoneField = z
  .string()
  .trim()
  .max(20, SMS_MESSAGES.phoneInvalid)
  .refine((text) => normalizePhoneNumber(text) !== null, SMS_MESSAGES.phoneInvalid);

/**
 * PUT company/my/sms-provider: Twilio needs an account SID, a sender number and an auth token (the one
 * stored is kept when `auth_token` is left out or empty). `local` clears nothing, so switching back keeps
 * the Twilio settings for later.
 */
export const smsProviderUpdateSchema = z
  .object({
    provider: z.enum(SMS_PROVIDERS, { error: 'Choose local or twilio' }),
    account_sid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-zA-Z]{32}$/, SMS_MESSAGES.accountSidInvalid)
      .nullable()
      .optional(),
    auth_token: z.string().trim().max(200, maxCharactersMessage(200)).nullable().optional(),
    sender_number: phoneField.nullable().optional(),
  })
  .strict();
export type SmsProviderUpdate = z.infer<typeof smsProviderUpdateSchema>;

// ---------------------------------------------------------------- the counterpart page (local provider)

/** GET sms/chats/{id}/counterpart-link: the page where a person plays the driver's or owner's phone. */
export const smsCounterpartLinkSchema = z.object({ url: z.string(), token: z.string() });

/**
 * GET sms/counterpart/{token}: the thread as the phone sees it (the company's messages are `out`, the
 * phone's own replies `in`), newest last, and who the phone belongs to.
 */
export const smsCounterpartThreadSchema = z.object({
  chat_id: id,
  company_name: z.string(),
  full_name: z.string(),
  phone_number: z.string(),
  messages: z.object({ results: z.array(smsMessageSchema), count: z.number().int().min(0) }),
});
export type SmsCounterpartThread = z.infer<typeof smsCounterpartThreadSchema>;

/** POST sms/counterpart/{token}: a reply from the phone; it arrives as an inbound message. */
export const smsCounterpartReplySchema = z.object({
  content: z
    .string({ error: SMS_MESSAGES.contentRequired })
    .trim()
    .min(1, SMS_MESSAGES.contentRequired)
    .max(SMS_CONTENT_MAX, maxCharactersMessage(SMS_CONTENT_MAX)),
});

export const smsCounterpartTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a phone page link'),
});

/**
 * POST sms/chats/open/: the chat with a driver, an owner or a phone number (made when there is none yet),
 * as the contact card's SMS button opens it. Exactly one of the three.
 */
export const smsChatOpenSchema = z
  .object({
    driver_id: idSchema.optional(),
    owner_id: idSchema.optional(),
    phone_number: phoneField.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const given = [body.driver_id, body.owner_id, body.phone_number].filter((value) => value !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['driver_id'],
        message: 'Choose a driver, an owner or a phone number',
      });
    }
  });
export type SmsChatOpen = z.infer<typeof smsChatOpenSchema>;

export const smsChatOpenResponseSchema = z.object({ id });
