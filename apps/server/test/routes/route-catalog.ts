import type { RouteOptions } from 'fastify';
import type { Access } from '../../src/modules/auth/caller';
import { routeAccess } from '../../src/modules/auth/require-auth';

// Every route the application registers, as the route guarantees tests see it: collected by Fastify's
// onRoute hook while the app is built, so that a route added later is walked without anyone listing it.

/** The parts of a route's schema the tests read (zod schemas, as the routes declare them). */
export type RouteSchema = {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
  consumes?: string[];
  hide?: boolean;
};

export type CatalogRoute = {
  method: string;
  /** The path as registered, e.g. /backend/api/v2/loads/active/:id (without a trailing slash). */
  path: string;
  /** "PUT /backend/api/v2/loads/active/:id/edit": how the tests name the route. */
  name: string;
  /** Who may call it, from its requireAuth hook; undefined for a route without one. */
  access: Access | undefined;
  /** The names of its path parameters, in order. */
  params: string[];
  schema: RouteSchema;
  websocket: boolean;
  /** It reads multipart/form-data (an upload). */
  multipart: boolean;
};

/** An onRoute hook for buildApp and the routes it has seen (HEAD twins of GET routes left out). */
export function routeCollector(): { routes: CatalogRoute[]; onRoute: (route: RouteOptions) => void } {
  const routes: CatalogRoute[] = [];
  return {
    routes,
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const path = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
      const schema = (route.schema ?? {}) as RouteSchema;
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({
          method,
          path,
          name: `${method} ${path}`,
          access: routeAccess(route.onRequest),
          params: [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!),
          schema,
          websocket: (route as { websocket?: boolean }).websocket === true,
          multipart: schema.consumes?.includes('multipart/form-data') ?? false,
        });
      }
    },
  };
}

/** The route's path with its parameters filled in (each value already encoded for a URL). */
export function pathOf(route: Pick<CatalogRoute, 'path'>, values: Record<string, string>): string {
  return route.path
    .replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1')
    .replace(/\*$/, values['*'] ?? '');
}
