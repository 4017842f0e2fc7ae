// Data and helpers for the accounting integration tests (accounting.*.int.test.ts in this folder).
import type { Session } from '../../../test/auth-helpers';
import { createCompany, createUser, insertOwner, type TestCompany } from '../../../test/factories';
import { login } from '../../../test/auth-helpers';
import type { App } from '../../app';
import type { LoadFileType, LoadStatus } from '../../db/schema';
import type { Db } from '../../db/types';
import { createWorld, insertLoad, type World } from '../loads/loads.fixtures';

export const V2 = '/backend/api/v2';

export type AccountingWorld = World & {
  /** The owner of the first vehicle. */
  owner: { id: number; first_name: string; last_name: string };
  /** Another carrier with an accountant and one load in checkout with its broker payment. */
  other: { company: TestCompany; accountant: Session; loadId: number; paymentId: number };
};

/**
 * The loads world (a carrier with a user of each staff role, a team, two drivers with vehicles and two
 * brokers), the first vehicle owned by an owner, and another carrier with a load of its own in checkout.
 */
export async function createAccountingWorld(db: Db, app: App): Promise<AccountingWorld> {
  const world = await createWorld(db, app);
  const owner = await insertOwner(db, world.company.id, { first_name: 'Olga', last_name: 'Owner' });
  await db
    .updateTable('vehicles')
    .set({ owner_id: owner.id })
    .where('id', '=', world.vehicles[0]!.id)
    .execute();
  const company = await createCompany(db);
  const user = await createUser(db, { companyId: company.id, role: 7 });
  const accountant = await login(app, user.email, user.password);
  const { loadId, paymentId } = await insertAccountingLoad(db, company.id, { status: 8, payment: {} });
  return { ...world, owner, other: { company, accountant, loadId, paymentId: paymentId! } };
}

export type BrokerPaymentValues = {
  status?: number;
  invoice_status?: number;
  invoice_date?: string;
  days_to_pay?: number | null;
  paid_at?: Date | null;
  quickpay_percent?: string | null;
  broker_company_id?: number | null;
};

export type AccountingLoadOptions = {
  status?: LoadStatus;
  accountingStatus?: number | null;
  week?: number;
  year?: number;
  brokerPriceCents?: number;
  driverPriceCents?: number;
  dispatcherId?: number | null;
  driverId?: number | null;
  vehicleId?: number | null;
  brokerId?: number | null;
  workingGroupId?: number | null;
  rateconfRef?: string | null;
  accountingNumber?: number | null;
  files?: LoadFileType[];
  points?: [string, string][];
  /** The load's broker payment; none when not given. */
  payment?: BrokerPaymentValues;
};

/** A load of accounting written straight to the database, with its broker payment when asked. */
export async function insertAccountingLoad(
  db: Db,
  companyId: number,
  options: AccountingLoadOptions = {},
): Promise<{ loadId: number; paymentId: number | null }> {
  const status = options.status ?? 8;
  const week = options.week ?? 10;
  const year = options.year ?? 2026;
  const loadId = await insertLoad(db, companyId, {
    status,
    dispatcherId: options.dispatcherId ?? null,
    driverId: options.driverId ?? null,
    vehicleId: options.vehicleId ?? null,
    brokerId: options.brokerId ?? null,
    workingGroupId: options.workingGroupId ?? null,
    rateconfRef: options.rateconfRef ?? null,
    accountingNumber: options.accountingNumber ?? null,
    ...(options.files ? { files: options.files } : {}),
    ...(options.points ? { points: options.points } : {}),
  });
  const accountingStatus =
    options.accountingStatus !== undefined ? options.accountingStatus : status >= 10 ? 8 : 1;
  await db
    .updateTable('loads')
    .set({
      accounting_status: accountingStatus,
      load_accounting_week: week,
      load_accounting_year: year,
      broker_price_cents: options.brokerPriceCents ?? 100_000,
      driver_price_cents: options.driverPriceCents ?? 80_000,
      delivered_at: new Date('2026-03-05T17:00:00Z'),
    })
    .where('id', '=', loadId)
    .execute();
  if (!options.payment) return { loadId, paymentId: null };
  const payment = options.payment;
  const row = await db
    .insertInto('payments')
    .values({
      company_id: companyId,
      type: 'broker',
      load_id: loadId,
      broker_company_id: payment.broker_company_id ?? options.brokerId ?? null,
      week,
      year,
      status: payment.status ?? 1,
      invoice_status: payment.invoice_status ?? 1,
      invoice_date: payment.invoice_date ?? '2026-03-05',
      days_to_pay: payment.days_to_pay ?? null,
      paid_at: payment.paid_at ?? null,
      quickpay_percent: payment.quickpay_percent ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { loadId, paymentId: row.id };
}

/** The payment rows of the company, in id order (what the hook made). */
export async function paymentRows(db: Db, companyId: number) {
  return db
    .selectFrom('payments')
    .select([
      'id',
      'type',
      'load_id',
      'owner_id',
      'dispatcher_id',
      'broker_company_id',
      'week',
      'year',
      'status',
      'invoice_status',
      'invoice_date',
      'quickpay_percent',
    ])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}
