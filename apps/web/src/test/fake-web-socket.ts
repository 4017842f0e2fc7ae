import type { SocketLike } from '@/lib/socket-client';

/**
 * A WebSocket that never touches the network, stubbed in for every component test (test-setup.ts): it
 * stays connecting until a test drives it with open(), receive() and serverClose().
 */
export class FakeWebSocket implements SocketLike {
  static instances: FakeWebSocket[] = [];

  /** The socket made last; fails the test when none was made. */
  static last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No socket was opened');
    return socket;
  }

  readyState = 0;
  readonly sent: string[] = [];
  closedByClient: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedByClient = code;
    this.onclose?.({ code } as CloseEvent);
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** A message from the server; a value other than a string is sent as JSON. */
  receive(message: unknown): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.({ data } as MessageEvent);
  }

  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }

  /** The access_token the socket was opened with. */
  get accessToken(): string | null {
    return new URL(this.url).searchParams.get('access_token');
  }
}
