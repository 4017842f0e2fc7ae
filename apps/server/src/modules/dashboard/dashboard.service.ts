import { createDashboardBrokers } from './dashboard.brokers';
import { createDashboardCounts } from './dashboard.counts';
import type { DashboardDeps } from './dashboard.deps';
import { createDashboardPeople } from './dashboard.people';

// The dashboard (/, the start page of admins, managers and dispatchers), one file per group of use cases:
//   dashboard.counts.ts   GET dashboard/count-stats, GET dashboard/graphs/all
//   dashboard.people.ts   GET dashboard/drivers/all, GET dashboard/dispatchers/all, GET dashboard/dispatcher
//   dashboard.brokers.ts  GET dashboard/broker-company/all, /count-stats, /{id}/
// Reads only. The figures come from the module's read model (migration 0021: dashboard_load_days,
// dashboard_bid_days and dashboard_broker_pay_days, kept by triggers on loads, bids and payments); names,
// teams and unit counts through the users, teams, units and brokers services. Who sees what is dashboard-context.ts's scope.

export type { DashboardDeps } from './dashboard.deps';

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService(deps: DashboardDeps) {
  return { ...createDashboardCounts(deps), ...createDashboardPeople(deps), ...createDashboardBrokers(deps) };
}
