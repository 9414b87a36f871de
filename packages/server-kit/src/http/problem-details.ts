import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DEPENDENCY_RETRY_AFTER_SECONDS, DEPENDENCY_UNAVAILABLE_DETAIL, isDependencyUnavailable } from '../faults';
import { HttpProblem, isProblemDetails, problem, PROBLEM_CONTENT_TYPE } from '../problem';
import { API_SECURITY_HEADERS } from './security-headers';
import { sharedPlugin } from './shared-plugin';

/**
 * Every refusal and failure a route, a hook or a missing route makes is RFC 9457 problem details, and
 * a 5xx never tells the caller its internals (docs/decisions/0131).
 */
export const problemDetails = sharedPlugin('problem-details', async (app) => {
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
});

/** Fastify's frameworkErrors: refusals it answers before any route or hook runs (a malformed address). */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long.' : 'The address is not valid.';
  reply
    .headers({ ...API_SECURITY_HEADERS, 'x-request-id': request.id })
    .status(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(problem(status, detail, request.url)));
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers past the size limit, a
 * malformed request line, a client too slow to send its headers): answer those as problem details too,
 * with the security headers, then close the connection as Node does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
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
    ...API_SECURITY_HEADERS,
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
}
