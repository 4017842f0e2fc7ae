import { sql } from 'kysely';
import type { Db } from '../../db/types';
import type { PayType } from './pay-read-model.repository';

// The pay read model, line by line: a person's week on a pay sheet (its loads with their route, rate and
// incentives, its pay items), and one load's pay facts for the adjustments a change to a closed week makes.
// Like pay-read-model.repository.ts it reads other modules' tables (loads, load_points, vehicles, drivers,
// owners, users, broker_companies, incentives) and never writes them. Scoped to the company throughout.

/** A load of a person's week, with the people and broker it names. */
export type SheetLoadRecord = {
  id: number;
  status: number;
  load_accounting_number: number | null;
  rateconf_ref: string | null;
  miles: number | null;
  broker_price_cents: number;
  driver_price_cents: number;
  broker_company_id: number | null;
  broker_company_name: string | null;
  driver_id: number | null;
  driver_first_name: string | null;
  driver_last_name: string | null;
  car_id: number | null;
  unit_id: string | null;
  owner_id: number | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  dispatcher_id: number | null;
  dispatcher_first_name: string | null;
  dispatcher_last_name: string | null;
};

/** The loads of a person's week, by accounting number. */
export async function findSheetLoads(
  db: Db,
  companyId: number,
  person: { type: PayType; id: number },
  week: { year: number; week: number },
): Promise<SheetLoadRecord[]> {
  const ofPerson =
    person.type === 'owner'
      ? sql`coalesce(v.owner_id, d.owner_id) = ${person.id}`
      : sql`l.dispatcher_id = ${person.id}`;
  const result = await sql<SheetLoadRecord>`
    select l.id, l.status, l.load_accounting_number, l.rateconf_ref, l.miles, l.broker_price_cents,
      l.driver_price_cents, b.id as broker_company_id, b.name as broker_company_name,
      d.id as driver_id, d.first_name as driver_first_name, d.last_name as driver_last_name,
      v.id as car_id, v.unit_id, o.id as owner_id, o.first_name as owner_first_name,
      o.last_name as owner_last_name, u.id as dispatcher_id, u.first_name as dispatcher_first_name,
      u.last_name as dispatcher_last_name
    from loads l
    left join vehicles v on v.id = l.vehicle_id
    left join drivers d on d.id = l.driver_id
    left join owners o on o.id = coalesce(v.owner_id, d.owner_id)
    left join users u on u.id = l.dispatcher_id and u.company_id = l.company_id
    left join broker_companies b on b.id = coalesce(l.accounting_broker_company_id, l.broker_company_id)
    where l.company_id = ${companyId} and l.load_accounting_year = ${week.year}
      and l.load_accounting_week = ${week.week} and l.list_class in (2, 3, 4) and ${ofPerson}
    order by l.load_accounting_number nulls last, l.id`.execute(db);
  return result.rows;
}

export type SheetPointRecord = {
  load_id: number;
  point_order: number;
  type: 'pick_up' | 'deliver_to';
  city: string;
  state: string;
  date: Date | null;
};

/** The points of the loads, in their order. */
export async function findSheetPoints(db: Db, loadIds: readonly number[]): Promise<SheetPointRecord[]> {
  if (loadIds.length === 0) return [];
  return db
    .selectFrom('load_points')
    .select(['load_id', 'point_order', 'type', 'city', 'state', 'date'])
    .where('load_id', 'in', loadIds)
    .orderBy('load_id')
    .orderBy('point_order')
    .execute();
}

export type SheetIncentiveRecord = {
  id: number;
  load_id: number;
  type: 'Bonus' | 'Fine';
  person_type: 'driver' | 'owner' | 'dispatcher';
  amount_cents: number;
  reason: string;
  created_at: Date;
};

/** The incentives on the loads for the person's side: driver and owner ones, or dispatcher ones. */
export async function findSheetIncentives(
  db: Db,
  companyId: number,
  loadIds: readonly number[],
  type: PayType,
): Promise<SheetIncentiveRecord[]> {
  if (loadIds.length === 0) return [];
  return db
    .selectFrom('incentives')
    .select(['id', 'load_id', 'type', 'person_type', 'amount_cents', 'reason', 'created_at'])
    .where('company_id', '=', companyId)
    .where('load_id', 'in', loadIds)
    .where('person_type', 'in', type === 'owner' ? ['driver', 'owner'] : ['dispatcher'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type SheetItemRecord = {
  id: number;
  kind: 'payment' | 'charge' | 'adjustment';
  amount_cents: number;
  reason: string;
  load_id: number | null;
  load_accounting_number: number | null;
  created_by: number | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  created_at: Date;
};

/** The person's pay items of the week, oldest first. */
export async function findSheetItems(
  db: Db,
  companyId: number,
  person: { type: PayType; id: number },
  week: { year: number; week: number },
): Promise<SheetItemRecord[]> {
  return db
    .selectFrom('pay_items as pi')
    .leftJoin('loads as l', 'l.id', 'pi.load_id')
    .leftJoin('users as u', 'u.id', 'pi.created_by')
    .select([
      'pi.id',
      'pi.kind',
      'pi.amount_cents',
      'pi.reason',
      'pi.load_id',
      'l.load_accounting_number',
      'pi.created_by',
      'u.first_name as creator_first_name',
      'u.last_name as creator_last_name',
      'pi.created_at',
    ])
    .where('pi.company_id', '=', companyId)
    .where('pi.person_type', '=', person.type)
    .where(person.type === 'owner' ? 'pi.owner_id' : 'pi.dispatcher_id', '=', person.id)
    .where('pi.year', '=', week.year)
    .where('pi.week', '=', week.week)
    .orderBy('pi.created_at')
    .orderBy('pi.id')
    .execute();
}

/** What the pay of a load's people is computed from; undefined when the company has no such load. */
export type LoadPayFactsRecord = {
  id: number;
  status: number;
  list_class: number;
  load_accounting_number: number | null;
  week: number | null;
  year: number | null;
  broker_price_cents: number;
  driver_price_cents: number;
  owner_id: number | null;
  dispatcher_id: number | null;
  basis: 'gross_percent' | 'margin_percent' | 'per_load' | null;
  percent: string | null;
  terms_amount_cents: number | null;
};

export async function findLoadPayFacts(
  db: Db,
  companyId: number,
  loadId: number,
): Promise<{ load: LoadPayFactsRecord; incentives: SheetIncentiveRecord[] } | undefined> {
  const result = await sql<LoadPayFactsRecord>`
    select l.id, l.status, l.list_class, l.load_accounting_number, l.load_accounting_week as week,
      l.load_accounting_year as year, l.broker_price_cents, l.driver_price_cents,
      coalesce(v.owner_id, d.owner_id) as owner_id, u.id as dispatcher_id, t.basis,
      t.percent::text as percent, t.amount_cents as terms_amount_cents
    from loads l
    left join vehicles v on v.id = l.vehicle_id
    left join drivers d on d.id = l.driver_id
    left join users u on u.id = l.dispatcher_id and u.company_id = l.company_id
    left join dispatcher_pay_terms t on t.user_id = u.id and t.company_id = l.company_id
    where l.company_id = ${companyId} and l.id = ${loadId}`.execute(db);
  const load = result.rows[0];
  if (!load) return undefined;
  const incentives = await db
    .selectFrom('incentives')
    .select(['id', 'load_id', 'type', 'person_type', 'amount_cents', 'reason', 'created_at'])
    .where('company_id', '=', companyId)
    .where('load_id', '=', loadId)
    .execute();
  return { load, incentives };
}
