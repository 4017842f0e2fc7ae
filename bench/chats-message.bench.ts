// A group chat message, sent over HTTP (POST users/current/chats/{id}/send-message), stored in one
// transaction with the sender's read mark and the chat's activity, and delivered as group_chat_message to
// the sockets of the chat's 50 members (and new_notice to the other 49, whose notices are read from the
// chat rather than stored): the time from sending until
// the last of the 50 sockets has it, p95 over many messages. Then the storage rate: messages sent by many
// members at once to ten chats of 50 members, counted as stored per second (each answered 200, so stored,
// notified and published). The server runs in a process of its own (socket-server.ts).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { WebSocket } from 'ws';
import type { Benchmark } from './run';
import { createBenchDatabase, percentile } from './bench-database';
import {
  accessTokens,
  closeSockets,
  createBenchCompany,
  openSockets,
  startBenchServer,
  type BenchServer,
} from './socket-harness';

const MEMBERS = 50;
const TARGET_P95_MS = 100;
const TARGET_PER_SECOND = 500;
const WARM_UP = 5;
/** CHATS_BENCH_ROUNDS and CHATS_BENCH_MESSAGES make a quicker run; recorded figures use the defaults. */
const ROUNDS = Math.max(1, Number(process.env.CHATS_BENCH_ROUNDS ?? 100));
const THROUGHPUT_MESSAGES = Math.max(10, Number(process.env.CHATS_BENCH_MESSAGES ?? 2_000));
const THROUGHPUT_CHATS = 10;
/** Requests in flight at once during the storage rate. */
const CONCURRENCY = 32;
const CHAT_MESSAGE_PREFIX = '{"event":"group_chat_message"';

const chatUrl = (server: BenchServer, chatId: number) =>
  `http://127.0.0.1:${server.port}/backend/api/v2/users/current/chats/${chatId}/send-message`;

// node:http with a keep-alive agent: the load generator shares this machine's two cores with the server
// and PostgreSQL, and fetch spent about twice its processor time on each request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function sendMessage(server: BenchServer, chatId: number, token: string, content: string) {
  const body = JSON.stringify({ content, files_id: [] });
  return new Promise<{ id: number }>((resolve, reject) => {
    const request = http.request(
      chatUrl(server, chatId),
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (response.statusCode !== 200)
            reject(new Error(`send-message answered ${response.statusCode} ${text}`));
          else resolve(JSON.parse(text) as { id: number });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** One message per round from a rotating member; waits until all 50 sockets have it. */
async function measureDelivery(
  server: BenchServer,
  sockets: readonly WebSocket[],
  chatId: number,
  tokens: string[],
) {
  let started = 0;
  let received: number[] = [];
  let waitingFor = new Set<WebSocket>();
  let finish: (() => void) | null = null;
  for (const socket of sockets) {
    socket.on('message', (raw: Buffer) => {
      if (!waitingFor.has(socket) || !raw.toString().startsWith(CHAT_MESSAGE_PREFIX)) return;
      received.push(performance.now() - started);
      waitingFor.delete(socket);
      if (waitingFor.size === 0) finish?.();
    });
  }
  const all: number[] = [];
  const answered: number[] = [];
  for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
    received = [];
    waitingFor = new Set(sockets);
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`round ${round}: ${received.length} of 50 in 10 s`)),
        10_000,
      );
      finish = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    started = performance.now();
    await sendMessage(server, chatId, tokens[round % tokens.length]!, `Round ${round}: ETA 3:40 pm`);
    const answer = performance.now() - started;
    await done;
    if (round >= WARM_UP) {
      all.push(received[received.length - 1]!);
      answered.push(answer);
    }
  }
  return { all, answered };
}

/** THROUGHPUT_MESSAGES messages, CONCURRENCY at a time, to THROUGHPUT_CHATS chats: messages per second. */
async function measureRate(server: BenchServer, chatIds: readonly number[], tokens: readonly string[]) {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < THROUGHPUT_MESSAGES) {
      const index = next;
      next += 1;
      await sendMessage(
        server,
        chatIds[index % chatIds.length]!,
        tokens[index % tokens.length]!,
        `Load update ${index}`,
      );
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return THROUGHPUT_MESSAGES / ((performance.now() - started) / 1000);
}

/** How many chats the member whose notices are read belongs to, each with a message they have not read. */
const NOTICE_CHATS = 3_000;
const NOTICE_READS = 50;

