import { idParamsSchema } from '@app/domain/common/ids';
import { listResponseSchema } from '@app/domain/common/pagination';
import { EMPLOYEES_ROLES } from '@app/domain/users/employees.roles';
import {
  employeeDismissalSchema,
  employeeDismissSchema,
  employeeListQuerySchema,
  employeeSchema,
  employeeUpdateSchema,
} from '@app/domain/users/employees.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { EmployeesService } from './employees.service';

export type EmployeesRoutesOptions = { employees: EmployeesService; requireAuth: RequireAuth };

const API = '/backend/api/v2/users';

/**
 * The company's people (the spec's paths; what they do is employees.service.ts's):
 *   GET    users/company-employees/   ?role&status&working_group&text&page&limit   admins, managers,
 *                                     accountants, HR (EMPLOYEES_ROLES.view)
 *   PUT    users/{id}/update/         {first_name?, last_name?, role?, working_group?, subgroup?, status?}
 *   DELETE users/{id}/delete/         hand_to (the colleague taking over their loads and vehicles) in the
 *                                     JSON body or the query string; the body wins when both name one
 * The changes are for admins, managers and accountants (EMPLOYEES_ROLES.change). Another company's user, a
 * driver or an owner answers 404.
 */
export const employeesRoutes: FastifyPluginCallbackZod<EmployeesRoutesOptions> = (
  app,
  { employees, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['users']);

  app.get(
    `${API}/company-employees/`,
    route(EMPLOYEES_ROLES.view, {
      summary: "The company's office staff by role, status, team and a text in name, e-mail or phone",
      querystring: employeeListQuerySchema,
      response: { 200: listResponseSchema(employeeSchema), ...errorResponses(400, 401, 403) },
    }),
    (request) => employees.list(companyCallerOf(request), request.query),
  );

  app.put(
    `${API}/:id/update/`,
    route(EMPLOYEES_ROLES.change, {
      summary: "Change a staff member's name, role, team and subgroup, or status",
      params: idParamsSchema,
      body: employeeUpdateSchema,
      response: { 200: employeeSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => employees.update(companyCallerOf(request), request.params.id, request.body),
  );

  app.delete(
    `${API}/:id/delete/`,
    route(EMPLOYEES_ROLES.change, {
      summary:
        'Dismiss a staff member (status Fired, sign-ins ended); their open loads and vehicles go to hand_to',
      params: idParamsSchema,
      querystring: employeeDismissSchema,
      body: employeeDismissSchema.nullish(),
      response: { 200: employeeDismissalSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) =>
      employees.dismiss(
        companyCallerOf(request),
        request.params.id,
        request.body?.hand_to ?? request.query.hand_to,
      ),
  );
  done();
};
