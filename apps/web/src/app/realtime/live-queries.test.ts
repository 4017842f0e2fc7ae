import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  parseRealtimeMessage,
  REALTIME_EVENT_NAMES,
  type RealtimeMessage,
} from '@app/domain/realtime/realtime.schema';
import { searchPickerKey } from '@/components/search-picker/search-picker-keys';
import { brokerListQueryOptions } from '@/features/brokers/api/broker-list';
import { ratingQueueQueryOptions } from '@/features/brokers/api/broker-rating';
import { brokerSearchQueryOptions } from '@/features/brokers/api/search-brokers';
import { boardLoadQueryOptions } from '@/features/loadboard/api/board-load';
import { cargoAnalysisQueryOptions } from '@/features/loadboard/api/cargo-analysis';
import { closestCarsQueryOptions as boardClosestCarsQueryOptions } from '@/features/loadboard/api/closest-cars';
import { ratePredictionQueryOptions } from '@/features/loadboard/api/rate-prediction';
import { loadDetailQueryOptions } from '@/features/loads/api/load-detail';
import { loadListQueryOptions } from '@/features/loads/api/load-list';
import { loadQueryKeys } from '@/features/loads/api/load-query-keys';
import type { CapacityFilters } from '@/features/units/api/capacity-search';
import { capacitySearchQueryOptions } from '@/features/units/api/capacity-search';
import { closestCarsQueryOptions } from '@/features/units/api/closest-cars';
import { driverListQueryOptions } from '@/features/units/api/driver-list';
import { driverLoadHistoryQueryOptions } from '@/features/units/api/driver-load-history';
import { ownerCompaniesQueryOptions } from '@/features/units/api/owner-companies';
import { ownerListQueryOptions } from '@/features/units/api/owner-list';
import { vehicleQueryOptions } from '@/features/units/api/vehicle-detail';
import { vehicleListQueryOptions } from '@/features/units/api/vehicle-list';
import { vehicleMapQueryOptions } from '@/features/units/api/vehicle-map';
import { createLiveQueryApplier } from './apply-live-effects';
import { createInvalidationThrottle } from './invalidation-throttle';
import { LIVE_QUERIES } from './live-queries';

// The mapping, on a real query cache seeded under the keys the features' own query options use: each event
// must change or invalidate the caches of the pages that show what it changed, and leave the others alone.

const filters: CapacityFilters = { radius: 150, transportTypes: [], statuses: [], availableDate: null };

/** The cached answers of the pages a dispatcher may have open, under the features' real keys. */
const KEYS = {
  activeLoads: loadListQueryOptions('active', { page: 1 }).queryKey,
  checkoutLoads: loadListQueryOptions('checkout', { page: 1 }).queryKey,
  load300: loadDetailQueryOptions('active', 300).queryKey,
  load301: loadDetailQueryOptions('active', 301).queryKey,
  vehicles: vehicleListQueryOptions({ page: 1 }).queryKey,
  vehicle7: vehicleQueryOptions(7).queryKey,
  vehicle8: vehicleQueryOptions(8).queryKey,
  map: vehicleMapQueryOptions({}).queryKey,
  capacity: capacitySearchQueryOptions({ lat: 40, lon: -83, address: 'Columbus, OH' }, filters).queryKey,
  closestTo300: closestCarsQueryOptions(300, filters).queryKey,
  closestTo301: closestCarsQueryOptions(301, filters).queryKey,
  drivers: driverListQueryOptions({ page: 1 }).queryKey,
  driverHistory: driverLoadHistoryQueryOptions(4, 1).queryKey,
  brokers: brokerListQueryOptions('all', { page: 1 }).queryKey,
  brokerQueue: ratingQueueQueryOptions({ page: 1 }).queryKey,
  brokerLookup: brokerSearchQueryOptions('acme', null).queryKey,
  loadFormBrokers: [...loadQueryKeys.brokerSearches, 'acme'],
  owners: ownerListQueryOptions({ page: 1 }).queryKey,
  ownerCompanies: ownerCompaniesQueryOptions('').queryKey,
  vehiclePicker: searchPickerKey('vehicle', ''),
  driverPicker: searchPickerKey('driver', 'ann'),
  driverFilter: searchPickerKey('driver-with-fired', ''),
  ownerPicker: searchPickerKey('owner', ''),
  brokerFilter: searchPickerKey('broker', ''),
} satisfies Record<string, QueryKey>;
type Page = keyof typeof KEYS;
const PAGES = Object.keys(KEYS) as Page[];

const location = {
  address: '1 Main St',
  city: 'Columbus',
  state: 'OH',
  zip_code: '43004',
  country: 'US',
  lat: 39.96,
  lon: -82.99,
  updated_by: { first_name: 'Ann', last_name: 'Lee' },
  last_update_time: '2026-11-25T12:00:00-05:00',
};
const available = { id: 1, name: 'Available' };

