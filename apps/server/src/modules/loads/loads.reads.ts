import type { ListResponse } from '@app/domain/common/pagination';
import { pageOffset } from '@app/domain/common/pagination';
import { missingDocuments, nextStatus } from '@app/domain/loads/load-lifecycle.rules';
import { parseLoadNumber, pickLoadByNumber } from '@app/domain/loads/load-number.rules';
import { loadStatusClass, type LoadStatusClass } from '@app/domain/loads/loads.rules';
import type { DriverLoadHistoryQuery, Load, LoadDetail, LoadListQuery } from '@app/domain/loads/loads.schema';
import type { NextPoint } from '@app/domain/units/units.schema';
import { forbidden, notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import type { LoadChange } from './load-change';
import * as historyRepo from './load-history.repository';
import * as planner from './load-list.repository';
import * as pointsRepo from './load-points.repository';
import { LIST_CLASS } from './load-lists';
import { toHistoryEntry } from './load-response';
import * as loadsRepo from './loads.repository';

// Reading loads: the four lists, the load page, a driver's loads, and what the vehicles module reads of
// loads (a load's pick-up, the load each vehicle is on).

/** A load's pick-up as the vehicles module needs it: where, and when the truck is expected there. */
export type LoadPickUp = { address: string; lat: number | null; lon: number | null; date: Date | null };

/** A load by its two numbers. */
export type NumberedLoad = { id: number; load_accounting_number: number | null };

/** The load a vehicle is on, with the point it is heading to (the delivery map's `load`). */
export type VehicleActiveLoad = { id: number; status: number; next_point: NextPoint | null };

export function createLoadReads(ctx: LoadChange) {
  const { db, drivers, withPointsAndFiles, canSeeList, requiredDocumentsTable } = ctx;

  /** One page of loads: four queries whatever the page size (count, page, its points, its files). */
  async function listPage(
    scope: planner.ListScope,
    filters: planner.ListFilters,
    paging: { page: number; limit: number },
  ): Promise<ListResponse<Load>> {
    const page = { limit: paging.limit, offset: pageOffset(paging) };
    const [count, rows] = await Promise.all([
      planner.countList(db, scope, filters),
      planner.findListPage(db, scope, filters, page),
    ]);
    return { count, results: await withPointsAndFiles(rows) };
  }

  return {
    /** One list page: four queries whatever the page size (count, page, its points, its files). */
    list(caller: CompanyCaller, list: LoadStatusClass, query: LoadListQuery): Promise<ListResponse<Load>> {
      return listPage({ companyId: caller.companyId, listClass: LIST_CLASS[list] }, query, query);
    },

    /**
     * The load page. Each list's path answers the load whatever list it is in now, so that a link from
     * before a status move still finds it (`status` tells which list it is in); a role that does not see
     * that list gets 403.
     */
    async detail(caller: CompanyCaller, id: number): Promise<LoadDetail> {
      const row = await loadsRepo.findLoadRow(db, caller.companyId, id);
      // A load on the load board, or taken off it before it was booked, is in none of the four lists: the
      // board reads it (GET loads/loadboard/{id}).
      if (!row || (row.board_status !== null && row.board_status !== 'booked')) throw notFound();
      if (!canSeeList(caller, loadStatusClass(row.status))) throw forbidden();
      const [[load], history, table] = await Promise.all([
        withPointsAndFiles([row]),
        historyRepo.findHistory(db, id),
        requiredDocumentsTable(db, caller.companyId),
      ]);
      const target = nextStatus(row.status);
      return {
        ...load!,
        history: history.map(toHistoryEntry),
        missing_documents:
          target === null
            ? []
            : missingDocuments(
                target,
                load!.files.map((file) => file.file_type),
                table,
              ),
      };
    },

    /** A driver's loads in every list, newest first (fired drivers too). Another company's driver answers 404. */
    async driverHistory(caller: CompanyCaller, query: DriverLoadHistoryQuery): Promise<ListResponse<Load>> {
      const driver = await drivers.nameAndPhone(db, caller.companyId, query.driver_id);
      if (!driver) throw notFound();
      return listPage(
        { companyId: caller.companyId, listClass: undefined },
        { driver: query.driver_id },
        query,
      );
    },

    /**
     * The load a typed number names (the capacity search's load field): the accounting number first, the
     * id only when no load has that accounting number (domain pickLoadByNumber). 404 when none.
     */
    async findByNumber(caller: CompanyCaller, text: string): Promise<NumberedLoad> {
      const query = parseLoadNumber(text);
      if (!query) throw notFound();
      const candidates = await loadsRepo.findLoadsByNumber(
        db,
        caller.companyId,
        query.accountingNumber,
        query.id,
      );
      const load = pickLoadByNumber(query, candidates);
      if (!load) throw notFound();
      return load;
    },

    /**
     * Where a vehicle goes for the load (the vehicles module's closest cars): the active point when it is a
     * pick-up, else the first pick-up. 404 when the company has no such load.
     */
    async pickUpOf(caller: CompanyCaller, id: number): Promise<LoadPickUp> {
      const points = await pointsRepo.findCompanyLoadPoints(db, caller.companyId, id);
      if (points.length === 0) throw notFound();
      const pickUps = points.filter((point) => point.type === 'pick_up');
      const pickUp = pickUps.find((point) => point.is_active) ?? pickUps[0] ?? points[0]!;
      return { address: pickUp.address, lat: pickUp.lat, lon: pickUp.lon, date: pickUp.date };
    },

    /**
     * The load each vehicle is on (the vehicles module's delivery map): of the company's active loads with a
     * vehicle, the one with the earliest pick-up, with its active point as the next point. Two queries at most
     * whatever the fleet: one for the loads, none per vehicle.
     */
    async activeLoadsByVehicle(caller: CompanyCaller): Promise<Map<number, VehicleActiveLoad>> {
      const rows = await pointsRepo.findActiveLoadsWithVehicles(db, caller.companyId);
      const byVehicle = new Map<number, VehicleActiveLoad>();
      for (const row of rows) {
        if (row.vehicle_id === null || byVehicle.has(row.vehicle_id)) continue;
        byVehicle.set(row.vehicle_id, {
          id: row.id,
          status: row.status,
          next_point:
            row.point_type === null || row.point_address === null
              ? null
              : {
                  type: row.point_type,
                  address: row.point_address,
                  city: row.point_city ?? '',
                  state: row.point_state ?? '',
                  zip_code: row.point_zip_code,
                  country: row.point_country ?? 'US',
                  lat: row.point_lat,
                  lon: row.point_lon,
                  date: row.point_date?.toISOString() ?? null,
                },
        });
      }
      return byVehicle;
    },
  };
}
