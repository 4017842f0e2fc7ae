import type { QueryKey } from '@tanstack/react-query';
import { LOAD_STATUSES, lookupName } from '@app/domain/common/lookups';
import type {
  RealtimeEventData,
  RealtimeEventName,
  RealtimeMessage,
  UpdateLoadsAction,
  UpdateUnitsKind,
} from '@app/domain/realtime/realtime.schema';
import { searchPickerKeys } from '@/components/search-picker/search-picker-keys';
import { accountingQueryKeys } from '@/features/accounting/api/accounting-query-keys';
import { bidQueryKeys } from '@/features/bids/api/bid-query-keys';
import { brokerQueryKeys } from '@/features/brokers/api/broker-query-keys';
import { chatsQueryKeys } from '@/features/chats/api/chats-query-keys';
import { companyQueryKeys } from '@/features/company/api/company-query-keys';
import { dashboardQueryKeys } from '@/features/dashboard/api/dashboard-query-keys';
import { emailQueryKeys } from '@/features/email/api/email-query-keys';
import { incentivesQueryKeys } from '@/features/incentives/api/incentives-query-keys';
import { paymentsQueryKeys } from '@/features/payments/api/payments-query-keys';
import { insightsQueryKeys } from '@/features/loadboard/api/insights-query-keys';
import { emailPostingsQueryKeys } from '@/features/loadboard/api/email-postings-query-keys';
import { loadboardQueryKeys } from '@/features/loadboard/api/loadboard-query-keys';
import { loadQueryKeys } from '@/features/loads/api/load-query-keys';
import { smsQueryKeys } from '@/features/sms/api/sms-query-keys';
import { teamsQueryKeys } from '@/features/teams/api/teams-query-keys';
import { unitsQueryKeys } from '@/features/units/api/units-query-keys';
import { usersQueryKeys } from '@/features/users/api/users-query-keys';
import { queryKeys } from '@/lib/query-keys';
import { brokerDaysToPayKeys } from '@/lib/broker-days-to-pay';
import { teamLookupKeys } from '@/lib/team-lookups';
import { setFields, type RecordChange } from './record-patch';

// Every realtime event, mapped to the TanStack Query caches it touches, so that a colleague's change shows
// on an open list, load page, vehicle card or map without a reload. Two kinds of effect:
// - patch: the event carries the whole of what changed (a vehicle's status, its location), so the record
//   is changed in place wherever a cached answer under `queryKey` holds it: at once, with no request;
// - invalidate: the event says that something changed but not all of it (a load was edited), or the
//   change may move a record in or out of a filtered list: those queries are asked again (the ones on
//   screen at once, the others when next shown), throttled by the live-queries listener.
// Chat lists are held in reducers by their pages (the domain's chat-list.rules.ts), as the board's list is;
// here the open chat's messages are asked again.
// new_notice and read_notice are followed by the notifications store, not by queries.

export type LiveEffect =
  | { kind: 'patch'; queryKey: QueryKey; id: number; change: RecordChange }
  | { kind: 'invalidate'; queryKey: QueryKey };

type LiveQueryMap = {
  [Name in RealtimeEventName]: (data: RealtimeEventData<Name>) => LiveEffect[];
};

const patch = (queryKey: QueryKey, id: number, change: RecordChange): LiveEffect => ({
  kind: 'patch',
  queryKey,
  id,
  change,
});
const invalidate = (queryKey: QueryKey): LiveEffect => ({ kind: 'invalidate', queryKey });

/**
 * The answers that list vehicles by where they are: the delivery map and the capacity searches (from a
 * place or from a load's pick-up, the board detail's closest trucks too), whose order and members follow
 * locations and statuses.
 */
const vehiclePlaces = (): LiveEffect[] => [
  invalidate(unitsQueryKeys.vehicleMaps),
  invalidate(unitsQueryKeys.capacitySearches),
  invalidate(unitsQueryKeys.closestCars),
  invalidate(insightsQueryKeys.closestCars),
];

/** Load changes after which the delivery map may draw another load, route or next point. */
const MAP_ACTIONS: ReadonlySet<UpdateLoadsAction> = new Set<UpdateLoadsAction>([
  'create',
  'edit',
  'status',
  'tonu',
  'cancel',
  'restore',
  'restore_as_copy',
  'change_driver',
  'change_vehicle',
  'delete',
]);

