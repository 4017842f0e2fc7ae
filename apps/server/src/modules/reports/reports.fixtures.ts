// The world of the reports tests, and reading back what the reports make (PDF text, .xlsx cells).
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Session } from '../../../test/auth-helpers';
import {
  createCompany,
  insertDriver,
  insertOwner,
  insertVehicle,
  type TestCompany,
} from '../../../test/factories';
import { createStaff, STAFF_ROLES, type Staff } from '../../../test/staff';
import type { TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import { createLocalFileStorage } from '../../integrations/storage/file-storage';
import { insertLoad } from '../loads/loads.fixtures';

export const REPORTS = '/backend/api/v2/reports';

export type RoleName = keyof typeof STAFF_ROLES;

export type ReportsWorld = {
  company: TestCompany;
  staff: Staff<RoleName>;
  other: TestCompany;
  otherAdmin: Session;
  owner: { id: number };
  /** The owner of the other carrier, with a payment of week 7 too. */
  otherOwnerPayment: number;
  broker: { id: number };
  loads: { first: number; second: number; tonu: number };
  payments: { owner: number; brokerFirst: number; dispatcher: number };
};

/** Week 7 of 2026: Monday 9 to Sunday 15 February. */
export const WEEK = { year: 2026, week: 7 } as const;

export const OWNER_NAME = 'Иван Петров';
export const OWNER_EMAIL = 'ivan.petrov@owner.test';
export const BROKER_EMAIL = 'ap@acme-logistics.test';

async function accountingLoad(
  db: Db,
  companyId: number,
  people: { driverId: number; vehicleId: number; dispatcherId: number; brokerId: number },
  values: { number: number; status: 10 | 11; broker: number; driver: number; points: [string, string][] },
) {
  const id = await insertLoad(db, companyId, {
    status: values.status,
    driverId: people.driverId,
    vehicleId: people.vehicleId,
    dispatcherId: people.dispatcherId,
    brokerId: people.brokerId,
    rateconfRef: `RC-${values.number}`,
    accountingNumber: values.number,
    pickUp: new Date('2026-02-10T14:00:00Z'),
    delivery: new Date('2026-02-11T20:00:00Z'),
    points: values.points,
  });
  await db
    .updateTable('loads')
    .set({
      load_accounting_week: WEEK.week,
      load_accounting_year: WEEK.year,
      accounting_status: 8,
      accounting_broker_company_id: people.brokerId,
      broker_price_cents: values.broker,
      driver_price_cents: values.driver,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * Blue Line Logistics with its office; the owner Иван Петров (truck and driver), the broker Acme Logistics,
 * three completed loads of week 7 of 2026 ($2,000.00 / $1,500.00 quick pay 3 %, $1,200.50 / $950.25, and a
 * TONU $250.00 / $150.00), a $50.00 bonus on the first; their broker payments and the owner's and the
 * dispatcher's payments of the week. Another carrier with an owner payment of its own.
 */
export async function createReportsWorld(db: Db, app: App): Promise<ReportsWorld> {
  const company = await createCompany(db, { name: 'Blue Line Logistics LLC' });
  await db
    .updateTable('companies')
    .set({
      address: '100 Main St, Columbus, OH 43215',
      phone: '(614) 555-0100',
      email: 'billing@blueline.test',
      mc_number: '123456',
      dot_number: '7654321',
    })
    .where('id', '=', company.id)
    .execute();
  const staff = await createStaff(db, app, company.id, STAFF_ROLES, (name) =>
    name === 'dispatcher' ? { first_name: 'Dina', last_name: 'Dispatch' } : {},
  );
  const other = await createCompany(db, { name: 'Other Carrier' });
  const otherAdmin = (await createStaff(db, app, other.id, { admin: 3 })).sessions.admin;

  const owner = await insertOwner(db, company.id, {
    first_name: 'Иван',
    last_name: 'Петров',
    company_name: 'Petrov Trucking',
    email: OWNER_EMAIL,
  });
  const driver = await insertDriver(db, company.id, {
    first_name: 'Dan',
    last_name: 'Wheeler',
    owner_id: owner.id,
  });
  const vehicle = await insertVehicle(db, company.id, {
    unit_id: 'T-101',
    owner_id: owner.id,
    active_driver_id: driver.id,
  });
  const broker = await db
    .insertInto('broker_companies')
    .values({
      company_id: company.id,
      name: 'Acme Logistics',
      mc_number: '998877',
      address: '5 Freight Way',
      city: 'Chicago',
      state: 'IL',
      zip_code: '60601',
      email: BROKER_EMAIL,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const people = {
    driverId: driver.id,
    vehicleId: vehicle.id,
    dispatcherId: staff.users.dispatcher.id,
    brokerId: broker.id,
  };
  const first = await accountingLoad(db, company.id, people, {
    number: 41,
    status: 10,
    broker: 200_000,
    driver: 150_000,
    points: [
      ['Chicago', 'IL'],
      ['Dallas', 'TX'],
    ],
  });
  const second = await accountingLoad(db, company.id, people, {
    number: 42,
    status: 10,
    broker: 120_050,
    driver: 95_025,
    points: [
      ['Columbus', 'OH'],
      ['Atlanta', 'GA'],
    ],
  });
  const tonu = await accountingLoad(db, company.id, people, {
    number: 43,
    status: 11,
    broker: 25_000,
    driver: 15_000,
    points: [
      ['Denver', 'CO'],
      ['Omaha', 'NE'],
    ],
  });
  await db
    .insertInto('incentives')
    .values({
      company_id: company.id,
      load_id: first,
      type: 'Bonus',
      person_type: 'owner',
      owner_id: owner.id,
      amount_cents: 5_000,
      reason: 'Delivered a day early',
    })
    .execute();
  const brokerRows = await db
    .insertInto('payments')
    .values(
      [first, second, tonu].map((loadId, index) => ({
        company_id: company.id,
        type: 'broker' as const,
        load_id: loadId,
        broker_company_id: broker.id,
        week: WEEK.week,
        year: WEEK.year,
        invoice_date: '2026-02-12',
        days_to_pay: 30,
        quickpay_percent: index === 0 ? '3' : null,
      })),
    )
    .returning('id')
    .execute();
  const [ownerPayment, dispatcherPayment] = await db
    .insertInto('payments')
    .values([
      { company_id: company.id, type: 'owner', owner_id: owner.id, ...WEEK },
      { company_id: company.id, type: 'dispatcher', dispatcher_id: staff.users.dispatcher.id, ...WEEK },
    ])
    .returning('id')
    .execute();

  const otherOwner = await insertOwner(db, other.id, { first_name: 'Oscar', last_name: 'Other' });
  const otherPayment = await db
    .insertInto('payments')
    .values({ company_id: other.id, type: 'owner', owner_id: otherOwner.id, ...WEEK })
    .returning('id')
    .executeTakeFirstOrThrow();

  return {
    company,
    staff,
    other,
    otherAdmin,
    owner,
    otherOwnerPayment: otherPayment.id,
    broker,
    loads: { first, second, tonu },
    payments: { owner: ownerPayment!.id, brokerFirst: brokerRows[0]!.id, dispatcher: dispatcherPayment!.id },
  };
}

/** A one-page PDF saying `text` (a broker's rate confirmation). */
export async function textPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A 1 x 1 PNG (a photographed proof of delivery, in small). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Stores a document of a load where the app keeps uploads, and its row. */
export async function storeLoadFile(
  db: Db,
  testApp: TestApp,
  loadId: number,
  file: { type: 'rate_confirmation' | 'proof_of_delivery'; name: string; mime: string; data: Buffer },
): Promise<void> {
  const path = `loads/${loadId}/${file.name}`;
  await createLocalFileStorage(join(testApp.config.dataDir, 'uploads')).save(path, file.data);
  await db
    .insertInto('load_files')
    .values({
      load_id: loadId,
      file_type: file.type,
      name: file.name,
      storage_path: path,
      size_bytes: file.data.length,
      mime_type: file.mime,
    })
    .execute();
}

/** The text of each page of a PDF, as a reader extracts it. */
export async function pdfPages(data: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(data), useSystemFonts: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

/** Calls a reports route; the body as bytes. */
export async function reportCall(
  app: App,
  session: Session,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
) {
  const response = await app.inject({
    method,
    url: `${REPORTS}/${path}`,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    raw: response.rawPayload,
    json: <T>() => response.json<T>(),
  };
}