/** A vehicle as the list and the card hold it (the fields the events change, and one they do not). */
const vehicle = (id: number) => ({
  id,
  unit_id: `T-${id}`,
  status: available,
  location: null,
  future_location: null,
  location_status: 1,
});
/** A vehicle as the map holds it: no `location`, its place is flat. */
const mapItem = (id: number) => ({
  id,
  unit_id: `T-${id}`,
  status: available,
  lat: 1,
  lon: 2,
  address: 'x',
  location_status: 1,
  future_location: null,
});
const load = (id: number) => ({ id, status: 1, status_name: 'Waiting to accept', accounting_status: null });

const DATA: Record<Page, unknown> = {
  activeLoads: { count: 2, results: [load(300), load(301)] },
  checkoutLoads: { count: 0, results: [] },
  load300: { ...load(300), history: [] },
  load301: { ...load(301), history: [] },
  vehicles: { count: 2, results: [vehicle(7), vehicle(8)] },
  vehicle7: vehicle(7),
  vehicle8: vehicle(8),
  map: { count: 2, results: [mapItem(7), mapItem(8)] },
  capacity: { count: 1, results: [{ ...vehicle(7), deadhead_miles: 12 }] },
  closestTo300: { count: 1, results: [{ ...vehicle(7), deadhead_miles: 3 }] },
  closestTo301: { count: 0, results: [] },
  drivers: { count: 0, results: [] },
  driverHistory: { count: 0, results: [] },
  brokers: { count: 0, results: [] },
  brokerQueue: { count: 0, results: [] },
  brokerLookup: { count: 1, results: [{ id: 41, name: 'Acme Logistics' }] },
  loadFormBrokers: [{ id: 41, name: 'Acme Logistics' }],
  owners: { count: 0, results: [] },
  ownerCompanies: { results: [] },
  vehiclePicker: [{ id: 7, label: 'T-7', detail: null }],
  driverPicker: [],
  driverFilter: [],
  ownerPicker: [],
  brokerFilter: [],
};

let queryClient: QueryClient;
let receive: (message: RealtimeMessage) => void;
let flush: () => void;

beforeEach(() => {
  queryClient = new QueryClient();
  for (const page of PAGES) {
    // Seeded as unknown: the mapping handles answers by shape, whatever the page's own type.
    const key: QueryKey = KEYS[page];
    queryClient.setQueryData(key, structuredClone(DATA[page]));
  }
  const throttle = createInvalidationThrottle({ queryClient });
  receive = createLiveQueryApplier(queryClient, throttle);
  flush = () => throttle.flush();
});

/** Receives the event as the socket does (checked by its schema), then sends what was gathered. */
function event(name: string, data: unknown): void {
  const message = parseRealtimeMessage({ event: name, data });
  if (!message) throw new Error(`the test's ${name} does not match its schema`);
  receive(message);
  flush();
}

const invalidated = () => PAGES.filter((page) => queryClient.getQueryState(KEYS[page])?.isInvalidated).sort();
const changed = () =>
  PAGES.filter((page) => JSON.stringify(cached(page)) !== JSON.stringify(DATA[page])).sort();
const cached = (page: Page): unknown => queryClient.getQueryData(KEYS[page]);
const results = (page: Page) => (cached(page) as { results: Record<string, unknown>[] }).results;

describe('live queries: the loads', () => {
  it("update_loads (a colleague changed a load's price): the load lists, its page, the driver histories", () => {
    event('update_loads', { ids: [300], action: 'change_price' });
    expect(invalidated()).toEqual(['activeLoads', 'checkoutLoads', 'driverHistory', 'load300']);
    expect(changed()).toEqual([]);
  });

  it('update_loads of an edit: also the delivery map and the capacity search from that load', () => {
    event('update_loads', { ids: [300, 301], action: 'edit' });
    expect(invalidated()).toEqual(
      ['activeLoads', 'checkoutLoads', 'closestTo300', 'closestTo301', 'driverHistory', 'load300']
        .concat(['load301', 'map'])
        .sort(),
    );
  });

  it("update_loads of a load's driver info: the drivers lists and pickers too (the driver's name and phone)", () => {
    event('update_loads', { ids: [300], action: 'edit_driver_info' });
    expect(invalidated()).toEqual(
      ['activeLoads', 'checkoutLoads', 'driverHistory', 'load300']
        .concat(['driverFilter', 'driverPicker', 'drivers'])
        .sort(),
    );
  });

  it("update_loads of a broker company's change: the partners pages and the broker pickers too", () => {
    event('update_loads', { ids: [301], action: 'broker_company' });
    expect(invalidated()).toEqual(
      ['activeLoads', 'checkoutLoads', 'driverHistory', 'load301']
        .concat(['brokerFilter', 'brokerLookup', 'brokerQueue', 'brokers', 'loadFormBrokers'])
        .sort(),
    );
  });

  it('load_status_change: the status at once on its rows and page; the lists, its page and the map asked again', () => {
    event('load_status_change', { id: 300, status: 2, old_status: 1, accounting_status: null });
    expect(changed()).toEqual(['activeLoads', 'load300']);
    expect(results('activeLoads')[0]).toMatchObject({
      id: 300,
      status: 2,
      status_name: 'In Transit to Pick-up',
    });
    expect(results('activeLoads')[1]).toEqual(load(301));
    expect(cached('load300')).toMatchObject({ status: 2, history: [] });
    expect(invalidated()).toEqual(['activeLoads', 'checkoutLoads', 'load300', 'map']);
  });
});

