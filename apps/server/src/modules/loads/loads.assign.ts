import { RESTORED_STATUS } from '@app/domain/loads/load-lifecycle.rules';
import type { Load, LoadEditDriverInfo } from '@app/domain/loads/loads.schema';
import { refuse } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import { personName, type LoadChange } from './load-change';
import { createLoadBooking } from './loads.book';
import { activeOrder } from './load-columns';
import { changedFields, historyRows, type HistoryChange } from './load-history';
import * as historyRepo from './load-history.repository';
import { LOADS_MESSAGES } from './load-lists';
import * as pointsRepo from './load-points.repository';
import * as loadsRepo from './loads.repository';

// Who runs a load: another driver (and the driver's vehicle), another responsible dispatcher, the driver's
// name and phone as the broker gets them (the drivers service writes them), and a canceled load made again
// for another driver (restore as copy).

export function createLoadAssignments(ctx: LoadChange) {
  const { vehicles, drivers, users, change, recordHistory, updateLoadsEvent, vehicleStatusEvents } = ctx;
  const { driverOf, dispatcherOf } = ctx;
  const booking = createLoadBooking(ctx);

  return {
    /**
     * A new load made from a canceled one, for another driver: the same form, broker, points and
     * dispatcher, status Waiting to accept, the driver's vehicle, source 'copy' and restored_from_id. Its
     * prices start over: the broker price is the posted rate (pays), the driver price 0. Answers the copy.
     */
    restoreAsCopy(caller: CompanyCaller, id: number, driverId: number): Promise<Load> {
      return change(caller, id, 'restore_as_copy', async (trx, load, at) => {
        const driver = await driverOf(trx, caller.companyId, driverId, 'driver');
        const vehicle = await vehicles.vehicleOfDriver(trx, caller.companyId, driver.id);
        const saved = await pointsRepo.findPointsForUpdate(trx, id);
        const number = await loadsRepo.nextAccountingNumber(trx, caller.companyId);
        const {
          id: _id,
          list_class: _listClass,
          accounting_status: _accountingStatus,
          delivered_at: _deliveredAt,
          completed_at: _completedAt,
          canceled_at: _canceledAt,
          // The first pick-up's place is the points' (a trigger writes it); the copy is booked at once, never
          // on the load board, and is not the broker's posting.
          pick_up_lat: _pickUpLat,
          pick_up_lon: _pickUpLon,
          pick_up_cell: _pickUpCell,
          board_status: _boardStatus,
          posted_at: _postedAt,
          posting_reference: _postingReference,
          ...copied
        } = load;
        const copyId = await loadsRepo.insertLoad(trx, {
          ...copied,
          equipment: JSON.stringify(load.equipment),
          location_update_emails: JSON.stringify(load.location_update_emails),
          status: RESTORED_STATUS,
          load_accounting_number: number,
          broker_price_cents: load.pays_cents ?? 0,
          driver_price_cents: 0,
          driver_id: driver.id,
          vehicle_id: vehicle?.id ?? null,
          source: 'copy',
          restored_from_id: id,
          created_by: caller.userId,
          created_at: at,
          updated_at: at,
        });
        const copiedPoints = saved.map(({ id: _pointId, load_id: _loadId, ...point }) => point);
        const active = activeOrder(copiedPoints, RESTORED_STATUS);
        await pointsRepo.insertPoints(
          trx,
          copyId,
          copiedPoints.map((point) => ({ ...point, is_active: point.point_order === active })),
        );
        await historyRepo.insertHistory(trx, [
          ...historyRows(copyId, caller.userId, at, [
            {
              action: 'create',
              field: null,
              before: null,
              after: { status: RESTORED_STATUS, restored_from_id: id },
            },
          ]),
          ...historyRows(id, caller.userId, at, [
            { action: 'restore_as_copy', field: null, before: null, after: { copy_id: copyId } },
          ]),
        ]);
        return {
          loadId: copyId,
          events: [
            updateLoadsEvent(caller.companyId, [copyId], 'create'),
            ...(await vehicleStatusEvents(trx, caller.companyId, [vehicle?.id ?? null], at)),
          ],
        };
      });
    },

    /**
     * Another driver for an active load. The load follows the driver's vehicle when the driver has one
     * (the vehicle whose active driver they are, else the first they are listed on). A driver assigned to a
     * load board load books it (loads.book.ts) at its posted prices.
     */
    changeDriver(caller: CompanyCaller, id: number, driverId: number): Promise<Load> {
      return change(caller, id, 'change_driver', async (trx, load, at) => {
        const driver = await driverOf(trx, caller.companyId, driverId, 'new_driver');
        const vehicle = await vehicles.vehicleOfDriver(trx, caller.companyId, driver.id);
        const vehicleId = vehicle?.id ?? load.vehicle_id;
        if (load.board_status === 'posted') {
          const assignment = {
            vehicleId,
            driverId: driver.id,
            brokerPriceCents: load.broker_price_cents || (load.pays_cents ?? 0),
            driverPriceCents: null,
            dispatcherId: caller.userId,
          };
          // No proposition won: the load's active ones are lost, as the others of a won one are.
          return {
            events: [
              ...(await booking.writeBooking(trx, caller, load, assignment, at)),
              ...(await ctx.boardExit.loseActivePropositions(trx, caller.companyId, id, at)),
            ],
          };
        }
        const changes: HistoryChange[] = [];
        if (driver.id !== load.driver_id) {
          const previous =
            load.driver_id === null
              ? undefined
              : await drivers.nameAndPhone(trx, caller.companyId, load.driver_id);
          changes.push({
            action: 'change_driver',
            field: 'driver',
            before: load.driver_id === null ? null : { id: load.driver_id, name: personName(previous) },
            after: { id: driver.id, name: personName(driver) },
          });
        }
        if (vehicleId !== load.vehicle_id) {
          const names = await vehicles.unitIds(
            trx,
            caller.companyId,
            [load.vehicle_id, vehicleId].filter((vehicle): vehicle is number => vehicle !== null),
          );
          const unit = (vehicle: number | null) =>
            vehicle === null ? null : { id: vehicle, unit_id: names.get(vehicle) ?? null };
          changes.push({
            action: 'change_vehicle',
            field: 'car',
            before: unit(load.vehicle_id),
            after: unit(vehicleId),
          });
        }
        if (changes.length === 0) return { events: [] };
        await loadsRepo.updateLoad(trx, id, { driver_id: driver.id, vehicle_id: vehicleId, updated_at: at });
        await recordHistory(trx, caller, id, at, changes);
        return {
          events: [
            updateLoadsEvent(caller.companyId, [id], 'change_driver'),
            ...(await vehicleStatusEvents(trx, caller.companyId, [load.vehicle_id, vehicleId], at)),
          ],
        };
      });
    },

    /** Another responsible dispatcher; the load moves to the dispatcher's team. */
    changeResponsible(caller: CompanyCaller, id: number, dispatcherId: number): Promise<Load> {
      return change(caller, id, 'change_responsible', async (trx, load, at) => {
        const dispatcher = await dispatcherOf(trx, caller.companyId, dispatcherId, 'new_dispatcher');
        if (dispatcher.id === load.dispatcher_id) return { events: [] };
        const names = await users.namesOf(
          trx,
          caller.companyId,
          load.dispatcher_id === null ? [dispatcher.id] : [load.dispatcher_id, dispatcher.id],
        );
        const named = (userId: number | null) =>
          userId === null ? null : { id: userId, name: names.get(userId) ?? null };
        await loadsRepo.updateLoad(trx, id, {
          dispatcher_id: dispatcher.id,
          working_group_id: dispatcher.working_group_id,
          subgroup_id: dispatcher.subgroup_id,
          updated_at: at,
        });
        await recordHistory(trx, caller, id, at, [
          {
            action: 'change_responsible',
            field: 'dispatcher',
            before: named(load.dispatcher_id),
            after: named(dispatcher.id),
          },
        ]);
        return { events: [updateLoadsEvent(caller.companyId, [id], 'change_responsible')] };
      });
    },

    /** The name and phone of the load's driver, as the broker gets them: the driver's record changes. */
    editDriverInfo(caller: CompanyCaller, id: number, body: LoadEditDriverInfo): Promise<Load> {
      return change(caller, id, 'change_driver', async (trx, load, at) => {
        if (load.driver_id === null) throw refuse('load_without_driver', LOADS_MESSAGES.noDriver);
        const driver = await drivers.nameAndPhone(trx, caller.companyId, load.driver_id);
        const before = {
          first_name: driver?.first_name ?? null,
          last_name: driver?.last_name ?? null,
          phone_number: driver?.phone_number ?? null,
        };
        const changes = changedFields('edit_driver_info', before, body);
        if (changes.length === 0) return { events: [] };
        await drivers.setNameAndPhone(trx, caller.companyId, load.driver_id, body, at);
        await recordHistory(trx, caller, id, at, changes);
        return { events: [updateLoadsEvent(caller.companyId, [id], 'edit_driver_info')] };
      });
    },
  };
}
