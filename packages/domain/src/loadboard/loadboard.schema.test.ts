import { describe, expect, it } from 'vitest';
import { ID_MESSAGE } from '../common/ids';
import {
  boardTemplatesSchema,
  LOADBOARD_MESSAGES as M,
  LOADBOARD_ROLES,
  loadboardQuerySchema,
  loadboardSeenSchema,
  parseBoardTemplates,
} from './loadboard.schema';

function issues(input: Record<string, unknown>) {
  const parsed = loadboardQuerySchema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('GET loads/loadboard query', () => {
  it('defaults to page 1 of 100 with no filter (shell spec: load board page size 100, page from 1)', () => {
    expect(loadboardQuerySchema.parse({})).toEqual({ page: 1, limit: 100 });
  });

  it('reads list-valued parameters comma-separated or repeated, trimmed, upper-cased and without repeats', () => {
    const query = loadboardQuerySchema.parse({
      loads_id: '3,1,3',
      wg: ['2', '5'],
      sub_wg: '7',
      brokerage: 'm,S',
      pickUpAt_state: 'tx, ca',
      deliverTo_state: ['ON', 'ny'],
      car: 'cargo van,REEFER',
      max_miles: '500',
      not_brokers: '9',
      max_miles_out: '75',
      match: 'true',
    });
    expect(query).toEqual({
      page: 1,
      limit: 100,
      loads_id: [3, 1],
      wg: [2, 5],
      sub_wg: [7],
      brokerage: ['M', 'S'],
      pickUpAt_state: ['TX', 'CA'],
      deliverTo_state: ['ON', 'NY'],
      car: ['CARGO VAN', 'REEFER'],
      max_miles: 500,
      not_brokers: [9],
      max_miles_out: 75,
      match: true,
    });
    expect(loadboardQuerySchema.parse({ match: '0' }).match).toBe(false);
  });

  it('names each bad parameter with its message', () => {
    expect(issues({ page: '0' })).toEqual([{ path: 'page', message: M.pageInvalid }]);
    expect(issues({ limit: '501' })).toEqual([{ path: 'limit', message: M.limitInvalid }]);
    expect(issues({ loads_id: '1,x' })).toEqual([{ path: 'loads_id', message: M.idsInvalid }]);
    expect(issues({ wg: '0' })).toEqual([{ path: 'wg', message: M.idsInvalid }]);
    expect(issues({ brokerage: 'X' })).toEqual([{ path: 'brokerage', message: M.brokeragesInvalid }]);
    expect(issues({ pickUpAt_state: 'ZZ' })).toEqual([{ path: 'pickUpAt_state', message: M.statesInvalid }]);
    expect(issues({ deliverTo_state: 'TX,QQ' })).toEqual([
      { path: 'deliverTo_state', message: M.statesInvalid },
    ]);
    expect(issues({ not_car: 'BOAT' })).toEqual([{ path: 'not_car', message: M.vehicleTypesInvalid }]);
    expect(issues({ max_miles: '-5' })).toEqual([{ path: 'max_miles', message: M.milesInvalid }]);
    expect(issues({ max_miles_out: '10001' })).toEqual([{ path: 'max_miles_out', message: M.milesInvalid }]);
    expect(issues({ match: 'yes' })).toEqual([{ path: 'match', message: M.matchInvalid }]);
    expect(issues({ brokers: Array.from({ length: 101 }, (_, i) => String(i + 1)).join(',') })).toEqual([
      { path: 'brokers', message: M.tooMany },
    ]);
  });

  it('takes car or not_car, brokers or not_brokers, never both', () => {
    expect(issues({ car: 'VAN', not_car: 'REEFER' })).toEqual([{ path: 'not_car', message: M.carAndNotCar }]);
    expect(issues({ brokers: '1', not_brokers: '2' })).toEqual([
      { path: 'not_brokers', message: M.brokersAndNotBrokers },
    ]);
  });

  it('is for the roles of the load board menu entry: dispatchers, managers, trackers and conflict managers', () => {
    expect([...LOADBOARD_ROLES].sort()).toEqual([3, 4, 5, 6]);
  });
});

describe('POST loads/loadboard/seen', () => {
  it('takes 1 to 100 ids', () => {
    expect(loadboardSeenSchema.parse({ ids: [1, '2'] })).toEqual({ ids: [1, 2] });
    expect(loadboardSeenSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(loadboardSeenSchema.safeParse({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }).success).toBe(
      false,
    );
    expect(loadboardSeenSchema.safeParse({ ids: [0] }).success).toBe(false);
  });
});

describe('filter templates (filters_data_2)', () => {
  const east = {
    name: 'East',
    pickupStates: ['ny', 'NJ'],
    deliveryStates: ['FL'],
    vehicleTypes: ['CARGO VAN'],
    vehiclesExclude: false,
    miles: 800,
    maxMiles: 100,
    brokers: [4],
    brokersExclude: true,
    match: true,
  };

  it('keeps the spec fields: name, pickupStates, deliveryStates, vehicleTypes, vehiclesExclude, miles, maxMiles, brokers, brokersExclude, match', () => {
    expect(boardTemplatesSchema.parse([east])).toEqual([{ ...east, pickupStates: ['NY', 'NJ'] }]);
  });

  it('fills missing filters with none', () => {
    expect(boardTemplatesSchema.parse([{ name: 'Any' }])).toEqual([
      {
        name: 'Any',
        pickupStates: [],
        deliveryStates: [],
        vehicleTypes: [],
        vehiclesExclude: false,
        miles: null,
        maxMiles: null,
        brokers: [],
        brokersExclude: false,
        match: false,
      },
    ]);
  });

  it('refuses a template without a name, two with one name, bad states, types, miles and broker ids', () => {
    const messages = (value: unknown) => {
      const parsed = boardTemplatesSchema.safeParse(value);
      return parsed.success
        ? []
        : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages([{ name: ' ' }])).toEqual([`0.name: ${M.templateNameRequired}`]);
    expect(messages([{ name: 'East' }, { name: 'east' }])).toEqual([`1.name: ${M.templateNameTaken}`]);
    expect(messages([{ name: 'A', pickupStates: ['XX'] }])).toEqual([`0.pickupStates.0: ${M.statesInvalid}`]);
    expect(messages([{ name: 'A', vehicleTypes: ['BOAT'] }])).toEqual([
      `0.vehicleTypes.0: ${M.vehicleTypesInvalid}`,
    ]);
    expect(messages([{ name: 'A', miles: 0 }])).toEqual([`0.miles: ${M.milesInvalid}`]);
    expect(messages([{ name: 'A', brokers: [1.5] }])).toEqual([`0.brokers.0: ${ID_MESSAGE}`]);
    expect(messages(Array.from({ length: 51 }, (_, i) => ({ name: `T${i}` })))).toEqual([
      `: ${M.tooManyTemplates}`,
    ]);
  });

  it('parses the stored JSON text, or says it is not a template list', () => {
    expect(parseBoardTemplates(JSON.stringify([east]))?.[0]?.name).toBe('East');
    expect(parseBoardTemplates('[]')).toEqual([]);
    expect(parseBoardTemplates('{"name":"East"}')).toBeUndefined();
    expect(parseBoardTemplates('not json')).toBeUndefined();
  });
});
