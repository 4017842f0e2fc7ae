import { idParamsSchema, idSchema, roleIdSchema } from '@app/domain/common/ids';
import { listResponseSchema, paginationQuerySchema } from '@app/domain/common/pagination';
import { JOIN_REQUEST_REVIEWER_ROLES } from '@app/domain/users/employees.roles';
import {
  approveRequestSchema,
  currentUserSchema,
  firmSchema,
  userRequestCreateSchema,
  userRequestSchema,
} from '@app/domain/users/users.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../http/errors';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { callerOf, companyCallerOf, isAllowed } from '../auth/caller';
import type { RequireAuth } from '../auth/require-auth';
import type { UsersService } from './users.service';

/** Who reviews join requests: managers (those addressed to them) and accountants (all of the company's). */
const REQUEST_REVIEWER_ROLES = JOIN_REQUEST_REVIEWER_ROLES;

export type UsersRoutesOptions = { users: UsersService; requireAuth: RequireAuth };

const dispatcherSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleIdSchema.nullable(),
  avatar: z.string().nullable(),
});

const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: "Must be 'true' or 'false'" })
  .transform((value) => value === 'true' || value === '1');

/**
 * The current user, the companies a newcomer may join, and join requests.
 *
 * The spec gives GET users/my/ (also with ?dispatchers=true&wg={id}), GET users/firms/ and
 * POST users/requests/add/. Reviewing requests is our design:
 *   GET /backend/api/v2/users/requests/              pending requests the caller may decide: a manager
 *                                                    (role 4) those addressed to them, an accountant
 *                                                    (role 7) every pending request of the company
 *   PUT /backend/api/v2/users/requests/{id}/approve  {role}: joins the user to the company with that role
 *   PUT /backend/api/v2/users/requests/{id}/reject   the user may ask again
 * A request of another company, or one addressed to another manager, answers 404.
 */
export const usersRoutes: FastifyPluginCallbackZod<UsersRoutesOptions> = (
  app,
  { users, requireAuth },
  done,
) => {
  app.get(
    '/backend/api/users/my/',
    {
      onRequest: requireAuth('authenticated'),
      schema: {
        tags: ['users'],
        summary:
          'The current user with the side menu; with ?dispatchers=true the dispatchers of a working group',
        querystring: z.object({ dispatchers: booleanQuery.optional(), wg: idSchema.optional() }),
        response: {
          200: z.union([currentUserSchema, z.array(dispatcherSchema)]),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (request.query.dispatchers) {
        if (!isAllowed(caller, 'any-staff')) throw forbidden();
        return users.dispatchers(companyCallerOf(request), request.query.wg);
      }
      return users.currentUser(caller.userId);
    },
  );

  app.get(
    '/backend/api/users/firms/',
    {
      onRequest: requireAuth('authenticated'),
      schema: {
        tags: ['users'],
        summary: 'Companies a newcomer may ask to join, one entry per manager',
        response: { 200: z.array(firmSchema), ...errorResponses(401) },
      },
    },
    () => users.firms(),
  );

  app.post(
    '/backend/api/users/requests/add/',
    {
      onRequest: requireAuth('authenticated'),
      schema: {
        tags: ['users'],
        summary: 'Ask to join a company (sets req_status to Send); replaces a pending request',
        body: userRequestCreateSchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401, 409) },
      },
    },
    (request) => users.addRequest(callerOf(request), request.body),
  );

  app.get(
    '/backend/api/v2/users/requests/',
    {
      onRequest: requireAuth(REQUEST_REVIEWER_ROLES),
      schema: {
        tags: ['users'],
        summary: 'Pending join requests the caller may decide',
        querystring: paginationQuerySchema,
        response: { 200: listResponseSchema(userRequestSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => users.pendingRequests(companyCallerOf(request), request.query),
  );

  app.put(
    '/backend/api/v2/users/requests/:id/approve',
    {
      onRequest: requireAuth(REQUEST_REVIEWER_ROLES),
      schema: {
        tags: ['users'],
        summary: 'Approve a join request with a staff role',
        params: idParamsSchema,
        body: approveRequestSchema,
        response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await users.approveRequest(companyCallerOf(request), request.params.id, request.body.role);
      return { detail: 'The request has been approved.' };
    },
  );

  app.put(
    '/backend/api/v2/users/requests/:id/reject',
    {
      onRequest: requireAuth(REQUEST_REVIEWER_ROLES),
      schema: {
        tags: ['users'],
        summary: 'Reject a join request',
        params: idParamsSchema,
        response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await users.rejectRequest(companyCallerOf(request), request.params.id);
      return { detail: 'The request has been rejected.' };
    },
  );
  done();
};
