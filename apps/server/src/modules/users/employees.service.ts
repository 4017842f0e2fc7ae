import { isRoleId } from '@app/domain/common/lookups';
import { pageOffset, type ListResponse } from '@app/domain/common/pagination';
import { TEAMS_MESSAGES } from '@app/domain/teams/teams.schema';
import {
  EMPLOYEES_CODES,
  EMPLOYEES_MESSAGES,
  employeeChangeRefusal,
  type EmployeeRefusal,
} from '@app/domain/users/employees.rules';
import type {
  Employee,
  EmployeeHoldings,
  EmployeeListQuery,
  EmployeeUpdate,
} from '@app/domain/users/employees.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { fieldError, notFound, refuse } from '../../http/errors';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { AuthService } from '../auth/auth.service';
import type { CompanyCaller } from '../auth/caller';
import type { LoadsService } from '../loads/loads.service';
import type { TeamsService } from '../teams/teams.service';
import type { VehiclesService } from '../units/vehicles.service';
import { createEmployeeDismissal } from './employees.dismiss';
import * as repository from './employees.repository';

// The company's people (/settings/users/): GET users/company-employees/, PUT users/{id}/update/ and, in
// employees.dismiss.ts, DELETE users/{id}/delete/. Roles: the domain's EMPLOYEES_ROLES (read: admins,
// managers, accountants and HR; change: admins, managers and accountants), checked by the routes; who may
// change whom is the domain's employeeChangeRefusal, checked in the transaction with the company's active
// admins locked.
//
// What this module does not write itself: a person's team and subgroup (the teams service's
// setMemberTeam), their loads and vehicles (the loads and units services), their sign-ins (the auth
// service). Each is called with the open transaction, so a change is made whole or not at all, and its
// events (update_users, and update_working_groups, update_loads, update_units of what moved) go out after
// the commit.
//
// A change of role or status takes effect at once on this server: the user's remembered session is
// forgotten and their sockets are closed (3008), so their pages reconnect as what they are now; a dismissed
// user's sign-ins are revoked in the transaction, so their refresh answers 401 and the tab signs out. Other
// server processes follow within their session check (realtime/session-watch.ts, 3 s).

export type EmployeesDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  log?: ErrorLog;
  teams: Pick<TeamsService, 'allWorkingGroups' | 'setMemberTeam'>;
  loads: Pick<LoadsService, 'openLoadCounts' | 'handOverOpenLoads'>;
  vehicles: Pick<VehiclesService, 'dispatchedCounts' | 'handOverVehicles'>;
  auth: Pick<AuthService, 'revokeAllSessionsOf' | 'endSessions' | 'lastSignIns'>;
  /**
   * Forgets what this server remembers of the user's session and closes their sockets: called after the
   * commit of a change of their role or status.
   */
  userChanged: (userId: number) => void;
};

export type EmployeesService = ReturnType<typeof createEmployeesService>;

export type EmployeesContext = ReturnType<typeof createEmployeesContext>;

/** What the use cases share: the unit of work, the refusals, the people as answered and what they hold. */
function createEmployeesContext(deps: EmployeesDeps) {
  const unit = createUnitOfWork(deps);

  function refuseWith(refusal: EmployeeRefusal): never {
    throw refuse(EMPLOYEES_CODES[refusal], EMPLOYEES_MESSAGES[refusal]);
  }

  /** The open loads and vehicles the user runs, read in the caller's transaction. */
  async function holdingsOf(trx: Db, companyId: number, userId: number): Promise<EmployeeHoldings> {
    const [loads, vehicles] = await Promise.all([
      deps.loads.openLoadCounts(trx, companyId, [userId]),
      deps.vehicles.dispatchedCounts(trx, companyId, [userId]),
    ]);
    return { open_loads: loads.get(userId) ?? 0, vehicles: vehicles.get(userId) ?? 0 };
  }

  /** The counts a refusal names, as its fields carry them. */
  const holdingFields = (holdings: EmployeeHoldings) => ({
    open_loads: [String(holdings.open_loads)],
    vehicles: [String(holdings.vehicles)],
  });

  /**
   * The rows as answered, with their team, subgroup, last sign-in and what they hold: a fixed number of
   * queries whatever the page size (the teams, two counts, the sign-ins).
   */
  async function toEmployees(
    caller: CompanyCaller,
    rows: readonly repository.EmployeeRow[],
  ): Promise<Employee[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [teams, loads, vehicles, signIns] = await Promise.all([
      deps.teams.allWorkingGroups(caller),
      deps.loads.openLoadCounts(deps.db, caller.companyId, ids),
      deps.vehicles.dispatchedCounts(deps.db, caller.companyId, ids),
      deps.auth.lastSignIns(ids),
    ]);
    const teamById = new Map(teams.map((team) => [team.id, team]));
    return rows.map((row) => {
      const team = row.working_group_id === null ? undefined : teamById.get(row.working_group_id);
      const subgroup = team?.subgroups.find((candidate) => candidate.users_id.includes(row.id));
      return {
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        phone_number: row.phone_number,
        role: isRoleId(row.role) ? row.role : null,
        status: row.status,
        working_group: team ? { id: team.id, name: team.name } : null,
        subgroup: subgroup ? { id: subgroup.id, name: subgroup.name } : null,
        created_at: row.created_at.toISOString(),
        last_login: signIns.get(row.id)?.toISOString() ?? null,
        open_loads: loads.get(row.id) ?? 0,
        vehicles: vehicles.get(row.id) ?? 0,
      };
    });
  }

  async function employeeById(caller: CompanyCaller, id: number): Promise<Employee> {
    const row = await repository.findEmployee(deps.db, caller.companyId, id);
    if (!row) throw notFound();
    const [employee] = await toEmployees(caller, [row]);
    return employee!;
  }

  const usersEvent = (companyId: number, ids: number[]): RealtimeEvent =>
    companyEvent('update_users', companyId, { ids });

  return { deps, unit, refuseWith, holdingsOf, holdingFields, toEmployees, employeeById, usersEvent };
}