function getJson(server: BenchServer, path: string, token: string) {
  return new Promise<void>((resolve, reject) => {
    const request = http.request(
      `http://127.0.0.1:${server.port}/backend/api/v2/${path}`,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`${path} answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * GET notifications for a member of NOTICE_CHATS chats, each with a message of another member unread: a
 * chat's notice is read from the chats when listed, a step per chat the member belongs to. p95 over
 * NOTICE_READS reads (no target: a figure to watch).
 */
async function measureNoticeReads(
  server: BenchServer,
  handle: Awaited<ReturnType<typeof createBenchDatabase>>['handle'],
  company: { id: number; userIds: number[] },
  token: string,
) {
  const { db } = handle;
  const [reader, writer] = company.userIds as [number, number];
  const chats = await db
    .insertInto('group_chats')
    .values(
      Array.from({ length: NOTICE_CHATS }, (_, index) => ({
        company_id: company.id,
        kind: 'group' as const,
        title: `Lane ${index}`,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('group_chat_members')
    .values(chats.map((chat) => ({ chat_id: chat.id, user_id: reader, company_id: company.id })))
    .execute();
  await db
    .insertInto('group_chat_messages')
    .values(
      chats.map((chat) => ({
        company_id: company.id,
        chat_id: chat.id,
        user_from: writer,
        content: 'ETA 4 pm',
      })),
    )
    .execute();
  await sql`UPDATE group_chats c SET last_message_id = m.id FROM group_chat_messages m
    WHERE m.chat_id = c.id AND c.company_id = ${company.id} AND c.id = ANY(${chats.map((chat) => chat.id)})`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  const times: number[] = [];
  for (let read = 0; read < 5 + NOTICE_READS; read += 1) {
    const started = performance.now();
    await getJson(server, 'notifications?page=1&limit=20', token);
    if (read >= 5) times.push(performance.now() - started);
  }
  return times;
}

const benchmark: Benchmark = {
  name: 'group chat message: sent, stored and delivered to the sockets of 50 members; messages stored per second',
  target: `the last of 50 sockets has it at p95 at most ${TARGET_P95_MS} ms; at least ${TARGET_PER_SECOND} messages stored a second`,
  async run() {
    const database = await createBenchDatabase('bench_chats');
    try {
      const company = await createBenchCompany(database.handle, MEMBERS);
      const { db } = database.handle;
      const chats = await db
        .insertInto('group_chats')
        .values(
          Array.from({ length: 1 + THROUGHPUT_CHATS }, (_, index) => ({
            company_id: company.id,
            kind: 'group' as const,
            title: `Bench chat ${index}`,
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('group_chat_members')
        .values(
          chats.flatMap((chat) =>
            company.userIds.map((userId) => ({ chat_id: chat.id, user_id: userId, company_id: company.id })),
          ),
        )
        .execute();
      // Statistics, as autovacuum keeps them on a live database: without them the planner guesses one row
      // per table and reads a chat's 50 members through the company's users 50 times over.
      await sql`ANALYZE`.execute(db);
      const tokens = await accessTokens(company.userIds);
      const server = await startBenchServer({ DATABASE_URL: database.url });
      let sockets: WebSocket[] = [];
      try {
        sockets = await openSockets(server.port, company.hash, tokens);
        const { all, answered } = await measureDelivery(server, sockets, chats[0]!.id, tokens);
        const perSecond = await measureRate(
          server,
          chats.slice(1).map((chat) => chat.id),
          tokens,
        );
        const noticeReads = await measureNoticeReads(server, database.handle, company, tokens[0]!);
        const p95 = percentile(all, 0.95);
        const deliveryMet = p95 <= TARGET_P95_MS;
        const rateMet = perSecond >= TARGET_PER_SECOND;
        console.log(
          `    delivery to ${MEMBERS} sockets: p50 ${percentile(all, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
            `worst ${Math.max(...all).toFixed(1)} ms; answered p50 ${percentile(answered, 0.5).toFixed(1)} ms ` +
            `(${ROUNDS} messages after ${WARM_UP}) - ${deliveryMet ? 'met' : 'MISSED'}`,
        );
        console.log(
          `    stored: ${perSecond.toFixed(0)} messages a second (${THROUGHPUT_MESSAGES} messages, ${CONCURRENCY} at a time, ` +
            `${THROUGHPUT_CHATS} chats of ${MEMBERS} members, each notifying 49) - ${rateMet ? 'met' : 'MISSED'}`,
        );
        console.log(
          `    GET notifications of a member of ${NOTICE_CHATS} chats, each with a message unread: ` +
            `p50 ${percentile(noticeReads, 0.5).toFixed(1)} ms, p95 ${percentile(noticeReads, 0.95).toFixed(1)} ms ` +
            `(${NOTICE_READS} reads; no target)`,
        );
        return {
          figure: `p95 ${p95.toFixed(1)} ms to the last of ${MEMBERS} sockets; ${perSecond.toFixed(0)} messages stored a second`,
          met: deliveryMet && rateMet,
        };
      } finally {
        await closeSockets(sockets);
        await server.close();
      }
    } finally {
      await database.drop();
    }
  },
};

export default benchmark;
