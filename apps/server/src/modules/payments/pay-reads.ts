import type {
  DispatcherPayDetail,
  DispatcherPaymentList,
  OwnerPayDetail,
  OwnerPaymentList,
  PayListQuery,
} from '@app/domain/accounting/payments.schema';
import type { WeekPay } from '@app/domain/accounting/money.rules';
import { ROLES } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import { pageOffset } from '@app/domain/common/pagination';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import * as readModel from './pay-read-model.repository';
import { termsOf, toDispatcherRow, toOwnerRow, toTotals } from './pay-response';
import { buildPaySheet, type SheetParts } from './pay-sheet';
import * as sheets from './pay-sheet.repository';

// The owners' and dispatchers' pay as read: the lists with their totals, and one person's week (the pay
// sheet). A dispatcher (role 5) reads only their own pay: their list is narrowed to them, another's week is
// 404 to them.

/** A dispatcher who is not a superuser sees only their own dispatcher pay. */
export const readsOwnPayOnly = (caller: CompanyCaller) =>
  caller.role === ROLES.dispatcher && !caller.isSuperuser;

function filtersOf(query: PayListQuery): readModel.PayFilters {
  const { page: _page, limit: _limit, ...filters } = query;
  return filters;
}

/** The sheet's money (by the money model) in the fields the row answers, the frozen amount kept. */
function sheetMoney(totals: WeekPay, frozenCents: number | string | null) {
  const computed = totals.total_cents;
  return {
    loads_count: totals.loads_count,
    gross: centsToAmount(totals.gross_cents),
    load_pay: centsToAmount(totals.load_pay_cents),
    bonuses: centsToAmount(totals.bonuses_cents),
    fines: centsToAmount(totals.fines_cents),
    items: centsToAmount(totals.items_cents),
    computed_total: centsToAmount(computed),
    amount: centsToAmount(frozenCents === null ? computed : Number(frozenCents)),
  };
}

export function createPayReads(deps: { db: Db }) {
  const { db } = deps;

  async function sheetParts(
    companyId: number,
    type: readModel.PayType,
    row: readModel.PayRowRecord,
  ): Promise<SheetParts> {
    const person = { type, id: row.person_id };
    const week = { year: row.year, week: row.week };
    const [loads, items] = await Promise.all([
      sheets.findSheetLoads(db, companyId, person, week),
      sheets.findSheetItems(db, companyId, person, week),
    ]);
    const loadIds = loads.map((load) => load.id);
    const [points, incentives] = await Promise.all([
      sheets.findSheetPoints(db, loadIds),
      sheets.findSheetIncentives(db, companyId, loadIds, type),
    ]);
    return { loads, points, incentives, items };
  }

  async function ownerWeek(caller: CompanyCaller, paymentId: number): Promise<OwnerPayDetail> {
    const row = await readModel.findPayRow(db, caller.companyId, 'owner', paymentId);
    if (!row) throw notFound();
    const sheet = buildPaySheet('owner', await sheetParts(caller.companyId, 'owner', row), null);
    return {
      ...toOwnerRow(row),
      ...sheetMoney(sheet.totals, row.amount_cents),
      loads: sheet.loads,
      other_items: sheet.other_items,
    };
  }

  return {
    /** GET payments/owners/all */
    async ownersList(caller: CompanyCaller, query: PayListQuery): Promise<OwnerPaymentList> {
      const { rows, totals } = await readModel.findPayRows(db, caller.companyId, 'owner', filtersOf(query), {
        limit: query.limit,
        offset: pageOffset(query),
      });
      const { margin: _margin, ...ownerTotals } = toTotals(totals);
      return { count: Number(totals.count), results: rows.map(toOwnerRow), totals: ownerTotals };
    },

    /** GET payments/owners/{id}: the owner's week, as the pay sheet prints it. */
    ownerWeek,

    /** GET payments/dispatchers/all: a dispatcher sees only their own rows. */
    async dispatchersList(caller: CompanyCaller, query: PayListQuery): Promise<DispatcherPaymentList> {
      const filters = filtersOf(query);
      if (readsOwnPayOnly(caller)) {
        if (filters.person !== undefined && filters.person !== caller.userId) {
          return {
            count: 0,
            results: [],
            totals: toTotals({
              count: 0,
              loads_count: 0,
              gross: 0,
              margin: 0,
              load_pay: 0,
              bonuses: 0,
              fines: 0,
              items: 0,
              amount: 0,
            }),
          };
        }
        filters.person = caller.userId;
      }
      const { rows, totals } = await readModel.findPayRows(db, caller.companyId, 'dispatcher', filters, {
        limit: query.limit,
        offset: pageOffset(query),
      });
      return { count: Number(totals.count), results: rows.map(toDispatcherRow), totals: toTotals(totals) };
    },

    /** GET payments/dispatchers/{id}: another dispatcher's week is 404 to a dispatcher. */
    async dispatcherWeek(caller: CompanyCaller, paymentId: number): Promise<DispatcherPayDetail> {
      const row = await readModel.findPayRow(db, caller.companyId, 'dispatcher', paymentId);
      if (!row || (readsOwnPayOnly(caller) && row.person_id !== caller.userId)) throw notFound();
      const terms = termsOf(row);
      const sheet = buildPaySheet('dispatcher', await sheetParts(caller.companyId, 'dispatcher', row), terms);
      return {
        ...toDispatcherRow(row),
        ...sheetMoney(sheet.totals, row.amount_cents),
        loads: sheet.loads,
        other_items: sheet.other_items,
      };
    },
  };
}
