import { z } from 'zod';
import { idSchema, isoDateTimeSchema, roleIdSchema, staffRoleIdSchema } from '../common/ids';
import { USER_STATUS_IDS } from '../common/lookups';
import { paginationQuerySchema } from '../common/pagination';
import { personNameSchema } from './users.schema';

// The company's people (/settings/users/): the spec's GET users/company-employees/, PUT users/{id}/update/
// and DELETE users/{id}/delete/. The spec gives the paths, the roles and the statuses (Active, Pending,
// Fired); who may do what, the filters and the handover of a dismissed user's work are ours.
//
// People here are the company's office staff (roles 3-8 and 13); drivers and owners are the units' people.

export const userStatusSchema = z.enum(USER_STATUS_IDS, { error: 'Must be Active, Pending or Fired' });

export const EMPLOYEE_TEXT_MAX = 100;

export const SUBGROUP_WITHOUT_TEAM_MESSAGE = 'Choose the team of the subgroup';

/** A staff role in a query string, where it is text. */
const staffRoleQuerySchema = z.coerce.number({ error: 'Must be a staff role' }).pipe(staffRoleIdSchema);

/** GET users/company-employees/: role, status, team (working_group) and a text in name, e-mail or phone. */
export const employeeListQuerySchema = paginationQuerySchema.extend({
  role: staffRoleQuerySchema.optional(),
  status: userStatusSchema.optional(),
  working_group: idSchema.optional(),
  text: z
    .string()
    .trim()
    .max(EMPLOYEE_TEXT_MAX, { error: `Must have at most ${EMPLOYEE_TEXT_MAX} characters` })
    .optional()
    .transform((value) => value || undefined),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

const namedRecordSchema = z.object({ id: z.number().int(), name: z.string() });

export const employeeSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: roleIdSchema.nullable(),
  status: userStatusSchema,
  working_group: namedRecordSchema.nullable(),
  subgroup: namedRecordSchema.nullable(),
  created_at: isoDateTimeSchema,
  /** When their newest sign-in started; null when they never signed in (or every sign-in has expired away). */
  last_login: isoDateTimeSchema.nullable(),
  /** What they run now, handed to a colleague when they are dismissed (employeeHoldingsSchema). */
  open_loads: z.number().int().nonnegative(),
  vehicles: z.number().int().nonnegative(),
});
export type Employee = z.infer<typeof employeeSchema>;

/**
 * PUT users/{id}/update/: what is sent changes, what is left out stays. A team without a subgroup clears
 * the subgroup; a subgroup must be one of the team's. Status Fired here is a dismissal with nothing to hand
 * over (DELETE users/{id}/delete/ hands the user's work to a colleague).
 */
export const employeeUpdateSchema = z
  .object({
    first_name: personNameSchema.optional(),
    last_name: personNameSchema.optional(),
    role: staffRoleIdSchema.optional(),
    working_group: idSchema.nullable().optional(),
    subgroup: idSchema.nullable().optional(),
    status: userStatusSchema.optional(),
  })
  .refine((body) => body.subgroup === undefined || body.subgroup === null || body.working_group != null, {
    path: ['subgroup'],
    error: SUBGROUP_WITHOUT_TEAM_MESSAGE,
  });
export type EmployeeUpdate = z.infer<typeof employeeUpdateSchema>;

/**
 * DELETE users/{id}/delete/: `hand_to`, the active colleague who takes over the user's open loads and
 * vehicles, in the JSON body or the query string (a DELETE with a body is dropped by some proxies).
 */
export const employeeDismissSchema = z.object({ hand_to: idSchema.optional() });
export type EmployeeDismiss = z.infer<typeof employeeDismissSchema>;

/** What a user still runs: the open loads (active and checkout) and the vehicles they dispatch. */
export const employeeHoldingsSchema = z.object({
  open_loads: z.number().int().nonnegative(),
  vehicles: z.number().int().nonnegative(),
});
export type EmployeeHoldings = z.infer<typeof employeeHoldingsSchema>;

/** The answer of a dismissal: the user as they are now, what was handed over and to whom. */
export const employeeDismissalSchema = z.object({
  user: employeeSchema,
  handed_to: z.number().int().nullable(),
  handed_over: employeeHoldingsSchema,
});
export type EmployeeDismissal = z.infer<typeof employeeDismissalSchema>;
