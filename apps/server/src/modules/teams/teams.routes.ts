import { idParamsSchema } from '@app/domain/common/ids';
import {
  TEAMS_ROLES,
  changeSubgroupLeadBodySchema,
  changeSubgroupUsersBodySchema,
  changeTeamLeadBodySchema,
  createSubgroupBodySchema,
  createTeamBodySchema,
  deleteTeamQuerySchema,
  teamDetailSchema,
  teamNameSchema,
  teamSummarySchema,
  updateTeamBodySchema,
} from '@app/domain/teams/teams.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { TeamsService } from './teams.service';

export type TeamsRoutesOptions = { teams: TeamsService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/**
 * The spec's Settings/teams calls. Reads for any staff (the shell's team filters and pickers), changes for
 * admins and managers (TEAMS_ROLES). A change answers the team as GET working-groups/{id} does; a delete
 * takes `move_to` in the query string (teams.delete.ts).
 */
export const teamsRoutes: FastifyPluginCallbackZod<TeamsRoutesOptions> = (
  app,
  { teams, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['teams']);

  app.get(
    `${API}/working-groups/all`,
    route(TEAMS_ROLES.view, {
      summary: "The company's teams with their subgroups, members and counts (open loads, vehicles, people)",
      response: { 200: z.array(teamSummarySchema), ...errorResponses(401, 403) },
    }),
    (request) => teams.allWorkingGroups(companyCallerOf(request)),
  );

  app.get(
    `${API}/working-groups/names_list`,
    route(TEAMS_ROLES.view, {
      summary: "The company's team names for pickers",
      response: { 200: z.array(teamNameSchema), ...errorResponses(401, 403) },
    }),
    (request) => teams.namesList(companyCallerOf(request)),
  );

  app.get(
    `${API}/working-groups/:id`,
    route(TEAMS_ROLES.view, {
      summary: 'One team with its subgroups, members, lead names and counts',
      params: idParamsSchema,
      response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => teams.detail(companyCallerOf(request), request.params.id),
  );

  app.post(
    `${API}/working-groups/create`,
    route(TEAMS_ROLES.change, {
      summary: 'Create a team',
      body: createTeamBodySchema,
      response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => teams.createTeam(companyCallerOf(request), request.body),
  );

  app.put(
    `${API}/working-groups/:id/update`,
    route(TEAMS_ROLES.change, {
      summary: 'Rename a team',
      params: idParamsSchema,
      body: updateTeamBodySchema,
      response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => teams.renameTeam(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/working-groups/:id/change-responsible`,
    route(TEAMS_ROLES.change, {
      summary: "Change a team's lead (null: none)",
      params: idParamsSchema,
      body: changeTeamLeadBodySchema,
      response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => teams.changeTeamLead(companyCallerOf(request), request.params.id, request.body),
  );

  app.delete(
    `${API}/working-groups/:id`,
    route(TEAMS_ROLES.change, {
      summary:
        'Delete a team; one that still has open loads, vehicles or people needs move_to (another team), ' +
        'else 409 team_not_empty with the counts',
      params: idParamsSchema,
      querystring: deleteTeamQuerySchema,
      response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => teams.removeTeam(companyCallerOf(request), request.params.id, request.query.move_to),
  );

  app.post(
    `${API}/working-groups/subgroups/create`,
    route(TEAMS_ROLES.change, {
      summary: 'Create a subgroup in a team',
      body: createSubgroupBodySchema,
      response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => teams.createSubgroup(companyCallerOf(request), request.body),
  );

  app.delete(
    `${API}/working-groups/subgroups/:id`,
    route(TEAMS_ROLES.change, {
      summary:
        'Delete a subgroup; one that still has open loads or members needs move_to (another subgroup), ' +
        'else 409 subgroup_not_empty with the counts',
      params: idParamsSchema,
      querystring: deleteTeamQuerySchema,
      response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => teams.removeSubgroup(companyCallerOf(request), request.params.id, request.query.move_to),
  );

  app.put(
    `${API}/subgroups/:id/change-responsible`,
    route(TEAMS_ROLES.change, {
      summary: "Change a subgroup's lead (null: none)",
      params: idParamsSchema,
      body: changeSubgroupLeadBodySchema,
      response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => teams.changeSubgroupLead(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/subgroups/:id/change-users`,
    route(TEAMS_ROLES.change, {
      summary: "Set a subgroup's members (users_id, all of them)",
      params: idParamsSchema,
      body: changeSubgroupUsersBodySchema,
      response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => teams.changeSubgroupUsers(companyCallerOf(request), request.params.id, request.body),
  );

  done();
};
