import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { createPeriodicJob } from '../jobs/periodic-job';
import type { Authenticator } from '../modules/auth/require-auth';
import type { EventBus } from './event-bus';
import { findCompanyHash } from './realtime.repository';
import { closeEndedSessions, SESSION_CHECK_INTERVAL_MS } from './session-watch';
import {
  createSocketHub,
  SOCKET_CLOSE,
  SOCKET_CLOSE_REASONS,
  type SocketHub,
  type SocketIdentity,
  type SocketStream,
} from './socket-hub';

export type RealtimeRoutesOptions = {
  db: Db;
  authenticator: Authenticator;
  bus: EventBus;
  pingIntervalMs?: number;
  /** How often the open sockets' sign-ins are checked (session-watch.ts); false checks none. */
  sessionCheckIntervalMs?: number | false;
  /** Receives the hub, for tests and benchmarks that look at its sockets. */
  onHub?: (hub: SocketHub) => void;
};

/** The socket of the spec; with or without the trailing slash (the router ignores it). */
export const SOCKET_PATH = '/ws/company/:company_hash/';

/** What a client may send in one message; its messages are small JSON events. */
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;

type Refusal = { code: number; reason: string };

const refusal = (kind: 'tokenExpired' | 'badToken' | 'forbidden'): Refusal => ({
  code: SOCKET_CLOSE[kind],
  reason: SOCKET_CLOSE_REASONS[kind],
});

/**
 * GET /ws/company/{company_hash}/?access_token=... : the realtime socket.
 *
 * The upgrade is accepted first, then the token is checked, so that a refusal is a close code the client
 * can act on: 3008 when the access token has expired (the client refreshes it and reconnects), 4001 when
 * there is no token, it is not valid or its user is no longer active, 4003 when the hash is not the
 * user's company's (another company's, or none). An open socket is closed with 3008 when its token expires,
 * and within seconds when its sign-in ends or its user is dismissed or moved (session-watch.ts). Then the socket receives `{ event, data }` messages
 * (socket-hub.ts, events.ts); it may send JSON events: `{ "event": "ping" }` is answered with
 * `{ "event": "pong", "data": { "time": ... } }`, anything else is ignored.
 */
export const realtimeRoutes: FastifyPluginAsyncZod<RealtimeRoutesOptions> = async (app, options) => {
  const { db, authenticator, bus } = options;
  const hub = createSocketHub({
    bus,
    pingIntervalMs: options.pingIntervalMs,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  options.onHub?.(hub);

  // Closes the sockets whose sign-in has ended elsewhere or whose user changed. Started here rather than
  // when the server listens: a run with no socket open asks the database nothing.
  const sessionWatch =
    options.sessionCheckIntervalMs === false
      ? null
      : createPeriodicJob({
          name: 'realtime session check',
          run: () => closeEndedSessions(db, hub),
          intervalMs: options.sessionCheckIntervalMs ?? SESSION_CHECK_INTERVAL_MS,
          log: (message, error) => app.log.error({ err: error }, message),
        });
  sessionWatch?.start();
  app.addHook('onClose', async () => {
    await sessionWatch?.stop();
  });

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    // Clients are told the server is going away (1001) and reconnect to another process or this one
    // when it is back.
    preClose(done) {
      hub.close();
      this.websocketServer.close();
      done();
    },
  });

  async function identify(hash: string, token: string | undefined): Promise<SocketIdentity | Refusal> {
    if (!token) return refusal('badToken');
    let caller;
    try {
      caller = await authenticator.authenticate(token);
    } catch (error) {
      if (error instanceof HttpError) {
        return refusal(error.code === 'token_expired' ? 'tokenExpired' : 'badToken');
      }
      throw error;
    }
    if (caller.companyId === null) return refusal('forbidden');
    const companyHash = await findCompanyHash(db, caller.companyId);
    if (companyHash !== hash) return refusal('forbidden');
    const { exp } = decodeJwt(token);
    return {
      userId: caller.userId,
      companyId: caller.companyId,
      role: caller.role,
      isSuperuser: caller.isSuperuser,
      familyId: caller.familyId,
      expiresAt: (exp ?? 0) * 1000,
    };
  }

  async function accept(
    socket: WebSocket,
    stream: SocketStream,
    hash: string,
    token: string | undefined,
  ): Promise<void> {
    const admission = hub.admit(socket, stream);
    let outcome: SocketIdentity | Refusal;
    try {
      outcome = await identify(hash, token);
    } catch (error) {
      app.log.error({ err: error }, 'realtime: could not check a socket token');
      admission.refuse(1011, 'Server error');
      return;
    }
    if ('code' in outcome) admission.refuse(outcome.code, outcome.reason);
    else admission.accept(outcome);
  }

  app.get(
    SOCKET_PATH,
    {
      websocket: true,
      schema: {
        params: z.object({ company_hash: z.string() }),
        // Loose and optional: a missing token must become close code 4001, not an HTTP 400.
        querystring: z.looseObject({ access_token: z.string().optional() }),
      },
    },
    (socket, request) => {
      // The hub keeps only what the token says about the user, not the request.
      // The request's TCP connection is the socket's: the hub writes each turn's frames to it at once.
      void accept(socket, request.raw.socket, request.params.company_hash, request.query.access_token);
    },
  );
};
