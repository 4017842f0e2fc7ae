import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyRequest } from 'fastify';

/** The encodings the API compresses its answers with, the preferred first. */
export type AnswerEncoding = 'br' | 'gzip';

const ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];
/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;
const BROTLI_QUALITY = 4;

/**
 * The API's JSON answers (and index.html) are compressed for a browser that accepts it: a page of the load
 * board or a capacity search of 200 trucks is several hundred kilobytes of JSON and a fifth of it or less
 * compressed, which is most of a page's wait on a phone's connection. Brotli at quality 4 costs about as
 * much CPU as gzip; small answers (under 1 kB) and everything else (scripts and styles are sent
 * precompressed by web-app.ts, map tiles and files as they are) go as they are.
 */
export const API_COMPRESSION = {
  encodings: ENCODINGS,
  threshold: THRESHOLD_BYTES,
  customTypes: /^(application\/json|text\/html)\b/,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
} satisfies FastifyCompressOptions;

/**
 * How an answer of `bytes` to this request is encoded, as the compression of every other answer chooses
 * (the same encodings, preference and threshold; '*' and x-gzip taken for gzip): for a route that keeps its
 * answers compressed. null: as it is.
 */
export function answerEncoding(request: FastifyRequest, bytes: number): AnswerEncoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || bytes < THRESHOLD_BYTES) return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
}

/** The bytes compressed as `encoding`, with the settings of every other answer. */
export function compressAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body);
}
