import { canChangeEmployees, roleAuthority } from '@app/domain/users/employees.rules';
import { EMPLOYEES_ROLES, JOIN_REQUEST_REVIEWER_ROLES } from '@app/domain/users/employees.roles';
import { ROLES, STAFF_ROLE_IDS, type StaffRoleId } from '@app/domain/common/lookups';
import type { CurrentUser } from '@/lib/current-user';

// What the people page offers the signed-in user: the same role lists and rules the server checks, so that
// nothing is offered that would be refused.

type Viewer = Pick<CurrentUser, 'id' | 'role' | 'is_superuser'>;

const hasRole = (user: Viewer, roles: readonly number[]) =>
  user.is_superuser || (user.role !== null && roles.includes(user.role));

export const canSeePeople = (user: Viewer) => hasRole(user, EMPLOYEES_ROLES.view);
export const canChangePeople = (user: Viewer) => canChangeEmployees(user);
export const canReviewRequests = (user: Viewer) => hasRole(user, JOIN_REQUEST_REVIEWER_ROLES);

/**
 * The roles the user may give this person: an admin any staff role; others every role but admin, and
 * nothing at all for an admin. For themselves only a step down (or their own role).
 */
export function assignableRoles(user: Viewer, person: { id: number; role: number | null }): StaffRoleId[] {
  const isAdmin = user.is_superuser || user.role === ROLES.admin;
  return STAFF_ROLE_IDS.filter((role) => {
    if (role === person.role) return true;
    if (!isAdmin && (role === ROLES.admin || person.role === ROLES.admin)) return false;
    if (person.id === user.id && !user.is_superuser) return roleAuthority(role) < roleAuthority(user.role);
    return true;
  });
}

/** Whether the user may change this person's status (not their own; an admin's only as an admin). */
export function canChangeStatusOf(user: Viewer, person: { id: number; role: number | null }): boolean {
  if (person.id === user.id) return false;
  return person.role !== ROLES.admin || user.is_superuser || user.role === ROLES.admin;
}
