import { mkdirSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundBody } from './error-handler';
import { MAP_TILES_FOLDER } from './map-tiles';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dispatch back office</title></head>
<body style="font-family: sans-serif; margin: 3rem">
<h1>The web app is not built yet</h1>
<p>Run <code>npm start</code>: it builds the web app and serves it here. For development, run <code>npm run dev</code>.</p>
</body></html>
`;

export type WebAppOptions = {
  /** The built web app (index.html and assets). */
  webDist: string;
  /** Uploaded avatars, served at /backend/media/avatars/. */
  avatarsDir: string;
};

/**
 * Serves the built web app and uploaded avatars, and answers unknown paths: a file of the build is sent
 * as is; a page request (GET that accepts HTML, outside /backend/, /ws/ and the map tiles' /map/) gets
 * index.html so that the browser router handles it; everything else gets the API's 404 body (the map
 * tiles too when the server serves none: a map reader is told so, not handed a page). The build is looked
 * up on every request, so a build made while the server runs is served without a restart.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDist, avatarsDir } = options;
  mkdirSync(avatarsDir, { recursive: true });

  // Only the reply.sendFile decoration: the catch-all route below decides what to send.
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    suppressWarning: true,
    dotfiles: 'ignore',
    // The build writes a .br and a .gz beside each script and style sheet: a browser that accepts one gets
    // it, a third of the bytes, without compressing on every request.
    preCompressed: true,
    setHeaders(reply, path) {
      // Built assets carry a content hash in their names; index.html must always be checked again.
      if (path.endsWith('index.html')) void reply.header('cache-control', 'no-cache');
      else if (path.includes(`${sep}assets${sep}`))
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  await app.register(fastifyStatic, {
    root: avatarsDir,
    prefix: '/backend/media/avatars/',
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    setHeaders(reply) {
      void reply.header('x-content-type-options', 'nosniff');
      void reply.header('cache-control', 'public, max-age=86400');
    },
  });

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const file = buildFile(webDist, request);
    if (file) return reply.sendFile(file);
    return answerUnknown(request, reply, webDist);
  });

  app.setNotFoundHandler((request, reply) => answerUnknown(request, reply, webDist));
}

function answerUnknown(request: FastifyRequest, reply: FastifyReply, webDist: string): FastifyReply {
  if (!isPageRequest(request)) return reply.code(404).send(notFoundBody());
  if (isFile(join(webDist, 'index.html'))) return reply.sendFile('index.html');
  return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
}

/** The build file a GET asks for, relative to the build, when there is one. */
function buildFile(webDist: string, request: FastifyRequest): string | undefined {
  const path = urlPath(request);
  if (path.startsWith('/backend/') || path.startsWith('/ws/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  if (
    relative === '' ||
    relative.split(/[/\\]/).some((segment) => segment === '..' || segment.startsWith('.'))
  ) {
    return undefined;
  }
  return isFile(join(webDist, relative)) ? relative : undefined;
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = urlPath(request);
  if (path.startsWith('/backend/') || path === '/backend' || path.startsWith('/ws/') || path === '/ws')
    return false;
  if (path.startsWith(MAP_TILES_FOLDER)) return false;
  // The root is always the app; deeper paths are pages only for a browser (which asks for HTML).
  return path === '/' || (request.headers.accept ?? '').includes('text/html');
}

function urlPath(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
