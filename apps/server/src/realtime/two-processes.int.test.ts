// Two real server processes (node --import tsx apps/server/src/main.ts) on one PostgreSQL database and one
// Redis: what a user does through the first reaches sockets connected to the second.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoginResponse } from '@app/domain/auth/auth.schema';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createUser,
  createWorkingGroup,
  type TestCompany,
  type TestUser,
} from '../../test/factories';
import { TEST_JWT_SECRET } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { insertLoad, LOADS_API } from '../modules/loads/loads.fixtures';
import { openSocket, socketUrl, type SocketMessage, type TestSocket } from './socket.fixtures';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const START_TIMEOUT_MS = 45_000;

type ServerProcess = { child: ChildProcess; base: string; output: () => string };

let database: TestDatabase;
let dataDir: string;
const channel = `test:realtime:${randomBytes(6).toString('hex')}`;
const servers: ServerProcess[] = [];
const sockets: TestSocket[] = [];
let company: TestCompany;
let manager: TestUser;
let dispatcher: TestUser;
let loadId: number;

/** Starts main.ts on a free port and resolves once its health check answers. */
async function startServer(name: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_CHANNEL: channel,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: join(dataDir, name),
      WEB_DIST: join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: ServerProcess = { child, base: '', output: () => output };
  servers.push(server);

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const url = /is running at (http:\/\/\S+)/.exec(output)?.[1];
    if (url) {
      const health = await fetch(`${url}/backend/api/health`).catch(() => undefined);
      if (health?.ok) return { ...server, base: url };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer its health check within ${START_TIMEOUT_MS} ms:\n${output}`);
}

async function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function signIn(base: string, user: TestUser): Promise<string> {
  const response = await fetch(`${base}/backend/api/v2/rest-auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as LoginResponse).access_token;
}

async function connect(base: string, token: string): Promise<TestSocket> {
  const socket = await openSocket(socketUrl(base, company.company_hash, token));
  sockets.push(socket);
  // Wait until the server has checked the token and registered the socket.
  socket.send({ event: 'ping' });
  await socket.next((message) => message.event === 'pong');
  return socket;
}

const aboutLoad = (event: string) => (message: SocketMessage) =>
  message.event === event && JSON.stringify(message.data).includes(`"id":${loadId}`);

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'dispatch-two-processes-'));
  // A company on the database before the servers start: they do not seed the demo companies then.
  company = await createCompany(database.db);
  manager = await createUser(database.db, {
    companyId: company.id,
    role: 4,
    first_name: 'Maria',
    last_name: 'Lead',
  });
  dispatcher = await createUser(database.db, { companyId: company.id, role: 5 });
  const team = await createWorkingGroup(database.db, {
    companyId: company.id,
    leadId: manager.id,
    memberIds: [dispatcher.id],
    subgroups: [{ leadId: dispatcher.id, memberIds: [dispatcher.id] }],
  });
  loadId = await insertLoad(database.db, company.id, {
    status: 4,
    dispatcherId: dispatcher.id,
    workingGroupId: team.id,
    subgroupId: team.subgroupIds[0]!,
    accountingNumber: 314,
  });
  await Promise.all([startServer('first'), startServer('second')]).then((started) => {
    servers.splice(0, servers.length, ...started);
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close().catch(() => undefined)));
  await Promise.all(servers.map(stopServer));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two server processes on one database and one Redis', () => {
  it('a status change made through the first reaches a socket connected to the second', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const managerOnSecond = await connect(second.base, await signIn(second.base, manager));
    const dispatcherToken = await signIn(first.base, dispatcher);

    const moved = await fetch(`${first.base}${LOADS_API}/${loadId}/set-next-status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${dispatcherToken}` },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);

    expect((await managerOnSecond.next(aboutLoad('load_status_change'))).data).toEqual({
      id: loadId,
      status: 5,
      old_status: 4,
      accounting_status: null,
    });
    expect((await managerOnSecond.next((m) => m.event === 'update_loads')).data).toEqual({
      ids: [loadId],
      action: 'status',
    });
    // The manager leads the dispatcher's team: the load status notification, made on the first process.
    expect((await managerOnSecond.next((m) => m.event === 'new_notice')).data).toMatchObject({
      type: { id: 100, name: 'load_status' },
      label: 'Load #000314',
      load_status: { id: loadId, status: 5, previous_status: 4 },
    });
  });

  it("a user's notification reaches that user's sockets on both processes, and so does its read_notice", async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const dispatcherOnFirst = await connect(first.base, await signIn(first.base, dispatcher));
    const dispatcherOnSecond = await connect(second.base, await signIn(second.base, dispatcher));
    const managerOnSecond = await connect(second.base, await signIn(second.base, manager));
    const managerToken = await signIn(first.base, manager);

    const changed = await fetch(`${first.base}${LOADS_API}/active/${loadId}/change-price`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ broker_price: 1450, driver_price: 990 }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);

    const isRateNotice = (m: SocketMessage) =>
      m.event === 'new_notice' && (m.data as { type: { id: number } }).type.id === 8;
    const onFirst = await dispatcherOnFirst.next(isRateNotice);
    const onSecond = await dispatcherOnSecond.next(isRateNotice);
    expect(onSecond.data).toEqual(onFirst.data);
    expect(onFirst.data).toMatchObject({
      broker_price: 1450,
      old_broker_price: 1000,
      driver_price: 990,
      old_driver_price: 800,
      actor: { first_name: 'Maria', last_name: 'Lead' },
    });

    // Read on the second process: both of the dispatcher's sockets drop it.
    const { id } = onFirst.data as { id: number };
    const dispatcherToken = await signIn(second.base, dispatcher);
    const read = await fetch(`${second.base}/backend/api/v2/notifications/${id}/set-read`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${dispatcherToken}` },
    });
    expect(read.status).toBe(200);
    for (const socket of [dispatcherOnFirst, dispatcherOnSecond]) {
      expect((await socket.next((m) => m.event === 'read_notice')).data).toEqual({ id });
    }
    // The manager made the change: no rate notice for them, on either process.
    expect(managerOnSecond.messages.some(isRateNotice)).toBe(false);
  });

  it('when a process loses its Redis subscription, its sockets are told to reconnect (1012) and refetch', async () => {
    const [first] = servers as [ServerProcess, ServerProcess];
    const socket = await connect(first.base, await signIn(first.base, dispatcher));
    const admin = new Redis(REDIS_URL);
    try {
      const clients = (await admin.client('LIST')) as string;
      const ids = clients
        .split('\n')
        .filter((line) => line.includes(` name=${channel}:subscriber `))
        .map((line) => /^id=(\d+) /.exec(line)?.[1])
        .filter((id): id is string => id !== undefined);
      expect(ids).toHaveLength(2);
      for (const id of ids) await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }
    expect(await socket.closed).toEqual({ code: 1012, reason: 'Reconnect to refetch' });
  });
});
