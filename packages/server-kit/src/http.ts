import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { hasProxyInFront, isLocalClient, isLoopbackPeer, serveMetrics } from './metrics';
import { z } from 'zod';
import { problemDetailsSchema } from '@careers/contracts/errors';
import { HttpProblem, isProblemDetails, problem, PROBLEM_CONTENT_TYPE } from './problem';
import type { Logger } from './logger';
import type { TrustProxy } from './env';
import {
  DEPENDENCY_RETRY_AFTER_SECONDS,
  DEPENDENCY_UNAVAILABLE_DETAIL,
  isDependencyUnavailable,
  withTimeout,
} from './faults';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

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
    /** Every route declared on the app (see createHttpApp). */
    routeTable: readonly RouteEntry[];
  }
}

export interface HttpAppOptions {
  name: string;
  version?: string;
  description?: string;
  logger: Logger;
  /** Origins allowed to call with credentials (the portal). */
  corsOrigins: readonly string[];
  /** Public base address, used as the server entry of the OpenAPI document. */
  publicUrl?: string;
  /** Resolves when the service can serve (its database and other dependencies answer). */
  ready: () => Promise<void>;
  bodyLimit?: number;
  /** Which X-Forwarded-For hops to believe: none, the nearest N, or the listed proxies. */
  trustProxy?: TrustProxy;
  /**
   * With it, /metrics asks for this bearer token from anywhere; without it, /metrics answers a loopback
   * peer only when no proxy is in front (trustProxy unset), and nobody behind one.
   */
  metricsToken?: string | undefined;
  /**
   * GET routes that can answer some requests from memory before the app's other hooks run (docs/decisions/0215):
   * keyed by route pattern (`/job/:id`); `answer` returns what to send, or undefined to let the request go
   * through the route as usual. The answer gets the same request id, security and CORS headers as any other.
   */
  earlyAnswers?: Readonly<Record<string, (request: FastifyRequest) => EarlyAnswer | undefined>>;
}

/** What an early answer sends: a status, its own headers, and a body already serialized (none for 304). */
export interface EarlyAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body?: string;
}

const CORS_EXPOSED_HEADERS = ['Content-Disposition', 'Content-Length', 'Content-Range', 'X-Request-Id', 'Retry-After'];

/**
 * Fastify treats a bare hop count as "trust nothing" (it cannot check the peer); for a service reachable
 * only through its proxies, trusting the nearest N hops is what the operator means, so say it as proxy-addr's
 * trust function: hop 0 is the TCP peer, each further hop one more address read from the right of the header.
 */
function proxyTrust(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}

/** How long /readyz waits for a dependency before it says not ready. */
const READY_TIMEOUT_MS = 2000;

