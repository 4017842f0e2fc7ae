import type { InjectOptions } from 'fastify';
import { multipart } from '../../src/modules/loads/loads.fixtures';
import { pathOf, type CatalogRoute } from './route-catalog';
import { NOT_RECORD_PARAM_VALUES, NOT_RECORD_PARAMS, recordKindOf, type RouteWorld } from './route-world';
import { exampleOf, FILE_VALUE, jsonSchemaOf, objectShape, withoutFiles } from './schema-samples';

/** The ids of the first company's records for the route's path parameters. */
export function recordParams(route: CatalogRoute, world: RouteWorld): Record<string, string> {
  const kind = recordKindOf(route);
  const values: Record<string, string> = {};
  for (const param of route.params) {
    values[param] = NOT_RECORD_PARAMS.has(param)
      ? (NOT_RECORD_PARAM_VALUES[param] ?? world.company.company_hash)
      : String(kind ? world.records[kind] : 1);
  }
  return values;
}

/**
 * A request the route's schemas accept as far as types and bounds go: its required query keys, and a body
 * of example values (a multipart form with a small PDF for file fields).
 */
export function exampleRequest(
  route: CatalogRoute,
  params: Record<string, string>,
  headers: Record<string, string>,
): InjectOptions {
  const request: InjectOptions = {
    method: route.method,
    url: pathOf(route, params),
    headers: { ...headers },
  };
  const query = jsonSchemaOf(route.schema.querystring);
  if (query) {
    const { properties, required } = objectShape(query);
    const example = exampleOf(query) as Record<string, unknown> | undefined;
    request.query = Object.fromEntries(
      required.filter((name) => properties[name]).map((name) => [name, queryText(example?.[name])]),
    );
  }
  const body = exampleOf(jsonSchemaOf(route.schema.body));
  if (body === undefined || route.method === 'GET' || route.method === 'DELETE') return request;
  if (route.multipart && typeof body === 'object' && body !== null) {
    const entries = Object.entries(body as Record<string, unknown>);
    const fields = Object.fromEntries(
      entries
        .filter(([, value]) => value !== FILE_VALUE)
        .map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
    );
    const files = entries
      .filter(([, value]) => value === FILE_VALUE)
      .map(([name]): [string, string, string, Buffer] => [
        name,
        'file.pdf',
        'application/pdf',
        Buffer.from('%PDF-1.4'),
      ]);
    const form = multipart(fields, files);
    request.payload = form.payload;
    request.headers = { ...request.headers, ...form.headers };
    return request;
  }
  request.payload = JSON.stringify(
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? withoutFiles(body as Record<string, unknown>)
      : body,
  );
  request.headers = { ...request.headers, 'content-type': 'application/json' };
  return request;
}

function queryText(value: unknown): string {
  if (value === undefined || value === null) return '1';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
