import { pageOffset, type ListResponse } from '@app/domain/common/pagination';
import { driverActivationRefusal, PEOPLE_MESSAGES } from '@app/domain/units/people.rules';
import {
  MAX_VEHICLE_DRIVERS,
  UNITS_MESSAGES,
  type AddDriver,
  type Contact,
  type ContactSearchQuery,
  type Driver,
  type DriverListQuery,
} from '@app/domain/units/units.schema';
import { expiryState, phoneForViewer } from '@app/domain/units/vehicle.rules';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { fieldError, notFound, refuse } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { unitsEvents } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { chatsOfContacts, type ContactChatsOf, fullName, toContact } from './contacts';
import * as driverList from './driver-list.repository';
import * as repository from './drivers.repository';
import { callerSeesPhones, textSearchOf } from './phone-visibility';

// Drivers: the list and a driver's card, adding a driver (HR and managers), and the two switches of
// whether a driver, and the driver's owner, see loads on the load board.
//
// Phone numbers leave the server only for a viewer who may see them (phone-visibility.ts).
//
// The {id} of users/{id}/update-driver-is-active/ and of users/drivers/{id} is the driver's id as the list
// answers it (drivers are records of the company; few have a user account).
//
// Events, after commit (update_units, the product's own): { kind: 'driver' } for a driver added or a
// switch turned; with it { kind: 'vehicle' } for the vehicle a new driver joins and { kind: 'owner' } for
// the owner whose drivers count grows.

export type DriversService = ReturnType<typeof createDriversService>;

export type DriversDeps = {
  db: Db;
  bus: EventBus;
  now?: () => Date;
  log?: ErrorLog;
  /**
   * The chats of the contacts of GET users/search/drivers (the chats and SMS areas, wired by the app).
   */
  contactChatsOf?: ContactChatsOf;
};

function toDriver(row: repository.DriverRow, seesPhones: boolean, now: Date): Driver {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName(row.first_name, row.last_name),
    phone_number: phoneForViewer(row.phone_number, seesPhones),
    email: row.email,
    status: row.status,
    is_active: row.is_active,
    is_active_for_owner: row.is_active_for_owner,
    owner:
      row.owner_id === null
        ? null
        : {
            id: row.owner_id,
            full_name: fullName(row.owner_first_name ?? '', row.owner_last_name ?? ''),
            company_name: row.owner_company_name,
          },
    car: row.car_id === null ? null : { id: row.car_id, unit_id: row.car_unit_id ?? '' },
    license_number: row.license_number,
    license_state: row.license_state,
    license_expiry: row.license_expiry,
    license_expiry_state: expiryState(row.license_expiry, now),
    created_date: row.created_at.toISOString(),
  };
}

