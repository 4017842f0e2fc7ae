import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import { EMAIL_CHAT_TYPE_IDS, ROLES, type RoleId } from '../common/lookups';
import { listResponseSchema } from '../common/pagination';
import { menuRoles } from '../shell/menu.rules';
import { EMAIL_MESSAGES, normalizeRecipients } from './email.rules';

// The e-mail contract: threads (chats) with brokers about a bid (type 1), a load (2) or accounting (3);
// GET email/chats/{id}, POST email/chats/{id}/send-message, POST email/chats/create, POST
// email/widget/send-message, PUT email/chats/{id}/mark-read, GET email/find-email-chats, and the user's
// mailbox (GET email/auth, DELETE email/logout, GET email/zoho/auth, DELETE email/zoho/logout, PUT
// email/mailbox, GET email/mailbox, and the product's POST email/oauth/callback).

/** Who works e-mail threads: the bids, the loads and accounting. */
export const EMAIL_CHAT_ROLES: readonly RoleId[] = menuRoles('myBids', 'activeLoads', 'accounting');
/** Who sees every thread of the company, not only the ones they take part in. */
export const EMAIL_ALL_CHATS_ROLES: readonly RoleId[] = [ROLES.admin, ROLES.manager];
/** Who sees the company's accounting threads (type 3) besides their own. */
export const EMAIL_ACCOUNTING_ROLES: readonly RoleId[] = [ROLES.admin, ROLES.manager, ROLES.accountant];
/** Who connects a mailbox of their own (profile page): every staff role that sends e-mail. */
export const EMAIL_MAILBOX_ROLES: readonly RoleId[] = EMAIL_CHAT_ROLES;

export const emailChatTypeSchema = z.literal(EMAIL_CHAT_TYPE_IDS, {
  error: EMAIL_MESSAGES.chatType,
});

export const emailDirectionSchema = z.enum(['in', 'out']);
export type EmailDirection = z.infer<typeof emailDirectionSchema>;

/**
 * What became of a message: 'received' came in; 'sent' the SMTP server accepted it; 'kept' stored as sent
 * without delivery (neither the user nor the company has an SMTP server); 'failed' the server refused it.
 */
export const emailDeliverySchema = z.enum(['received', 'sent', 'kept', 'failed']);
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

export const emailAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

export const emailSenderSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

/** One e-mail of a thread; the spec's data.message fields (broker_from, to_emails, references, mail_id) included. */
export const emailMessageSchema = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  direction: emailDirectionSchema,
  delivery: emailDeliverySchema,
  /** The Message-ID header, angle brackets included. */
  mail_id: z.string().nullable(),
  in_reply_to: z.string().nullable(),
  /** The References header: Message-IDs separated by spaces. */
  references: z.string().nullable(),
  from: z.string(),
  /** The broker's address on an incoming message; null on an outgoing one. */
  broker_from: z.string().nullable(),
  to_emails: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  html: z.string(),
  plain: z.string(),
  attachments: z.array(emailAttachmentSchema),
  sent_at: isoDateTimeSchema,
  /** Incoming messages: false until someone opens the thread; outgoing ones are always read. */
  is_read: z.boolean(),
  user: emailSenderSchema.nullable(),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

/** The spec's e-mail chat {id, type, bid, load} with what a list shows of it. */
export const emailChatSchema = z.object({
  id: z.number().int(),
  type: emailChatTypeSchema,
  bid: z.number().int().nullable(),
  load: z.number().int().nullable(),
  subject: z.string(),
  broker_email: z.string().nullable(),
  user_id: z.number().int().nullable(),
  unread_count: z.number().int().min(0),
  last_message_at: isoDateTimeSchema.nullable(),
});
export type EmailChat = z.infer<typeof emailChatSchema>;

/** GET email/chats/{id}: the thread and its messages, oldest first. */
export const emailChatDetailSchema = emailChatSchema.extend({
  messages: listResponseSchema(emailMessageSchema),
});
export type EmailChatDetail = z.infer<typeof emailChatDetailSchema>;

export const EMAIL_MESSAGES_PAGE_LIMIT = 50;
export const emailChatQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(EMAIL_MESSAGES_PAGE_LIMIT),
});

/** GET email/find-email-chats: threads whose subject holds the text, 10 a page, newest first. */
export const EMAIL_SEARCH_LIMIT = 10;
export const emailChatSearchQuerySchema = z.object({
  subject: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(EMAIL_SEARCH_LIMIT),
});
export type EmailChatSearchQuery = z.infer<typeof emailChatSearchQuerySchema>;
export const emailChatListSchema = listResponseSchema(emailChatSchema);

/** Recipients as typed: one address, a comma- or semicolon-separated list, or an array; invalid ones dropped. */
export const recipientsSchema = z
  .union([z.string().max(5000), z.array(z.string().max(254)).max(50)])
  .transform((value) => normalizeRecipients(value))
  .refine((list) => list.length > 0, { error: EMAIL_MESSAGES.recipientRequired });

const headerSchema = z
  .string()
  .trim()
  .max(4000)
  .optional()
  .transform((text) => text || null);

/** The text fields of POST email/chats/{id}/send-message (multipart; the files come as `attachments`). */
export const emailSendFieldsSchema = z.object({
  references: headerSchema,
  in_reply_to: headerSchema,
  msg_html: z.string().max(2_000_000).optional().default(''),
  msg_plain: z.string().max(1_000_000).optional().default(''),
  to_emails: recipientsSchema,
});
export type EmailSendFields = z.output<typeof emailSendFieldsSchema>;

