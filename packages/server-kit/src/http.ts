import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from './logger';
import type { TrustProxy } from './env';
import { cors } from './http/cors';
import { earlyAnswers, type EarlyAnswers } from './http/early-answers';
import { health } from './http/health';
import { metrics } from './http/metrics';
import { openApi } from './http/openapi';
import { answerClientError, answerFrameworkError, problemDetails } from './http/problem-details';
import { requestId, requestIdOf } from './http/request-id';
import { routeTable } from './http/route-table';
import { securityHeaders } from './http/security-headers';
import { wellFormedText } from './http/well-formed-text';

export type { EarlyAnswer } from './http/early-answers';
export type { RouteEntry } from './http/route-table';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

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
  earlyAnswers?: EarlyAnswers;
}

/**
 * Fastify treats a bare hop count as "trust nothing" (it cannot check the peer); for a service reachable
 * only through its proxies, trusting the nearest N hops is what the operator means, so say it as proxy-addr's
 * trust function: hop 0 is the TCP peer, each further hop one more address read from the right of the header.
 */
function proxyTrust(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}

/**
 * The cross-cutting plumbing every service shares, one plugin per concern (./http/): JSON logs with a
 * request id echoed in each response, zod-validated routes that also feed the OpenAPI document,
 * problem-details errors that never leak 5xx internals, CORS allow-list, security headers, health,
 * readiness and metrics. The order of registration is the order their hooks run in.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<App> {
  const app = Fastify({
    // Refusals Fastify answers before any route or hook runs are problem details too (docs/decisions/0131).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    loggerInstance: options.logger,
    genReqId: requestIdOf,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: proxyTrust(options.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
    // A request that reached an instance while it shuts down is answered, not refused with 503: the
    // balancer cannot replay a POST that was sent, and the drain (lifecycle.ts) waits for it anyway.
    // Fastify marks itself closing before its listener closes, so without this a connection accepted in
    // that gap got a 503 for work it never tried (docs/decisions/0471).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const corsOrigins = new Set(options.corsOrigins);
  await app.register(routeTable);
  await app.register(earlyAnswers, { answers: options.earlyAnswers ?? {}, corsOrigins });
  await app.register(requestId);
  await app.register(securityHeaders);
  await app.register(cors, { origins: corsOrigins });
  await app.register(openApi, {
    title: options.name,
    version: options.version ?? '0.1.0',
    description: options.description ?? '',
    publicUrl: options.publicUrl,
  });
  await app.register(metrics, { token: options.metricsToken, trustProxy: options.trustProxy });
  await app.register(wellFormedText);
  await app.register(problemDetails);
  await app.register(health, { ready: options.ready });
  return app;
}
