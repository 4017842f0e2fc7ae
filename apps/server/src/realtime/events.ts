import { INCENTIVE_ROLES } from '@app/domain/accounting/incentives.schema';
import { BROKER_LOOKUP_ROLES } from '@app/domain/brokers/brokers.rules';
import type { RoleId } from '@app/domain/common/lookups';
import type {
  RealtimeEventData,
  RealtimeEventName,
  UpdateUnitsKind,
} from '@app/domain/realtime/realtime.schema';
import { menuRoles } from '@app/domain/shell/menu.rules';
import { TEAMS_ROLES } from '@app/domain/teams/teams.schema';
import { EMPLOYEES_ROLES } from '@app/domain/users/employees.roles';
import { PEOPLE_ROLES } from '@app/domain/units/people.rules';
import type { RealtimeEvent } from './event-bus';

/**
 * Every socket event (the domain's REALTIME_EVENT_NAMES: the spec's, and update_units, the product's own),
 * who publishes it and who receives it. A service publishes after its transaction commits (never from inside one that may roll back),
 * through `companyEvent` or `userEvent` below, on the bus it was given (in-process, or Redis pub/sub when REDIS_URL is set, so every server
 * process delivers to its own sockets). Messages on the socket are `{ "event": name, "data": ... }`.
 *
 * Audience:
 * - 'company': the sockets of the company's users whose role may see the data (`roles`; a superuser sees
 *   everything). A publisher may narrow the roles for one event (load_status_change: the roles of the
 *   load's lists before and after the move).
 * - 'user': only the sockets of the users named (`userIds`), e.g. the recipients of a notification or the
 *   members of a chat. Each of the user's sockets gets it: several tabs, phones, server processes.
 *
 * Delivery is at most once: an event that finds no socket (a client reconnecting) is not replayed. The
 * client refetches what it shows after each reconnect, and what it lists carries ids (a notification's id,
 * a load's id), so a refetched item and a late event for it merge into one entry, never two.
 */

export type RealtimeEventSpec = {
  /** The service that owns the change and publishes the event; `later` names the area still to be built. */
  publisher: string;
  later: boolean;
  audience: 'company' | 'user';
  /** Company events: the roles that receive it unless the publisher narrows them. User events: null. */
  roles: readonly RoleId[] | null;
  /** What the table does not say about the data (its shape is the domain's REALTIME_EVENT_DATA). */
  note?: string;
};

/** Who sees loads: the load lists of the menu. */
const LOAD_ROLES = menuRoles('activeLoads', 'checkOut', 'completedLoads', 'canceledLoads');
/** Who sees vehicles, their status and location: the vehicles list, the capacity and delivery maps. */
const VEHICLE_ROLES = menuRoles('vehicles', 'capacitySearch', 'deliveryMap');
/** Who works the load board and its bids. */
const LOADBOARD_ROLES = menuRoles('loadboard', 'myBids');

/**
 * Who receives an update_units of each kind: who sees vehicles; who sees drivers and owners (their pages,
 * and the pickers of vehicles and loads); who looks broker companies up (the partners pages, the pickers).
 */
export const UPDATE_UNITS_ROLES: Record<UpdateUnitsKind, readonly RoleId[]> = {
  vehicle: VEHICLE_ROLES,
  driver: PEOPLE_ROLES.view,
  owner: PEOPLE_ROLES.view,
  broker_company: BROKER_LOOKUP_ROLES,
};
const ANY_UNITS_ROLES: readonly RoleId[] = [...new Set(Object.values(UPDATE_UNITS_ROLES).flat())].sort(
  (a, b) => a - b,
);

