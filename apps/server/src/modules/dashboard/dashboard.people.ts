import type {
  DispatcherDashboard,
  DispatcherFigures,
  DispatcherList,
  DispatcherListQuery,
  DashboardQuery,
  DriverList,
  DriverListQuery,
} from '@app/domain/dashboard/dashboard.schema';
import { averageOf, easternDate } from '@app/domain/dashboard/dashboard.rules';
import type { CompanyCaller } from '../auth/caller';
import * as loadsRepo from './dashboard-loads.repository';
import * as peopleRepo from './dashboard-people.repository';
import type { DayRange, LoadScope } from './dashboard-scope.repository';
import {
  figureValue,
  addTotals,
  NO_TOTALS,
  periodOf,
  scopeOf,
  sortedPage,
  toBids,
  toFigures,
  totalsOf,
  type Totals,
} from './dashboard-context';
import type { DashboardDeps } from './dashboard.deps';

// The dashboard's people: GET dashboard/drivers/all, GET dashboard/dispatchers/all and GET
// dashboard/dispatcher. A dispatcher's scope is their own loads and bids, so their lists hold the drivers of
// their loads and their own row only; their comparison with the team is in totals and averages.

type BidCounts = { sent: number; won: number; lost: number };
const NO_BIDS: BidCounts = { sent: 0, won: 0, lost: 0 };

function dispatcherFigures(totals: Totals, bids: BidCounts): DispatcherFigures {
  return { ...toFigures(totals), bids_sent: bids.sent, bids_won: bids.won, bids_lost: bids.lost };
}

