import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { pathOf, type CatalogRoute } from './route-catalog';
import { oddBody, oddId, oddQuery, oddValue } from './odd-values';
import { exampleOf, jsonSchemaOf } from './schema-samples';

// Generated requests a route must refuse cleanly: odd ids in the path, odd query strings, bodies of wrong
// types, missing and extra fields, huge values, malformed JSON, wrong content types and broken forms.

export type BadRequest = InjectOptions & { method: string; url: string };

const MALFORMED_JSON = ['{', '{"a":', '[1,2', 'nul', '"\\u12"', '{"a":1}}', "{'a':1}", '{"a":NaN}', '\u0000'];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'image/png',
];

/** What a path's wildcard (the web app, uploaded avatars) is sent: a way out of its folder above all. */
const ODD_FILE_PATHS = [
  '../canary.txt',
  '../../canary.txt',
  '..%2fcanary.txt',
  '..%2f..%2fcanary.txt',
  '%2e%2e/canary.txt',
  '%2e%2e%2f%2e%2e%2fcanary.txt',
  '..%5ccanary.txt',
  'assets/../../canary.txt',
  '..',
  '.',
  '.env',
  '.git/config',
  '%00',
  'index.html%00.png',
  '//etc/passwd',
  'a'.repeat(300),
  '%zz',
];

const ODD_IDEMPOTENCY_KEYS = ['', ' ', 'x'.repeat(300), 'a b', 'ключ', '\t', 'k'.repeat(255)];

type Body = { payload?: string | Buffer; contentType?: string };

function bodyOf(route: CatalogRoute): fc.Arbitrary<Body> {
  const schema = jsonSchemaOf(route.schema.body);
  const exampleText = JSON.stringify(exampleOf(schema) ?? {});
  const json = (value: unknown): Body => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  return fc.oneof(
    { weight: 6, arbitrary: oddBody(schema).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...MALFORMED_JSON), fc.string({ maxLength: 20 }))
        .map(([start, rest]) => ({ payload: start + rest, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), fc.oneof(fc.constant(exampleText), fc.string()))
        .map(([contentType, payload]) => ({ payload, contentType })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ payload: '', contentType: 'application/json' }) },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    {
      weight: 1,
      arbitrary: fc.constant<Body>({
        payload: JSON.stringify({ huge: 'x'.repeat(1_100_000) }),
        contentType: 'application/json',
      }),
    },
    { weight: route.multipart ? 4 : 1, arbitrary: oddForm() },
  );
}

/** A multipart form with odd fields and files, or one that is broken. */
function oddForm(): fc.Arbitrary<Body> {
  const boundary = 'fuzzboundary';
  const part = fc.oneof(
    fc
      .tuple(fc.string({ maxLength: 12 }), oddValue)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${JSON.stringify(value) ?? ''}\r\n`,
      ),
    fc
      .tuple(
        fc.constantFrom('file', 'avatar', 'file_type', 'x'),
        fc.string({ maxLength: 20 }),
        fc.uint8Array({ maxLength: 64 }),
      )
      .map(
        ([name, filename, bytes]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n${Buffer.from(bytes).toString('latin1')}\r\n`,
      ),
  );
  return fc
    .tuple(fc.array(part, { maxLength: 4 }), fc.boolean(), fc.nat(40))
    .map(([parts, complete, cut]) => {
      const text = parts.join('') + (complete ? `--${boundary}--\r\n` : '');
      return {
        payload: Buffer.from(complete ? text : text.slice(0, Math.max(0, text.length - cut)), 'latin1'),
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    });
}

/** Generated bad requests for the route; `realParams` are ids of real records, used now and then. */
export function badRequests(
  route: CatalogRoute,
  realParams: Record<string, string>,
  auth: Record<string, string>,
): fc.Arbitrary<BadRequest> {
  const params = fc.record(
    Object.fromEntries(
      route.params.map((name) => [
        name,
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(realParams[name] ?? '1') },
          { weight: 3, arbitrary: oddId },
        ),
      ]),
    ),
  );
  const wildcard = route.path.endsWith('*')
    ? fc.oneof(fc.constantFrom(...ODD_FILE_PATHS), fc.string({ maxLength: 40 }).map(encodeURIComponent))
    : fc.constant('');
  const query = route.schema.querystring
    ? fc.oneof(fc.constant({}), oddQuery(jsonSchemaOf(route.schema.querystring)))
    : fc.option(oddQuery(undefined), { nil: {} });
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
  const noBody: Body = {};
  const body = sendsBody ? bodyOf(route) : fc.option(bodyOf(route), { freq: 5, nil: noBody });
  const idempotencyKey = fc.option(fc.constantFrom(...ODD_IDEMPOTENCY_KEYS), { freq: 3, nil: undefined });
  return fc
    .tuple(params, wildcard, query, body, idempotencyKey)
    .map(([pathParams, filePath, queryValues, sent, key]): BadRequest => {
      const headers: Record<string, string> = { ...auth };
      if (sent.contentType !== undefined) headers['content-type'] = sent.contentType;
      if (key !== undefined) headers['idempotency-key'] = key;
      return {
        method: route.method,
        url: pathOf(route, { ...pathParams, '*': filePath }),
        query: queryValues,
        headers,
        ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
      };
    });
}
