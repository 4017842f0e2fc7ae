import type {
  BrokerCountStats,
  BrokerDashboard,
  BrokerList,
  BrokerListQuery,
  DashboardQuery,
} from '@app/domain/dashboard/dashboard.schema';
import {
  percentShare,
  previousRange,
  twelveMonthsRange,
  twelveMonthsTo,
} from '@app/domain/dashboard/dashboard.rules';
import { notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import * as brokersRepo from './dashboard-brokers.repository';
import * as loadsRepo from './dashboard-loads.repository';
import {
  addTotals,
  NO_TOTALS,
  figureValue,
  periodOf,
  scopeOf,
  sortedPage,
  toFigures,
  totalsOf,
  type Totals,
} from './dashboard-context';
import type { DashboardDeps } from './dashboard.deps';

// The dashboard's brokers: GET dashboard/broker-company/all (ranked), /count-stats and /{id}/ (one broker's
// figures, the period before, twelve months of history). Days to pay are the accounting module's average
// (GET payments/brokers/{id}/days-to-pay), read from the sums the payments triggers keep (migration 0021).

type DaysToPay = Map<number, { average: number; paid: number; days: number }>;

/** The brokers' paid invoices together: their days over their invoices, to one decimal. */
function daysToPayOfAll(paid: DaysToPay): number | null {
  let invoices = 0;
  let days = 0;
  for (const broker of paid.values()) {
    invoices += broker.paid;
    days += broker.days;
  }
  return invoices === 0 ? null : Math.round((days * 10) / invoices) / 10;
}

export function createDashboardBrokers(deps: DashboardDeps) {
  const { db, now, brokers } = deps;

  /** The brokers' days to pay by broker id: one query of the read model. */
  async function daysToPay(companyId: number, brokerIds: number[]): Promise<DaysToPay> {
    const rows = await brokersRepo.findDaysToPay(db, companyId, brokerIds);
    return new Map(
      rows.map((row) => [
        row.broker_company_id,
        { average: Number(row.average), paid: Number(row.paid_invoices), days: Number(row.paid_days) },
      ]),
    );
  }

  async function brokersOfPeriod(caller: CompanyCaller, query: DashboardQuery) {
    const { period, range } = periodOf(query, now());
    const scope = scopeOf(caller, query);
    const rows = (await brokersRepo.figuresByBroker(db, scope, range)).map((row) => ({
      id: row.broker_company_id!,
      totals: totalsOf(row),
    }));
    const paid = await daysToPay(
      caller.companyId,
      rows.map((row) => row.id),
    );
    let totals: Totals = NO_TOTALS;
    for (const row of rows) totals = addTotals(totals, row.totals);
    return { period, range, scope, rows, paid, totals };
  }

  return {
    /** GET dashboard/broker-company/all: brokers with counted loads in the period, ranked; three queries. */
    async brokerList(caller: CompanyCaller, query: BrokerListQuery): Promise<BrokerList> {
      const { period, rows, paid, totals } = await brokersOfPeriod(caller, query);
      const { sort } = query;
      const valueOf = (row: (typeof rows)[number]) =>
        sort === 'days_to_pay' ? (paid.get(row.id)?.average ?? null) : figureValue(row.totals, sort);
      const page = sortedPage(rows, valueOf, (row) => row.id, query);
      const names = new Map(
        (
          await brokers.brokerNames(
            caller.companyId,
            page.map((row) => row.id),
          )
        ).map((broker) => [broker.id, broker]),
      );
      return {
        period,
        count: rows.length,
        results: page.map((row) => ({
          broker_company: {
            id: row.id,
            name: names.get(row.id)?.name ?? '',
            mc_number: names.get(row.id)?.mc_number ?? null,
          },
          ...toFigures(row.totals),
          average_days_to_pay: paid.get(row.id)?.average ?? null,
          paid_invoices: paid.get(row.id)?.paid ?? 0,
        })),
        totals: toFigures(totals),
      };
    },

    /** GET dashboard/broker-company/count-stats: three queries. */
    async brokerCountStats(caller: CompanyCaller, query: DashboardQuery): Promise<BrokerCountStats> {
      const { period, range, scope, rows, paid, totals } = await brokersOfPeriod(caller, query);
      const seenBefore = await brokersRepo.countBrokersSeenBefore(
        db,
        scope,
        rows.map((row) => row.id),
        range.from,
      );
      const topFive = [...rows]
        .sort((a, b) => b.totals.grossCents - a.totals.grossCents)
        .slice(0, 5)
        .reduce((sum, row) => sum + row.totals.grossCents, 0);
      return {
        period,
        brokers: rows.length,
        new_brokers: rows.length - seenBefore,
        figures: toFigures(totals),
        top_five_share: percentShare(topFive, totals.grossCents),
        average_days_to_pay: daysToPayOfAll(paid),
      };
    },

    /** GET dashboard/broker-company/{id}/: 404 for a broker company of another company; six queries. */
    async brokerDetail(caller: CompanyCaller, id: number, query: DashboardQuery): Promise<BrokerDashboard> {
      const broker = await brokers.brokerOfCompanyById(caller.companyId, id);
      if (!broker) throw notFound();
      const { period, range } = periodOf(query, now());
      const scope = { ...scopeOf(caller, query), brokerId: id };
      const previous = previousRange(period);
      const months = twelveMonthsTo(period);
      const history = twelveMonthsRange(period);
      const [current, before, monthRows, span, paid] = await Promise.all([
        loadsRepo.figures(db, scope, range),
        loadsRepo.figures(db, scope, { from: previous.date_from, to: previous.date_to }),
        loadsRepo.figuresByMonth(db, scope, { from: history.date_from, to: history.date_to }),
        loadsRepo.countedLoadSpan(db, scope),
        daysToPay(caller.companyId, [id]),
      ]);
      const byMonth = new Map(monthRows.map((row) => [String(row.month).slice(0, 7), totalsOf(row)]));
      return {
        period,
        broker_company: { id: broker.id, name: broker.name, mc_number: broker.mc_number },
        figures: toFigures(totalsOf(current)),
        previous: { ...previous, figures: toFigures(totalsOf(before)) },
        average_days_to_pay: paid.get(id)?.average ?? null,
        paid_invoices: paid.get(id)?.paid ?? 0,
        first_load_date: span.first_day,
        last_load_date: span.last_day,
        months: months.map((month) => ({ month, ...toFigures(byMonth.get(month) ?? NO_TOTALS) })),
      };
    },
  };
}