export function createDashboardPeople(deps: DashboardDeps) {
  const { db, now, users, teams, units } = deps;

  /** A scope's figures and bids in a range: two queries. */
  async function figuresAndBids(scope: LoadScope, range: DayRange) {
    const [sums, bids] = await Promise.all([
      loadsRepo.figures(db, scope, range),
      loadsRepo.bidTotals(db, scope, range),
    ]);
    return { totals: totalsOf(sums), bids: toBids(bids) };
  }

  return {
    /**
     * GET dashboard/drivers/all: drivers with counted loads in the period, sorted and paged; two queries (the
     * figures with the days on the road, then the page's names).
     */
    async drivers(caller: CompanyCaller, query: DriverListQuery): Promise<DriverList> {
      const { period, range } = periodOf(query, now());
      const scope = scopeOf(caller, query);
      const figureRows = await peopleRepo.figuresByDriver(db, scope, range);
      const rows = figureRows.map((row) => ({
        id: row.driver_id!,
        totals: totalsOf(row),
        days: Number(row.days),
      }));
      const { sort } = query;
      const valueOf = (row: (typeof rows)[number]) =>
        sort === 'days_on_road' ? row.days : figureValue(row.totals, sort);
      const page = sortedPage(rows, valueOf, (row) => row.id, query);
      const names = await units.driverNames(
        caller.companyId,
        page.map((row) => row.id),
      );
      const line = (totals: Totals, daysOnRoad: number) => {
        const { loads, gross, miles, rate_per_mile } = toFigures(totals);
        return { loads, miles, gross, rate_per_mile, days_on_road: daysOnRoad };
      };
      let totals = NO_TOTALS;
      let allDays = 0;
      for (const row of rows) {
        totals = addTotals(totals, row.totals);
        allDays += row.days;
      }
      return {
        period,
        count: rows.length,
        results: page.map((row) => ({
          driver: { id: row.id, full_name: names.get(row.id) ?? '' },
          ...line(row.totals, row.days),
        })),
        totals: line(totals, allDays),
      };
    },

    /** GET dashboard/dispatchers/all: dispatchers with counted loads or bids in the period; three queries. */
    async dispatchers(caller: CompanyCaller, query: DispatcherListQuery): Promise<DispatcherList> {
      const { period, range } = periodOf(query, now());
      const scope = scopeOf(caller, query);
      const [figureRows, bidRows] = await Promise.all([
        peopleRepo.figuresByDispatcher(db, scope, range),
        peopleRepo.bidsByDispatcher(db, scope, range),
      ]);
      const people = new Map<number, { id: number; totals: Totals; bids: BidCounts }>();
      const person = (id: number) => {
        let found = people.get(id);
        if (!found) {
          found = { id, totals: NO_TOTALS, bids: NO_BIDS };
          people.set(id, found);
        }
        return found;
      };
      for (const row of figureRows) person(row.dispatcher_id!).totals = totalsOf(row);
      for (const row of bidRows) person(row.dispatcher_id!).bids = toBids(row);
      const rows = [...people.values()];
      const { sort } = query;
      const valueOf = (row: (typeof rows)[number]) =>
        sort === 'bids_sent'
          ? row.bids.sent
          : sort === 'bids_won'
            ? row.bids.won
            : figureValue(row.totals, sort);
      const page = sortedPage(rows, valueOf, (row) => row.id, query);
      const names = await users.namesOf(
        db,
        caller.companyId,
        page.map((row) => row.id),
      );
      let totals = NO_TOTALS;
      const bids = { ...NO_BIDS };
      for (const row of rows) {
        totals = addTotals(totals, row.totals);
        bids.sent += row.bids.sent;
        bids.won += row.bids.won;
        bids.lost += row.bids.lost;
      }
      return {
        period,
        count: rows.length,
        results: page.map((row) => ({
          dispatcher: { id: row.id, full_name: names.get(row.id) ?? '' },
          ...dispatcherFigures(row.totals, row.bids),
        })),
        totals: dispatcherFigures(totals, bids),
      };
    },

    /**
     * GET dashboard/dispatcher: the caller's own figures, their work now, and their team's totals and
     * averages (the team filters are not taken: the team is the caller's).
     */
    async dispatcher(caller: CompanyCaller, query: DashboardQuery): Promise<DispatcherDashboard> {
      const at = now();
      const { period, range } = periodOf(query, at);
      const companyId = caller.companyId;
      const own: LoadScope = { companyId, dispatcherId: caller.userId };
      const [team, names, ownFigures, ownNow, trucks] = await Promise.all([
        users.teamOf(db, companyId, caller.userId),
        users.namesOf(db, companyId, [caller.userId]),
        figuresAndBids(own, range),
        loadsRepo.dispatcherNow(db, companyId, caller.userId, easternDate(at)),
        units.availableVehicles(own),
      ]);
      const teamId = team.working_group_id;
      let teamAnswer: DispatcherDashboard['team'] = null;
      if (teamId !== null) {
        const teamScope: LoadScope = { companyId, workingGroupId: teamId };
        const [teamNames, teamFigures, dispatchers] = await Promise.all([
          teams.namesList(caller),
          figuresAndBids(teamScope, range),
          peopleRepo.countDispatchersAtWork(db, teamScope, range),
        ]);
        const totals = dispatcherFigures(teamFigures.totals, teamFigures.bids);
        const per = (value: number) => averageOf(value, dispatchers) ?? 0;
        teamAnswer = {
          id: teamId,
          name: teamNames.find((candidate) => candidate.id === teamId)?.name ?? '',
          dispatchers,
          totals,
          average:
            dispatchers === 0
              ? null
              : {
                  loads: per(totals.loads),
                  gross: per(totals.gross),
                  margin: per(totals.margin),
                  miles: per(totals.miles),
                  rate_per_mile: totals.rate_per_mile,
                  bids_sent: per(totals.bids_sent),
                  bids_won: per(totals.bids_won),
                  bids_lost: per(totals.bids_lost),
                },
        };
      }
      return {
        period,
        dispatcher: { id: caller.userId, full_name: names.get(caller.userId) ?? '' },
        now: {
          loads_to_move: ownNow.loadsToMove,
          picking_up_today: ownNow.pickingUpToday,
          bids_waiting: ownNow.bidsWaiting,
          trucks_without_loads: trucks,
        },
        own: dispatcherFigures(ownFigures.totals, ownFigures.bids),
        team: teamAnswer,
      };
    },
  };
}