describe('live queries: the vehicles', () => {
  const onLoad = { id: 3, name: 'On load' };

  it('car_status_change: the status at once in the list, the card, the map and the searches', () => {
    event('car_status_change', { id: 7, status: onLoad });
    expect(changed()).toEqual(['capacity', 'closestTo300', 'map', 'vehicle7', 'vehicles']);
    expect(cached('vehicle7')).toEqual({ ...vehicle(7), status: onLoad });
    expect(results('vehicles')).toEqual([{ ...vehicle(7), status: onLoad }, vehicle(8)]);
    expect(results('map')[0]).toEqual({ ...mapItem(7), status: onLoad });
    // The card got all there is to know; the filtered lists, the map and the searches are asked again.
    expect(invalidated()).toEqual(['capacity', 'closestTo300', 'closestTo301', 'map', 'vehicles']);
  });

  it('location_change: the location in the list and the card; the map (flat places) is asked again', () => {
    event('location_change', { id: 8, location });
    expect(changed()).toEqual(['vehicle8', 'vehicles']);
    expect(cached('vehicle8')).toEqual({ ...vehicle(8), location });
    expect(results('map')[1]).toEqual(mapItem(8));
    expect(invalidated()).toEqual(['capacity', 'closestTo300', 'closestTo301', 'map', 'vehicles']);
  });

  it('future_location_change and location_status_change: in place; the map and the searches asked again', () => {
    const future_location = { ...location, available_date: '2026-11-26T09:00:00-05:00' };
    event('future_location_change', { id: 7, future_location });
    event('location_status_change', { id: 7, location_status: 3 });
    expect(cached('vehicle7')).toEqual({ ...vehicle(7), future_location, location_status: 3 });
    expect(results('vehicles')[0]).toEqual({ ...vehicle(7), future_location, location_status: 3 });
    expect(invalidated()).toEqual(['capacity', 'closestTo300', 'closestTo301', 'map']);
  });

  it('driver_online_change: the drivers list', () => {
    event('driver_online_change', { driver_id: 4, vehicle_id: 7, online: true });
    expect(invalidated()).toEqual(['drivers']);
    expect(changed()).toEqual([]);
  });

  it('a vehicle no page holds changes nothing in place', () => {
    event('car_status_change', { id: 99, status: onLoad });
    expect(changed()).toEqual([]);
    expect(cached('vehicles')).toEqual(DATA.vehicles);
  });
});

describe("live queries: vehicles, people and broker companies (update_units, the product's own)", () => {
  const VEHICLE_PLACES = ['capacity', 'closestTo300', 'closestTo301', 'map'];

  it("a vehicle's details: the vehicle list, its card, the map, the capacity searches and the vehicle pickers", () => {
    event('update_units', { kind: 'vehicle', ids: [7] });
    expect(invalidated()).toEqual([...VEHICLE_PLACES, 'vehicle7', 'vehiclePicker', 'vehicles'].sort());
    // Nothing is patched: the event names the vehicle, not what changed.
    expect(changed()).toEqual([]);
  });

  it('several vehicles: the card of each', () => {
    event('update_units', { kind: 'vehicle', ids: [7, 8] });
    expect(invalidated()).toEqual(
      [...VEHICLE_PLACES, 'vehicle7', 'vehicle8', 'vehiclePicker', 'vehicles'].sort(),
    );
  });

  it('a driver: the drivers lists (the page and its card) and the driver pickers and filters', () => {
    event('update_units', { kind: 'driver', ids: [4] });
    expect(invalidated()).toEqual(['driverFilter', 'driverPicker', 'drivers']);
  });

  it("an owner: the owners list, the owners' company names and the owner pickers", () => {
    event('update_units', { kind: 'owner', ids: [2] });
    expect(invalidated()).toEqual(['ownerCompanies', 'ownerPicker', 'owners']);
  });

  it('a broker company: the partners lists, the rating queue, the lookups and every broker picker; no load', () => {
    event('update_units', { kind: 'broker_company', ids: [41] });
    expect(invalidated()).toEqual(
      ['brokerFilter', 'brokerLookup', 'brokerQueue', 'brokers', 'loadFormBrokers'].sort(),
    );
  });

  it('a burst is sent as one invalidation per key', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    for (let index = 0; index < 30; index += 1) {
      receive(parseRealtimeMessage({ event: 'update_units', data: { kind: 'vehicle', ids: [7] } })!);
    }
    expect(invalidate).not.toHaveBeenCalled();
    flush();
    // The list, the card, the map, the two kinds of capacity search, the board detail's closest trucks, the
    // vehicle pickers, and the dashboard's counts and a dispatcher's own figures: once each.
    expect(invalidate).toHaveBeenCalledTimes(9);
  });
});

