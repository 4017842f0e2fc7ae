import type { RoleId } from '@app/domain/common/lookups';
import { LOAD_LIST_CLASS, type LoadStatusClass } from '@app/domain/loads/loads.rules';
import { menuRoles } from '@app/domain/shell/menu.rules';
import type { LoadListClass } from '../../db/schema';

// The four load lists and who sees each: the roles of its entry in the side menu.

export const LOAD_LISTS: readonly LoadStatusClass[] = ['active', 'checkout', 'completed', 'canceled'];

export const LIST_CLASS: Record<LoadStatusClass, LoadListClass> = LOAD_LIST_CLASS;

const LIST_ROLES: Record<LoadStatusClass, readonly RoleId[]> = {
  active: menuRoles('activeLoads'),
  checkout: menuRoles('checkOut'),
  completed: menuRoles('completedLoads'),
  canceled: menuRoles('canceledLoads'),
};

export function listRoles(list: LoadStatusClass): readonly RoleId[] {
  return LIST_ROLES[list];
}

/** Everyone who sees at least one of the lists. */
export const LOAD_VIEWER_ROLES: readonly RoleId[] = menuRoles(
  'activeLoads',
  'checkOut',
  'completedLoads',
  'canceledLoads',
);

export const LOADS_MESSAGES = {
  unknownBroker: 'Choose one of your broker companies.',
  unknownDriver: 'Choose one of your drivers.',
  unknownVehicle: 'Choose one of your vehicles.',
  unknownDispatcher: 'Choose one of your dispatchers.',
  unknownPoint: 'This point is not on the load; reload the page.',
  noDriver: 'The load has no driver.',
  fileUnavailable: 'The file is not available.',
  deleted: 'The load has been deleted.',
  fileDeleted: 'The file has been deleted.',
} as const;
