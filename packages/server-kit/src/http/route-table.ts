import { sharedPlugin } from './shared-plugin';

/** One operation of the app's route table (method, path pattern such as /job/:id, and its schemas). */
export interface RouteEntry {
  method: string;
  url: string;
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    headers?: unknown;
    response?: Record<string, unknown>;
    consumes?: string[];
    hide?: boolean;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route declared on the app, in the order declared. */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Records every operation the app serves, with its schemas: the hostile-input tests walk it so that
 * a new route is fuzzed without anyone listing it (docs/decisions/0130). Register it first, before any route.
 */
export const routeTable = sharedPlugin('route-table', async (app) => {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      table.push({
        method: String(method).toUpperCase(),
        url: route.url,
        schema: (route.schema ?? {}) as RouteEntry['schema'],
      });
  });
});
