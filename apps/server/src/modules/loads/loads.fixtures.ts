// Data and helpers for the loads integration tests (*.int.test.ts in this folder).
import type { LoadCreateInput } from '@app/domain/loads/loads.schema';
import type { Session } from '../../../test/auth-helpers';
import {
  createCompany,
  insertDriverPair,
  insertVehicle,
  unique,
  type TestCompany,
  type TestUser,
} from '../../../test/factories';
import { createDispatchTeam, createStaff, STAFF_ROLES } from '../../../test/staff';
import type { App } from '../../app';
import type { LoadFileType, LoadStatus } from '../../db/schema';
import type { Db } from '../../db/types';

export const LOADS_API = '/backend/api/v2/loads';

export type RoleName = keyof typeof STAFF_ROLES;

export type World = {
  company: TestCompany;
  users: Record<RoleName, TestUser>;
  sessions: Record<RoleName, Session>;
  team: { id: number; subgroupId: number };
  drivers: { id: number; first_name: string; last_name: string }[];
  vehicles: { id: number; unit_id: string }[];
  brokers: { id: number; name: string }[];
};

/**
 * A carrier with one user of each staff role (signed in), a team whose subgroup holds the dispatcher, two
 * drivers each with a vehicle, and two broker companies (the second blacklisted).
 */
export async function createWorld(db: Db, app: App): Promise<World> {
  const company = await createCompany(db);
  const { users, sessions } = await createStaff(db, app, company.id, STAFF_ROLES);
  const team = await createDispatchTeam(db, company.id, users);
  const drivers = await insertDriverPair(db, company.id);
  const vehicles = [];
  for (const [index, driver] of drivers.entries()) {
    vehicles.push(
      await insertVehicle(db, company.id, {
        unit_id: `U${index + 1}-${unique()}`,
        active_driver_id: driver.id,
        dispatcher_id: users.dispatcher.id,
      }),
    );
  }
  const brokers = await db
    .insertInto('broker_companies')
    .values([
      { company_id: company.id, name: `Acme Logistics ${unique()}`, mc_number: `MC${unique()}` },
      { company_id: company.id, name: `Shady Freight ${unique()}`, in_blacklist: true },
    ])
    .returning(['id', 'name'])
    .execute();
  return { company, users, sessions, team, drivers, vehicles, brokers };
}

const HOUR = 60 * 60 * 1000;

/** A moment `hours` from now as ISO 8601 (the form's dates must lie before December 31 of next year). */
export function hoursFromNow(hours: number): string {
  return new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000).toISOString();
}

/** A load form that passes every rule: Dallas, TX to Houston, TX. */
export function createBody(world: World, overrides: Partial<LoadCreateInput> = {}): LoadCreateInput {
  return {
    accounting_broker_company: world.brokers[0]!.id,
    broker_company: world.brokers[0]!.id,
    broker_name: 'Mary Broker',
    broker_phone: '(555) 123-4567',
    reply_email: 'Dispatch@Acme.test',
    rateconf_ref: 'RC-1001',
    pays: '$1,200.50',
    weight: 1500,
    pieces: '4',
    length: 48,
    width: 40,
    height: 36,
    car: 'SPRINTER',
    note: 'Call before arrival',
    dock_level: true,
    isDanger: false,
    isUrgent: true,
    isCanPutOnTop: false,
    equipment: { straps: true, liftgate: false },
    pick_up_datetime: hoursFromNow(24),
    delivery_datetime: hoursFromNow(36),
    points: [
      {
        address: '100 Main St, Dallas, TX 75201',
        city: 'Dallas',
        state: 'TX',
        zip_code: '75201',
        country: 'US',
        lat: 32.7767,
        lon: -96.797,
        date: hoursFromNow(24),
        order: 1,
        type: 'pick_up',
        is_active: false,
      },
      {
        address: '200 Louisiana St, Houston, TX 77002',
        city: 'Houston',
        state: 'TX',
        zip_code: '77002',
        country: 'US',
        lat: 29.7604,
        lon: -95.3698,
        date: hoursFromNow(36),
        order: 2,
        type: 'deliver_to',
        is_active: false,
      },
    ],
    ...overrides,
  };
}

/**
 * The load form of a load booked at once, Waiting to accept in the active list: a driver is named (a form
 * with neither a vehicle nor a driver posts the load to the load board instead).
 */
