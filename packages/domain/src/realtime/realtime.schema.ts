import { z } from 'zod';
import { LOAD_STATUS_IDS } from '../common/lookups';
import { chatMessageSchema, groupChatReadEventSchema, groupChatRefSchema } from '../chats/chats.schema';
import { LOAD_HISTORY_ACTIONS } from '../loads/loads.schema';
import { smsBulkProgressSchema, smsChatListItemSchema, smsMessageSchema } from '../sms/sms.schema';
import { notificationSchema, readNoticeEventSchema } from '../notifications/notifications.schema';
import {
  carStatusChangeEventSchema,
  futureLocationChangeEventSchema,
  locationChangeEventSchema,
  locationStatusChangeEventSchema,
} from '../units/units.schema';

// The realtime socket's events, as the server sends them and the client handles them: one list for both.
// Messages on the socket are JSON `{ "event": name, "data": ... }`. The data of each event has one schema
// here (REALTIME_EVENT_DATA); the vehicle and notification events reuse the schemas of their areas.

/** The events of the spec's realtime socket, in the spec's order. */
export const SPEC_REALTIME_EVENT_NAMES = [
  'car_status_change',
  'load_status_change',
  'driver_bid',
  'dispatcher_bid',
  'reject_bid',
  'update_loads',
  'driver_online_change',
  'new_notice',
  'read_notice',
  'group_chat_message',
  'mark_as_read_group_chat',
  'sms_chat_message',
  'mark_as_read_sms',
  'email_chat_message',
  'update_loadboard',
  'location_change',
  'future_location_change',
  'location_status_change',
] as const;

/**
 * The product's own events, beyond the spec's list: the spec has no event for a change of a vehicle's
 * details, a driver, an owner or a broker company that moves no load, yet colleagues' open lists must show
 * it. A client that does not know one skips it (an unknown event is ignored), so adding them is safe.
 */
export const PRODUCT_REALTIME_EVENT_NAMES = [
  'update_units',
  'driver_portal_update',
  'update_email_postings',
  'sms_bulk_progress',
  'update_incentives',
  'update_accounting',
  'update_working_groups',
  'update_users',
  'update_company',
] as const;

/** Every event the server sends on the socket: the spec's, then the product's own. */
export const REALTIME_EVENT_NAMES = [...SPEC_REALTIME_EVENT_NAMES, ...PRODUCT_REALTIME_EVENT_NAMES] as const;

export const realtimeEventNameSchema = z.enum(REALTIME_EVENT_NAMES);
export type RealtimeEventName = z.infer<typeof realtimeEventNameSchema>;

const id = z.number().int();

// ---------------------------------------------------------------- loads

/**
 * What an `update_loads` says happened to its loads: the load history's action name, 'delete' for a
 * deleted load, or 'broker_company' when a broker company's details changed on its open loads.
 */
export const UPDATE_LOADS_ACTIONS = [...LOAD_HISTORY_ACTIONS, 'delete', 'broker_company'] as const;
export type UpdateLoadsAction = (typeof UPDATE_LOADS_ACTIONS)[number];

/** `update_loads`: these loads were created, edited, moved, priced, had files added or removed, or deleted. */
export const updateLoadsEventSchema = z.object({
  ids: z.array(id),
  action: z.enum(UPDATE_LOADS_ACTIONS),
});
export type UpdateLoadsEvent = z.infer<typeof updateLoadsEventSchema>;

/** `load_status_change`: the load moved from `old_status` to `status` (and maybe to another list). */
export const loadStatusChangeEventSchema = z.object({
  id,
  status: z.literal(LOAD_STATUS_IDS),
  old_status: z.literal(LOAD_STATUS_IDS),
  accounting_status: z.number().int().nullable(),
});
export type LoadStatusChangeEvent = z.infer<typeof loadStatusChangeEventSchema>;

// ---------------------------------------------------------------- drivers

/** `driver_online_change`: a driver's app came online or went offline; the vehicle they drive, if any. */
export const driverOnlineChangeEventSchema = z.object({
  driver_id: id,
  vehicle_id: id.nullable(),
  online: z.boolean(),
});
export type DriverOnlineChangeEvent = z.infer<typeof driverOnlineChangeEventSchema>;

// ---------------------------------------------------------------- vehicles, people and broker companies

/** What an `update_units` names: vehicles, drivers, owners or broker companies. */
export const UPDATE_UNITS_KINDS = ['vehicle', 'driver', 'owner', 'broker_company'] as const;
export type UpdateUnitsKind = (typeof UPDATE_UNITS_KINDS)[number];

