import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import type { RequireAuth } from '../auth/require-auth';
import type { TeamsService } from './teams.service';

export type TeamsRoutesOptions = { teams: TeamsService; requireAuth: RequireAuth };

const subgroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lead: z.number().int().nullable(),
  subgroup_lead: z.number().int().nullable(),
  users_id: z.array(z.number().int()),
});

const workingGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group_name: z.string(),
  group_lead: z.number().int().nullable(),
  subgroups: z.array(subgroupSchema),
});

/** Teams as the signed-in shell reads them; editing teams belongs to a later issue. */
export const teamsRoutes: FastifyPluginCallbackZod<TeamsRoutesOptions> = (
  app,
  { teams, requireAuth },
  done,
) => {
  app.get(
    '/backend/api/v2/working-groups/all',
    {
      onRequest: requireAuth('any-staff'),
      schema: {
        tags: ['teams'],
        summary: "The company's working groups with their subgroups",
        response: { 200: z.array(workingGroupSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => teams.allWorkingGroups(companyCallerOf(request)),
  );
  done();
};
