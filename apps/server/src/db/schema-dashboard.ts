/**
 * Kysely table types of the dashboard's read model (migration 0021), joined into `Database` in schema.ts;
 * their columns are in columns-dashboard.ts. Triggers on loads, bids and payments write them; the dashboard
 * module only reads them.
 */
import type { LoadListClass, LoadStatus } from './schema';

/** One row per load: what the dashboard's figures read of it. Dates are Eastern calendar days. */
export type DashboardLoadDaysTable = {
  load_id: number;
  company_id: number;
  /** The Eastern day of the first pick-up (loads.pick_up_datetime). */
  day: string | null;
  /** The Eastern day of the delivery (loads.delivery_datetime). */
  end_day: string | null;
  /** The Eastern day the load reached the load board (loads.posted_at). */
  posted_day: string | null;
  list_class: LoadListClass;
  status: LoadStatus;
  board_status: 'posted' | 'booked' | 'withdrawn' | 'expired' | null;
  dispatcher_id: number | null;
  driver_id: number | null;
  vehicle_id: number | null;
  broker_company_id: number | null;
  working_group_id: number | null;
  subgroup_id: number | null;
  broker_cents: number;
  driver_cents: number;
  /** loads.miles, 0 when unknown. */
  miles: number;
};

/** One row per dispatcher's proposition (bid of kind 'dispatcher'). */
export type DashboardBidDaysTable = {
  bid_id: number;
  company_id: number;
  /** The Eastern day the bid was made. */
  day: string;
  dispatcher_id: number | null;
  /** The dispatcher's team and first subgroup when the bid was made. */
  working_group_id: number | null;
  subgroup_id: number | null;
  /** 1 active, 2 won, 3 lost or rejected. */
  status: 1 | 2 | 3;
};

/** Per broker company: its paid invoices and the days they took to be paid, summed. */
export type DashboardBrokerPayDaysTable = {
  broker_company_id: number;
  company_id: number;
  paid_invoices: number;
  /** Eastern date paid - invoice date, summed over the paid invoices. */
  paid_days: number;
};

export type DashboardTables = {
  dashboard_load_days: DashboardLoadDaysTable;
  dashboard_bid_days: DashboardBidDaysTable;
  dashboard_broker_pay_days: DashboardBrokerPayDaysTable;
};