/**
 * `update_units` (the product's own event): these records of one kind were created or changed in a way
 * no other event tells (a vehicle's details, tracking or load-board switches; a driver added or switched;
 * an owner; a broker company with no open load affected). Lists and cards showing them are fetched again.
 */
export const updateUnitsEventSchema = z.object({
  kind: z.enum(UPDATE_UNITS_KINDS),
  ids: z.array(id).min(1),
});
export type UpdateUnitsEvent = z.infer<typeof updateUnitsEventSchema>;

/**
 * `driver_portal_update` (the product's own event), to the drivers and owners concerned only: loads were
 * forwarded to their vehicles, or their bids were placed, rejected, won or lost. The driver page fetches
 * its loads and bids again; staff never receive it.
 */
export const driverPortalUpdateEventSchema = z.object({
  load_ids: z.array(id),
  bid_ids: z.array(id),
});
export type DriverPortalUpdateEvent = z.infer<typeof driverPortalUpdateEventSchema>;

/**
 * `update_email_postings` (the product's own event), to who works the load board: posting e-mails were
 * kept for review, posted or dismissed. The "From e-mail" review list and its count are fetched again.
 */
export const updateEmailPostingsEventSchema = z.object({ ids: z.array(id).min(1) });
export type UpdateEmailPostingsEvent = z.infer<typeof updateEmailPostingsEventSchema>;

/**
 * `update_incentives` (the product's own event), to who gives incentives (menuRoles('income')): bonuses or
 * fines were added to or removed from these loads, or these incentive templates were made, changed or
 * deleted. The load pages' incentives, the templates and the pay that incentives change are fetched again.
 */
export const updateIncentivesEventSchema = z
  .object({ load_ids: z.array(id), template_ids: z.array(id) })
  .refine((data) => data.load_ids.length + data.template_ids.length > 0);
export type UpdateIncentivesEvent = z.infer<typeof updateIncentivesEventSchema>;

/**
 * `update_accounting` (the product's own event), to who works accounting (menuRoles('income', 'brokers',
 * 'listOfLoads')): these loads' accounting (week, accounting status) or these payments (status, quick pay,
 * rows made when a load reached checkout) changed. The accounting lists, the income pages and the quick pay
 * count are fetched again.
 */
export const updateAccountingEventSchema = z
  .object({ load_ids: z.array(id), payment_ids: z.array(id) })
  .refine((data) => data.load_ids.length + data.payment_ids.length > 0);
export type UpdateAccountingEvent = z.infer<typeof updateAccountingEventSchema>;

/**
 * `update_working_groups` (the product's own event), to every staff role: these teams (working groups),
 * their subgroups, leads or members changed, or they were deleted (and their loads, vehicles and people
 * moved to another). The teams the web keeps (the shell's filters, pickers, the teams page) are fetched again.
 */
export const updateWorkingGroupsEventSchema = z.object({ ids: z.array(id).min(1) });
export type UpdateWorkingGroupsEvent = z.infer<typeof updateWorkingGroupsEventSchema>;

/**
 * `update_users` (the product's own event), to who reads the people page (EMPLOYEES_ROLES.view): these
 * users' name, role, team, subgroup or status changed, or they were dismissed. The people list and the
 * pickers of dispatchers are fetched again.
 */
export const updateUsersEventSchema = z.object({ ids: z.array(id).min(1) });
export type UpdateUsersEvent = z.infer<typeof updateUsersEventSchema>;

/**
 * `update_company` (the product's own event), to every user of the company: an admin or manager saved the
 * company's settings (a section of the company settings page: the settings, the proposition e-mail, the
 * telephony, the mail sign-in keys, the load intake key). What follows a setting (the menu, phone
 * visibility, the maps, the mailbox sign-in) is read again from the current user and the settings' answers.
 */
export const updateCompanyEventSchema = z.object({ id });
export type UpdateCompanyEvent = z.infer<typeof updateCompanyEventSchema>;

// ---------------------------------------------------------------- load board, bids and chats
// Their areas are still to be built: the records they carry are checked for their ids only here, and the
// area that builds them replaces these with its own schemas.

const recordWithId = z.looseObject({ id });

/** `driver_bid`, `update_loadboard`: the load board load (with its pending driver bids). */
export const loadboardLoadEventSchema = z.object({ load: recordWithId });

