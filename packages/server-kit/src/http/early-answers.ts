import type { FastifyRequest } from 'fastify';
import { CORS_EXPOSED_HEADERS } from './cors';
import { API_SECURITY_HEADERS } from './security-headers';
import { sharedPlugin } from './shared-plugin';

/** What an early answer sends: a status, its own headers, and a body already serialized (none for 304). */
export interface EarlyAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body?: string;
}

/** By route pattern (`/job/:id`): what to send, or undefined to let the request go through the route. */
export type EarlyAnswers = Readonly<Record<string, (request: FastifyRequest) => EarlyAnswer | undefined>>;

export interface EarlyAnswersOptions {
  answers: EarlyAnswers;
  corsOrigins: ReadonlySet<string>;
}

/**
 * GET routes that answer some requests from memory before the app's other hooks run (docs/decisions/0215).
 * Register it before every other onRequest hook: an answer from memory skips the rest (CORS, input checks,
 * schema validation, the handler), so it sets here what they would have set. onSend and onResponse
 * (metrics) still run.
 */
export const earlyAnswers = sharedPlugin<EarlyAnswersOptions>('early-answers', async (app, options) => {
  const answers = new Map(Object.entries(options.answers));
  if (answers.size === 0) return;
  const exposed = CORS_EXPOSED_HEADERS.join(', ');
  app.addHook('onRequest', (request, reply, done) => {
    const answerOf = request.method === 'GET' ? answers.get(request.routeOptions.url ?? '') : undefined;
    const answer = answerOf?.(request);
    if (!answer) return done();
    // As @fastify/cors answers a simple request: the origin named only when it is allowed.
    const origin = request.headers.origin;
    reply.header('x-request-id', request.id).headers(API_SECURITY_HEADERS).header('vary', 'Origin');
    if (origin === undefined || options.corsOrigins.has(origin)) {
      if (origin !== undefined) reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true').header('access-control-expose-headers', exposed);
    }
    reply
      .code(answer.status)
      .headers(answer.headers)
      .send(answer.body ?? null);
  });
});
