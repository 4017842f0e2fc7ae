import { ROLES, type RoleId } from '../common/lookups';

// The roles of the people page, apart from its schemas: the web's routes and settings tabs read them on the
// first page, which must not pull the schemas (zod) into the start-up script.

/**
 * Who reads and who changes the people list. The spec's menu gives the users entry to accountants (7)
 * alone; admins and managers run the company and reach the same page from the settings tabs. HR (8) keeps
 * the people records (drivers, vehicles' papers) and reads the list, but hiring and dismissing office staff
 * stays with admins, managers and accountants (the issue's accountant dismisses a user).
 */
export const EMPLOYEES_ROLES = {
  view: [ROLES.admin, ROLES.manager, ROLES.accountant, ROLES.hr],
  change: [ROLES.admin, ROLES.manager, ROLES.accountant],
} as const satisfies Record<string, readonly RoleId[]>;

/** Who decides join requests: managers (those addressed to them) and accountants (all of the company's). */
export const JOIN_REQUEST_REVIEWER_ROLES = [
  ROLES.manager,
  ROLES.accountant,
] as const satisfies readonly RoleId[];
