import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemDetailsSchema } from '@careers/contracts/errors';
import { DEPENDENCY_RETRY_AFTER_SECONDS, withTimeout } from '../faults';
import { problem } from '../problem';
import { sharedPlugin } from './shared-plugin';

/** How long /readyz waits for a dependency before it says not ready. */
const READY_TIMEOUT_MS = 2000;

export interface HealthOptions {
  /** Resolves when the service can serve (its database and other dependencies answer). */
  ready: () => Promise<void>;
}

const operations = { hide: false, tags: ['operations'] };

const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, options) => {
  // Alive: the process answers, whatever its dependencies do (a restart would not help them).
  app.get(
    '/healthz',
    { schema: { ...operations, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  // Ready: worth sending traffic to, its dependencies answering in time.
  app.get(
    '/readyz',
    {
      schema: { ...operations, response: { 200: z.object({ status: z.literal('ready') }), 503: problemDetailsSchema } },
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
};

/** GET /healthz (alive) and GET /readyz (its dependencies answer), for the orchestrator and the proxy. */
export const health = sharedPlugin('health', healthRoutes);
