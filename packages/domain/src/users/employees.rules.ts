import type { ErrorCode } from '../common/errors';
import { ROLES, type UserStatusId } from '../common/lookups';
import { EMPLOYEES_ROLES } from './employees.roles';

// Who may change whom on the people page, and the texts of the refusals. The server checks them in the
// transaction that writes the change (with the company's active admins counted under lock); the web runs
// the same rules to offer only what will be accepted.

export type EmployeeActor = { userId: number; role: number | null; is_superuser?: boolean };
export type EmployeeTarget = { id: number; role: number | null; status: UserStatusId };
export type EmployeeChange = { role?: number | undefined; status?: UserStatusId | undefined };

export const EMPLOYEES_MESSAGES = {
  ownRoleRaise: 'You cannot raise your own role.',
  selfDismissal: 'You cannot dismiss yourself or change your own status.',
  adminChange: "Only an admin can make someone an admin or change an admin's role or status.",
  lastAdmin: "The company's last active admin cannot be dismissed or given another role.",
  handToInvalid: 'Choose an active colleague of the company who runs loads.',
  handToSelf: 'Choose a colleague other than the user being dismissed.',
  openWork: (openLoads: number, vehicles: number) =>
    `This user still runs ${openLoads} open loads and ${vehicles} vehicles. Choose a colleague to hand them to.`,
  fireWithWork: (openLoads: number, vehicles: number) =>
    `This user still runs ${openLoads} open loads and ${vehicles} vehicles. Dismiss them instead, handing their work to a colleague.`,
} as const;

/** The code of each refusal (common/errors.ts): the web decides and translates by it. */
export const EMPLOYEES_CODES = {
  ownRoleRaise: 'own_role_raise_forbidden',
  selfDismissal: 'self_dismissal_forbidden',
  adminChange: 'admin_change_forbidden',
  lastAdmin: 'last_admin',
  handToInvalid: 'hand_to_invalid',
  handToSelf: 'hand_to_invalid',
  openWork: 'employee_has_open_work',
  fireWithWork: 'fire_needs_handover',
} as const satisfies Record<keyof typeof EMPLOYEES_MESSAGES, ErrorCode>;

export type EmployeeRefusal = Exclude<keyof typeof EMPLOYEES_MESSAGES, 'openWork' | 'fireWithWork'>;

/**
 * How much a role may decide about people: admins everything, managers all but admins, the rest nothing
 * of the kind. "Raising" one's own role is any change that is not a step down this scale, so an accountant
 * cannot become a dispatcher (a move sideways into other people's data) any more than a manager.
 */
export function roleAuthority(role: number | null): number {
  if (role === ROLES.admin) return 2;
  if (role === ROLES.manager) return 1;
  return 0;
}

/** A superuser (the platform's administrator) has every permission within their company. */
function isAdmin(actor: EmployeeActor): boolean {
  return actor.is_superuser === true || actor.role === ROLES.admin;
}

/** Whether the actor's role may change people at all (the routes' roles; a superuser may). */
export function canChangeEmployees(actor: Pick<EmployeeActor, 'role' | 'is_superuser'>): boolean {
  return (
    actor.is_superuser === true || (EMPLOYEES_ROLES.change as readonly number[]).includes(actor.role ?? -1)
  );
}

/** Whether the target counts as one of the company's active admins, before or after a change. */
export const isActiveAdmin = (person: { role: number | null; status: UserStatusId }) =>
  person.role === ROLES.admin && person.status === 'Active';

/**
 * Why the actor may not make this change of the target's role or status, or null when they may:
 * - nobody raises their own role (a step down is allowed) or changes their own status;
 * - only an admin makes someone an admin, or changes an admin's role or status;
 * - the company keeps at least one active admin (`activeAdmins` counts them now, the target included).
 */
export function employeeChangeRefusal(
  actor: EmployeeActor,
  target: EmployeeTarget,
  change: EmployeeChange,
  activeAdmins: number,
): EmployeeRefusal | null {
  const roleChanges = change.role !== undefined && change.role !== target.role;
  const statusChanges = change.status !== undefined && change.status !== target.status;
  if (actor.userId === target.id) {
    if (statusChanges) return 'selfDismissal';
    if (roleChanges && !actor.is_superuser && !(roleAuthority(change.role!) < roleAuthority(actor.role))) {
      return 'ownRoleRaise';
    }
  }
  if (!isAdmin(actor)) {
    if (roleChanges && change.role === ROLES.admin) return 'adminChange';
    if (target.role === ROLES.admin && (roleChanges || statusChanges)) return 'adminChange';
  }
  const after = { role: change.role ?? target.role, status: change.status ?? target.status };
  if (isActiveAdmin(target) && !isActiveAdmin(after) && activeAdmins <= 1) return 'lastAdmin';
  return null;
}

/** Why the actor may not dismiss the target (status Fired), or null: the same rules as a status change. */
export function dismissalRefusal(
  actor: EmployeeActor,
  target: EmployeeTarget,
  activeAdmins: number,
): EmployeeRefusal | null {
  if (actor.userId === target.id) return 'selfDismissal';
  return employeeChangeRefusal(actor, target, { status: 'Fired' }, activeAdmins);
}
