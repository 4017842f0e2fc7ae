import { createReadStream, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { notFoundBody } from './error-handler';

/** The folder of the map tiles: no page of the web app lives there. */
export const MAP_TILES_FOLDER = '/map/';

/** Where the server serves MAP_TILES_FILE, and what company_instance.map_tiles_url then defaults to. */
export const MAP_TILES_PATH = `${MAP_TILES_FOLDER}tiles.pmtiles`;

/**
 * Long enough for the browsers to keep what they read of the map, short enough to see a new extract within
 * a week; the ETag tells a PMTiles reader at once that the file changed under it (it then reads it again).
 */
const MAP_TILES_CACHE_CONTROL = 'public, max-age=604800';

/** The bytes a Range header asks for: a range within the file, none that can be served, or the whole file. */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * Reads a single byte range (`bytes=10-19`, `bytes=10-`, `bytes=-100`) against a file of `size` bytes; a
 * range running past the end is cut at it. Several ranges or a header that is not a byte range ask for the
 * whole file (a server may ignore Range); a first byte at or past the end, or an empty suffix, cannot be
 * served.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return undefined;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * MAP_TILES_FILE when the file is there at start (the server then serves it); otherwise a warning, and
 * nothing served.
 */
export function servedMapTilesFile(file: string | undefined, log: FastifyBaseLogger): string | undefined {
  if (file === undefined) return undefined;
  try {
    if (statSync(file).isFile()) return file;
  } catch {
    // Reported below.
  }
  log.warn(`MAP_TILES_FILE ${file} is not a file: the map tiles are not served at ${MAP_TILES_PATH}.`);
  return undefined;
}

/**
 * GET /map/tiles.pmtiles: the self-hosted vector tile archive, to anyone (map data is public). A PMTiles
 * reader asks for byte ranges: a satisfiable Range is answered 206 with Content-Range, one past the end
 * 416 with the file's size in Content-Range, no Range 200 with the whole file. The file is looked at on
 * every request, so an extract replaced while the server runs is served at once (with a new ETag).
 */
export function registerMapTiles(app: FastifyInstance, file: string): void {
  app.get(MAP_TILES_PATH, { schema: { hide: true } }, async (request, reply) => {
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) return reply.code(404).send(notFoundBody());
    const size = stats.size;
    const etag = `"${size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const lastModified = stats.mtime.toUTCString();
    void reply.headers({
      'accept-ranges': 'bytes',
      etag,
      'last-modified': lastModified,
      'x-content-type-options': 'nosniff',
    });
    // A range of another version of the file (If-Range names its ETag or date) is not mixed with this one.
    const ifRange = request.headers['if-range'];
    const current = ifRange === undefined || ifRange === etag || ifRange === lastModified;
    const range = current ? byteRangeOf(request.headers.range, size) : undefined;
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    // Only the file's bytes are kept by the browsers: a refusal is asked again (the file may have grown).
    void reply.type('application/vnd.pmtiles').header('cache-control', MAP_TILES_CACHE_CONTROL);
    if (range === undefined) {
      void reply.header('content-length', size);
      return reply.code(200).send(createReadStream(file));
    }
    void reply
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.code(206).send(createReadStream(file, { start: range.start, end: range.end }));
  });
}
