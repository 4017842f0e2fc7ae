import type { ChatListResponse, ChatMessage, ChatResponse } from '@app/domain/chats/chats.schema';
import { expect } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import {
  createCompany,
  createWorkingGroup,
  insertDriver,
  insertOwner,
  insertVehicle,
} from '../../../test/factories';
import { createStaff, type Staff } from '../../../test/staff';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import { insertLoad } from '../loads/loads.fixtures';
import { CHATS_API } from './chat-view';

/** The people of the chat tests: the load's dispatcher, a colleague, the team lead, a manager, HR... */
export const CHAT_STAFF = {
  admin: 3,
  manager: 4,
  dispatcher: 5,
  colleague: 5,
  lead: 5,
  tracker: 6,
  hr: 8,
  accountant: 7,
} as const;

export type ChatWorld = Staff<keyof typeof CHAT_STAFF> & {
  companyId: number;
  teamId: number;
  driver: { id: number; first_name: string; last_name: string };
  owner: { id: number; first_name: string; last_name: string };
  vehicleId: number;
  /** Another company with a dispatcher and a manager. */
  other: Staff<'dispatcher' | 'manager'> & { companyId: number };
};

/**
 * A carrier whose team is led by `lead` and holds `dispatcher` and `colleague`; a driver and an owner with
 * a vehicle; and a second carrier.
 */
export async function createChatWorld(db: Db, app: App): Promise<ChatWorld> {
  const company = await createCompany(db);
  const staff = await createStaff(db, app, company.id, CHAT_STAFF, (name) => ({
    first_name: name[0]!.toUpperCase() + name.slice(1),
    last_name: 'Stone',
  }));
  const team = await createWorkingGroup(db, {
    companyId: company.id,
    leadId: staff.users.lead.id,
    memberIds: [staff.users.dispatcher.id, staff.users.colleague.id],
  });
  const owner = await insertOwner(db, company.id);
  const driver = await insertDriver(db, company.id, { owner_id: owner.id });
  const vehicle = await insertVehicle(db, company.id, {
    active_driver_id: driver.id,
    owner_id: owner.id,
    driver_ids: [driver.id],
  });
  const otherCompany = await createCompany(db);
  const other = await createStaff(db, app, otherCompany.id, { dispatcher: 5, manager: 4 } as const);
  return {
    ...staff,
    companyId: company.id,
    teamId: team.id,
    driver,
    owner,
    vehicleId: vehicle.id,
    other: { ...other, companyId: otherCompany.id },
  };
}

/** An active load of the team, dispatched by `dispatcher`, with the driver and the vehicle. */
export function teamLoad(db: Db, world: ChatWorld, accountingNumber: number | null = null): Promise<number> {
  return insertLoad(db, world.companyId, {
    status: 2,
    dispatcherId: world.users.dispatcher.id,
    workingGroupId: world.teamId,
    driverId: world.driver.id,
    vehicleId: world.vehicleId,
    accountingNumber,
  });
}

export type Call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  session: Session,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<{ statusCode: number; body: string; json: <T>() => T }>;

export function callerOf(app: () => App): Call {
  return (method, url, session, payload, headers = {}) =>
    app().inject({
      method,
      url,
      headers: { ...session.headers, ...headers },
      ...(payload ? { payload } : {}),
    });
}

/** Opens the load's chat (making it) and answers its id. */
export async function openLoadChat(call: Call, session: Session, loadId: number): Promise<number> {
  const response = await call('POST', `${CHATS_API}/load/${loadId}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

export async function send(
  call: Call,
  session: Session,
  chatId: number,
  content: string,
  options: { notes?: boolean; files_id?: number[] } = {},
): Promise<ChatMessage> {
  const path = options.notes ? 'send-note-message' : 'send-message';
  const response = await call('POST', `${CHATS_API}/${chatId}/${path}`, session, {
    content,
    files_id: options.files_id ?? [],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatMessage>();
}

export async function view(call: Call, session: Session, chatId: number, query = ''): Promise<ChatResponse> {
  const response = await call('GET', `${CHATS_API}/${chatId}/${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatResponse>();
}

export async function listChats(call: Call, session: Session, query = ''): Promise<ChatListResponse> {
  const response = await call('GET', `${CHATS_API}${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatListResponse>();
}
