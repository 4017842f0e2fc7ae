import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import { login, type Session } from '../../../test/auth-helpers';
import {
  createCompany,
  createUser,
  insertDriver,
  insertOwner,
  insertVehicle,
  unique,
} from '../../../test/factories';

// The SMS tests' world and a Twilio-compatible server on loopback (a real HTTP exchange).

export const SMS_API = '/backend/api/v2/sms';

export async function createSmsWorld(db: Db, app: App) {
  const company = await createCompany(db);
  const other = await createCompany(db);
  const make = async (companyId: number, role: 3 | 4 | 5 | 6 | 7) => {
    const user = await createUser(db, { companyId, role });
    return { user, session: await login(app, user.email, user.password) };
  };
  const dispatcher = await make(company.id, 5);
  const colleague = await make(company.id, 5);
  const manager = await make(company.id, 4);
  const admin = await make(company.id, 3);
  const accountant = await make(company.id, 7);
  const otherDispatcher = await make(other.id, 5);
  const otherAdmin = await make(other.id, 3);
  const driver = await insertDriver(db, company.id, {
    first_name: 'Carl',
    last_name: `Dunn${unique()}`,
    phone_number: '(555) 201-0001',
  });
  const driverNoPhone = await insertDriver(db, company.id, {
    first_name: 'Nora',
    last_name: 'Silent',
    phone_number: null,
  });
  const owner = await insertOwner(db, company.id, {
    first_name: 'Olga',
    last_name: `Fleet${unique()}`,
    phone_number: '555-301-0001',
  });
  const vehicle = await insertVehicle(db, company.id, {
    unit_id: `U${unique()}`,
    active_driver_id: driver.id,
    owner_id: owner.id,
    dispatcher_id: dispatcher.user.id,
    driver_ids: [driver.id],
  });
  return {
    company,
    other,
    dispatcher,
    colleague,
    manager,
    admin,
    accountant,
    otherDispatcher,
    otherAdmin,
    driver,
    driverNoPhone,
    owner,
    vehicle,
  };
}

export type SmsWorld = Awaited<ReturnType<typeof createSmsWorld>>;

export async function openChat(app: App, session: Session, body: Record<string, unknown>): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `${SMS_API}/chats/open/`,
    headers: session.headers,
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`open failed ${response.statusCode}: ${response.body}`);
  return response.json<{ id: number }>().id;
}

export type FakeTwilioRequest = { path: string; authorization: string | undefined; form: URLSearchParams };

/**
 * A Twilio-compatible Messages.json on 127.0.0.1: answers 201 with a fresh SID, or 400 with Twilio's error
 * body for the numbers in `refuse`.
 */
export async function startFakeTwilio() {
  const requests: FakeTwilioRequest[] = [];
  const refuse = new Set<string>();
  let next = 0;
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({ path: request.url ?? '', authorization: request.headers.authorization, form });
      response.setHeader('content-type', 'application/json');
      if (refuse.has(form.get('To') ?? '')) {
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            code: 21211,
            message: "The 'To' number is not a valid phone number.",
            status: 400,
          }),
        );
        return;
      }
      next += 1;
      response.statusCode = 201;
      response.end(JSON.stringify({ sid: `SM${String(next).padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits (briefly) until `check` holds: for work the server does after answering. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
