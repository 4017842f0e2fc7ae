import { describe, expect, it } from 'vitest';
import { REALTIME_EVENT_NAMES } from '@app/domain/realtime/realtime.schema';
import { companyEvent, REALTIME_EVENTS, unitsEvents, userEvent } from './events';
import { testNotice } from '../../test/realtime-data';

describe('the realtime events table', () => {
  it("gives each of the spec's socket events its publisher", () => {
    expect(Object.keys(REALTIME_EVENTS).sort()).toEqual([...REALTIME_EVENT_NAMES].sort());
    for (const spec of Object.values(REALTIME_EVENTS))
      expect(spec.publisher).toMatch(/^modules\/\S+\.service\.ts \(/);
  });

  it('gives company events the roles of the menu entries that show their data; user events go by user', () => {
    const roles = (name: keyof typeof REALTIME_EVENTS) => REALTIME_EVENTS[name].roles;
    // The load lists: admin, manager, dispatcher, tracker, accountant.
    expect(roles('update_loads')).toEqual([3, 4, 5, 6, 7]);
    expect(roles('load_status_change')).toEqual([3, 4, 5, 6, 7]);
    // Vehicles, the capacity and delivery maps: the same and HR.
    expect(roles('car_status_change')).toEqual([3, 4, 5, 6, 7, 8]);
    expect(roles('location_change')).toEqual([3, 4, 5, 6, 7, 8]);
    // The load board and bids.
    expect(roles('update_loadboard')).toEqual([3, 4, 5, 6]);
    expect(roles('driver_bid')).toEqual([3, 4, 5, 6]);
    for (const name of ['new_notice', 'read_notice', 'group_chat_message', 'sms_chat_message'] as const) {
      expect(REALTIME_EVENTS[name]).toMatchObject({ audience: 'user', roles: null });
    }
  });

  it("sends update_units, the product's own event, to who sees each kind; none for no records", () => {
    expect(REALTIME_EVENTS.update_units).toMatchObject({ audience: 'company', later: false });
    expect(unitsEvents('vehicle', 4, [7, 7, 8])).toEqual([
      {
        event: 'update_units',
        data: { kind: 'vehicle', ids: [7, 8] },
        companyId: 4,
        roles: [3, 4, 5, 6, 7, 8],
      },
    ]);
    // Drivers and owners: their pages and the pickers of vehicles and loads.
    expect(unitsEvents('driver', 4, [5])[0]?.roles).toEqual([3, 4, 5, 6, 7, 8]);
    expect(unitsEvents('owner', 4, [5])[0]?.roles).toEqual([3, 4, 5, 6, 7, 8]);
    // Broker companies: whoever looks them up, the broker check's conflict manager too.
    expect(unitsEvents('broker_company', 4, [5])[0]?.roles).toEqual([3, 4, 5, 6, 7, 13]);
    expect(REALTIME_EVENTS.update_units.roles).toEqual([3, 4, 5, 6, 7, 8, 13]);
    expect(unitsEvents('driver', 4, [])).toEqual([]);
  });

  it('builds events with the table roles, narrower roles, or users', () => {
    expect(companyEvent('update_loadboard', 4, { load: { id: 1 } })).toEqual({
      event: 'update_loadboard',
      data: { load: { id: 1 } },
      companyId: 4,
      roles: [3, 4, 5, 6],
    });
    expect(
      companyEvent(
        'load_status_change',
        4,
        { id: 1, status: 2, old_status: 1, accounting_status: null },
        [3, 4, 5, 7],
      ).roles,
    ).toEqual([3, 4, 5, 7]);
    expect(userEvent('new_notice', 4, [9], testNotice(1))).toEqual({
      event: 'new_notice',
      data: testNotice(1),
      companyId: 4,
      userIds: [9],
    });
  });
});
