import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { VehiclesTable } from '../src/db/schema';
import type { Db } from '../src/db/types';
import { hashPassword } from '../src/modules/auth/passwords';

/** A short random suffix that keeps names, e-mails and hashes unique across tests. */
export function unique(): string {
  return randomBytes(5).toString('hex');
}

export const DEFAULT_PASSWORD = 'secret-pass-1';

const hashes = new Map<string, Promise<string>>();

/** argon2 is slow on purpose; factories hash each distinct password once. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export type TestCompany = { id: number; name: string; company_hash: string };

export async function createCompany(
  db: Db,
  overrides: Partial<{
    name: string;
    google_maps_key: string | null;
    map_tiles_url: string | null;
    call_system: string | null;
    disable_some_menu_items: boolean;
    is_visible_phone_numbers: boolean;
  }> = {},
): Promise<TestCompany> {
  const suffix = unique();
  return db
    .insertInto('companies')
    .values({ name: `Carrier ${suffix}`, company_hash: `hash-${suffix}`, ...overrides })
    .returning(['id', 'name', 'company_hash'])
    .executeTakeFirstOrThrow();
}

export type TestUser = {
  id: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  company_id: number | null;
  role: number | null;
};

export type UserOptions = Partial<{
  companyId: number | null;
  role: 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | null;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  is_superuser: boolean;
  status: 'Active' | 'Pending' | 'Fired';
  hide_accounting: boolean;
  working_group_id: number | null;
  req_status: 'None' | 'Send';
  lang: 'en' | 'ru';
}>;

/** A user; by default an active dispatcher-less newcomer (no company, no role) unless told otherwise. */
export async function createUser(db: Db, options: UserOptions = {}): Promise<TestUser> {
  const suffix = unique();
  const password = options.password ?? DEFAULT_PASSWORD;
  const row = await db
    .insertInto('users')
    .values({
      email: options.email ?? `user-${suffix}@example.test`,
      password_hash: await cachedHash(password),
      first_name: options.first_name ?? `First${suffix}`,
      last_name: options.last_name ?? `Last${suffix}`,
      company_id: options.companyId ?? null,
      role: options.role ?? null,
      is_superuser: options.is_superuser ?? false,
      status: options.status ?? 'Active',
      hide_accounting: options.hide_accounting ?? false,
      working_group_id: options.working_group_id ?? null,
      req_status: options.req_status ?? 'None',
      lang: options.lang ?? 'en',
    })
    .returning(['id', 'email', 'first_name', 'last_name', 'company_id', 'role'])
    .executeTakeFirstOrThrow();
  return { ...row, password };
}

export type TestWorkingGroup = { id: number; subgroupIds: number[] };

