/**
 * What the demo seed creates for each company: its settings, staff, teams and the size of its fleet,
 * broker list, load history and bids. The generators turn these numbers into records.
 */
import type { LoadStatus, NewCompany, RoleColumn } from '../schema';
import { DEMO_BROKER_NAMES, DEMO_SHIPPER_NAMES, OTHER_BROKER_NAMES, OTHER_SHIPPER_NAMES } from './content';

export const DEMO_PASSWORD = 'demo1234';

export type StaffSpec = {
  email: string;
  first_name: string;
  last_name: string;
  role: RoleColumn;
  lang?: 'en' | 'ru';
  /** Where the person works, for a phone number with a matching area code. */
  state: string;
};

export type TeamSpec = {
  name: string;
  /** E-mail of the working group's lead. */
  lead: string;
  subgroups: { name: string; lead: string; members: string[] }[];
  /** Members who are in no subgroup. */
  members: string[];
};

export type BrokerRating = 1 | 2 | 3 | 4 | 5;

export type CompanySpec = {
  /** Seed of the company's pseudo-random sequence. */
  seed: number;
  company: Omit<NewCompany, 'id'>;
  staff: StaffSpec[];
  /** The e-mail of the driver who signs in to the driver page (role 10, one of the fleet's drivers). */
  driverSignIn: { email: string };
  teams: TeamSpec[];
  fleet: {
    owners: number;
    /** The first owners run several units each and have a company name; the rest are owner-operators. */
    fleetOwners: number;
    vehicles: number;
    drivers: number;
    /** Units with a second (team) driver. */
    teamVehicles: number;
    firstUnitNumber: number;
    /** Units with active bids (vehicle status 4, In bid). */
    inBidVehicles: number;
  };
  brokers: {
    names: readonly string[];
    shippers: readonly string[];
    /** How many brokers (OTR ones) have each rating; blacklisted ones come out of rating 4. */
    ratings: Record<BrokerRating, number>;
    blacklisted: number;
    /** Brokers waiting for a rating (the rating queue). */
    ratingRequested: number;
    creditChecks: number;
  };
  loads: Record<LoadStatus, number>;
  bids: { active: number; won: number; lost: number; driver: number };
};

export const DEMO_CARRIER: CompanySpec = {
  seed: 20240601,
  company: {
    name: 'Demo Carrier',
    company_hash: '5f3c9a1e7b2d4c6f8a0e1d3b5c7f9a2e',
    phone: '(630) 555-0100',
    email: 'dispatch@demo.test',
    address: '1450 Busse Rd, Elk Grove Village, IL 60007',
    mc_number: '1187432',
    dot_number: '3456789',
    google_maps_key: null,
    call_system: null,
    is_visible_phone_numbers: false,
    can_dispatchers_search_loads_for_on_load_unit: false,
    quickpay_percent: 3,
    paysheet_weekday: 0,
    paysheet_time: '10:00',
  },
  staff: [
    { email: 'admin@demo.test', first_name: 'Michael', last_name: 'Harper', role: 3, state: 'IL' },
    { email: 'manager@demo.test', first_name: 'Olivia', last_name: 'Bennett', role: 4, state: 'IL' },
    { email: 'jason.whitaker@demo.test', first_name: 'Jason', last_name: 'Whitaker', role: 4, state: 'IL' },
    { email: 'dispatcher@demo.test', first_name: 'Ethan', last_name: 'Walker', role: 5, state: 'IL' },
    { email: 'tyler.brooks@demo.test', first_name: 'Tyler', last_name: 'Brooks', role: 5, state: 'IL' },
    { email: 'natalie.price@demo.test', first_name: 'Natalie', last_name: 'Price', role: 5, state: 'IL' },
    { email: 'kevin.ortiz@demo.test', first_name: 'Kevin', last_name: 'Ortiz', role: 5, state: 'IL' },
    {
      email: 'brandon.mitchell@demo.test',
      first_name: 'Brandon',
      last_name: 'Mitchell',
      role: 5,
      state: 'IN',
    },
    {
      email: 'alexei.volkov@demo.test',
      first_name: 'Alexei',
      last_name: 'Volkov',
      role: 5,
      lang: 'ru',
      state: 'IL',
    },
    { email: 'megan.sullivan@demo.test', first_name: 'Megan', last_name: 'Sullivan', role: 5, state: 'IL' },
    { email: 'carlos.ramirez@demo.test', first_name: 'Carlos', last_name: 'Ramirez', role: 5, state: 'TX' },
    { email: 'ashley.coleman@demo.test', first_name: 'Ashley', last_name: 'Coleman', role: 5, state: 'IL' },
    { email: 'tracker@demo.test', first_name: 'Sophia', last_name: 'Turner', role: 6, state: 'IL' },
    { email: 'accountant@demo.test', first_name: 'Grace', last_name: 'Morgan', role: 7, state: 'IL' },
    { email: 'hr@demo.test', first_name: 'Rachel', last_name: 'Foster', role: 8, state: 'IL' },
    { email: 'conflict@demo.test', first_name: 'Marcus', last_name: 'Hayes', role: 13, state: 'IL' },
  ],
  driverSignIn: { email: 'driver@demo.test' },
  teams: [
    {
      name: 'Team East',
      lead: 'manager@demo.test',
      subgroups: [
        {
          name: 'East A',
          lead: 'dispatcher@demo.test',
          members: ['dispatcher@demo.test', 'tyler.brooks@demo.test', 'natalie.price@demo.test'],
        },
        {
          name: 'East B',
          lead: 'kevin.ortiz@demo.test',
          members: ['kevin.ortiz@demo.test', 'brandon.mitchell@demo.test'],
        },
      ],
      members: [],
    },
    {
      name: 'Team West',
      lead: 'jason.whitaker@demo.test',
      subgroups: [
        {
          name: 'West A',
          lead: 'alexei.volkov@demo.test',
          members: ['alexei.volkov@demo.test', 'megan.sullivan@demo.test'],
        },
        {
          name: 'West B',
          lead: 'carlos.ramirez@demo.test',
          members: ['carlos.ramirez@demo.test', 'ashley.coleman@demo.test'],
        },
      ],
      members: [],
    },
  ],
  fleet: {
    owners: 25,
    fleetOwners: 8,
    vehicles: 40,
    drivers: 45,
    teamVehicles: 3,
    firstUnitNumber: 101,
    inBidVehicles: 5,
  },
  brokers: {
    names: DEMO_BROKER_NAMES,
    shippers: DEMO_SHIPPER_NAMES,
    ratings: { 1: 5, 2: 2, 3: 11, 4: 5, 5: 3 },
    blacklisted: 3,
    ratingRequested: 3,
    creditChecks: 8,
  },
  // 300 loads: most completed, a working set of active ones, some of every other status, and 60 on the
  // load board (waiting to be accepted, not booked yet) with the bids of the day on them.
  loads: { 1: 60, 2: 4, 3: 3, 4: 3, 5: 5, 6: 2, 7: 2, 8: 25, 9: 4, 10: 159, 11: 8, 12: 25 },
  bids: { active: 20, won: 12, lost: 12, driver: 16 },
};