/** POST email/chats/create: a thread about a bid, a load or accounting, with its first message. */
export const emailChatCreateSchema = z
  .object({
    type: z.coerce.number().pipe(emailChatTypeSchema),
    bid: idSchema.nullish(),
    load: idSchema.nullish(),
    subject: z.string().trim().min(1, { error: EMAIL_MESSAGES.subjectRequired }).max(500),
    to_emails: recipientsSchema,
    msg_html: z.string().max(2_000_000).optional().default(''),
    msg_plain: z.string().max(1_000_000).optional().default(''),
  })
  .refine((body) => body.type !== 1 || body.bid != null, {
    error: EMAIL_MESSAGES.bidRequired,
    path: ['bid'],
  })
  .refine((body) => body.type !== 2 || body.load != null, {
    error: EMAIL_MESSAGES.loadRequired,
    path: ['load'],
  });
export type EmailChatCreate = z.output<typeof emailChatCreateSchema>;

/**
 * POST email/widget/send-message (multipart): the compose widget. A reply names its thread (`chat`);
 * a new message names what it is about (type with bid or load), or starts an accounting thread.
 */
export const emailWidgetFieldsSchema = z.object({
  chat: idSchema.optional(),
  type: z.coerce.number().pipe(emailChatTypeSchema).optional(),
  bid: idSchema.optional(),
  load: idSchema.optional(),
  subject: z.string().trim().max(500).optional().default(''),
  references: headerSchema,
  in_reply_to: headerSchema,
  msg_html: z.string().max(2_000_000).optional().default(''),
  msg_plain: z.string().max(1_000_000).optional().default(''),
  to_emails: recipientsSchema,
});
export type EmailWidgetFields = z.output<typeof emailWidgetFieldsSchema>;

/** The answer of every send: the message as kept and its thread. */
export const emailSentSchema = z.object({ message: emailMessageSchema, chat: emailChatSchema });
export type EmailSent = z.infer<typeof emailSentSchema>;

export const emailMarkReadSchema = z.object({ id: z.number().int(), unread_count: z.literal(0) });

// ---------------------------------------------------------------- the user's mailbox

export const MAILBOX_PROVIDERS = ['smtp_imap', 'google', 'zoho'] as const;
export const mailboxProviderSchema = z.enum(MAILBOX_PROVIDERS);
export type MailboxProvider = z.infer<typeof mailboxProviderSchema>;

/** 'connected' works; 'invalid' the provider refused the credentials (signed out until connected again). */
export const mailboxStatusSchema = z.enum(['connected', 'invalid']);

const hostSchema = z
  .string()
  .trim()
  .min(1, { error: EMAIL_MESSAGES.hostRequired })
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$/, { error: EMAIL_MESSAGES.hostInvalid });
const portSchema = z.coerce
  .number({ error: EMAIL_MESSAGES.portInvalid })
  .int({ error: EMAIL_MESSAGES.portInvalid })
  .min(1, { error: EMAIL_MESSAGES.portInvalid })
  .max(65535, { error: EMAIL_MESSAGES.portInvalid });

/** PUT email/mailbox: SMTP (and optionally IMAP) settings of any provider; tested before they are saved. */
export const mailboxSettingsSchema = z.object({
  address: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: EMAIL_MESSAGES.addressInvalid })),
  smtp_host: hostSchema,
  smtp_port: portSchema,
  smtp_secure: z.boolean().default(false),
  username: z.string().trim().min(1, { error: EMAIL_MESSAGES.usernameRequired }).max(254),
  password: z.string().min(1, { error: EMAIL_MESSAGES.passwordRequired }).max(1000),
  imap_host: hostSchema.nullish(),
  imap_port: portSchema.nullish(),
  imap_secure: z.boolean().default(true),
});
export type MailboxSettings = z.output<typeof mailboxSettingsSchema>;

/** The mailbox as answered: never the password nor a token. */
export const mailboxSchema = z.object({
  connected: z.boolean(),
  provider: mailboxProviderSchema.nullable(),
  address: z.string().nullable(),
  status: mailboxStatusSchema.nullable(),
  smtp_host: z.string().nullable(),
  smtp_port: z.number().int().nullable(),
  smtp_secure: z.boolean().nullable(),
  username: z.string().nullable(),
  imap_host: z.string().nullable(),
  imap_port: z.number().int().nullable(),
  imap_secure: z.boolean().nullable(),
  /** The company's address for incoming mail, where replies can be sent too. */
  inbound_address: z.string().nullable(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

/** GET email/auth, GET email/zoho/auth: where to send the browser to sign in with the provider. */
export const mailboxAuthUrlSchema = z.object({ auth_url: z.string() });
/**
 * POST email/oauth/callback: what the provider brought the browser back to /settings/profile/ with. The
 * signed state names the provider; `provider`, when given, must be the same.
 */
export const mailboxOauthCallbackSchema = z.object({
  provider: z.enum(['google', 'zoho']).optional(),
  code: z.string().min(1).max(4000),
  state: z.string().min(1).max(4000),
});
export type MailboxOauthCallback = z.infer<typeof mailboxOauthCallbackSchema>;

/** GET users/search/employers?in_gmail=true: colleagues with a connected mailbox (or authorised e-mail). */
export const employerSearchQuerySchema = z.object({
  in_gmail: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  search: z.string().trim().max(100).optional().default(''),
});
export const employerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.number().int().nullable(),
  working_gmail: z.string().nullable(),
  in_gmail: z.boolean(),
});
export const employerListSchema = z.array(employerSchema);
