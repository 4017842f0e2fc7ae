import type { ColumnSpec } from './columns';

/** The columns of the dashboard's read model (migration 0021; see columns.ts). */
export const DASHBOARD_COLUMNS = {
  dashboard_load_days: {
    load_id: 'int',
    company_id: 'int',
    day: 'date?',
    end_day: 'date?',
    posted_day: 'date?',
    list_class: 'int',
    status: 'int',
    board_status: 'text?',
    dispatcher_id: 'int?',
    driver_id: 'int?',
    vehicle_id: 'int?',
    broker_company_id: 'int?',
    working_group_id: 'int?',
    subgroup_id: 'int?',
    broker_cents: 'int',
    driver_cents: 'int',
    miles: 'int',
  },
  dashboard_bid_days: {
    bid_id: 'int',
    company_id: 'int',
    day: 'date',
    dispatcher_id: 'int?',
    working_group_id: 'int?',
    subgroup_id: 'int?',
    status: 'int',
  },
  dashboard_broker_pay_days: {
    broker_company_id: 'int',
    company_id: 'int',
    paid_invoices: 'int',
    paid_days: 'int',
  },
} as const satisfies Record<string, Record<string, ColumnSpec>>;
