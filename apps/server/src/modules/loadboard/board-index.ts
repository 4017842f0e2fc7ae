import type { BoardTruck } from '@app/domain/loadboard/nearest-truck.rules';
import type { BoardFilters } from './loadboard-list.repository';
import { placeReach, type MatchPlace } from './loadboard-trucks.repository';

// The load board's filters answered from the board held in memory: each board load's filter columns
// (board-index.repository reads them at one board version) tested as loadboard-list.repository's SQL tests
// them, newest first. The board is kept as columns of numbers: every value of a column (a team, a broker,
// a vehicle type, a state, a place) gets a small code, and a filter becomes a table of the codes it lets
// through, so a load is tested by a few array reads (about 1 ms for 50,000 loads, where counting them in
// PostgreSQL took 7 to 30 ms on every request, and a test of objects and sets took 7 ms).
// The two must agree: board-index.int.test.ts holds them to the same answers on random filters.

/** A board load's columns that the filters read, as board-index.repository reads them. */
export type BoardIndexRow = {
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
  pick_up_states: readonly string[];
  deliver_to_states: readonly string[];
};

/** The codes of one column's values, from 1; code 0 is null. */
class Codes<Value> {
  readonly codes = new Map<Value, number>();
  get size(): number {
    return this.codes.size + 1;
  }
  codeOf(value: Value | null): number {
    if (value === null) return 0;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size + 1;
      this.codes.set(value, code);
    }
    return code;
  }
  /** The table of the codes the values let through: 1 for theirs, 0 for the others and null. */
  only(values: Iterable<Value>): Uint8Array {
    const table = new Uint8Array(this.size);
    for (const value of values) {
      const code = this.codes.get(value);
      if (code !== undefined) table[code] = 1;
    }
    return table;
  }
  /** The table of every code but the values' (null let through). */
  except(values: Iterable<Value>): Uint8Array {
    const table = new Uint8Array(this.size).fill(1);
    for (const value of values) {
      const code = this.codes.get(value);
      if (code !== undefined) table[code] = 0;
    }
    return table;
  }
}

/** The board as columns: entry i is the i-th newest board load. */
export type BoardIndex = {
  size: number;
  id: Float64Array;
  team: Int32Array;
  subgroup: Int32Array;
  dispatcher: Int32Array;
  broker: Int32Array;
  type: Int32Array;
  /** NaN when the load has no miles (NaN <= x is false, as NULL <= x is not true). */
  miles: Float64Array;
  /** The load's `match` place: a vehicle type and a placed first pick-up; 0 when either is missing. */
  place: Int32Array;
  places: MatchPlace[];
  /** The states of its pick-ups and deliveries as bits: `stateWords` 32-bit words per load. */
  pickUpStates: Uint32Array;
  deliverToStates: Uint32Array;
  stateWords: number;
  codes: {
    team: Codes<number>;
    subgroup: Codes<number>;
    dispatcher: Codes<number>;
    broker: Codes<number>;
    type: Codes<string>;
    state: Codes<string>;
  };
};