/** A working group with its lead and members, and subgroups each with a lead and members. */
export async function createWorkingGroup(
  db: Db,
  options: {
    companyId: number;
    name?: string;
    leadId?: number | null;
    memberIds?: number[];
    subgroups?: { name?: string; leadId?: number | null; memberIds?: number[] }[];
  },
): Promise<TestWorkingGroup> {
  const group = await db
    .insertInto('working_groups')
    .values({
      company_id: options.companyId,
      group_name: options.name ?? `Team ${unique()}`,
      group_lead_id: options.leadId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.memberIds?.length) {
    await db
      .insertInto('working_group_members')
      .values(options.memberIds.map((userId) => ({ working_group_id: group.id, user_id: userId })))
      .execute();
  }
  const subgroupIds: number[] = [];
  for (const subgroup of options.subgroups ?? []) {
    const row = await db
      .insertInto('subgroups')
      .values({
        working_group_id: group.id,
        name: subgroup.name ?? `Subgroup ${unique()}`,
        subgroup_lead_id: subgroup.leadId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    subgroupIds.push(row.id);
    if (subgroup.memberIds?.length) {
      await db
        .insertInto('subgroup_members')
        .values(subgroup.memberIds.map((userId) => ({ subgroup_id: row.id, user_id: userId })))
        .execute();
    }
  }
  return { id: group.id, subgroupIds };
}

// ---------------------------------------------------------------- units: drivers, owners, vehicles

export type DriverOptions = Partial<{
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string | null;
  status: 'Active' | 'Pending' | 'Fired';
  is_active: boolean;
  is_active_for_owner: boolean;
  owner_id: number | null;
  license_expiry: string | null;
  user_id: number | null;
}>;

/** An active driver with a unique last name and a phone number unless told otherwise. */
export async function insertDriver(db: Db, companyId: number, options: DriverOptions = {}) {
  return db
    .insertInto('drivers')
    .values({
      company_id: companyId,
      first_name: options.first_name ?? 'Dan',
      last_name: options.last_name ?? `Driver${unique()}`,
      phone_number: options.phone_number === undefined ? '555-100-2000' : options.phone_number,
      email: options.email ?? null,
      status: options.status ?? 'Active',
      is_active: options.is_active ?? true,
      is_active_for_owner: options.is_active_for_owner ?? true,
      owner_id: options.owner_id ?? null,
      license_expiry: options.license_expiry ?? null,
      user_id: options.user_id ?? null,
    })
    .returning(['id', 'first_name', 'last_name'])
    .executeTakeFirstOrThrow();
}

/** The two drivers of a test carrier: Ivan Petrov… and John Smith…, each with a phone number. */
export async function insertDriverPair(db: Db, companyId: number) {
  return [
    await insertDriver(db, companyId, {
      first_name: 'Ivan',
      last_name: `Petrov${unique()}`,
      phone_number: '555-100-2000',
    }),
    await insertDriver(db, companyId, {
      first_name: 'John',
      last_name: `Smith${unique()}`,
      phone_number: '555-100-3000',
    }),
  ];
}

export type OwnerOptions = Partial<{
  first_name: string;
  last_name: string;
  company_name: string | null;
  phone_number: string | null;
  email: string | null;
  is_wage_visible: boolean;
  is_active: boolean;
}>;

/** An active owner with a unique last name and company name unless told otherwise. */
export async function insertOwner(db: Db, companyId: number, options: OwnerOptions = {}) {
  return db
    .insertInto('owners')
    .values({
      company_id: companyId,
      first_name: options.first_name ?? 'Olga',
      last_name: options.last_name ?? `Owner${unique()}`,
      company_name: options.company_name === undefined ? `Fleet ${unique()}` : options.company_name,
      phone_number: options.phone_number === undefined ? '(555) 700-0000' : options.phone_number,
      email: options.email ?? null,
      is_wage_visible: options.is_wage_visible ?? false,
      is_active: options.is_active ?? true,
    })
    .returning(['id', 'first_name', 'last_name', 'company_name'])
    .executeTakeFirstOrThrow();
}

export type VehicleOptions = Partial<Insertable<VehiclesTable>> & {
  /** The drivers listed on the vehicle (vehicle_drivers). */
  driver_ids?: number[];
};

/** A Sprinter with a unique unit ID unless told otherwise, with the drivers listed on it. */
export async function insertVehicle(
  db: Db,
  companyId: number,
  options: VehicleOptions = {},
): Promise<{ id: number; unit_id: string }> {
  const { driver_ids: driverIds = [], ...values } = options;
  const vehicle = await db
    .insertInto('vehicles')
    .values({ company_id: companyId, unit_id: `T${unique()}`, transport_type: 'SPRINTER', ...values })
    .returning(['id', 'unit_id'])
    .executeTakeFirstOrThrow();
  if (driverIds.length > 0) {
    await db
      .insertInto('vehicle_drivers')
      .values(driverIds.map((driverId) => ({ vehicle_id: vehicle.id, driver_id: driverId })))
      .execute();
  }
  return vehicle;
}
