import { ROLES, type RoleId } from '../common/lookups';

// SMS with drivers and owners: the rules the server applies and the web shows. Phone numbers are kept in
// E.164 (+15551234567) so that an inbound message finds its driver or owner whatever way the number was
// typed; a number of another country is kept as it came, digits only after the +.

/** The longest text of one SMS as the providers take it (Twilio splits it into segments). */
export const SMS_CONTENT_MAX = 1_600;
/** Pictures an MMS may carry. */
export const SMS_FILES_MAX = 10;
/** The most drivers or owners one bulk sending may name. */
export const SMS_BULK_RECIPIENTS_MAX = 5_000;
/** Messages a page of the chat view (as group chats). */
export const SMS_CHAT_PAGE_SIZE = 25;
/** Chats a page of the SMS list (as group chats). */
export const SMS_CHAT_LIST_PAGE_SIZE = 50;
/** The longest chat title a dispatcher may give. */
export const SMS_TITLE_MAX = 100;

/** Where a message went: out from the company, or in from the driver's, owner's or an unknown phone. */
export const SMS_DIRECTIONS = ['in', 'out'] as const;
export type SmsDirection = (typeof SMS_DIRECTIONS)[number];

/**
 * A message's delivery: queued (stored, handed to the provider), sent (the provider took it), delivered
 * (the phone got it), undelivered or failed (it will not arrive), received (an inbound message).
 */
export const SMS_DELIVERY_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'received',
] as const;
export type SmsDeliveryStatus = (typeof SMS_DELIVERY_STATUSES)[number];

/** Who the chat is with: a driver, an owner, or a phone number nobody in the company has. */
export const SMS_CHAT_TYPES = ['Driver', 'Owner', 'Phone'] as const;
export type SmsChatType = (typeof SMS_CHAT_TYPES)[number];

/** The providers: `local` keeps messages (the counterpart page plays the phone); `twilio` sends them. */
export const SMS_PROVIDERS = ['local', 'twilio'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** A bulk sending is sending until every recipient has been tried, then done. */
export const SMS_BULK_STATES = ['sending', 'done'] as const;
export type SmsBulkState = (typeof SMS_BULK_STATES)[number];

/**
 * The role an inbound message's author shows (user_from.role): 12 for an owner, 10 for a driver or an
 * unknown phone. The chat view marks incoming messages of roles 10 and 12 read while it is open.
 */
export function counterpartRole(type: SmsChatType): RoleId {
  return type === 'Owner' ? ROLES.temporaryDriver : ROLES.driver;
}

/**
 * A phone number in E.164, or null when it is not one: US and Canadian numbers of 10 digits (or 11 with
 * the leading 1) become +1..., a number written with + keeps its 8 to 15 digits.
 */
export function normalizePhoneNumber(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return null;
    return `+${digits}`;
  }
  if (digits.length === 10 && !/^[01]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1') && !/^[01]/.test(digits.slice(1))) return `+${digits}`;
  return null;
}

/** Twilio's message statuses in ours; null for one that says nothing about delivery. */
export function deliveryStatusOf(providerStatus: string): SmsDeliveryStatus | null {
  switch (providerStatus.toLowerCase()) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
      return 'queued';
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    case 'receiving':
    case 'received':
      return 'received';
    default:
      return null;
  }
}

const STATUS_ORDER: Record<SmsDeliveryStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  undelivered: 2,
  failed: 2,
  received: 2,
};

/**
 * Whether a status callback may move a message from `current` to `next`: callbacks can arrive out of
 * order, and a late 'sent' must not undo 'delivered'.
 */
export function deliveryStatusMayMove(current: SmsDeliveryStatus, next: SmsDeliveryStatus): boolean {
  return current !== next && STATUS_ORDER[next] >= STATUS_ORDER[current] && STATUS_ORDER[current] < 2;
}

export const SMS_MESSAGES = {
  contentRequired: 'Write a message',
  phoneInvalid: 'Must be a phone number like +15551234567',
  providerAccountRequired: 'The account SID must be present for Twilio',
  providerTokenRequired: 'The auth token must be present for Twilio',
  providerSenderRequired: 'The sender number must be present for Twilio',
  accountSidInvalid: 'An account SID starts with AC and has 32 letters and digits after it',
  bulkOneTarget: 'Choose drivers, owners, a team or a state',
  bulkNoRecipients: 'Nobody to send to: no driver or owner matches the choice',
  noPhoneNumber: 'No phone number',
  counterpartLocalOnly: 'The phone page works with the local SMS provider only',
  userNotInCompany: 'Choose a colleague of the company with access to SMS',
} as const;
