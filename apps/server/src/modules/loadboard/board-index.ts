import type { BoardTruck } from '@app/domain/loadboard/nearest-truck.rules';
import type { BoardFilters } from './loadboard-list.repository';
import { reachedPlaces, type BoardPlace } from './loadboard-trucks.repository';

// The load board's filters answered from the board held in memory: each board load's filter columns
// (board-index.repository reads them at one board version) tested as loadboard-list.repository's SQL tests
// them, newest first. A company's board is tens of thousands of loads at most; testing each of them here
// takes a fraction of a millisecond, where counting them in PostgreSQL took 7 to 30 ms on every request.
// The two must agree: board-index.int.test.ts holds them to the same answers on random filters.

/** A board load's columns that the filters read. */
export type BoardIndexEntry = {
  id: number;
  working_group_id: number | null;
  subgroup_id: number | null;
  dispatcher_id: number | null;
  broker_company_id: number | null;
  vehicle_type: string | null;
  miles: number | null;
  pick_up_cell: number | null;
  pick_up_lat: number | null;
  pick_up_lon: number | null;
  /** The states of its pick-up points, and of its delivery points. */
  pick_up_states: string[];
  deliver_to_states: string[];
};

/** What a filter names that is read at each request: the members of teams and subgroups, brokerages' brokers. */
export type BoardFilterSets = {
  teamMembers?: ReadonlySet<number>;
  subgroupMembers?: ReadonlySet<number>;
  brokerageBrokers?: ReadonlySet<number>;
};

const setOf = <T>(values: readonly T[] | undefined) => (values?.length ? new Set(values) : undefined);
const has = <T>(set: ReadonlySet<T>, value: T | null) => value !== null && set.has(value);
const placeKey = (type: string, lat: number, lon: number) => `${type}|${lat}|${lon}`;

/** The test of one load against every filter but `match`. */
function filterTest(filters: BoardFilters, sets: BoardFilterSets): (entry: BoardIndexEntry) => boolean {
  const ids = setOf(filters.loads_id);
  const teams = setOf(filters.wg);
  const subgroups = setOf(filters.sub_wg);
  const pickUpStates = setOf(filters.pickUpAt_state);
  const deliverToStates = setOf(filters.deliverTo_state);
  const cars = setOf<string>(filters.car);
  const notCars = setOf<string>(filters.not_car);
  const brokers = setOf(filters.brokers);
  const notBrokers = setOf(filters.not_brokers);
  const brokerage = filters.brokerage?.length ? (sets.brokerageBrokers ?? new Set<number>()) : undefined;
  const teamMembers = sets.teamMembers ?? new Set<number>();
  const subgroupMembers = sets.subgroupMembers ?? new Set<number>();
  const maxMiles = filters.max_miles;
  return (entry) =>
    (!ids || ids.has(entry.id)) &&
    (!teams || has(teams, entry.working_group_id) || has(teamMembers, entry.dispatcher_id)) &&
    (!subgroups || has(subgroups, entry.subgroup_id) || has(subgroupMembers, entry.dispatcher_id)) &&
    (!brokerage || has(brokerage, entry.broker_company_id)) &&
    (!pickUpStates || entry.pick_up_states.some((state) => pickUpStates.has(state))) &&
    (!deliverToStates || entry.deliver_to_states.some((state) => deliverToStates.has(state))) &&
    (!cars || has(cars, entry.vehicle_type)) &&
    (!notCars || entry.vehicle_type === null || !notCars.has(entry.vehicle_type)) &&
    (maxMiles === undefined || (entry.miles !== null && entry.miles <= maxMiles)) &&
    (!brokers || has(brokers, entry.broker_company_id)) &&
    (!notBrokers || entry.broker_company_id === null || !notBrokers.has(entry.broker_company_id));
}

/** The loads of a `match` place: a type and a placed first pick-up. */
function isPlaced(
  entry: BoardIndexEntry,
): entry is BoardIndexEntry & { vehicle_type: string; pick_up_cell: number; pick_up_lat: number; pick_up_lon: number } {
  return (
    entry.vehicle_type !== null &&
    entry.pick_up_cell !== null &&
    entry.pick_up_lat !== null &&
    entry.pick_up_lon !== null
  );
}

/**
 * The count and one page of ids of the board loads (newest first) that pass the filters. With `match`,
 * the loads that pass the others are grouped by type and first pick-up place, the places measured against
 * the trucks (reachedPlaces, as the SQL path does) and the loads at the reached places kept.
 */
export function selectBoardPage(
  entries: readonly BoardIndexEntry[],
  filters: BoardFilters,
  sets: BoardFilterSets,
  paging: { limit: number; offset: number },
  match?: { trucks: readonly BoardTruck[]; maxMilesOut: number },
): { count: number; ids: number[] } {
  const passes = filterTest(filters, sets);
  let chosen = entries.filter(passes);
  if (match) {
    const places = new Map<string, BoardPlace>();
    for (const entry of chosen) {
      if (!isPlaced(entry)) continue;
      const key = placeKey(entry.vehicle_type, entry.pick_up_lat, entry.pick_up_lon);
      const place = places.get(key);
      if (place) place.loads += 1;
      else
        places.set(key, {
          type: entry.vehicle_type,
          cell: entry.pick_up_cell,
          lat: entry.pick_up_lat,
          lon: entry.pick_up_lon,
          loads: 1,
        });
    }
    const reached = new Set(
      reachedPlaces(match.trucks, match.maxMilesOut, [...places.values()]).map((place) =>
        placeKey(place.type, place.lat, place.lon),
      ),
    );
    chosen = chosen.filter(
      (entry) =>
        isPlaced(entry) && reached.has(placeKey(entry.vehicle_type, entry.pick_up_lat, entry.pick_up_lon)),
    );
  }
  return {
    count: chosen.length,
    ids: chosen.slice(paging.offset, paging.offset + paging.limit).map((entry) => entry.id),
  };
}
