import type {
  ForwardCreate,
  ForwardResponse,
  PortalLoad,
  PortalVehicle,
} from '@app/domain/bids/driver-bids.schema';
import { bidWait, DRIVER_BID_MESSAGES as M, forwardAudience } from '@app/domain/bids/driver-bids.rules';
import { pageOffset, type ListResponse, type PaginationQuery } from '@app/domain/common/pagination';
import { routeDistanceMiles } from '@app/domain/geo/geo.rules';
import { NOT_ACTIVE_TOOLTIP } from '@app/domain/units/vehicle.rules';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { notFound, refuse } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { userEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { toDriverBid } from './driver-bid-response';
import * as bids from './driver-bids.repository';
import * as repository from './forwards.repository';

// Forwarding board loads to vehicles, and what the driver page reads: my vehicles and the loads forwarded
// to them. A vehicle's active driver sees a forwarded load when the unit allows loads for the driver, its
// owner when it allows them for the owner (the units' switch); a vehicle whose driver and owner see nothing
// is skipped with the reason. A forward tells the drivers and owners who see it (driver_portal_update).

export type ForwardsService = ReturnType<typeof createForwardsService>;

export type ForwardsDeps = { db: Db; bus: EventBus; now?: () => Date; log?: ErrorLog };

/** Whether I see loads forwarded to this vehicle of mine: as its driver or as its owner, by the switches. */
function seesAs(vehicle: repository.MyVehicleRow): 'driver' | 'owner' | null {
  if (vehicle.is_driver && vehicle.loads_allowed_for_driver) return 'driver';
  if (vehicle.is_owner && vehicle.loads_allowed_for_owner) return 'owner';
  return null;
}

export function createForwardsService(deps: ForwardsDeps) {
  const { db, now = () => new Date() } = deps;
  const unit = createUnitOfWork(deps);

  return {
    /** POST bids/forward: the load must be on the board and every vehicle the company's (404 otherwise). */
    async forward(caller: CompanyCaller, body: ForwardCreate): Promise<ForwardResponse> {
      const at = now();
      return unit.run(async (trx, outbox) => {
        const load = await repository.lockLoad(trx, caller.companyId, body.load_id);
        if (!load) throw notFound();
        const vehicles = await repository.findVehicles(trx, caller.companyId, body.vehicle_ids);
        if (vehicles.length !== body.vehicle_ids.length) throw notFound();
        if (load.board_status !== 'posted') throw refuse('bid_load_off_board', M.offBoard);

        const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
        const ordered = body.vehicle_ids.map((id) => byId.get(id)!);
        const audiences = new Map(ordered.map((vehicle) => [vehicle.id, forwardAudience(vehicle)]));
        const forwardIds = ordered
          .filter((vehicle) => audiences.get(vehicle.id)?.skip === null)
          .map((v) => v.id);
        const saved = await repository.upsertForwards(
          trx,
          caller.companyId,
          load.id,
          forwardIds,
          caller.userId,
          at,
        );
        const savedAt = new Map(saved.map((row) => [row.vehicle_id, row.forwarded_at]));

        const recipients = await repository.recipientUserIds(trx, caller.companyId, forwardIds);
        if (recipients.length > 0) {
          outbox.push(
            userEvent('driver_portal_update', caller.companyId, recipients, {
              load_ids: [load.id],
              bid_ids: [],
            }),
          );
        }
        const response: ForwardResponse = { load_id: load.id, forwarded: [], skipped: [] };
        for (const vehicle of ordered) {
          const audience = audiences.get(vehicle.id)!;
          if (audience.skip === null) {
            response.forwarded.push({
              vehicle_id: vehicle.id,
              unit_id: vehicle.unit_id,
              forwarded_at: (savedAt.get(vehicle.id) ?? at).toISOString(),
              driver_sees: audience.driver_sees,
              owner_sees: audience.owner_sees,
            });
          } else {
            response.skipped.push({
              vehicle_id: vehicle.id,
              unit_id: vehicle.unit_id,
              reason: audience.skip,
              detail: audience.skip === 'not_active' ? NOT_ACTIVE_TOOLTIP.en : M.noDriverOrOwner,
            });
          }
        }
        return response;
      });
    },

    /** GET driver-portal/vehicles: the vehicles I drive or own, and whether loads reach me through each. */
    async myVehicles(caller: CompanyCaller): Promise<{ results: PortalVehicle[] }> {
      const vehicles = await repository.findMyVehicles(db, caller.companyId, caller.userId);
      return {
        results: vehicles.map((vehicle) => {
          const as = seesAs(vehicle);
          return {
            id: vehicle.id,
            unit_id: vehicle.unit_id,
            transport_type: vehicle.transport_type,
            as: as ?? (vehicle.is_driver ? 'driver' : 'owner'),
            sees_loads: as !== null,
          };
        }),
      };
    },

    /**
     * GET driver-portal/loads: the loads forwarded to the vehicles I see loads for, still on the board, last
     * forwarded first; each with its points, the deadhead from my vehicle, my latest bid and the limit's
     * wait. Four queries whatever the page size.
     */
    async myLoads(caller: CompanyCaller, query: PaginationQuery): Promise<ListResponse<PortalLoad>> {
      const at = now();
      const vehicles = (await repository.findMyVehicles(db, caller.companyId, caller.userId)).filter(
        (vehicle) => seesAs(vehicle) !== null,
      );
      const vehicleIds = vehicles.map((vehicle) => vehicle.id);
      const [count, rows] = await Promise.all([
        repository.countForwardedLoads(db, caller.companyId, vehicleIds),
        repository.findForwardedLoads(db, caller.companyId, vehicleIds, {
          limit: query.limit,
          offset: pageOffset(query),
        }),
      ]);
      const loadIds = [...new Set(rows.map((row) => row.load_id))];
      const [points, myBids] = await Promise.all([
        repository.findPoints(db, caller.companyId, loadIds),
        bids.findBidsOfBidderOnLoads(db, caller.companyId, caller.userId, loadIds),
      ]);
      const vehicleById = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
      const results = rows.map((row): PortalLoad => {
        const vehicle = vehicleById.get(row.vehicle_id)!;
        const loadPoints = points.filter((point) => point.load_id === row.load_id);
        const pickUp = loadPoints.find((point) => point.type === 'pick_up') ?? loadPoints[0];
        const deadhead =
          pickUp?.lat != null &&
          pickUp.lon != null &&
          vehicle.location_lat !== null &&
          vehicle.location_lon !== null
            ? routeDistanceMiles([
                { lat: vehicle.location_lat, lon: vehicle.location_lon },
                { lat: pickUp.lat, lon: pickUp.lon },
              ])
            : null;
        const latest = myBids.find((bid) => bid.load_id === row.load_id);
        const wait = bidWait(row.forwarded_at, latest ? (latest.placed_at ?? latest.created_at) : null, at);
        return {
          load_id: row.load_id,
          vehicle: { id: vehicle.id, unit_id: vehicle.unit_id },
          forwarded_at: row.forwarded_at.toISOString(),
          points: loadPoints.map((point) => ({
            order: point.point_order,
            type: point.type,
            city: point.city,
            state: point.state,
            zip_code: point.zip_code,
            date: point.date?.toISOString() ?? null,
          })),
          pick_up_datetime: row.pick_up_datetime?.toISOString() ?? null,
          delivery_datetime: row.delivery_datetime?.toISOString() ?? null,
          miles: row.miles,
          deadhead_miles: deadhead,
          vehicle_type: row.vehicle_type,
          weight: row.weight,
          pieces: row.pieces,
          dims: { length: row.length, width: row.width, height: row.height },
          my_bid: latest ? toDriverBid(latest) : null,
          wait_seconds: wait?.seconds_left ?? 0,
          wait_limit: wait?.limit ?? null,
        };
      });
      return { count, results };
    },
  };
}