/** The board's columns from its loads, newest first. */
export function buildBoardIndex(rows: readonly BoardIndexRow[]): BoardIndex {
  const size = rows.length;
  const codes = {
    team: new Codes<number>(),
    subgroup: new Codes<number>(),
    dispatcher: new Codes<number>(),
    broker: new Codes<number>(),
    type: new Codes<string>(),
    state: new Codes<string>(),
  };
  for (const row of rows) {
    for (const state of row.pick_up_states) codes.state.codeOf(state);
    for (const state of row.deliver_to_states) codes.state.codeOf(state);
  }
  const stateWords = Math.max(1, Math.ceil(codes.state.size / 32));
  const index: BoardIndex = {
    size,
    id: new Float64Array(size),
    team: new Int32Array(size),
    subgroup: new Int32Array(size),
    dispatcher: new Int32Array(size),
    broker: new Int32Array(size),
    type: new Int32Array(size),
    miles: new Float64Array(size),
    place: new Int32Array(size),
    places: [{ type: '', cell: 0, lat: 0, lon: 0 }],
    pickUpStates: new Uint32Array(size * stateWords),
    deliverToStates: new Uint32Array(size * stateWords),
    stateWords,
    codes,
  };
  const placeCodes = new Map<string, number>();
  rows.forEach((row, i) => {
    index.id[i] = row.id;
    index.team[i] = codes.team.codeOf(row.working_group_id);
    index.subgroup[i] = codes.subgroup.codeOf(row.subgroup_id);
    index.dispatcher[i] = codes.dispatcher.codeOf(row.dispatcher_id);
    index.broker[i] = codes.broker.codeOf(row.broker_company_id);
    index.type[i] = codes.type.codeOf(row.vehicle_type);
    index.miles[i] = row.miles ?? Number.NaN;
    for (const state of row.pick_up_states)
      setBit(index.pickUpStates, i * stateWords, codes.state.codeOf(state));
    for (const state of row.deliver_to_states)
      setBit(index.deliverToStates, i * stateWords, codes.state.codeOf(state));
    const { vehicle_type: type, pick_up_cell: cell, pick_up_lat: lat, pick_up_lon: lon } = row;
    if (type !== null && cell !== null && lat !== null && lon !== null) {
      // The SQL path groups places by type, cell, latitude and longitude; the cell follows from the place.
      const key = `${type}|${lat}|${lon}`;
      let code = placeCodes.get(key);
      if (code === undefined) {
        code = index.places.length;
        placeCodes.set(key, code);
        index.places.push({ type, cell, lat, lon });
      }
      index.place[i] = code;
    }
  });
  return index;
}

function setBit(words: Uint32Array, offset: number, code: number) {
  words[offset + (code >>> 5)]! |= 1 << (code & 31);
}

/** The bits of the states, or null when no state is asked for. */
function stateMask(index: BoardIndex, states: readonly string[] | undefined): Uint32Array | null {
  if (!states?.length) return null;
  const mask = new Uint32Array(index.stateWords);
  for (const state of states) {
    const code = index.codes.state.codes.get(state);
    if (code !== undefined) setBit(mask, 0, code);
  }
  return mask;
}

function hasState(words: Uint32Array, offset: number, mask: Uint32Array): boolean {
  for (let word = 0; word < mask.length; word++) {
    if ((words[offset + word]! & mask[word]!) !== 0) return true;
  }
  return false;
}

/** Both tables' codes (a code let through by each), or the one given. */
function both(first: Uint8Array | null, second: Uint8Array | null): Uint8Array | null {
  if (!first || !second) return first ?? second;
  return first.map((allowed, code) => allowed & second[code]!);
}

/** What a filter names that is read at each request: the members of teams and subgroups, brokerages' brokers. */
export type BoardFilterSets = {
  teamMembers?: ReadonlySet<number>;
  subgroupMembers?: ReadonlySet<number>;
  brokerageBrokers?: ReadonlySet<number>;
};

/** The filters (`match` aside) as tables of codes, and the test of load i against all of them. */
function filterTest(index: BoardIndex, filters: BoardFilters, sets: BoardFilterSets): (i: number) => boolean {
  const { codes } = index;
  const ids = filters.loads_id?.length ? new Set(filters.loads_id) : null;
  const teams = filters.wg?.length ? codes.team.only(filters.wg) : null;
  const teamMembers = teams ? codes.dispatcher.only(sets.teamMembers ?? []) : null;
  const subgroups = filters.sub_wg?.length ? codes.subgroup.only(filters.sub_wg) : null;
  const subgroupMembers = subgroups ? codes.dispatcher.only(sets.subgroupMembers ?? []) : null;
  const types = both(
    filters.car?.length ? codes.type.only(filters.car) : null,
    filters.not_car?.length ? codes.type.except(filters.not_car) : null,
  );
  const brokers = both(
    both(
      filters.brokerage?.length ? codes.broker.only(sets.brokerageBrokers ?? []) : null,
      filters.brokers?.length ? codes.broker.only(filters.brokers) : null,
    ),
    filters.not_brokers?.length ? codes.broker.except(filters.not_brokers) : null,
  );
  const pickUps = stateMask(index, filters.pickUpAt_state);
  const deliveries = stateMask(index, filters.deliverTo_state);
  const maxMiles = filters.max_miles ?? null;
  const words = index.stateWords;
  return (i) =>
    (ids === null || ids.has(index.id[i]!)) &&
    (teams === null || teams[index.team[i]!] === 1 || teamMembers![index.dispatcher[i]!] === 1) &&
    (subgroups === null ||
      subgroups[index.subgroup[i]!] === 1 ||
      subgroupMembers![index.dispatcher[i]!] === 1) &&
    (types === null || types[index.type[i]!] === 1) &&
    (brokers === null || brokers[index.broker[i]!] === 1) &&
    (maxMiles === null || index.miles[i]! <= maxMiles) &&
    (pickUps === null || hasState(index.pickUpStates, i * words, pickUps)) &&
    (deliveries === null || hasState(index.deliverToStates, i * words, deliveries));
}

