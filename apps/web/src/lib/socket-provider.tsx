import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  RealtimeEventData,
  RealtimeEventName,
  RealtimeMessage,
} from '@app/domain/realtime/realtime.schema';
import { http } from './api';
import { createSocketClient } from './socket-client';
import type { SocketClient, SocketLike, SocketStatus } from './socket-client';
import { isExpired, readTokens } from './token-storage';

// The socket of the signed-in shell for React: the shell mounts the provider once users/my has named the
// company, so the socket starts after sign-in and stops when the shell goes (logout). After a reconnect
// every query on screen is fetched again (TanStack Query invalidation), so nothing sent meanwhile is missed.

const SocketContext = createContext<SocketClient | null>(null);

/** The browser's WebSocket, looked up on each connect so that tests can stub it. */
function browserSocket(url: string): SocketLike {
  return new WebSocket(url);
}

export function SocketProvider({
  companyHash,
  children,
}: {
  companyHash: string | null | undefined;
  children: ReactNode;
}) {
  // One client per company; a new key makes a new client (a user who moved to another company).
  return (
    <SocketClientHost key={companyHash ?? ''} companyHash={companyHash ?? null}>
      {children}
    </SocketClientHost>
  );
}

function SocketClientHost({ companyHash, children }: { companyHash: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [client] = useState(() =>
    createSocketClient({
      companyHash: companyHash ?? '',
      origin: window.location,
      createSocket: browserSocket,
      accessToken: () => readTokens()?.access_token ?? null,
      accessTokenExpired: () => isExpired(readTokens()?.access_token_expiration, Date.now()),
      refreshAccessToken: () => http.refreshAccessToken(),
    }),
  );

  useEffect(() => {
    if (!companyHash) return undefined;
    const offReconnect = client.onReconnect(() => {
      // The active queries (on screen) refetch at once; the others are marked stale.
      void queryClient.invalidateQueries();
    });
    client.start();
    return () => {
      offReconnect();
      client.stop();
    };
  }, [client, companyHash, queryClient]);

  return <SocketContext.Provider value={client}>{children}</SocketContext.Provider>;
}

function useSocketClient(): SocketClient | null {
  return useContext(SocketContext);
}

/**
 * Calls `handler` with the data of every `event` the socket receives, checked against the event's schema.
 * The handler may change on every render; the subscription stays.
 */
export function useSocketEvent<Name extends RealtimeEventName>(
  event: Name,
  handler: (data: RealtimeEventData<Name>, event: Name) => void,
): void {
  const client = useSocketClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return undefined;
    return client.on(event, (data, name) => latest.current(data, name));
  }, [client, event]);
}

/** Calls `handler` with every checked message the socket receives, whatever its event. */
export function useSocketMessages(handler: (message: RealtimeMessage) => void): void {
  const client = useSocketClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return undefined;
    return client.onMessage((message) => latest.current(message));
  }, [client]);
}

/** Calls `handler` each time the socket opens again after a drop. */
export function useSocketReconnect(handler: () => void): void {
  const client = useSocketClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return undefined;
    return client.onReconnect(() => latest.current());
  }, [client]);
}

const noSubscription = () => () => undefined;

/** 'open' while live updates arrive; 'idle' outside the provider. */
export function useSocketStatus(): SocketStatus {
  const client = useSocketClient();
  return useSyncExternalStore(client ? client.onStatus : noSubscription, () => client?.status() ?? 'idle');
}

/** Sends a JSON event on the socket; answers false when it is not open. */
export function useSocketSend(): (event: string, data?: unknown) => boolean {
  const client = useSocketClient();
  return (event, data) => client?.send(event, data) ?? false;
}
