import type { App } from '../../app';
import type { Db } from '../../db/types';
import type { Session } from '../../../test/auth-helpers';
import {
  createCompany,
  insertDriver,
  insertOwner,
  insertVehicle,
  type TestCompany,
} from '../../../test/factories';
import { createStaff, STAFF_AND_CONFLICT_MANAGER, type Staff } from '../../../test/staff';
import { insertLoad } from '../loads/loads.fixtures';

// The world of the incentives tests: a carrier with its office, two owners (Olga Vehicle, who owns the
// truck, and Oscar Driverowner, who employs the driver), the driver Dan Wheeler, and loads with every shape
// of people; another carrier with its admin and a load of its own.

export const API = '/backend/api/v2';

export type RoleName = keyof typeof STAFF_AND_CONFLICT_MANAGER;

export type IncentivesWorld = {
  company: TestCompany;
  staff: Staff<RoleName>;
  other: TestCompany;
  otherAdmin: Session;
  vehicleOwner: { id: number };
  driverOwner: { id: number };
  driver: { id: number };
  loads: {
    /** Completed, week 10 of 2026: driver, vehicle (owner Olga Vehicle) and the dispatcher. */
    full: number;
    /** Checkout: the driver only (his owner Oscar Driverowner), no vehicle. */
    driverOnly: number;
    /** Active: no driver, no vehicle, no dispatcher. */
    bare: number;
    /** On the load board, not booked: in none of the lists. */
    board: number;
    /** The other carrier's. */
    others: number;
  };
};

export async function createIncentivesWorld(db: Db, app: App): Promise<IncentivesWorld> {
  const company = await createCompany(db, { name: 'Demo Carrier' });
  const staff = await createStaff(db, app, company.id, STAFF_AND_CONFLICT_MANAGER, (name) =>
    name === 'dispatcher' ? { first_name: 'Dina', last_name: 'Dispatch' } : {},
  );
  const other = await createCompany(db, { name: 'Other Carrier' });
  const otherAdmin = (await createStaff(db, app, other.id, { admin: 3 })).sessions.admin;

  const vehicleOwner = await insertOwner(db, company.id, { first_name: 'Olga', last_name: 'Vehicle' });
  const driverOwner = await insertOwner(db, company.id, { first_name: 'Oscar', last_name: 'Driverowner' });
  const driver = await insertDriver(db, company.id, {
    first_name: 'Dan',
    last_name: 'Wheeler',
    owner_id: driverOwner.id,
  });
  const vehicle = await insertVehicle(db, company.id, {
    owner_id: vehicleOwner.id,
    active_driver_id: driver.id,
  });

  const full = await insertLoad(db, company.id, {
    status: 10,
    driverId: driver.id,
    vehicleId: vehicle.id,
    dispatcherId: staff.users.dispatcher.id,
  });
  await db
    .updateTable('loads')
    .set({ load_accounting_week: 10, load_accounting_year: 2026, accounting_status: 8 })
    .where('id', '=', full)
    .execute();
  const driverOnly = await insertLoad(db, company.id, { status: 8, driverId: driver.id });
  const bare = await insertLoad(db, company.id);
  const board = await insertLoad(db, company.id);
  await db
    .updateTable('loads')
    .set({ board_status: 'posted', posted_at: new Date() })
    .where('id', '=', board)
    .execute();
  const others = await insertLoad(db, other.id);

  return {
    company,
    staff,
    other,
    otherAdmin,
    vehicleOwner,
    driverOwner,
    driver,
    loads: { full, driverOnly, bare, board, others },
  };
}

/** Every incentive row of the database, to show that a refused request changed nothing. */
export async function allIncentives(db: Db) {
  return db.selectFrom('incentives').selectAll().orderBy('id').execute();
}

export async function allTemplates(db: Db) {
  return db.selectFrom('incentive_templates').selectAll().orderBy('id').execute();
}
