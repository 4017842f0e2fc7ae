import {
  notificationListQuerySchema,
  notificationListResponseSchema,
} from '@app/domain/notifications/notifications.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import type { RequireAuth } from '../auth/require-auth';
import type { NotificationsService } from './notifications.service';

export type NotificationsRoutesOptions = { notifications: NotificationsService; requireAuth: RequireAuth };

const API = '/backend/api/v2/notifications';
const TAGS = ['notifications'];

export const NOTIFICATION_READ_MESSAGE = 'Notification marked as read.';

/**
 * The signed-in user's own notifications (any staff role; each user sees only their own):
 *   GET notifications          unread, newest first, paged ({ count, results })
 *   GET notifications/urgent   unread tracking, rate and damage notices ({ count, results }, at most 100)
 *   PUT notifications/{id}/set-read   { detail }; read_notice goes to the user's other sockets
 */
export const notificationsRoutes: FastifyPluginCallbackZod<NotificationsRoutesOptions> = (
  app,
  { notifications, requireAuth },
  done,
) => {
  app.get(
    API,
    {
      onRequest: requireAuth('any-staff'),
      schema: {
        tags: TAGS,
        summary: "The caller's unread notifications, newest first",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => notifications.list(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/urgent`,
    {
      onRequest: requireAuth('any-staff'),
      schema: {
        tags: TAGS,
        summary: "The caller's unread tracking, rate and damage notices, newest first (at most 100)",
        response: { 200: notificationListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => notifications.urgent(companyCallerOf(request)),
  );

  app.put(
    `${API}/:id/set-read`,
    {
      onRequest: requireAuth('any-staff'),
      schema: {
        tags: TAGS,
        summary: 'Mark one of the caller\'s notifications read (a number, or a transient "t-..." id)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: detailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await notifications.setRead(companyCallerOf(request), request.params.id);
      return { detail: NOTIFICATION_READ_MESSAGE };
    },
  );

  done();
};