export const REALTIME_EVENTS: Record<RealtimeEventName, RealtimeEventSpec> = {
  car_status_change: {
    publisher:
      "modules/units/vehicles.service.ts (followLoads: a vehicle follows its load, On load / Available, in the loads' " +
      'transaction; vehicles.changes.ts: a status set by hand)',
    later: false,
    audience: 'company',
    roles: VEHICLE_ROLES,
  },
  load_status_change: {
    publisher: 'modules/loads/loads.service.ts (loads.status.ts: next, prev, TONU, cancel, restore)',
    later: false,
    audience: 'company',
    roles: LOAD_ROLES,
    note: "roles narrowed to the load's lists before and after",
  },
  driver_bid: {
    publisher: 'modules/bids/bids.service.ts (a driver or owner bids on a load board load)',
    later: true,
    audience: 'company',
    roles: LOADBOARD_ROLES,
    note: 'the load board load with its pending_driver_bids',
  },
  dispatcher_bid: {
    publisher:
      "modules/bids/propositions.service.ts (a proposition is sent to the broker, repriced or won: the load's first bid not lost and the count)",
    later: false,
    audience: 'company',
    roles: LOADBOARD_ROLES,
  },
  reject_bid: {
    publisher:
      'modules/bids/propositions.service.ts (a proposition is lost, or loses to the winner of its load)',
    later: false,
    audience: 'company',
    roles: LOADBOARD_ROLES,
  },
  update_loads: {
    publisher:
      'modules/loads/loads.service.ts (loads.*.ts: any create, edit, action, file or delete of loads); ' +
      'modules/brokers/brokers.service.ts (a broker company changed: its open loads); ' +
      'modules/loads/damage-reports.service.ts (a damage report: damage_report)',
    later: false,
    audience: 'company',
    roles: LOAD_ROLES,
    note: "action is the load history's action name, or 'delete'",
  },
  driver_online_change: {
    publisher: "modules/units/drivers.service.ts (a driver's app comes online or goes offline)",
    later: true,
    audience: 'company',
    roles: VEHICLE_ROLES,
  },
  new_notice: {
    publisher: 'modules/notifications/notifications.service.ts (notify: one event per recipient)',
    later: false,
    audience: 'user',
    roles: null,
  },
  read_notice: {
    publisher: 'modules/notifications/notifications.service.ts (PUT notifications/{id}/set-read)',
    later: false,
    audience: 'user',
    roles: null,
    note: "to the reader's own sockets (other tabs and devices)",
  },
  group_chat_message: {
    publisher:
      'modules/chats/chats.service.ts (chats.writes.ts: send-message, send-note-message; chat type Note = notes)',
    later: false,
    audience: 'user',
    roles: null,
    note: "to every member of the chat, the sender's own sockets included (their other tabs)",
  },
  mark_as_read_group_chat: {
    publisher:
      'modules/chats/chats.service.ts (chats.writes.ts: mark-read, mark-read-note-chat; notes: the load chat)',
    later: false,
    audience: 'user',
    roles: null,
    note: "to the reader's own sockets",
  },
  sms_chat_message: {
    publisher:
      'modules/sms/sms.service.ts (sms.chats.ts: a message sent; sms.inbound.ts: one received, a delivery ' +
      'status; sms.bulk.ts: each batch of a bulk sending)',
    later: false,
    audience: 'user',
    roles: null,
    note: 'to everyone in the company with SMS access, each with the chat as they list it (their unread count)',
  },
  mark_as_read_sms: {
    publisher: 'modules/sms/sms.service.ts (sms.chats.ts: sms/chats/{id}/mark-read)',
    later: false,
    audience: 'user',
    roles: null,
    note: "to the reader's own sockets",
  },
  email_chat_message: {
    publisher:
      'modules/email/email.service.ts (email.send.ts: an e-mail sent in a thread, a proposition recorded; ' +
      "email.receive.ts: a broker's e-mail received into its thread)",
    later: false,
    audience: 'user',
    roles: null,
    note: "{ message, chat }: to the thread's user and the dispatcher of its bid or load (and the sender's own tabs)",
  },
  update_loadboard: {
    publisher: 'modules/loadboard/loadboard.service.ts (a load board load arrives or changes)',
    later: true,
    audience: 'company',
    roles: LOADBOARD_ROLES,
    note: 'the load board load; the client replaces any entry with the same id',
  },
  location_change: {
    publisher:
      "modules/units/vehicles.service.ts (vehicles.changes.ts, the location dialog: a vehicle's current location)",
    later: false,
    audience: 'company',
    roles: VEHICLE_ROLES,
  },
  future_location_change: {
    publisher:
      "modules/units/vehicles.service.ts (vehicles.changes.ts, the location dialog: a vehicle's planned location and date)",
    later: false,
    audience: 'company',
    roles: VEHICLE_ROLES,
  },
  location_status_change: {
    publisher:
      'modules/units/vehicles.service.ts (vehicles.changes.ts, the location dialog: current, planned or both)',
    later: false,
    audience: 'company',
    roles: VEHICLE_ROLES,
  },
  // The product's own event, beyond the spec's list: the spec publishes nothing when a vehicle's details,
  // tracking or load-board switches change, or a driver, an owner or a broker company changes with no load
  // affected, so a colleague's open vehicles, drivers, owners or partners page would stay stale until a
  // reload. Published only for changes no other event tells (car_status_change, the location events and
  // update_loads already cover theirs); a client that does not know it skips it.
  update_units: {
    publisher:
      'modules/units/vehicles.service.ts (vehicles.changes.ts: details, tracking, bidding while on load, ' +
      'loads allowed); modules/units/drivers.service.ts (a driver added, its "sees loads" switches); ' +
      'modules/units/owners.service.ts (an owner created or edited); modules/brokers/brokers.service.ts ' +
      '(a broker company created, edited, checked, rated or removed, when no update_loads tells it)',
    later: false,
    audience: 'company',
    roles: ANY_UNITS_ROLES,
    note: 'data { kind, ids }; roles narrowed to who sees that kind (UPDATE_UNITS_ROLES)',
  },
  // The product's own event for the driver page: drivers and owners are no board roles, so they learn of
  // loads forwarded to them and of their bids' answers only through it.
  driver_portal_update: {
    publisher:
      'modules/bids/forwards.service.ts (a load forwarded to their vehicles); modules/bids/driver-bids.service.ts ' +
      '(a bid placed, rejected, won or lost)',
    later: false,
    audience: 'user',
    roles: null,
    note: 'to the drivers and owners concerned: { load_ids, bid_ids }',
  },
  // The product's own event for the load board's review list of posting e-mails: no spec event tells that a
  // broker's e-mail was kept for review, posted or dismissed.
  update_email_postings: {
    publisher:
      'modules/loadboard/email-posting.service.ts (a posting e-mail kept for review; one posted or dismissed ' +
      'by a dispatcher)',
    later: false,
    audience: 'company',
    roles: LOADBOARD_ROLES,
    note: 'data { ids }: the review list is fetched again',
  },
  // The product's own event for bulk SMS: the sending runs in the background after the request is answered.
  sms_bulk_progress: {
    publisher: 'modules/sms/sms.service.ts (sms.bulk.ts: after each batch of a bulk sending)',
    later: false,
    audience: 'user',
    roles: null,
    note: 'to the colleague who started it: the counts and the failures so far',
  },
  // The product's own event for incentives: a bonus or a fine changes a load's incentives and the pay of its
  // owner or dispatcher; a template changes the choices of the incentive form.
  update_incentives: {
    publisher:
      'modules/incentives/incentives.service.ts (an incentive made or removed: its load; a template made, ' +
      'changed or deleted: the template)',
    later: false,
    audience: 'company',
    roles: INCENTIVE_ROLES,
    note: "data { load_ids, template_ids }: the load pages' incentives, the templates and the pay lists",
  },
  // The product's own event for accounting: a load's accounting week or status, or a payment's status or
  // quick pay, changed; payment rows were made when a load reached checkout.
  update_accounting: {
    publisher:
      'modules/accounting/accounting.service.ts (PUT loads/{id}/update-accounting-status, ' +
      'PUT payments/update-quickpay/{id}); modules/payments/broker-payments.ts (the payment rows of a load ' +
      'that reached checkout, in the loads transaction; an invoice sent by POST reports/send, in the reports ' +
      'transaction); modules/payments/payments.service.ts (PUT ' +
      'payments/update-status, POST payments/create, PUT users/{id}/dispatcher-info/, a week closed; ' +
      'pay-adjustments.ts: PUT loads/{id}/change-week and PATCH loads/completed/{id}/edit, in the loads transaction)',
    later: false,
    audience: 'company',
    roles: menuRoles('income', 'listOfLoads', 'brokers', 'dispatchers'),
    note: 'data { load_ids, payment_ids }: the accounting lists, income pages and quick pay count',
  },
  // The product's own event for teams: a team or subgroup made, renamed, deleted, its lead or members changed.
  update_working_groups: {
    publisher:
      'modules/teams/teams.service.ts (working-groups and subgroups changes; team-membership.ts: a user moved ' +
      "to another team, in the caller's transaction)",
    later: false,
    audience: 'company',
    roles: TEAMS_ROLES.view,
    note: "data { ids }: the teams changed or deleted; the web's teams, names and team pages are fetched again",
  },
  // The product's own event for the company's people: a colleague's name, role, team or status changed, or
  // they were dismissed (their loads and vehicles handed over publish update_loads and update_units too).
  update_users: {
    publisher:
      'modules/users/employees.service.ts (PUT users/{id}/update/; employees.dismiss.ts: DELETE users/{id}/delete/)',
    later: false,
    audience: 'company',
    roles: EMPLOYEES_ROLES.view,
    note: 'data { ids }: the people list and the pickers of dispatchers are fetched again',
  },
  // The product's own event for the company's settings: every user's current user carries the company's
  // settings (company_instance), so every user of the company hears of a save.
  update_company: {
    publisher:
      'modules/company/company.service.ts (PUT company/my/update, PUT company/my/propositions/update, the ' +
      'intake key rotated or removed); company-telephony.service.ts (PUT company/my/telephony/update); ' +
      'sms/sms.settings.ts (PUT company/my/sms-provider); email/email-oauth-clients.ts (PUT and DELETE ' +
      'email/oauth-clients/{provider})',
    later: false,
    audience: 'company',
    roles: null,
    note: "data { id }: the company's id; the current user and the company settings' answers are fetched again",
  },
};

