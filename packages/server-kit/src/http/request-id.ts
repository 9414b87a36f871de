import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sharedPlugin } from './shared-plugin';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is a plain token (it goes into logs), else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Echoes the request id in every answer, so a caller can quote it and an operator find the log lines. */
export const requestId = sharedPlugin('request-id', async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});
