import { timingSafeEqual } from 'node:crypto';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { problem } from './problem';
import type { TrustProxy } from './env';

/**
 * What an operator reads from /metrics (docs/decisions/0095-metrics-an-operator-can-act-on.md):
 * per-route request rate, latency and errors from every HTTP server, and the product's own counters
 * (applications, codes, e-mails, background jobs). deploy/grafana-dashboard.json charts them.
 *
 * Every label value comes from a short closed list (route patterns, methods, status codes, code
 * purposes, e-mail kinds, job names), never from a URL, an address or an id, so the number of series
 * stays bounded however the service is called.
 */

/** Route label of a request that matched no route (404s of every path share it). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Latency buckets in seconds: the apply page and JSON calls sit in the first half, CV uploads in the second. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The product's counters live in one registry per process: the workers and services that move them are
 * built before (and apart from) the HTTP app that serves /metrics. Each process runs one service.
 */
const productRegistry = new Registry();

function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  const existing = productRegistry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter<L>({ name, help, labelNames, registers: [productRegistry] });
}

/** The product's counters, created on first use so a process shows only those of its own service. */
export const productMetrics = {
  /** Job applications: outcome is `created`, `withdrawn` or the refusal (job-missing, job-closed, cv-not-found, already-applied). */
  applications: () => counter('careers_applications_total', 'Job applications asked for, by outcome', ['outcome']),
  /** One-time codes e-mailed, by purpose (sign-in, email-change, email-change-current, account-deletion). */
  codesSent: () =>
    counter('careers_codes_sent_total', 'One-time codes issued and queued for e-mail, by purpose', ['purpose']),
  /** Code e-mails refused by a send limit: reason `address` (interval or hourly per address) or `client` (per client and address). */
  codesRefused: () =>
    counter('careers_codes_refused_total', 'One-time code e-mails refused by a send limit, by purpose and reason', [
      'purpose',
      'reason',
    ]),
  emailsQueued: () => counter('careers_emails_queued_total', 'E-mails queued for delivery, by kind', ['kind']),
  emailsSent: () => counter('careers_emails_sent_total', 'E-mails handed to the mail transport, by kind', ['kind']),
  /** One failed attempt; the message is retried later. */
  emailsFailed: () =>
    counter('careers_emails_failed_total', 'E-mail delivery attempts that failed (retried later), by kind', ['kind']),
  /** Runs of a background job: one pass of a polling worker, or one queued job. */
  backgroundJobs: () => counter('careers_background_jobs_total', 'Background job runs, by job', ['job']),
  backgroundJobFailures: () =>
    counter('careers_background_job_failures_total', 'Background job runs that failed, by job', ['job']),
};

/** Runs one background job and counts it (and its failure, rethrown). */
export async function countedJob<T>(job: string, run: () => Promise<T>): Promise<T> {
  productMetrics.backgroundJobs().inc({ job });
  try {
    return await run();
  } catch (err) {
    productMetrics.backgroundJobFailures().inc({ job });
    throw err;
  }
}

/**
 * Request rate, latency and errors per route for one HTTP server, plus the process's own (CPU, memory,
 * event loop). `scrape()` answers /metrics with these and the product's counters.
 */
export function instrumentHttp(app: FastifyInstance): { scrape: () => Promise<string>; contentType: string } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // One labelled child per method, route and status, found again by a string key: prom-client would hash
  // the labels object on every request.
  const children = new Map<string, { count: () => void; time: (seconds: number) => void }>();
  const childrenOf = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      const counted = requests.labels(method, route, String(status));
      const failed = status >= 500 ? errors.labels(method, route, String(status)) : null;
      const timed = duration.labels(method, route);
      child = {
        count: () => {
          counted.inc();
          failed?.inc();
        },
        time: (seconds) => timed.observe(seconds),
      };
      children.set(key, child);
    }
    return child;
  };
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const child = childrenOf(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode);
    child.count();
    child.time(reply.elapsedTime / 1000);
  });
  return {
    contentType: registry.contentType,
    scrape: () => Registry.merge([registry, productRegistry]).metrics(),
  };
}

/** The TCP peer, not X-Forwarded-For: a header anyone can write must not open an operator endpoint. */
export function isLoopbackPeer(request: { socket: { remoteAddress?: string | undefined } }): boolean {
  const peer = request.socket.remoteAddress ?? '';
  return peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
}

/**
 * Whether TRUST_PROXY says a proxy stands between the clients and this server (a hop count or the
 * proxies' addresses). Then the TCP peer is the proxy for every request, and a proxy on the same host
 * makes every stranger's request a loopback one.
 */
export function hasProxyInFront(trustProxy: TrustProxy | undefined): boolean {
  if (trustProxy === undefined || trustProxy === false) return false;
  return typeof trustProxy === 'number' ? trustProxy > 0 : trustProxy.length > 0;
}

/**
 * A peer trusted for who it is: a loopback peer with no proxy in front, so the client itself is on this
 * machine. Behind a proxy the peer address proves nothing, and nothing is trusted on it alone.
 */
export function isLocalClient(
  request: { socket: { remoteAddress?: string | undefined } },
  trustProxy: TrustProxy | undefined,
): boolean {
  return !hasProxyInFront(trustProxy) && isLoopbackPeer(request);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Instruments `app` and serves GET /metrics to operators only (docs/decisions/0072, 0246): with `token`,
 * to `Authorization: Bearer <token>` from anywhere (401 otherwise); without it, to a loopback client when
 * no proxy is in front (`trustProxy` unset), to nobody behind a proxy (404 to others).
 */
export function serveMetrics(app: FastifyInstance, token: string | undefined, trustProxy?: TrustProxy): void {
  const metrics = instrumentHttp(app);
  // hide: not in the OpenAPI document (read by @fastify/swagger where it is registered).
  app.get('/metrics', { schema: { hide: true } as FastifySchema }, async (request, reply) => {
    if (token) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        reply.header('www-authenticate', 'Bearer');
        return reply.status(401).send(problem(401, 'Metrics need the operator token.', request.url));
      }
    } else if (!isLocalClient(request, trustProxy)) {
      return reply.status(404).send(problem(404, `No route for ${request.method} /metrics`, request.url));
    }
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
}

/** The value of the first series of `name` whose labels include `labels`, in a Prometheus text scrape (0 when absent). */
export function metricSample(scrape: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of scrape.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`)))
      return Number(line.split(' ').at(-1));
  }
  return 0;
}
