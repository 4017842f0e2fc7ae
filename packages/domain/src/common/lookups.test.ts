import { describe, expect, it } from 'vitest';
import {
  BROKER_RATINGS,
  CA_PROVINCES,
  DEPARTMENTS,
  EMAIL_CHAT_TYPES,
  EMAIL_NOTIFICATION_STATUSES,
  EQUIPMENT_FLAGS,
  INCENTIVE_TYPES,
  INCOME_STATUSES,
  INVOICE_STATUSES,
  LOAD_STATUSES,
  LOCATION_STATUSES,
  NOTIFICATION_TYPES,
  PAY_STATUSES,
  PAYMENT_STATUS,
  PAYMENT_STATUSES,
  REGIONS,
  REQUEST_STATUSES,
  ROLE_ENTRIES,
  ROLES,
  STAFF_ROLE_IDS,
  TIME_ZONES,
  US_STATES,
  USER_STATUSES,
  VEHICLE_STATUS,
  VEHICLE_STATUSES,
  VEHICLE_TYPES,
  WEEKDAYS,
  equipmentDisplay,
  isTransientNotificationType,
  lookupName,
  roleName,
  type LookupEntry,
} from './lookups';

const TABLES: Record<string, LookupEntry<number | string>[]> = {
  ROLES: ROLE_ENTRIES,
  LOAD_STATUSES,
  VEHICLE_STATUSES,
  VEHICLE_TYPES,
  US_STATES,
  CA_PROVINCES,
  PAYMENT_STATUSES,
  PAY_STATUSES,
  INVOICE_STATUSES,
  INCOME_STATUSES,
  REQUEST_STATUSES,
  BROKER_RATINGS,
  EQUIPMENT_FLAGS,
  NOTIFICATION_TYPES,
  USER_STATUSES,
  INCENTIVE_TYPES,
  WEEKDAYS,
  TIME_ZONES,
  EMAIL_NOTIFICATION_STATUSES,
  EMAIL_CHAT_TYPES,
  DEPARTMENTS,
  LOCATION_STATUSES,
};

const englishById = (table: LookupEntry<number | string>[]) =>
  Object.fromEntries(table.map((entry) => [entry.id, entry.en]));

describe('every lookup table', () => {
  it.each(Object.entries(TABLES))(
    '%s has a non-empty English and Russian name for every entry',
    (_, table) => {
      expect(table.length).toBeGreaterThan(0);
      for (const entry of table) {
        expect(entry.en.trim()).not.toBe('');
        expect(entry.ru.trim()).not.toBe('');
      }
    },
  );
  it.each(Object.entries(TABLES))('%s has unique ids', (_, table) => {
    expect(new Set(table.map((entry) => entry.id)).size).toBe(table.length);
  });
  it.each(Object.entries(TABLES).filter(([name]) => !['PAY_STATUSES', 'TIME_ZONES'].includes(name)))(
    '%s has Russian names in Cyrillic unless the term is kept as is',
    (_, table) => {
      // TONU is used untranslated by Russian-speaking dispatchers.
      const cyrillicOrKept = /[А-Яа-яЁё]|^TONU$/;
      const uncyrillic = table.filter((entry) => !cyrillicOrKept.test(entry.ru));
      expect(uncyrillic.map((entry) => entry.ru)).toEqual([]);
    },
  );
});

describe('roles', () => {
  it('are the spec ids 3 to 13 with their names', () => {
    expect(englishById(ROLE_ENTRIES)).toEqual({
      3: 'Admin',
      4: 'Manager',
      5: 'Dispatcher',
      6: 'Tracker',
      7: 'Accountant',
      8: 'HR',
      9: 'Shipper',
      10: 'Driver',
      11: 'Guest',
      12: 'Temporary Driver',
      13: 'Conflict Manager',
    });
  });
  it('staff roles are 3 to 8 and 13', () => expect([...STAFF_ROLE_IDS]).toEqual([3, 4, 5, 6, 7, 8, 13]));
  it('role name in English and Russian', () => {
    expect(roleName(5)).toBe('Dispatcher');
    expect(roleName(5, 'ru')).toBe('Диспетчер');
  });
  it('role name falls back to Unknown', () => {
    expect(roleName(1)).toBe('Unknown');
    expect(roleName(null)).toBe('Unknown');
    expect(roleName(undefined, 'ru')).toBe('Неизвестно');
  });
});