/**
 * The board as it is held: the loads read whole (`base`), with those changed since marked in `removed`,
 * and the loads changed since that are on the board now (`recent`). A load is in one of the two.
 */
export type BoardView = { base: BoardIndex; removed: Uint8Array | null; recent: BoardIndex | null };

/** A board read whole, nothing changed since. */
export const wholeBoard = (index: BoardIndex): BoardView => ({ base: index, removed: null, recent: null });

type Match = { trucks: readonly BoardTruck[]; maxMilesOut: number };

/** Distances of `match` a board index remembers its places' answers for, at most (then it starts again). */
const REMEMBERED_DISTANCES = 256;

/**
 * Whether a truck reaches each place of an index, per distance asked (`match`'s max_miles_out): 1 or 0 as
 * each place is first measured, -1 until then. Kept while the trucks are the same array (readBoardRequest
 * answers the same one while the trucks read are unchanged), so a place is measured once for a distance
 * rather than at each request: measuring the places was most of a `match` request's time.
 */
type PlaceAnswers = { trucks: readonly BoardTruck[]; byDistance: Map<number, Int8Array> };
const placeAnswers = new WeakMap<BoardIndex, PlaceAnswers>();

function reachedTest(index: BoardIndex, match: Match): (place: number) => boolean {
  let remembered = placeAnswers.get(index);
  if (!remembered || remembered.trucks !== match.trucks) {
    remembered = { trucks: match.trucks, byDistance: new Map() };
    placeAnswers.set(index, remembered);
  }
  let answers = remembered.byDistance.get(match.maxMilesOut);
  if (!answers) {
    if (remembered.byDistance.size >= REMEMBERED_DISTANCES) remembered.byDistance.clear();
    answers = new Int8Array(index.places.length).fill(-1);
    remembered.byDistance.set(match.maxMilesOut, answers);
  }
  const known = answers;
  let reaches: ((place: MatchPlace) => boolean) | null = null;
  return (place) => {
    let answer = known[place]!;
    if (answer === -1) {
      reaches ??= placeReach(match.trucks, match.maxMilesOut);
      answer = reaches(index.places[place]!) ? 1 : 0;
      known[place] = answer;
    }
    return answer === 1;
  };
}

/**
 * The test of load i of one index against the filters; with `match`, also that its place (a vehicle type
 * and a placed first pick-up) is reached by a fitting truck (placeReach, as the SQL path measures places).
 */
function keepTest(
  index: BoardIndex,
  removed: Uint8Array | null,
  filters: BoardFilters,
  sets: BoardFilterSets,
  match: Match | undefined,
): (i: number) => boolean {
  const filtered = filterTest(index, filters, sets);
  const passes = removed ? (i: number) => removed[i] === 0 && filtered(i) : filtered;
  if (!match) return passes;
  const reached = reachedTest(index, match);
  return (i) => index.place[i] !== 0 && passes(i) && reached(index.place[i]!);
}

/**
 * The count of the board loads that pass the filters and the ids of those from `from` to `to` (not
 * included), newest first: the recent loads merged into the base by id as it is read.
 */