export function bookedBody(world: World, overrides: Partial<LoadCreateInput> = {}): LoadCreateInput {
  return createBody(world, { driver: world.drivers[0]!.id, ...overrides });
}

/** Creates a load through the API and answers its id. */
export async function apiCreateLoad(
  app: App,
  session: Session,
  body: LoadCreateInput,
  headers: Record<string, string> = {},
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `${LOADS_API}/create`,
    headers: { ...session.headers, ...headers },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json<{ id: number }>().id;
}

export type DirectLoad = {
  status?: LoadStatus;
  dispatcherId?: number | null;
  driverId?: number | null;
  vehicleId?: number | null;
  brokerId?: number | null;
  workingGroupId?: number | null;
  subgroupId?: number | null;
  brokerName?: string | null;
  rateconfRef?: string | null;
  accountingNumber?: number | null;
  pickUp?: Date;
  delivery?: Date;
  /** [city, state] of each point, the first a pick-up and the others deliveries. */
  points?: [string, string][];
  files?: LoadFileType[];
};

/** A load written straight to the database (fast; for lists and states the API takes many steps to reach). */
export async function insertLoad(db: Db, companyId: number, options: DirectLoad = {}): Promise<number> {
  const pickUp = options.pickUp ?? new Date(Date.now() + 24 * HOUR);
  const delivery = options.delivery ?? new Date(pickUp.getTime() + 12 * HOUR);
  const { id } = await db
    .insertInto('loads')
    .values({
      company_id: companyId,
      status: options.status ?? 1,
      dispatcher_id: options.dispatcherId ?? null,
      driver_id: options.driverId ?? null,
      vehicle_id: options.vehicleId ?? null,
      broker_company_id: options.brokerId ?? null,
      working_group_id: options.workingGroupId ?? null,
      subgroup_id: options.subgroupId ?? null,
      broker_name: options.brokerName ?? 'Mary Broker',
      broker_phone: '555-123-4567',
      reply_email: 'dispatch@acme.test',
      rateconf_ref: options.rateconfRef ?? null,
      load_accounting_number: options.accountingNumber ?? null,
      broker_price_cents: 100_000,
      driver_price_cents: 80_000,
      weight: 100,
      pieces: 1,
      length: 10,
      width: 10,
      height: 10,
      vehicle_type: 'VAN',
      pick_up_datetime: pickUp,
      delivery_datetime: delivery,
      miles: 239,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const points = options.points ?? [
    ['Dallas', 'TX'],
    ['Houston', 'TX'],
  ];
  await db
    .insertInto('load_points')
    .values(
      points.map(([city, state], index) => ({
        load_id: id,
        point_order: index + 1,
        type: index === 0 ? ('pick_up' as const) : ('deliver_to' as const),
        address: `${index + 1} Main St, ${city}, ${state}`,
        city,
        state,
        lat: 30 + index,
        lon: -95 - index,
        date: index === 0 ? pickUp : delivery,
        is_active: index === 0 && (options.status ?? 1) < 8,
      })),
    )
    .execute();
  if (options.files?.length) {
    await db
      .insertInto('load_files')
      .values(
        options.files.map((type) => ({
          load_id: id,
          file_type: type,
          name: `${type}.pdf`,
          storage_path: `missing/${id}/${type}.pdf`,
          size_bytes: 1000,
          mime_type: 'application/pdf',
        })),
      )
      .execute();
  }
  return id;
}

/** A multipart/form-data body built by hand: fields, and files as [name, filename, type, bytes]. */
export function multipart(fields: Record<string, string>, files: [string, string, string, Buffer][] = []) {
  const boundary = `----form${unique()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, filename, type, data] of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a small PDF of the type to the load and fails the test when that does not work. */
export async function uploadDocument(app: App, session: Session, loadId: number, type: LoadFileType) {
  const form = multipart({ file_type: type }, [
    ['file', `${type}.pdf`, 'application/pdf', Buffer.from('%PDF-1.4')],
  ]);
  const response = await app.inject({
    method: 'PUT',
    url: `${LOADS_API}/active/${loadId}/upload-file`,
    headers: { ...session.headers, ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed ${response.statusCode}: ${response.body}`);
  return response.json<{ id: number; url: string }>();
}