export function createEmployeesService(deps: EmployeesDeps) {
  const ctx = createEmployeesContext(deps);
  const { db, now, teams, auth } = deps;
  const { unit, refuseWith, holdingsOf, holdingFields, toEmployees, employeeById, usersEvent } = ctx;

  /**
   * The team and subgroup asked for, checked against the company's teams with this request's field names
   * (the teams service checks them again under its locks when it writes them).
   */
  async function checkTeam(caller: CompanyCaller, workingGroupId: number | null, subgroupId: number | null) {
    if (workingGroupId === null) return;
    const team = (await teams.allWorkingGroups(caller)).find((candidate) => candidate.id === workingGroupId);
    if (!team) throw fieldError('working_group', TEAMS_MESSAGES.teamNotFound);
    if (subgroupId !== null && !team.subgroups.some((subgroup) => subgroup.id === subgroupId)) {
      throw fieldError('subgroup', TEAMS_MESSAGES.subgroupOutsideTeam);
    }
  }

  return {
    /** GET users/company-employees/: one page of the company's staff by the filters, by name. */
    async list(caller: CompanyCaller, query: EmployeeListQuery): Promise<ListResponse<Employee>> {
      const { page, limit, ...filters } = query;
      const { count, rows } = await repository.findEmployeePage(db, caller.companyId, filters, {
        limit,
        offset: pageOffset({ page, limit }),
      });
      return { count, results: await toEmployees(caller, rows) };
    },

    /**
     * PUT users/{id}/update/: names, role, team and subgroup, status. Status Fired is a dismissal with
     * nothing to hand over: refused (409 fire_needs_handover, naming the counts) while the user still runs
     * open loads or vehicles, which DELETE users/{id}/delete/ hands to a colleague.
     */
    async update(caller: CompanyCaller, id: number, body: EmployeeUpdate): Promise<Employee> {
      const at = now();
      const outcome = await unit.run(async (trx: Trx, outbox) => {
        const target = await repository.lockEmployee(trx, caller.companyId, id);
        if (!target) throw notFound();
        // Checked once the person is known to be the company's: another company's id answers 404 first.
        if (body.working_group !== undefined) {
          await checkTeam(caller, body.working_group, body.subgroup ?? null);
        }
        const roleChanges = body.role !== undefined && body.role !== target.role;
        const statusChanges = body.status !== undefined && body.status !== target.status;
        const activeAdmins =
          roleChanges || statusChanges ? await repository.lockActiveAdmins(trx, caller.companyId) : 0;
        const refusal = employeeChangeRefusal(
          { userId: caller.userId, role: caller.role, is_superuser: caller.isSuperuser },
          { id: target.id, role: target.role, status: target.status },
          { role: body.role, status: body.status },
          activeAdmins,
        );
        if (refusal) refuseWith(refusal);
        let endedSessions: string[] = [];
        if (statusChanges && body.status === 'Fired') {
          const holdings = await holdingsOf(trx, caller.companyId, id);
          if (holdings.open_loads + holdings.vehicles > 0) {
            throw refuse(
              EMPLOYEES_CODES.fireWithWork,
              EMPLOYEES_MESSAGES.fireWithWork(holdings.open_loads, holdings.vehicles),
              holdingFields(holdings),
            );
          }
          endedSessions = await auth.revokeAllSessionsOf(trx, id, at);
        }
        await repository.updateEmployee(trx, caller.companyId, id, {
          ...(body.first_name === undefined ? {} : { first_name: body.first_name }),
          ...(body.last_name === undefined ? {} : { last_name: body.last_name }),
          ...(body.role === undefined ? {} : { role: body.role }),
          ...(body.status === undefined ? {} : { status: body.status }),
          updated_at: at,
        });
        if (body.working_group !== undefined) {
          outbox.push(
            ...(await teams.setMemberTeam(trx, caller.companyId, id, {
              working_group_id: body.working_group,
              subgroup_id: body.subgroup ?? null,
            })),
          );
        }
        outbox.push(usersEvent(caller.companyId, [id]));
        return { sessionChanged: roleChanges || statusChanges, endedSessions };
      });
      if (outcome.endedSessions.length > 0) auth.endSessions(outcome.endedSessions);
      if (outcome.sessionChanged) deps.userChanged(id);
      return employeeById(caller, id);
    },

    ...createEmployeeDismissal(ctx),
  };
}
