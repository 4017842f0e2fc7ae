import { EMPLOYEES_CODES, EMPLOYEES_MESSAGES, dismissalRefusal } from '@app/domain/users/employees.rules';
import type { EmployeeDismissal, EmployeeHoldings } from '@app/domain/users/employees.schema';
import { notFound, refuse } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './employees.repository';
import type { EmployeesContext } from './employees.service';

// DELETE users/{id}/delete/: a user leaves the company. Nothing is deleted: the user's row stays with status
// Fired, so the loads, history, pay and chats that name them keep their name; they can no longer sign in.
// In one transaction:
//   - the rules: nobody dismisses themselves, only an admin dismisses an admin, the last active admin stays
//     (the domain's dismissalRefusal, with the active admins locked);
//   - their open loads (active and checkout) and the vehicles they dispatch go to `hand_to`, an active
//     manager or dispatcher of the company, through the loads and units services (the loads' history
//     records each handover as a change of responsible dispatcher by the dismissing user; the team of each
//     load and vehicle follows the colleague's). Without `hand_to` while they hold any: 409
//     employee_has_open_work naming the counts, and nothing changes;
//   - every sign-in of theirs is revoked.
// After the commit: update_users (and update_loads, update_units of what moved) is published, their access
// tokens are refused and their sockets closed at once on this server, so their open pages sign out.
//
// Dismissing a user already Fired hands over whatever they still hold (a dismissal made before their work
// could be handed over) and answers the same, so a retried request does no harm. Team membership and team
// leadership are left as they were: the teams page shows and changes them.

export function createEmployeeDismissal(ctx: EmployeesContext) {
  const { deps, unit, refuseWith, holdingsOf, holdingFields, employeeById, usersEvent } = ctx;
  const { now, auth, loads, vehicles } = deps;

  return {
    async dismiss(caller: CompanyCaller, id: number, handTo: number | undefined): Promise<EmployeeDismissal> {
      const at = now();
      const outcome = await unit.run(async (trx, outbox) => {
        const target = await repository.lockEmployee(trx, caller.companyId, id);
        if (!target) throw notFound();
        const activeAdmins = await repository.lockActiveAdmins(trx, caller.companyId);
        const refusal = dismissalRefusal(
          { userId: caller.userId, role: caller.role, is_superuser: caller.isSuperuser },
          { id: target.id, role: target.role, status: target.status },
          activeAdmins,
        );
        if (refusal) refuseWith(refusal);
        if (handTo !== undefined) {
          const message = handTo === id ? EMPLOYEES_MESSAGES.handToSelf : EMPLOYEES_MESSAGES.handToInvalid;
          if (handTo === id || !(await repository.findActiveColleague(trx, caller.companyId, handTo))) {
            throw refuse(EMPLOYEES_CODES.handToInvalid, message, { hand_to: [message] });
          }
        }
        const holdings = await holdingsOf(trx, caller.companyId, id);
        let handed: EmployeeHoldings = { open_loads: 0, vehicles: 0 };
        if (holdings.open_loads + holdings.vehicles > 0) {
          if (handTo === undefined) {
            throw refuse(
              EMPLOYEES_CODES.openWork,
              EMPLOYEES_MESSAGES.openWork(holdings.open_loads, holdings.vehicles),
              holdingFields(holdings),
            );
          }
          const handover = {
            companyId: caller.companyId,
            fromUserId: id,
            toUserId: handTo,
            field: 'hand_to',
          };
          const movedLoads = await loads.handOverOpenLoads(
            trx,
            { ...handover, actorUserId: caller.userId },
            at,
          );
          const movedVehicles = await vehicles.handOverVehicles(trx, handover, at);
          outbox.push(...movedLoads.events, ...movedVehicles.events);
          handed = { open_loads: movedLoads.loadIds.length, vehicles: movedVehicles.vehicleIds.length };
        }
        const endedSessions = await auth.revokeAllSessionsOf(trx, id, at);
        if (target.status !== 'Fired') {
          await repository.updateEmployee(trx, caller.companyId, id, { status: 'Fired', updated_at: at });
        }
        outbox.push(usersEvent(caller.companyId, [id]));
        return { endedSessions, handed };
      });
      auth.endSessions(outcome.endedSessions);
      deps.userChanged(id);
      return {
        user: await employeeById(caller, id),
        handed_to: handTo ?? null,
        handed_over: outcome.handed,
      };
    },
  };
}