describe('live queries: every event', () => {
  it('has its entry in the mapping', () => {
    expect(Object.keys(LIVE_QUERIES).sort()).toEqual([...REALTIME_EVENT_NAMES].sort());
  });

  it('notifications and the areas still to be built touch no query', () => {
    event('read_notice', { id: 5 });
    event('mark_as_read_sms', { chat_id: 3 });
    expect(invalidated()).toEqual([]);
    expect(changed()).toEqual([]);
  });
});

describe('live queries: the load board', () => {
  // Seeded as unknown, as above: the mapping handles the detail by its shape.
  const detail9: QueryKey = boardLoadQueryOptions(9).queryKey;
  const boardLoad = {
    id: 9,
    board_status: 'posted',
    pays: 1200,
    dispatcher_bids: [],
    dispatcher_bids_count: 0,
  };
  beforeEach(() => queryClient.setQueryData(detail9, structuredClone(boardLoad)));

  it("a posted load's change shows at once in its open detail; the load lists are not asked again", () => {
    event('update_loadboard', { load: { ...boardLoad, pays: 1500 } });
    expect(queryClient.getQueryData(detail9)).toMatchObject({ pays: 1500 });
    expect(queryClient.getQueryState(detail9)?.isInvalidated).toBe(false);
    expect(invalidated()).toEqual([]);
  });

  it('a load that left the board (booked) is asked again, and the load lists with it', () => {
    event('update_loadboard', { load: { ...boardLoad, board_status: 'booked' } });
    expect(queryClient.getQueryState(detail9)?.isInvalidated).toBe(true);
    expect(invalidated()).toEqual(['activeLoads', 'checkoutLoads']);
  });

  it('dispatcher bids set or rejected change the detail’s bids and count', () => {
    const bid = { id: 70, price: 1400 };
    event('dispatcher_bid', { load_id: 9, dispatcher_bids: [bid], dispatcher_bids_count: 2 });
    expect(queryClient.getQueryData(detail9)).toMatchObject({
      dispatcher_bids: [bid],
      dispatcher_bids_count: 2,
    });
    event('reject_bid', { load_id: 9, bid_id: 70, dispatcher_bids: [], dispatcher_bids_count: 1 });
    expect(queryClient.getQueryData(detail9)).toMatchObject({
      dispatcher_bids: [],
      dispatcher_bids_count: 1,
    });
  });
});

describe("live queries: the board detail's insights", () => {
  const closest9 = boardClosestCarsQueryOptions(9).queryKey;
  const closest10 = boardClosestCarsQueryOptions(10).queryKey;
  const rate9 = ratePredictionQueryOptions(9).queryKey;
  const cargo9 = cargoAnalysisQueryOptions(9).queryKey;
  // Seeded as unknown, as the pages above: the mapping handles answers by key, whatever their type.
  const insights: Record<string, QueryKey> = { closest9, closest10, rate9, cargo9 };
  const stale = () =>
    Object.entries(insights)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  beforeEach(() => {
    for (const key of Object.values(insights)) queryClient.setQueryData(key, {});
  });

  it("a vehicle's status, place or details: every open closest trucks, not the rate or the cargo", () => {
    event('car_status_change', { id: 7, status: { id: 3, name: 'On load' } });
    expect(stale()).toEqual(['closest10', 'closest9']);
  });

  it("update_units of a vehicle (its sizes, equipment, switches) too; a driver's or owner's change does not", () => {
    event('update_units', { kind: 'owner', ids: [2] });
    expect(stale()).toEqual([]);
    event('update_units', { kind: 'vehicle', ids: [7] });
    expect(stale()).toEqual(['closest10', 'closest9']);
  });

  it("update_loadboard: that load's three insights, no other load's", () => {
    event('update_loadboard', { load: { id: 9, board_status: 'posted' } });
    expect(stale()).toEqual(['cargo9', 'closest9', 'rate9']);
  });
});