export { hasProxyInFront, isLocalClient, isLoopbackPeer };

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The cross-cutting plumbing every service shares: JSON logs with a request id echoed in each
 * response, zod-validated routes that also feed the OpenAPI document, problem-details errors that
 * never leak 5xx internals, CORS allow-list, security headers, health, readiness and metrics.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<App> {
  const securityHeaders = helmetHeaders({
    // APIs answer JSON and files; nothing they serve may run script or be framed by others.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // The portal (another origin) loads logos and frames CV previews from the candidate service.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const app = Fastify({
    // Refusals Fastify answers before any route or hook runs are problem details too (docs/decisions/0131).
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const detail =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long.' : 'The address is not valid.';
      (reply as FastifyReply)
        .headers({ ...securityHeaders, 'x-request-id': request.id })
        .status(status)
        .type(PROBLEM_CONTENT_TYPE)
        .send(JSON.stringify(problem(status, detail, request.url)));
    },
    clientErrorHandler: answerClientError(securityHeaders),
    loggerInstance: options.logger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: proxyTrust(options.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  // Every operation the app serves, with its schemas, in the order declared: the hostile-input tests
  // walk it so that a new route is fuzzed without anyone listing it (docs/decisions/0130).
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routeTable.push({
        method: String(method).toUpperCase(),
        url: route.url,
        schema: (route.schema ?? {}) as RouteEntry['schema'],
      });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const allowed = new Set(options.corsOrigins);
  const earlyAnswers = new Map(Object.entries(options.earlyAnswers ?? {}));
  if (earlyAnswers.size > 0) {
    // First of all hooks: an answer from memory skips the rest (CORS, input checks, schema validation,
    // the handler), so it sets here what they would have set. onSend and onResponse (metrics) still run.
    const exposed = CORS_EXPOSED_HEADERS.join(', ');
    app.addHook('onRequest', (request, reply, done) => {
      const answerOf = request.method === 'GET' ? earlyAnswers.get(request.routeOptions.url ?? '') : undefined;
      const answer = answerOf?.(request);
      if (!answer) return done();
      // As @fastify/cors answers a simple request: the origin named only when it is allowed.
      const origin = request.headers.origin;
      reply.header('x-request-id', request.id).headers(securityHeaders).header('vary', 'Origin');
      if (origin === undefined || allowed.has(origin)) {
        if (origin !== undefined) reply.header('access-control-allow-origin', origin);
        reply.header('access-control-allow-credentials', 'true').header('access-control-expose-headers', exposed);
      }
      reply
        .code(answer.status)
        .headers(answer.headers)
        .send(answer.body ?? null);
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin === undefined || allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Request-Id', 'X-XSRF-TOKEN', 'Range'],
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.name, version: options.version ?? '0.1.0', description: options.description ?? '' },
      servers: options.publicUrl ? [{ url: options.publicUrl }] : [],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });

  // Metrics tell a stranger the traffic, routes and memory of the service: operators only
  // (docs/decisions/0072-metrics-for-operators-only.md); what they hold: ./metrics.ts.
  serveMetrics(app, options.metricsToken, options.trustProxy);

  // PostgreSQL text cannot hold U+0000 (the query fails) and a lone surrogate has no UTF-8 (the driver
  // stores U+FFFD instead): refuse both at the boundary, on every route, before any schema or handler.
  // Answered here rather than thrown: plugins with their own error handler (the /docs pages) answer alike.
  app.addHook('preValidation', async (request, reply) => {
    const where = illFormedText({ body: request.body, query: request.query, params: request.params });
    if (!where) return;
    const answer = problem(400, 'The request is not valid.', request.url, [
      `${where}: text must be valid Unicode without NUL characters`,
    ]);
    return reply.status(400).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(answer));
  });

  // RFC 9457 §3: problem details go as application/problem+json, whichever handler or route sent them.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && isProblemDetails(payload)) reply.type(PROBLEM_CONTENT_TYPE);
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return where ? `${where}: ${v.message}` : (v.message ?? 'invalid');
      });
      return reply.status(400).send(problem(400, 'The request is not valid.', request.url, errors));
    }
    if (error instanceof HttpProblem) {
      if (error.extra.headers) reply.headers(error.extra.headers);
      const body = problem(error.status, error.detail, request.url, error.extra.errors);
      return reply.status(error.status).send(error.extra.type ? { ...body, type: error.extra.type } : body);
    }
    const status = error.statusCode ?? 500;
    // A database, Redis or store that is down or too slow is a reason to come back, not a bug.
    if (status >= 500 && isDependencyUnavailable(error)) {
      request.log.warn({ err: error }, 'dependency unavailable');
      reply.header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
      return reply.status(503).send(problem(503, DEPENDENCY_UNAVAILABLE_DETAIL, request.url));
    }
    if (status >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(problem(500, 'Something went wrong on our side. Please try again.', request.url));
    }
    return reply.status(status).send(problem(status, error.message, request.url));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(problem(404, `No route for ${request.method} ${request.url.split('?')[0]}`, request.url));
  });

  const ops = { schema: { hide: false, tags: ['operations'] } } as const;
  app.get(
    '/healthz',
    { ...ops, schema: { ...ops.schema, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/readyz',
    {
      ...ops,
      schema: { ...ops.schema, response: { 200: z.object({ status: z.literal('ready') }), 503: problemDetailsSchema } },
    },
    async (request, reply) => {
      try {
        await withTimeout('readiness check', READY_TIMEOUT_MS, options.ready());
        return { status: 'ready' as const };
      } catch (err) {
        request.log.warn({ err }, 'not ready');
        reply.header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
        return reply.status(503).send(problem(503, 'Not ready', request.url));
      }
    },
  );
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

// eslint-disable-next-line no-control-regex
const ILL_FORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path (body.name, query.page…) of the first key or string holding NUL or a lone surrogate, or
 * null. Iterative, so a body nested thousands deep cannot overflow the stack.
 */
export function illFormedText(root: Record<string, unknown>): string | null {
  const stack: Array<[string, unknown]> = Object.entries(root);
  while (stack.length > 0) {
    const [where, value] = stack.pop()!;
    if (typeof value === 'string') {
      if (ILL_FORMED.test(value)) return where;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (ILL_FORMED.test(key)) return where;
        stack.push([Array.isArray(value) ? `${where}[${key}]` : `${where}.${key}`, child]);
      }
    }
  }
  return null;
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers past the size limit, a
 * malformed request line, a client too slow to send its headers): answer those as problem details too,
 * with the security headers, then close the connection as Node does.
 */
function answerClientError(securityHeaders: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const detail =
      status === 431
        ? 'The request headers are too large.'
        : status === 408
          ? 'The request took too long to arrive.'
          : 'The request is not valid HTTP.';
    const body = JSON.stringify(problem(status, detail));
    const headers = {
      ...securityHeaders,
      'content-type': PROBLEM_CONTENT_TYPE,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

/**
 * helmet's headers, worked out once: with fixed options they are the same for every response, and
 * @fastify/helmet built the whole helmet middleware again on each request (a tenth of the CPU time of
 * GET /job/{id}, docs/decisions/0063).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  return headers;
}
