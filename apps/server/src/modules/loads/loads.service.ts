import { createLoadChange, type LoadsDeps } from './load-change';
import { listRoles } from './load-lists';
import { createLoadAssignments } from './loads.assign';
import { createLoadBooking } from './loads.book';
import { createLoadCreation } from './loads.create';
import { createLoadDocuments } from './loads.documents';
import { createLoadEdits } from './loads.edits';
import { createLoadHandover } from './loads.handover';
import { createLoadReads } from './loads.reads';
import { createLoadStatusMoves } from './loads.status';
import { createLoadTeams } from './loads.teams';

// Loads from creation to Completed or Canceled, one file per group of use cases around one way to change a
// load (load-change.ts):
//   loads.reads.ts      the lists, the load page, a driver's loads, what the vehicles module reads
//   loads.create.ts     the add-load form and the quick posting
//   loads.status.ts     next and previous status, TONU, cancel, restore, delete
//   loads.edits.ts      the form of an active load, prices, e-mail updates, completed-load corrections
//   loads.assign.ts     driver and vehicle, responsible dispatcher, driver info, restore as copy
//   loads.book.ts       a load board load booked: a won proposition or a driver assigned
//   loads.documents.ts  upload, delete and download of a load's files
//   loads.handover.ts   a dismissed dispatcher's open loads handed to a colleague (the users module asks)
//   loads.teams.ts      open loads by team, and a deleted team's or subgroup's loads moved (the teams module)
// Every change runs in one unit of work that also writes the load's history; its events go out after commit.
// The vehicles and drivers a load names are changed through the units services (a vehicle is On load while
// a load of the active list has it, Available again when none has), never by the loads' queries.

export type { LoadsDeps } from './load-change';
export type { LoadPickUp, VehicleActiveLoad } from './loads.reads';
export { listRoles, LOAD_VIEWER_ROLES, LOADS_MESSAGES } from './load-lists';

export type LoadsService = ReturnType<typeof createLoadsService>;

export function createLoadsService(deps: LoadsDeps) {
  const change = createLoadChange(deps);
  return {
    listRoles,
    ...createLoadReads(change),
    ...createLoadCreation(change),
    ...createLoadStatusMoves(change),
    ...createLoadEdits(change),
    ...createLoadAssignments(change),
    ...createLoadBooking(change),
    ...createLoadDocuments(change),
    ...createLoadHandover(change),
    ...createLoadTeams(change),
  };
}
