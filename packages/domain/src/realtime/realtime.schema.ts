import { z } from 'zod';

// The realtime socket's events, as the server sends them and the client handles them: one list for both.
// Messages on the socket are JSON `{ "event": name, "data": ... }`; the data of each event has its schema
// in the area it belongs to (units.schema: car_status_change and the location events; notifications.schema:
// read_notice).

/** The events the server sends on the socket (spec, realtime socket), in the spec's order. */
export const REALTIME_EVENT_NAMES = [
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

export const realtimeEventNameSchema = z.enum(REALTIME_EVENT_NAMES);
export type RealtimeEventName = z.infer<typeof realtimeEventNameSchema>;