function choose(
  view: BoardView,
  filters: BoardFilters,
  sets: BoardFilterSets,
  match: Match | undefined,
  from: number,
  to: number,
): { count: number; ids: number[] } {
  const recent: number[] = [];
  if (view.recent) {
    const keepRecent = keepTest(view.recent, null, filters, sets, match);
    for (let i = 0; i < view.recent.size; i++) if (keepRecent(i)) recent.push(view.recent.id[i]!);
  }
  const { base } = view;
  const keep = keepTest(base, view.removed, filters, sets, match);
  let count = 0;
  const ids: number[] = [];
  const take = (id: number) => {
    if (count >= from && count < to) ids.push(id);
    count += 1;
  };
  let next = 0;
  for (let i = 0; i < base.size; i++) {
    if (!keep(i)) continue;
    const id = base.id[i]!;
    while (next < recent.length && recent[next]! > id) take(recent[next++]!);
    take(id);
  }
  while (next < recent.length) take(recent[next++]!);
  return { count, ids };
}

/** The first ids of an answer that a view keeps: ten pages of 100, forty of 25 (later pages are chosen afresh). */
const KEPT_IDS = 1_000;
/**
 * Ids a board view keeps of the filters it answered, at most, across its answers (about 16 MB; then it starts
 * again). A view lasts until the board's next change, so in use it keeps far fewer.
 */
const REMEMBERED_IDS = 2_000_000;

/** What a board view answered a set of filters: kept while the view lasts (a new version is a new view). */
type Answer = { sets: string; trucks: readonly BoardTruck[] | null; count: number; ids: number[] };
type Answers = { byFilters: Map<string, Answer>; ids: number };
const viewAnswers = new WeakMap<BoardView, Answers>();

const sortedText = (values: Iterable<number | string>) => [...values].sort().join(',');

/** The filters as a key: each one's values in order, so that the same filters in another order agree. */
function filtersKey(filters: BoardFilters, match: Match | undefined): string {
  const parts: string[] = [];
  for (const name of Object.keys(filters).sort() as (keyof BoardFilters)[]) {
    const value = filters[name];
    if (value === undefined) continue;
    parts.push(`${name}=${Array.isArray(value) ? sortedText(value) : String(value)}`);
  }
  if (match) parts.push(`reach=${match.maxMilesOut}`);
  return parts.join('&');
}

/** The members and brokers the filters named, as read for this request. */
const setsKey = (sets: BoardFilterSets) =>
  [sets.teamMembers, sets.subgroupMembers, sets.brokerageBrokers]
    .map((members) => (members ? sortedText(members) : '-'))
    .join('|');

/**
 * The count and one page of ids of the board loads that pass the filters, newest first. A view remembers
 * what it answered each set of filters (with the same members named and the same trucks), so that the next
 * page of a list, or another dispatcher's same filters, is a slice of the last answer rather than a pass
 * over the board (0.3 to 1.4 ms for 50,000 loads): the view is the board at one version, so the answer
 * holds while it does.
 */
export function selectBoardPage(
  view: BoardView,
  filters: BoardFilters,
  sets: BoardFilterSets,
  paging: { limit: number; offset: number },
  match?: Match,
): { count: number; ids: number[] } {
  const end = paging.offset + paging.limit;
  if (end > KEPT_IDS) return choose(view, filters, sets, match, paging.offset, end);
  let answers = viewAnswers.get(view);
  if (!answers) {
    answers = { byFilters: new Map(), ids: 0 };
    viewAnswers.set(view, answers);
  }
  const key = filtersKey(filters, match);
  const named = setsKey(sets);
  const trucks = match?.trucks ?? null;
  let answer = answers.byFilters.get(key);
  if (!answer || answer.sets !== named || answer.trucks !== trucks) {
    if (answer) answers.ids -= answer.ids.length;
    answer = { sets: named, trucks, ...choose(view, filters, sets, match, 0, KEPT_IDS) };
    if (answers.ids + answer.ids.length > REMEMBERED_IDS) {
      answers.byFilters.clear();
      answers.ids = 0;
    }
    answers.byFilters.set(key, answer);
    answers.ids += answer.ids.length;
  }
  return { count: answer.count, ids: answer.ids.slice(paging.offset, end) };
}
