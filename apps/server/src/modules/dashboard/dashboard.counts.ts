import { LOAD_STATUSES, VEHICLE_STATUSES } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import type { CountStats, DashboardQuery, Graphs } from '@app/domain/dashboard/dashboard.schema';
import { datesOfRange, weeksOfRange } from '@app/domain/dashboard/dashboard.rules';
import { loadStatusClass } from '@app/domain/loads/loads.rules';
import type { CompanyCaller } from '../auth/caller';
import * as loadsRepo from './dashboard-loads.repository';
import {
  addTotals,
  NO_TOTALS,
  periodOf,
  scopeOf,
  toBids,
  toFigures,
  totalsOf,
  type Totals,
} from './dashboard-context';
import type { DashboardDeps } from './dashboard.deps';

// GET dashboard/count-stats and GET dashboard/graphs/all: the period's counts and its figures by day and
// ISO week, in the caller's scope.

export function createDashboardCounts(deps: DashboardDeps) {
  const { db, now, units } = deps;

  return {
    /** GET dashboard/count-stats: five queries of the read model and three of the units, in parallel. */
    async countStats(caller: CompanyCaller, query: DashboardQuery): Promise<CountStats> {
      const { period, range } = periodOf(query, now());
      const scope = scopeOf(caller, query);
      const [statusRows, board, bids, unitCounts] = await Promise.all([
        loadsRepo.totalsByStatus(db, scope, range),
        loadsRepo.boardCounts(db, caller.companyId, range),
        loadsRepo.bidTotals(db, scope, range),
        units.countsNow(scope),
      ]);
      const byList = { active: 0, checkout: 0, completed: 0, canceled: 0 };
      const byStatus = new Map<number, number>();
      let totals: Totals = NO_TOTALS;
      for (const row of statusRows) {
        const loads = Number(row.count);
        byList[loadStatusClass(row.status)] += loads;
        byStatus.set(row.status, loads);
        totals = addTotals(totals, totalsOf(row));
      }
      let vehicles = 0;
      for (const count of unitCounts.vehiclesByStatus.values()) vehicles += count;
      return {
        period,
        loads: {
          by_list: byList,
          by_status: LOAD_STATUSES.map((entry) => ({
            status: entry.id,
            status_name: entry.en,
            count: byStatus.get(entry.id) ?? 0,
          })),
        },
        figures: toFigures(totals),
        board: { posted: board.posted, booked: board.booked, on_board: board.onBoard },
        bids: toBids(bids),
        vehicles: {
          total: vehicles,
          by_status: VEHICLE_STATUSES.map((entry) => ({
            status: entry.id,
            status_name: entry.en,
            count: unitCounts.vehiclesByStatus.get(entry.id) ?? 0,
          })),
        },
        drivers: { active: unitCounts.activeDrivers },
        owners: { active: unitCounts.activeOwners },
      };
    },

    /** GET dashboard/graphs/all: every day of the period and every ISO week touching it; one query. */
    async graphs(caller: CompanyCaller, query: DashboardQuery): Promise<Graphs> {
      const { period, range } = periodOf(query, now());
      const rows = await loadsRepo.figuresByDay(db, scopeOf(caller, query), range);
      const byDay = new Map(rows.map((row) => [String(row.day), totalsOf(row)]));
      const point = (totals: Totals) => ({
        loads: totals.loads,
        gross: centsToAmount(totals.grossCents),
        margin: centsToAmount(totals.marginCents),
      });
      const dates = datesOfRange({ date_from: range.from, date_to: range.to });
      let total = NO_TOTALS;
      const days = dates.map((date) => {
        const totals = byDay.get(date) ?? NO_TOTALS;
        total = addTotals(total, totals);
        return { date, ...point(totals) };
      });
      // A week sums its days inside the period only, so that the weeks add up to the period.
      const weeks = weeksOfRange({ date_from: range.from, date_to: range.to }).map((week) => {
        let sum = NO_TOTALS;
        for (const date of dates) {
          if (date >= week.week_start && date <= week.week_end)
            sum = addTotals(sum, byDay.get(date) ?? NO_TOTALS);
        }
        return { ...week, ...point(sum) };
      });
      return { period, days, weeks, total: point(total) };
    },
  };
}
