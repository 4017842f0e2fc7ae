// Nothing lost, nothing twice: a user's client keeps its notification list (the domain's reducer) from
// the socket and from GET notifications, refetched each time the socket opens, while the server keeps
// creating notifications for the user and the client's connection is cut 100 times. At the end the list
// must hold every notification created, each once.
//
// Why it holds: every notification has an id; the client refetches after each (re)open, and the server
// sends a socket, once accepted, every event published since it opened (socket-hub.ts), so whatever was
// committed after the refetch's snapshot arrives on the socket; the reducer keeps one entry per id.
import {
  initialNotificationListState,
  notificationListReducer,
  type NotificationListState,
} from '@app/domain/notifications/notifications.rules';
import type { Notification, NotificationListResponse } from '@app/domain/notifications/notifications.schema';
import { WebSocket } from 'ws';
import type { Benchmark } from './run';
import { createBenchDatabase } from './bench-database';
import {
  accessTokens,
  createBenchCompany,
  socketAddress,
  startBenchServer,
  type BenchServer,
} from './socket-harness';

const DROPS = 100;
/** GET notifications answers at most 500 a page; the client reads every page. */
const PAGE = 500;

type Counters = { socketNotices: number; refetches: number; duplicateSocketNotices: number };

/** A client as the web app runs one: socket events into the reducer, a refetch after every open. */
function createClient(server: BenchServer, hash: string, token: string) {
  let state: NotificationListState = initialNotificationListState;
  const seenOnSocket = new Set<number | string>();
  const counters: Counters = { socketNotices: 0, refetches: 0, duplicateSocketNotices: 0 };
  let socket: WebSocket | null = null;
  let stopped = false;
  let opened: () => void = () => {};

  async function refetch(): Promise<void> {
    const notifications: Notification[] = [];
    for (let page = 1; ; page += 1) {
      const response = await fetch(
        `http://127.0.0.1:${server.port}/backend/api/v2/notifications?page=${page}&limit=${PAGE}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const body = (await response.json()) as NotificationListResponse;
      notifications.push(...body.results);
      if (body.results.length < PAGE) break;
    }
    state = notificationListReducer(state, { type: 'fetched', notifications, now: Date.now() });
    counters.refetches += 1;
  }

  function connect(): void {
    const ws = new WebSocket(socketAddress(server.port, hash, token));
    socket = ws;
    ws.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { event: string; data: Notification };
      if (message.event !== 'new_notice') return;
      counters.socketNotices += 1;
      if (seenOnSocket.has(message.data.id!)) counters.duplicateSocketNotices += 1;
      seenOnSocket.add(message.data.id!);
      state = notificationListReducer(state, {
        type: 'new_notice',
        notification: message.data,
        now: Date.now(),
      });
    });
    ws.on('open', () => {
      void refetch().then(() => opened());
    });
    ws.on('close', () => {
      if (!stopped) connect();
    });
    ws.on('error', () => undefined);
  }

  return {
    counters,
    state: () => state,
    /** Notifications that arrived on a socket at least once. */
    seenOnSocket: () => seenOnSocket.size,
    /** Resolves once the socket is open and the list refetched. */
    start(): Promise<void> {
      return new Promise((resolve) => {
        opened = resolve;
        connect();
      });
    },
    /** Cuts the connection (no closing handshake, like a network drop) and waits until it is back. */
    drop(): Promise<void> {
      return new Promise((resolve) => {
        opened = resolve;
        socket?.terminate();
      });
    },
    /** A last refetch after everything was published (the web app's refetch on reconnect does the same). */
    finish: refetch,
    stop() {
      stopped = true;
      socket?.close();
    },
  };
}

const benchmark: Benchmark = {
  name: `socket reconnects: ${DROPS} forced reconnects while notifications are created`,
  target: 'the client ends with every notification created, none twice',
  async run() {
    const database = await createBenchDatabase('bench_sockets');
    try {
      const company = await createBenchCompany(database.handle, 1);
      const userId = company.userIds[0]!;
      const [token] = await accessTokens([userId]);
      const server = await startBenchServer({ DATABASE_URL: database.url });
      try {
        const client = createClient(server, company.hash, token!);
        await client.start();

        // The server creates notifications one after another until the client has been cut DROPS times.
        let dropping = true;
        let created = 0;
        const publishing = (async () => {
          while (dropping) {
            await server.call({
              op: 'notify',
              input: {
                companyId: company.id,
                userIds: [userId],
                type: 4,
                label: `Load ${created + 1}`,
                content: 'A load was assigned to you',
              },
            });
            created += 1;
          }
        })();
        for (let drop = 0; drop < DROPS; drop += 1) {
          await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 25));
          await client.drop();
        }
        dropping = false;
        await publishing;
        await client.finish();
        client.stop();

        const stored = await database.handle.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', userId)
          .execute();
        const listed = client.state().items.map((item) => item.id);
        const unique = new Set(listed);
        const missing = stored.filter((row) => !unique.has(row.id)).length;
        const twice = listed.length - unique.size;
        const onlyByRefetch = stored.length - client.seenOnSocket();
        const { socketNotices, refetches, duplicateSocketNotices } = client.counters;
        console.log(
          `    ${stored.length} notifications created during ${DROPS} drops; the list holds ${unique.size} ` +
            `(${missing} missing, ${twice} twice); ${socketNotices} came by socket (${duplicateSocketNotices} ` +
            `twice on the socket); ${onlyByRefetch} missed by the socket came by one of ${refetches} refetches`,
        );
        return {
          figure: `${stored.length} created, ${unique.size} listed, ${missing} missing, ${twice} twice (${DROPS} reconnects)`,
          met: stored.length > 0 && missing === 0 && twice === 0 && unique.size === stored.length,
        };
      } finally {
        await server.close();
      }
    } finally {
      await database.drop();
    }
  },
};

export default benchmark;