describe('statuses', () => {
  it('load statuses 1 to 12 have the spec names', () => {
    expect(englishById(LOAD_STATUSES)).toEqual({
      1: 'Waiting to accept',
      2: 'In Transit to Pick-up',
      3: 'Arrived to Pick-up',
      4: 'Loaded',
      5: 'In Transit to Delivery',
      6: 'Arrived to Delivery',
      7: 'Unloaded',
      8: 'Delivered',
      9: 'TONU',
      10: 'Completed',
      11: 'TONU',
      12: 'Canceled',
    });
  });
  it('vehicle statuses are 1, 2, 3, 4, 5 and 7 with the spec names', () => {
    expect(englishById(VEHICLE_STATUSES)).toEqual({
      1: 'Available',
      2: 'Not available',
      3: 'On load',
      4: 'In bid',
      5: 'Locked',
      7: 'In bid',
    });
  });
  it('payment statuses 1 to 9 have the spec names', () => {
    expect(englishById(PAYMENT_STATUSES)).toEqual({
      1: 'Standard',
      2: 'Approved for payment',
      3: 'Sent to factoring',
      4: 'Accepted by factoring',
      5: 'Direct pay',
      6: 'Payment on hold',
      7: 'Ready to pay',
      8: 'Completed',
      9: 'Chargeback',
    });
  });
  it('pay statuses are the six named in the spec', () => {
    expect(PAY_STATUSES.map((entry) => entry.id)).toEqual([
      'Standard',
      'TONU',
      'Problems',
      'W/0 Factoring',
      'Quickpay',
      'Canceled',
    ]);
  });
  it('invoice statuses are 1 Unpaid, 2 Closed, 3 Paid', () => {
    expect(englishById(INVOICE_STATUSES)).toEqual({ 1: 'Unpaid', 2: 'Closed', 3: 'Paid' });
  });
  it('request statuses are 1 No, 2 Requested, 3 Approved, 4 Rejected', () => {
    expect(englishById(REQUEST_STATUSES)).toEqual({ 1: 'No', 2: 'Requested', 3: 'Approved', 4: 'Rejected' });
  });
  it('user statuses are Active, Pending, Fired', () => {
    expect(USER_STATUSES.map((entry) => entry.en)).toEqual(['Active', 'Pending', 'Fired']);
  });
  it('incentive types are Bonus and Fine', () => {
    expect(INCENTIVE_TYPES.map((entry) => entry.en)).toEqual(['Bonus', 'Fine']);
  });
  it('e-mail notification statuses are Active, Inactive, Halted', () => {
    expect(EMAIL_NOTIFICATION_STATUSES.map((entry) => entry.id)).toEqual(['Active', 'Inactive', 'Halted']);
  });
  it('location statuses are 1 current, 2 planned, 3 both', () => {
    expect(LOCATION_STATUSES.map((entry) => [entry.id, entry.name])).toEqual([
      [1, 'current'],
      [2, 'planned'],
      [3, 'both'],
    ]);
  });
  it('lookupName falls back to Unknown', () => {
    expect(lookupName(INVOICE_STATUSES, 4)).toBe('Unknown');
    expect(lookupName(INVOICE_STATUSES, 3, 'ru')).toBe('Оплачен');
  });
});

describe('vehicle types', () => {
  it('are the 11 of the spec', () => {
    expect(VEHICLE_TYPES.map((entry) => entry.id)).toEqual([
      'CARGO VAN',
      'SPRINTER VAN',
      'VAN',
      'SPRINTER',
      'BOX TRUCK',
      'SMALL STRAIGHT',
      'LARGE STRAIGHT',
      'LIFTGATE',
      'FLATBED',
      'TRACTOR',
      'REEFER',
    ]);
  });
});

describe('states and provinces', () => {
  it('are the 50 US states plus DC', () => {
    expect(US_STATES.map((state) => state.id).sort()).toEqual(
      'AK AL AR AZ CA CO CT DC DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT NC ND NE NH NJ NM NV NY OH OK OR PA RI SC SD TN TX UT VA VT WA WI WV WY'.split(
        ' ',
      ),
    );
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.find((state) => state.id === 'DC')?.en).toBe('District of Columbia');
    expect(US_STATES.every((state) => state.country === 'US' && /^[A-Z]{2}$/.test(state.id))).toBe(true);
  });
  it("are Canada's 13 provinces and territories", () => {
    expect(CA_PROVINCES.map((province) => province.id).sort()).toEqual(
      ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'].sort(),
    );
    expect(CA_PROVINCES.every((province) => province.country === 'CA')).toBe(true);
  });
  it('have no code shared between the two countries', () => {
    expect(new Set(REGIONS.map((region) => region.id)).size).toBe(64);
  });
  it('have Russian names', () => {
    expect(lookupName(US_STATES, 'NY', 'ru')).toBe('Нью-Йорк');
    expect(lookupName(CA_PROVINCES, 'ON', 'ru')).toBe('Онтарио');
  });
});

