import { idParamsSchema } from '@app/domain/common/ids';
import { damageReportCreateSchema, damageReportSchema } from '@app/domain/loads/damage-report.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import type { RequireAuth } from '../auth/require-auth';
import type { DamageReportsService } from './damage-reports.service';
import { LOAD_VIEWER_ROLES } from './loads.service';

export type DamageReportsRoutesOptions = { damageReports: DamageReportsService; requireAuth: RequireAuth };

const API = '/backend/api/v2/loads';
const TAGS = ['loads'];

// Loose: the other headers of the request stay as they are.
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Retrying with the same key within 24 hours answers the first report' }),
});

/**
 * POST loads/{id}/damage-report {description}: report damage found on a load. Roles: whoever sees loads
 * (and, for this load, its current list); answers the report; 400 naming `description` when it is empty or
 * longer than 2,000 characters; 404 for a load of another company.
 */
export const damageReportsRoutes: FastifyPluginCallbackZod<DamageReportsRoutesOptions> = (
  app,
  { damageReports, requireAuth },
  done,
) => {
  app.post(
    `${API}/:id/damage-report`,
    {
      onRequest: requireAuth(LOAD_VIEWER_ROLES),
      schema: {
        tags: TAGS,
        summary:
          "Report damage on a load: notifies its dispatcher, team leads and the company's managers; honours Idempotency-Key",
        params: idParamsSchema,
        headers: idempotencyHeaders,
        body: damageReportCreateSchema,
        response: { 200: damageReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { report, replayed } = await damageReports.report(
        companyCallerOf(request),
        request.params.id,
        request.body,
        idempotencyKeyOf(request),
      );
      if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return report;
    },
  );

  done();
};
