import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from './problem';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The check of a service-to-service call under /internal/ (decisions 0351, 0514), never a browser's: the
 * shared credential as a bearer token, compared as digests in constant time (401 otherwise); 404 for a call
 * that came through the public proxy (it carries X-Forwarded-For; nginx refuses /internal/ anyway) and while
 * no credential is set, so such a service shows nothing of the route.
 */
export function serviceCredentialCheck(token: string | undefined): (request: FastifyRequest) => void {
  const expected = token ? digest(token) : undefined;
  return (request) => {
    if (!expected || request.headers['x-forwarded-for'] !== undefined) throw new HttpProblem(404, 'Not found.');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? digest(header.slice('Bearer '.length)) : undefined;
    if (!given || !timingSafeEqual(given, expected)) throw new HttpProblem(401, 'The service credential is not valid.');
  };
}