describe('broker ratings', () => {
  it('are 1 Unknown, 2 Not Approved, 3 Approved, 4 Severe Risk, 5 Call Office', () => {
    expect(englishById(BROKER_RATINGS)).toEqual({
      1: 'Unknown',
      2: 'Not Approved',
      3: 'Approved',
      4: 'Severe Risk',
      5: 'Call Office',
    });
  });
  it('each have a distinct hex colour', () => {
    const colors = BROKER_RATINGS.map((rating) => rating.color);
    expect(colors.every((color) => /^#[0-9a-f]{6}$/.test(color))).toBe(true);
    expect(new Set(colors).size).toBe(colors.length);
  });
});

describe('equipment flags', () => {
  it('are the 12 of the spec with their display names', () => {
    expect(EQUIPMENT_FLAGS.map((flag) => [flag.id, flag.en])).toEqual([
      ['ppe', 'PPE'],
      ['straps', 'Straps'],
      ['dolly', 'Dolly'],
      ['bulkhead', 'Bulkhead'],
      ['temp_control', 'Temp Control'],
      ['air_ride', 'Air Ride'],
      ['liftgate', 'Lift-gate'],
      ['pallet_jack', 'Pallet Jack'],
      ['tent', 'Tent'],
      ['side_loading', 'Side-loading'],
      ['load_bars', 'Load bars'],
      ['e_tracks', 'E-tracks'],
    ]);
  });
  it('display the set flags in table order', () => {
    expect(equipmentDisplay({ e_tracks: true, ppe: true, straps: false })).toBe('PPE, E-tracks');
  });
  it("display 'None' when none is set", () => {
    expect(equipmentDisplay({})).toBe('None');
    expect(equipmentDisplay({ ppe: false, tent: null })).toBe('None');
    expect(equipmentDisplay({}, 'ru')).toBe('Нет');
  });
});

describe('notification types', () => {
  it('have the spec ids and names', () => {
    expect(NOTIFICATION_TYPES.map((type) => [type.id, type.name])).toEqual([
      [1, 'group_chat'],
      [2, 'sms_chat'],
      [3, 'bid_info'],
      [4, 'load_info'],
      [5, 'tracking_info'],
      [6, 'tracking_info'],
      [7, 'notes_chat'],
      [8, 'rate_notice'],
      [9, 'damage_notice'],
      [10, 'email_chat_message'],
      [11, 'owner_sms_chat'],
      [100, 'load_status'],
    ]);
  });
  it('are transient from 100 up', () => {
    expect(NOTIFICATION_TYPES.filter((type) => type.transient).map((type) => type.id)).toEqual([100]);
    expect(isTransientNotificationType(99)).toBe(false);
    expect(isTransientNotificationType(100)).toBe(true);
    expect(isTransientNotificationType(101)).toBe(true);
  });
});

describe('calendar, zones, chats and departments', () => {
  it('weekdays run from Monday 0 to Sunday 6', () => {
    expect(WEEKDAYS.map((day) => [day.id, day.en])).toEqual([
      [0, 'Monday'],
      [1, 'Tuesday'],
      [2, 'Wednesday'],
      [3, 'Thursday'],
      [4, 'Friday'],
      [5, 'Saturday'],
      [6, 'Sunday'],
    ]);
  });
  it('time zones are EST, CST, MST, PST with IANA zones', () => {
    expect(TIME_ZONES.map((zone) => [zone.id, zone.zone])).toEqual([
      ['EST', 'America/New_York'],
      ['CST', 'America/Chicago'],
      ['MST', 'America/Denver'],
      ['PST', 'America/Los_Angeles'],
    ]);
  });
  it('e-mail chat types are 1 bid, 2 load, 3 accounting', () => {
    expect(EMAIL_CHAT_TYPES.map((type) => [type.id, type.name])).toEqual([
      [1, 'bid'],
      [2, 'load'],
      [3, 'accounting'],
    ]);
  });
  it('departments are Carrier, Shipper, Dispatcher', () => {
    expect(DEPARTMENTS.map((department) => department.id)).toEqual(['Carrier', 'Shipper', 'Dispatcher']);
  });
});

describe('named ids', () => {
  // A name is the table's English name in camel case: the names cannot drift from the ids they stand for.
  const camel = (english: string) =>
    english
      .toLowerCase()
      .replace(/[^a-z0-9]+(.)/g, (_, letter: string) => letter.toUpperCase());
  const check = (named: Record<string, number>, table: readonly LookupEntry<number | string>[]) => {
    for (const [name, id] of Object.entries(named)) {
      expect(camel(table.find((entry) => entry.id === id)?.en ?? ''), `${name} = ${id}`).toBe(name);
    }
  };

  it('ROLES names every role by its table name', () => {
    check(ROLES, ROLE_ENTRIES);
    expect(Object.values(ROLES).sort((a, b) => a - b)).toEqual(ROLE_ENTRIES.map((role) => role.id));
  });

  it('VEHICLE_STATUS and PAYMENT_STATUS name their ids by the table names', () => {
    check(VEHICLE_STATUS, VEHICLE_STATUSES);
    check(PAYMENT_STATUS, PAYMENT_STATUSES);
  });
});
