import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

// What the server writes about requests: one compact line each, never a token.
//
// Fastify's own request logging (an "incoming request" and a "request completed" line, each with the full
// URL) is off: a dispatcher's board polls every few seconds, so at `info` the log was two lines a second
// per open page, the start banner scrolled away, and the realtime socket's URL carried its access token
// into the log. Instead each request is one line, `GET /backend/api/v2/loads/active 200 12 ms`, with any
// token in its query string redacted; successful reads (GET, HEAD: polling) are written at `debug`,
// everything else (changes, refusals, failures) at `info`. LOG_LEVEL=warn keeps only warnings and errors.

const TOKEN_PARAMETERS = /([?&](?:access_token|refresh_token|refresh|token|key|password)=)[^&#]*/gi;

export const REDACTED = '[redacted]';

/** The URL with the values of token-like query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PARAMETERS, `$1${REDACTED}`);
}

/**
 * Fastify's logger option at a level: JSON lines, with anything that logs a request or its headers
 * stripped of tokens and cookies.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: REDACTED,
    },
    serializers: {
      req: (request: { method?: string; url?: string }) => ({
        method: request.method,
        url: redactUrl(request.url ?? ''),
      }),
    },
  };
}

// The refusal each request answered with, written on its line instead of a line of its own.
const refusals = new WeakMap<FastifyRequest, string>();

/** Notes what a refused request was told (its code and detail), for its log line. */
export function noteRefusal(request: FastifyRequest, code: string, detail: string): void {
  refusals.set(request, `${code}: ${detail}`);
}

/** The onResponse hook that writes the request's line (with the refusal's code and detail, if any). */
export function logRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const status = reply.statusCode;
  const quiet = (request.method === 'GET' || request.method === 'HEAD') && status < 400;
  const refusal = refusals.get(request);
  const line =
    `${request.method} ${redactUrl(request.url)} ${status} ${Math.round(reply.elapsedTime)} ms` +
    (refusal === undefined ? '' : ` (${refusal})`);
  if (quiet) request.log.debug(line);
  else request.log.info(line);
  done();
}
