import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The feed addresses on the portal's origin (docs/decisions/0381); the candidate service writes them. */
export const FEED_ROUTES = ['/feeds/jobs.xml', '/feeds/jobs.json', '/careers/:slug/jobs.xml'] as const;

const REQUEST_HEADERS = ['if-none-match', 'if-modified-since', 'user-agent'] as const;
const ANSWER_HEADERS = ['content-type', 'etag', 'last-modified', 'cache-control', 'location', 'retry-after'] as const;

/**
 * The job feeds when the portal's server is reached directly (`npm start`, a single host). Behind nginx these
 * addresses go straight to the candidate service (deploy/nginx); here each request is passed on as it came
 * (its validators and User-Agent, for the 304s and the crawler counts) and the answer is streamed back as it
 * arrives, never held whole. Only the wait for the answer's head is bounded: a long feed keeps streaming.
 */
export async function feedsProxy(app: FastifyInstance, options: { candidateBaseUrl: string; headTimeoutMs?: number }) {
  const headTimeoutMs = options.headTimeoutMs ?? 10_000;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers: Record<string, string> = {};
    for (const name of REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), headTimeoutMs);
    request.raw.on('close', () => abort.abort());
    let upstream: Response;
    try {
      upstream = await fetch(`${options.candidateBaseUrl}${request.url}`, {
        method: request.method === 'HEAD' ? 'HEAD' : 'GET',
        headers,
        signal: abort.signal,
        redirect: 'manual',
      });
    } catch (err) {
      request.log.warn({ err }, 'the candidate service did not answer a feed request');
      return reply
        .code(503)
        .header('retry-after', '30')
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('The job feed is not available just now. Please try again in a minute.');
    } finally {
      clearTimeout(timer);
    }
    reply.code(upstream.status);
    for (const name of ANSWER_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) reply.header(name, value);
    }
    if (!upstream.body || upstream.status === 304 || request.method === 'HEAD') return reply.send();
    return reply.send(Readable.fromWeb(upstream.body as WebReadableStream));
  };
  for (const route of FEED_ROUTES) app.get(route, forward);
}