/** A second, smaller carrier whose records Demo Carrier's users must never see. */
export const OTHER_CARRIER: CompanySpec = {
  seed: 20240602,
  company: {
    name: 'Other Carrier',
    company_hash: 'a9e4b7c2d1f0e3a6b5c8d7e0f1a2b3c4',
    phone: '(905) 555-0180',
    email: 'office@other-carrier.test',
    address: '6900 Airport Rd, Mississauga, ON L4T 3T1',
    mc_number: '1290551',
    dot_number: '3871204',
    google_maps_key: null,
    call_system: null,
    quickpay_percent: 2.5,
    paysheet_weekday: 4,
    paysheet_time: '15:00',
  },
  staff: [
    { email: 'other-admin@demo.test', first_name: 'Victor', last_name: 'Lane', role: 3, state: 'ON' },
    { email: 'other-dispatcher@demo.test', first_name: 'Nora', last_name: 'Fischer', role: 5, state: 'ON' },
  ],
  driverSignIn: { email: 'other-driver@demo.test' },
  teams: [
    {
      name: 'Main Team',
      lead: 'other-admin@demo.test',
      subgroups: [],
      members: ['other-dispatcher@demo.test'],
    },
  ],
  fleet: {
    owners: 3,
    fleetOwners: 1,
    vehicles: 5,
    drivers: 5,
    teamVehicles: 0,
    firstUnitNumber: 501,
    inBidVehicles: 1,
  },
  brokers: {
    names: OTHER_BROKER_NAMES,
    shippers: OTHER_SHIPPER_NAMES,
    ratings: { 1: 1, 2: 0, 3: 2, 4: 0, 5: 1 },
    blacklisted: 0,
    ratingRequested: 1,
    creditChecks: 1,
  },
  loads: { 1: 3, 2: 1, 3: 0, 4: 1, 5: 1, 6: 0, 7: 0, 8: 2, 9: 0, 10: 10, 11: 0, 12: 2 },
  bids: { active: 2, won: 2, lost: 1, driver: 1 },
};

/** A signed-up person who has not joined any company yet: no role, no company, no request sent. */
export const NEW_USER: Omit<StaffSpec, 'role'> = {
  email: 'newuser@demo.test',
  first_name: 'Liam',
  last_name: 'Carter',
  state: 'OH',
};
