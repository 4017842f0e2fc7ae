import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@app/domain/common/lookups';
import type { RoleId } from '@app/domain/common/lookups';
import { PEOPLE_ROLES } from '@app/domain/units/people.rules';
import { VEHICLE_ROLES } from '@app/domain/units/vehicle.rules';
import {
  canEditOwners,
  canEditVehicleDetails,
  canManageDrivers,
  canOperateVehicles,
} from './units-permissions';

const as = (role: RoleId | null, isSuperuser = false) => ({ role, is_superuser: isSuperuser });
const allowedRoles = (can: (user: ReturnType<typeof as>) => boolean) =>
  ROLE_IDS.filter((role) => can(as(role)));

describe('units permissions', () => {
  it('offer each change to exactly the roles the server accepts (the domain tables)', () => {
    expect(allowedRoles(canOperateVehicles)).toEqual(VEHICLE_ROLES.operate);
    expect(allowedRoles(canEditVehicleDetails)).toEqual(VEHICLE_ROLES.editDetails);
    expect(allowedRoles(canManageDrivers)).toEqual(PEOPLE_ROLES.manageDrivers);
    expect(allowedRoles(canEditOwners)).toEqual(PEOPLE_ROLES.manageOwners);
  });

  it('let HR and managers add drivers, as the spec says, and not dispatchers', () => {
    expect(canManageDrivers(as(8))).toBe(true);
    expect(canManageDrivers(as(4))).toBe(true);
    expect(canManageDrivers(as(5))).toBe(false);
  });

  it('keep locations with the dispatch floor and the records with admins, managers and HR', () => {
    expect(canOperateVehicles(as(5))).toBe(true);
    expect(canOperateVehicles(as(8))).toBe(false);
    expect(canEditVehicleDetails(as(8))).toBe(true);
    expect(canEditVehicleDetails(as(5))).toBe(false);
  });

  it('allow a superuser everything and a user without a role nothing', () => {
    for (const can of [canOperateVehicles, canEditVehicleDetails, canManageDrivers, canEditOwners]) {
      expect(can(as(null, true))).toBe(true);
      expect(can(as(null))).toBe(false);
    }
  });
});