/** A company event for the roles of its table entry, or the narrower `roles` the publisher gives. */
export function companyEvent<Name extends RealtimeEventName>(
  event: Name,
  companyId: number,
  data: RealtimeEventData<Name>,
  roles: readonly RoleId[] | null = REALTIME_EVENTS[event].roles,
): RealtimeEvent<Name> {
  const published = { event, data, companyId } as RealtimeEvent<Name>;
  return roles === null ? published : { ...published, roles };
}

/** update_company: a setting of the company changed, for every user of it. */
export function companyUpdatedEvent(companyId: number): RealtimeEvent<'update_company'> {
  return companyEvent('update_company', companyId, { id: companyId });
}

/** An event for the sockets of these users of the company only. */
export function userEvent<Name extends RealtimeEventName>(
  event: Name,
  companyId: number,
  userIds: readonly number[],
  data: RealtimeEventData<Name>,
): RealtimeEvent<Name> {
  return { event, data, companyId, userIds };
}

/**
 * The update_units of these records of one kind, for the roles that see that kind; none for no ids (a
 * change that touched nothing has nothing to tell).
 */
export function unitsEvents(
  kind: UpdateUnitsKind,
  companyId: number,
  ids: readonly number[],
): RealtimeEvent<'update_units'>[] {
  const unique = [...new Set(ids)];
  return unique.length === 0
    ? []
    : [companyEvent('update_units', companyId, { kind, ids: unique }, UPDATE_UNITS_ROLES[kind])];
}
