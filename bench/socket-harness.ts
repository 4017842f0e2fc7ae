// What the socket benchmarks share besides their database (bench-database.ts): a company and its users,
// the server process (socket-server.ts) and authenticated websocket clients on loopback.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import type { DatabaseHandle } from '../apps/server/src/db/database';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { createTokenSigner } from '../apps/server/src/modules/auth/tokens';
import { BENCH_JWT_SECRET } from './bench-database';
import type { ServerMemory, ServerRequest } from './socket-server';

/** Sockets open this many at a time: each is a token check with two queries on the server. */
const CONNECT_BATCH = 100;

export type BenchCompany = { id: number; hash: string; userIds: number[] };

/** A company with `users` dispatchers (role 5), written in bulk. */
export async function createBenchCompany(handle: DatabaseHandle, users: number): Promise<BenchCompany> {
  const hash = `bench-${randomBytes(6).toString('hex')}`;
  const company = await handle.db
    .insertInto('companies')
    .values({ name: `Bench Carrier ${hash}`, company_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow();
  const passwordHash = await hashPassword('bench-password-1');
  const userIds: number[] = [];
  for (let start = 0; start < users; start += 1000) {
    const rows = await handle.db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1000, users - start) }, (_, index) => ({
          company_id: company.id,
          email: `user-${start + index}-${hash}@bench.test`,
          password_hash: passwordHash,
          first_name: 'Bench',
          last_name: `User ${start + index}`,
          role: 5 as const,
        })),
      )
      .returning('id')
      .execute();
    userIds.push(...rows.map((row) => row.id));
  }
  return { id: company.id, hash, userIds };
}

/** Access tokens as the sign-in gives them (valid for an hour). */
export async function accessTokens(userIds: readonly number[]): Promise<string[]> {
  const signer = createTokenSigner(BENCH_JWT_SECRET, 3600);
  return Promise.all(
    userIds.map(
      async (userId) => (await signer.signAccess({ userId, familyId: `bench-${userId}` }, new Date())).token,
    ),
  );
}

/** One of the server's requests, without the id the harness gives it. */
export type BenchRequest = ServerRequest extends infer Request
  ? Request extends unknown
    ? Omit<Request, 'id'>
    : never
  : never;

export type BenchServer = {
  port: number;
  child: ChildProcess;
  call(request: BenchRequest): Promise<unknown>;
  memory(): Promise<ServerMemory>;
  close(): Promise<void>;
};

/** Starts socket-server.ts in a process of its own (with --expose-gc, for the memory figure). */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const script = fileURLToPath(new URL('./socket-server.ts', import.meta.url));
  const child = fork(script, [], {
    // BENCH_SERVER_NODE_ARGS adds flags to the server's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
    execArgv: [
      '--expose-gc',
      '--import',
      'tsx',
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    env: { ...process.env, JWT_SECRET: BENCH_JWT_SECRET, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const ready = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
    child.on(
      'message',
      (message: { ready?: boolean; port?: number; id?: number; result?: unknown; error?: string }) => {
        if (message.ready) {
          resolve(message.port!);
          return;
        }
        const waiter = waiting.get(message.id!);
        if (!waiter) return;
        waiting.delete(message.id!);
        if (message.error !== undefined) waiter.reject(new Error(message.error));
        else waiter.resolve(message.result);
      },
    );
  });
  const port = await ready;
  const call = (request: BenchRequest) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId;
      nextId += 1;
      waiting.set(id, { resolve, reject });
      child.send({ ...request, id });
    });
  return {
    port,
    child,
    call,
    memory: () => call({ op: 'memory' }) as Promise<ServerMemory>,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await call({ op: 'close' }).catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function socketAddress(port: number, hash: string, token: string): string {
  return `ws://127.0.0.1:${port}/ws/company/${hash}/?access_token=${encodeURIComponent(token)}`;
}

/**
 * Opens an authenticated socket and resolves once the server has registered it: the client's ping is
 * answered only after its token is checked.
 */
export function openRegisteredSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const onMessage = (raw: Buffer) => {
      if (raw.toString().startsWith('{"event":"pong"')) {
        socket.off('message', onMessage);
        resolve(socket);
      }
    };
    socket.on('message', onMessage);
    socket.once('open', () => socket.send('{"event":"ping"}'));
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed with ${code} while opening`)));
  });
}

/** Opens one socket per token, a batch at a time. */
export async function openSockets(
  port: number,
  hash: string,
  tokens: readonly string[],
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < tokens.length; start += CONNECT_BATCH) {
    const batch = tokens.slice(start, start + CONNECT_BATCH);
    sockets.push(
      ...(await Promise.all(batch.map((token) => openRegisteredSocket(socketAddress(port, hash, token))))),
    );
  }
  return sockets;
}

export async function closeSockets(sockets: readonly WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === socket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}
