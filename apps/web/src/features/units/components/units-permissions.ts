import { canManagePeople } from '@app/domain/units/people.rules';
import { canDoVehicleAction } from '@app/domain/units/vehicle.rules';
import type { CurrentUser } from '@/lib/current-user';

// Who may do what on the units pages. The spec leaves most per-role rules of these areas open; the server
// decides by the domain's VEHICLE_ROLES and PEOPLE_ROLES, and the pages only offer what it will accept.

type Who = Pick<CurrentUser, 'role' | 'is_superuser'>;

/** Location, status, tracking, bidding while on load, loads for the driver or owner: the dispatch floor. */
export const canOperateVehicles = (user: Who) => canDoVehicleAction('operate', user);
/** The details of a vehicle (unit, documents, people): admins, managers and HR, who keep the records. */
export const canEditVehicleDetails = (user: Who) => canDoVehicleAction('editDetails', user);
/** Adding a driver and the drivers' is-active switches: HR, managers and admins. */
export const canManageDrivers = (user: Who) => canManagePeople('manageDrivers', user);
/** Creating and editing owners, wage visibility included. */
export const canEditOwners = (user: Who) => canManagePeople('manageOwners', user);
