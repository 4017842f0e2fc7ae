import type { Socket } from 'node:net';
import type { ApiError } from '@app/domain/common/errors';

// Requests Node's HTTP parser refuses before Fastify sees them (a path or headers over 16 KB, a malformed
// request line or header, a request too slow to arrive) are answered on the socket itself: with the API's
// error body, like every other error, instead of Fastify's default one.

type ParserError = Error & { code?: string };

const ANSWERS: Record<string, { status: number; reason: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    detail: 'The address or the headers of the request are too long.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    detail: 'The request took too long to arrive.',
  },
};

const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  detail: 'The request is not a well-formed HTTP request.',
};

/** Fastify's clientErrorHandler: answers a request the HTTP parser refused, then closes the connection. */
export function clientErrorHandler(error: ParserError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const body: ApiError = { detail: answer.detail, code: 'bad_request' };
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