/** Load changes after which the capacity search from the load's pick-up may start elsewhere. */
const PICKUP_ACTIONS: ReadonlySet<UpdateLoadsAction> = new Set<UpdateLoadsAction>(['edit', 'delete']);

/**
 * update_units: the caches that show records of each kind, and no others (a vehicle's unit ID is not
 * asked again on the partners page), pickers included: they keep an answer for a minute.
 */
const UNITS_EFFECTS: Record<UpdateUnitsKind, (ids: readonly number[]) => LiveEffect[]> = {
  // The vehicle list, the cards of those vehicles, the delivery map and the capacity searches, which show
  // unit IDs, equipment and sizes, and filter by the switches; the vehicle pickers.
  vehicle: (ids) => [
    invalidate(unitsQueryKeys.vehicleLists),
    ...ids.map((id) => invalidate(unitsQueryKeys.vehicle(id))),
    ...vehiclePlaces(),
    invalidate(searchPickerKeys('vehicle')),
  ],
  // The drivers lists (the drivers page and its driver card) and the driver pickers and filters.
  driver: () => [
    invalidate(unitsQueryKeys.driverLists),
    invalidate(searchPickerKeys('driver')),
    invalidate(searchPickerKeys('driver-with-fired')),
  ],
  // The owners list, the owners' company names and the owner pickers.
  owner: () => [invalidate(unitsQueryKeys.owners), invalidate(searchPickerKeys('owner'))],
  // The partners and brokers-check pages with their lookups, the load form's broker picker, the broker
  // filter of the load lists.
  broker_company: () => [
    invalidate(brokerQueryKeys.all),
    invalidate(loadQueryKeys.brokerSearches),
    invalidate(searchPickerKeys('broker')),
  ],
};

/**
 * The dashboard's blocks each event changes (the dashboard counts loads, money, bids, the board and
 * vehicles, drivers and owners as they are now). A load's change may move any figure of any block.
 */
const DASHBOARD_EFFECTS = {
  loads: [invalidate(dashboardQueryKeys.all)],
  // Bids sent, active, won and lost: the counts, the dispatchers' rows, a dispatcher's own and team figures.
  bids: [
    invalidate(dashboardQueryKeys.countStatsAll),
    invalidate(dashboardQueryKeys.dispatchersAll),
    invalidate(dashboardQueryKeys.dispatcherAll),
  ],
  // Vehicles per status (and a team's vehicles), a dispatcher's trucks without loads.
  vehicles: [invalidate(dashboardQueryKeys.countStatsAll), invalidate(dashboardQueryKeys.dispatcherAll)],
  // Days to pay follow the brokers' payments.
  brokerPayments: [invalidate(dashboardQueryKeys.brokersAll)],
} satisfies Record<string, LiveEffect[]>;

/** update_units: the dashboard's counts and names of each kind of record. */
const DASHBOARD_UNITS_EFFECTS: Record<UpdateUnitsKind, LiveEffect[]> = {
  vehicle: DASHBOARD_EFFECTS.vehicles,
  // Active drivers and owners, and the drivers' names in their table.
  driver: [invalidate(dashboardQueryKeys.countStatsAll), invalidate(dashboardQueryKeys.driversAll)],
  owner: [invalidate(dashboardQueryKeys.countStatsAll)],
  broker_company: [invalidate(dashboardQueryKeys.brokersAll)],
};

/**
 * A board load as update_loadboard and driver_bid carry it: the open detail shows it at once; a load that
 * left the board (booked, withdrawn, expired) is asked again, so the detail says it is gone, and a booked
 * one may now be on the active loads list.
 */
function boardLoadEffects(load: { id: number; board_status?: unknown }): LiveEffect[] {
  if (load.board_status === undefined || load.board_status === 'posted') {
    return [patch(loadboardQueryKeys.details, load.id, setFields(load))];
  }
  return [invalidate(loadboardQueryKeys.detail(load.id)), invalidate(loadQueryKeys.lists)];
}