/** `dispatcher_bid`: the dispatcher bids of a load board load, and how many. */
export const dispatcherBidEventSchema = z.object({
  load_id: id,
  dispatcher_bids: z.array(recordWithId),
  dispatcher_bids_count: z.number().int().nonnegative(),
});

/** `reject_bid`: a bid was rejected; the load's dispatcher bids as they are now. */
export const rejectBidEventSchema = dispatcherBidEventSchema.extend({ bid_id: id });

/** `group_chat_message`, `sms_chat_message`, `email_chat_message`: a new message and its chat. */
export const chatMessageEventSchema = z.object({ message: recordWithId, chat: recordWithId });

/**
 * `group_chat_message`: a message of a group chat and its chat (the load chat's id; type 'Note' when the
 * message is a note of the load).
 */
export const groupChatMessageEventSchema = z.object({ message: chatMessageSchema, chat: groupChatRefSchema });
export type GroupChatMessageEvent = z.infer<typeof groupChatMessageEventSchema>;

/**
 * `sms_chat_message`: an SMS in or out and its chat as the receiver lists it (with the receiver's unread
 * count), to everyone in the company with SMS access.
 */
export const smsChatMessageEventSchema = z.object({ message: smsMessageSchema, chat: smsChatListItemSchema });
export type SmsChatMessageEvent = z.infer<typeof smsChatMessageEventSchema>;

/**
 * `sms_bulk_progress` (the product's own event), to the colleague who started a bulk sending: its counts
 * after each batch, and which recipients failed.
 */
export const smsBulkProgressEventSchema = smsBulkProgressSchema;

/**
 * `mark_as_read_sms`: the reader read this chat (on another tab or device). `mark_as_read_group_chat` carries
 * the chat's type too (groupChatReadEventSchema: 'Note' when the load's notes were read).
 */
export const chatReadEventSchema = z.object({ chat_id: id });

// ---------------------------------------------------------------- every event

/** The schema of each event's data. */
export const REALTIME_EVENT_DATA = {
  car_status_change: carStatusChangeEventSchema,
  load_status_change: loadStatusChangeEventSchema,
  driver_bid: loadboardLoadEventSchema,
  dispatcher_bid: dispatcherBidEventSchema,
  reject_bid: rejectBidEventSchema,
  update_loads: updateLoadsEventSchema,
  driver_online_change: driverOnlineChangeEventSchema,
  new_notice: notificationSchema,
  read_notice: readNoticeEventSchema,
  group_chat_message: groupChatMessageEventSchema,
  mark_as_read_group_chat: groupChatReadEventSchema,
  sms_chat_message: smsChatMessageEventSchema,
  mark_as_read_sms: chatReadEventSchema,
  email_chat_message: chatMessageEventSchema,
  update_loadboard: loadboardLoadEventSchema,
  location_change: locationChangeEventSchema,
  future_location_change: futureLocationChangeEventSchema,
  location_status_change: locationStatusChangeEventSchema,
  update_units: updateUnitsEventSchema,
  driver_portal_update: driverPortalUpdateEventSchema,
  update_email_postings: updateEmailPostingsEventSchema,
  sms_bulk_progress: smsBulkProgressEventSchema,
  update_incentives: updateIncentivesEventSchema,
  update_accounting: updateAccountingEventSchema,
  update_working_groups: updateWorkingGroupsEventSchema,
  update_users: updateUsersEventSchema,
  update_company: updateCompanyEventSchema,
} as const satisfies Record<RealtimeEventName, z.ZodType>;

/** The data of one event, as the client receives it (and as the server must publish it). */
export type RealtimeEventData<Name extends RealtimeEventName> = z.infer<(typeof REALTIME_EVENT_DATA)[Name]>;

/** A message of the socket, checked: its event and that event's data. */
export type RealtimeMessage = {
  [Name in RealtimeEventName]: { event: Name; data: RealtimeEventData<Name> };
}[RealtimeEventName];

/**
 * Reads a socket message (already JSON-parsed): the event and its data when the name is one of the known
 * events and the data matches its schema; null otherwise (an unknown event, or data of the wrong shape).
 */
export function parseRealtimeMessage(message: unknown): RealtimeMessage | null {
  if (typeof message !== 'object' || message === null) return null;
  const { event, data } = message as { event?: unknown; data?: unknown };
  const name = realtimeEventNameSchema.safeParse(event);
  if (!name.success) return null;
  const parsed = REALTIME_EVENT_DATA[name.data].safeParse(data);
  return parsed.success ? ({ event: name.data, data: parsed.data } as RealtimeMessage) : null;
}
