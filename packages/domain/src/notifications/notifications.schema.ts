import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids';
import { EMAIL_CHAT_TYPE_IDS, NOTIFICATION_TYPE_IDS, NOTIFICATION_TYPE_NAMES } from '../common/lookups';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';

// The notification contract: GET notifications (paging), GET notifications/urgent,
// PUT notifications/{id}/set-read, and the new_notice / read_notice socket events.

/** Stored notifications have a number; one that comes without an id gets a local string id in the list. */
export const notificationIdSchema = z.union([z.number().int(), z.string().min(1)]);
export type NotificationId = z.infer<typeof notificationIdSchema>;

export const notificationTypeSchema = z.object({
  id: z.literal(NOTIFICATION_TYPE_IDS),
  name: z.enum(NOTIFICATION_TYPE_NAMES),
});
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** The load a notification is about, with the statuses that choose the page its link opens. */
export const notificationLoadSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  accounting_status: z.number().int().nullable(),
});
export type NotificationLoad = z.infer<typeof notificationLoadSchema>;

/** An SMS chat with a driver (type 2) or an owner (type 11). */
export const notificationSmsChatSchema = z.object({
  id: z.number().int(),
  full_name: z.string().nullable(),
  phone_number: z.string().nullable(),
});

/** A group chat (type 1) or a load's notes chat (type 7; its chat type is 'Note'). */
export const notificationGroupChatSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
});

export const notificationLoadInfoSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  accounting_status: z.number().int().nullable(),
  load_accounting_number: z.number().int().nullable(),
});

export const notificationEmailChatSchema = z.object({
  id: z.number().int(),
  /** 1 bid, 2 load, 3 accounting. */
  type: z.literal(EMAIL_CHAT_TYPE_IDS),
  bid: z.number().int().nullable(),
  load: z.number().int().nullable(),
  subject: z.string().nullable(),
});

export const notificationBidInfoSchema = z.object({
  id: z.number().int(),
  /** 1 active; 2 and 3 completed. */
  status: z.number().int(),
  /** A dispatcher's bid to a broker, or a driver's bid on a load board load. */
  kind: z.enum(['dispatcher', 'driver']),
  load_id: z.number().int(),
  driver_id: z.number().int().nullable(),
});

/** Where a vehicle last said it was. */
export const notificationTrackingLocationSchema = z.object({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});

/**
 * A tracked vehicle that stopped reporting its location (type 5) or reports again (type 6): the vehicle, the
 * active load it is on (if any), and its last location and when it came.
 */
export const notificationTrackingInfoSchema = z.object({
  vehicle_id: z.number().int(),
  unit_id: z.string(),
  load_id: z.number().int().nullable(),
  last_update_time: isoDateTimeSchema.nullable(),
  last_location: notificationTrackingLocationSchema.nullable(),
});
export type NotificationTrackingInfo = z.infer<typeof notificationTrackingInfoSchema>;

export const notificationLoadStatusSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  previous_status: z.number().int().nullable(),
});

/** Who caused the notification. */
export const notificationActorSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  responsible_dispatcher: z
    .object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })
    .nullable(),
});

/**
 * A notification: the common fields, the nested object of its type (the others absent or null), and for a
 * rate notice the prices before and after (dollars).
 */
export const notificationSchema = z.object({
  id: notificationIdSchema.nullish(),
  type: notificationTypeSchema,
  label: z.string(),
  content: z.string(),
  created_date: isoDateTimeSchema,
  load: notificationLoadSchema.nullish(),
  sms_chat: notificationSmsChatSchema.nullish(),
  group_chat: notificationGroupChatSchema.nullish(),
  load_info: notificationLoadInfoSchema.nullish(),
  email_chat_info: notificationEmailChatSchema.nullish(),
  bid_info: notificationBidInfoSchema.nullish(),
  tracking_info: notificationTrackingInfoSchema.nullish(),
  load_status: notificationLoadStatusSchema.nullish(),
  actor: notificationActorSchema.nullish(),
  broker_price: z.number().nullish(),
  old_broker_price: z.number().nullish(),
  driver_price: z.number().nullish(),
  old_driver_price: z.number().nullish(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET notifications: newest first. */
export const notificationListQuerySchema = paginationQuerySchema;

export const notificationListResponseSchema = listResponseSchema(notificationSchema);
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** The `read_notice` event: the notification read (on another tab or device too). */
export const readNoticeEventSchema = z.object({ id: notificationIdSchema });
export type ReadNoticeEvent = z.infer<typeof readNoticeEventSchema>;