export const LIVE_QUERIES: LiveQueryMap = {
  update_loads: ({ ids, action }) => [
    // The lists: a load may enter or leave a filtered page, and its row shows most of what changes.
    invalidate(loadQueryKeys.lists),
    // The load pages: fields, history and files. A deleted load's page learns that it is gone.
    ...ids.map((id) => invalidate(loadQueryKeys.detail(id))),
    // The driver card's load history lists the loads with their prices and statuses.
    invalidate(unitsQueryKeys.driverHistories),
    ...(MAP_ACTIONS.has(action) ? [invalidate(unitsQueryKeys.vehicleMaps)] : []),
    ...(PICKUP_ACTIONS.has(action) ? ids.map((id) => invalidate(unitsQueryKeys.closestCarsOf(id))) : []),
    // A load's driver info renames the driver and changes the phone: the drivers lists show both.
    ...(action === 'edit_driver_info' ? UNITS_EFFECTS.driver([]) : []),
    // A broker company's marks changed (brokers.service): its pages and pickers, as update_units says
    // for a broker company with no open load (the server sends one event or the other, never both).
    ...(action === 'broker_company' ? UNITS_EFFECTS.broker_company([]) : []),
    ...DASHBOARD_EFFECTS.loads,
  ],

  load_status_change: ({ id, status, accounting_status }) => [
    // The status shows at once on every row and page that holds the load...
    patch(
      loadQueryKeys.all,
      id,
      setFields({ status, status_name: lookupName(LOAD_STATUSES, status), accounting_status }),
    ),
    // ...and the lists are asked again: a move may take the load to another list.
    invalidate(loadQueryKeys.lists),
    invalidate(loadQueryKeys.detail(id)),
    // The map shows the load's status and its next point.
    invalidate(unitsQueryKeys.vehicleMaps),
    ...DASHBOARD_EFFECTS.loads,
  ],

  car_status_change: ({ id, status }) => [
    patch(unitsQueryKeys.vehicles, id, setFields({ status })),
    // The vehicle list filters by status; the map and the searches by status and place.
    invalidate(unitsQueryKeys.vehicleLists),
    ...vehiclePlaces(),
    ...DASHBOARD_EFFECTS.vehicles,
  ],

  location_change: ({ id, location }) => [
    patch(unitsQueryKeys.vehicles, id, setFields({ location })),
    // The vehicle list filters by the location's state and shows its age.
    invalidate(unitsQueryKeys.vehicleLists),
    ...vehiclePlaces(),
  ],

  future_location_change: ({ id, future_location }) => [
    patch(unitsQueryKeys.vehicles, id, setFields({ future_location })),
    ...vehiclePlaces(),
  ],

  location_status_change: ({ id, location_status }) => [
    patch(unitsQueryKeys.vehicles, id, setFields({ location_status })),
    ...vehiclePlaces(),
  ],

  // The drivers list is where a driver's app being online belongs.
  driver_online_change: () => [invalidate(unitsQueryKeys.driverLists)],

  // The product's own event: a vehicle's details, a driver, an owner or a broker company changed.
  update_units: ({ kind, ids }) => [...UNITS_EFFECTS[kind](ids), ...DASHBOARD_UNITS_EFFECTS[kind]],
  // Followed by the driver page itself (outside the staff shell), which holds the only caches it touches.
  driver_portal_update: () => [],
  // The product's own event: the load board's review list of posting e-mails changed.
  update_email_postings: () => [invalidate(emailPostingsQueryKeys.all)],
  // The product's own event: a load's bonuses and fines (its incentives panel) or the incentive templates
  // changed; the pay they change follows the payments' own event.
  update_incentives: ({ load_ids, template_ids }) => [
    ...load_ids.map((id) => invalidate(incentivesQueryKeys.load(id))),
    ...(template_ids.length > 0 ? [invalidate(incentivesQueryKeys.templates)] : []),
    // A bonus or a fine changes its owner's or dispatcher's pay.
    ...(load_ids.length > 0 ? [invalidate(paymentsQueryKeys.all)] : []),
  ],

  // The product's own event: a load's accounting (week, accounting status) or a payment (status, quick pay)
  // changed: every accounting list and income page, and the menu's quick pay count, are asked again.
  // The pay pages too: a payment's status, a pay item, terms, a load's week or money, a week closed.
  update_accounting: () => [
    invalidate(accountingQueryKeys.all),
    invalidate(paymentsQueryKeys.all),
    // A broker's invoice paid moves its average days to pay (the broker screens, the board's detail).
    invalidate(brokerDaysToPayKeys.all),
    ...DASHBOARD_EFFECTS.brokerPayments,
  ],

  // The product's own event for the company's people: a colleague's name, role, team or status changed, or
  // they were dismissed. The people list and the pickers of dispatchers (whom loads and vehicles go to) are
  // asked again.
  update_users: () => [invalidate(usersQueryKeys.employees), invalidate(teamLookupKeys.dispatchersAll)],
  // The company's settings were saved by a colleague: the current user carries them (company_instance: the
  // menu, phone visibility, the maps, the call system) and the settings page's sections read them (every
  // key under company/my).
  update_company: () => [invalidate(queryKeys.currentUser), invalidate(companyQueryKeys.settings)],
  // A team, subgroup, lead or membership changed, or a team was deleted: the shell's teams (kept until this
  // event: they are fetched only when the web has none), the teams page and the pickers of dispatchers of a
  // team; people moved between teams change the people page's team column.
  update_working_groups: () => [
    invalidate(teamLookupKeys.workingGroups),
    invalidate(teamsQueryKeys.all),
    invalidate(teamLookupKeys.dispatchersAll),
    invalidate(usersQueryKeys.employees),
  ],

  new_notice: () => [],
  read_notice: () => [],
  // The board's list follows these four through its own reducer (features/loadboard, use-board-list.ts);
  // here the open load's detail takes the same change.
  // The units' bids list shows the new bid; the board's detail has it in the load.
  driver_bid: ({ load }) => [...boardLoadEffects(load), invalidate(bidQueryKeys.all)],
  // The bids pages and the detail's list of bids sent: a bid was placed, won or lost.
  dispatcher_bid: ({ load_id, dispatcher_bids, dispatcher_bids_count }) => [
    patch(loadboardQueryKeys.details, load_id, setFields({ dispatcher_bids, dispatcher_bids_count })),
    invalidate(bidQueryKeys.all),
    ...DASHBOARD_EFFECTS.bids,
  ],
  reject_bid: ({ load_id, dispatcher_bids, dispatcher_bids_count }) => [
    patch(loadboardQueryKeys.details, load_id, setFields({ dispatcher_bids, dispatcher_bids_count })),
    invalidate(bidQueryKeys.all),
    ...DASHBOARD_EFFECTS.bids,
  ],
  // The load's cargo, places or type may have changed: its closest trucks, rate and cargo fit are asked
  // again (only when open: an invalidation of an answer no one holds costs nothing).
  update_loadboard: ({ load }) => [
    ...boardLoadEffects(load),
    invalidate(insightsQueryKeys.closestCarsOf(load.id)),
    invalidate(insightsQueryKeys.ratePrediction(load.id)),
    invalidate(insightsQueryKeys.cargoAnalysis(load.id)),
    // The board's counts: posted, booked, on the board.
    invalidate(dashboardQueryKeys.countStatsAll),
  ],
  // The open chat's (or notes') pages are asked again, with the new message in them. The lists follow the
  // group chats' own reducer (features/chats, use-group-chats.ts), as the board's does.
  group_chat_message: ({ chat }) => [invalidate(chatsQueryKeys.messages(chat.id, chat.type === 'Note'))],
  // The list zeroes the chat's count through its reducer; the open chat was read where it is shown. Notes
  // read (type Note) elsewhere: the load chat's page asks again for its notes badge.
  mark_as_read_group_chat: ({ chat_id, type }) =>
    type === 'Note' ? [invalidate(chatsQueryKeys.messages(chat_id, false))] : [],
  // The open SMS chat's pages, with the new message; the list follows the SMS page's reducer (use-sms-chats).
  sms_chat_message: ({ chat }) => [invalidate(smsQueryKeys.chat(chat.id))],
  mark_as_read_sms: () => [],
  // The product's own event: a bulk sending's counts after each batch, shown at once in its dialog.
  sms_bulk_progress: (progress) => [
    patch(smsQueryKeys.bulk(progress.id), progress.id, setFields({ ...progress })),
  ],
  // A broker's reply or a colleague's message: the open thread shows it (and marks it read), the thread
  // lists their unread counts and order.
  email_chat_message: ({ chat }) => [
    invalidate(emailQueryKeys.chat(chat.id)),
    invalidate(emailQueryKeys.searches),
  ],
};

/** The effects of one checked socket message on the query cache. */
export function liveEffects(message: RealtimeMessage): LiveEffect[] {
  const effectsOf = LIVE_QUERIES[message.event] as (data: RealtimeMessage['data']) => LiveEffect[];
  return effectsOf(message.data);
}