export function createDriversService(deps: DriversDeps) {
  const { db, now = () => new Date() } = deps;
  const unit = createUnitOfWork(deps);

  async function driverCard(caller: CompanyCaller, id: number, seesPhones?: boolean): Promise<Driver> {
    const [row, sees] = await Promise.all([
      repository.findDriverRow(db, caller.companyId, id),
      seesPhones ?? callerSeesPhones(db, caller),
    ]);
    if (!row) throw notFound();
    return toDriver(row, sees, now());
  }

  /** Sets one of the "sees loads" switches; turning one on for a fired driver is refused (409). */
  async function setFlag(
    caller: CompanyCaller,
    id: number,
    flag: 'is_active' | 'is_active_for_owner',
    value: boolean,
  ): Promise<Driver> {
    await unit.run(async (trx, outbox) => {
      const driver = await repository.lockDriver(trx, caller.companyId, id);
      if (!driver) throw notFound();
      const refusal = driverActivationRefusal(driver, value);
      if (refusal) throw refuse('fired_driver_activation', refusal);
      if (driver[flag] !== value) {
        await repository.updateDriver(trx, caller.companyId, id, { [flag]: value, updated_at: now() });
        outbox.push(...unitsEvents('driver', caller.companyId, [id]));
      }
    });
    return driverCard(caller, id);
  }

  return {
    /** GET users/drivers: count and page in two queries, whatever the page size. */
    async list(caller: CompanyCaller, query: DriverListQuery): Promise<ListResponse<Driver>> {
      const seesPhones = await callerSeesPhones(db, caller);
      const filters: driverList.DriverFilters = {
        search: textSearchOf(query.search, seesPhones),
        owner: query.owner,
        car: query.car,
        status: query.status,
        is_active: query.is_active,
        exclude_fired: query.exclude_fired,
      };
      const [count, rows] = await Promise.all([
        driverList.countDrivers(db, caller.companyId, filters),
        driverList.findDriverPage(db, caller.companyId, filters, {
          limit: query.limit,
          offset: pageOffset(query),
        }),
      ]);
      const at = now();
      return { count, results: rows.map((row) => toDriver(row, seesPhones, at)) };
    },

    /** GET users/drivers/{id}: the driver's card (the load history is GET loads/drivers/history). */
    detail: (caller: CompanyCaller, id: number) => driverCard(caller, id),

    /**
     * POST hr/add-driver. The owner and the vehicle must be the company's (400 naming the field). With a
     * vehicle: the driver is listed on it (at most 5 drivers), becomes its active driver when it has
     * none, and takes its owner when no owner is given. One transaction.
     */
    async add(caller: CompanyCaller, body: AddDriver): Promise<Driver> {
      const at = now();
      const id = await unit.run(async (trx, outbox) => {
        if (body.owner !== null && !(await repository.findOwnerId(trx, caller.companyId, body.owner))) {
          throw fieldError('owner', PEOPLE_MESSAGES.unknownOwner);
        }
        const vehicle =
          body.car === null ? undefined : await repository.lockVehicle(trx, caller.companyId, body.car);
        if (body.car !== null && !vehicle) throw fieldError('car', PEOPLE_MESSAGES.unknownVehicle);
        if (vehicle) {
          const drivers = new Set(vehicle.driver_ids);
          if (vehicle.active_driver_id !== null) drivers.add(vehicle.active_driver_id);
          if (drivers.size >= MAX_VEHICLE_DRIVERS) throw fieldError('car', UNITS_MESSAGES.tooManyDrivers);
        }
        const ownerId = body.owner ?? vehicle?.owner_id ?? null;
        const driverId = await repository.insertDriver(trx, {
          company_id: caller.companyId,
          owner_id: ownerId,
          first_name: body.first_name,
          last_name: body.last_name,
          phone_number: body.phone_number,
          email: body.email,
          license_number: body.license_number,
          license_state: body.license_state,
          license_expiry: body.license_expiry,
          created_at: at,
          updated_at: at,
        });
        if (vehicle) {
          await repository.addDriverToVehicle(
            trx,
            caller.companyId,
            vehicle.id,
            driverId,
            vehicle.active_driver_id === null,
            at,
          );
        }
        outbox.push(
          ...unitsEvents('driver', caller.companyId, [driverId]),
          ...unitsEvents('vehicle', caller.companyId, vehicle ? [vehicle.id] : []),
          ...unitsEvents('owner', caller.companyId, ownerId === null ? [] : [ownerId]),
        );
        return driverId;
      });
      return driverCard(caller, id);
    },

    /** PUT users/{id}/update-driver-is-active/: whether the driver sees loads on the load board. */
    setActive: (caller: CompanyCaller, id: number, isActive: boolean) =>
      setFlag(caller, id, 'is_active', isActive),

    /** PUT users/{id}/update-driver-is-active-for-owner/: whether the owner sees loads for this driver. */
    setActiveForOwner: (caller: CompanyCaller, id: number, isActive: boolean) =>
      setFlag(caller, id, 'is_active_for_owner', isActive),

    // ---- what the loads module asks of drivers, inside the loads' open transaction (`trx`) or not (`db`)

    /** A driver of the company who may take a load (not fired), with name and phone. */
    takingLoads: (trx: Db, companyId: number, id: number) =>
      repository.findDriverNameAndPhone(trx, companyId, id, { takingLoads: true }),

    /** Any driver of the company, fired too, with name and phone (for the names in a load's history). */
    nameAndPhone: (trx: Db, companyId: number, id: number) =>
      repository.findDriverNameAndPhone(trx, companyId, id, { takingLoads: false }),

    /** The name and phone of the driver, as a load's driver info sets them (the broker gets them). */
    setNameAndPhone: (
      trx: Trx,
      companyId: number,
      id: number,
      values: { first_name: string; last_name: string; phone_number: string },
      at: Date,
    ) =>
      repository.updateDriver(trx, companyId, id, {
        first_name: values.first_name,
        last_name: values.last_name,
        phone_number: values.phone_number,
        updated_at: at,
      }),

    /** GET users/search/drivers?entity=driver: drivers who are not fired, to call, text or chat with. */
    async contacts(caller: CompanyCaller, query: ContactSearchQuery): Promise<Contact[]> {
      const seesPhones = await callerSeesPhones(db, caller);
      const rows = await driverList.findDriverContacts(
        db,
        caller.companyId,
        textSearchOf(query.search, seesPhones),
        query.limit,
      );
      const chatsOf = await chatsOfContacts(deps.contactChatsOf, caller.companyId, 'driver', rows);
      return rows.map((row) =>
        toContact(
          'driver',
          row,
          { unit_id: row.car_unit_id, company_name: row.owner_company_name },
          seesPhones,
          chatsOf(row.id),
        ),
      );
    },
  };
}
