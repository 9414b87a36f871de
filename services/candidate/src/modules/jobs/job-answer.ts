import type { FastifyRequest } from 'fastify';
import type { EarlyAnswer } from '@careers/server-kit/http';
import type { CachedJob, JobCache } from './job-cache';
import { matchesEtag } from './jobs.service';

/** Both answers of a cached job, made once: the job's link is opened by many, each answer the same. */
const answers = new WeakMap<CachedJob, { ok: EarlyAnswer; notModified: EarlyAnswer }>();

function answersOf(job: CachedJob) {
  let made = answers.get(job);
  if (!made) {
    // Shared caches may keep it, but must ask again each time: closing a job shows at once, and the ETag makes asking cheap.
    const headers = { 'cache-control': 'public, no-cache', etag: job.etag };
    made = {
      notModified: { status: 304, headers },
      // Serialized once when cached; a JSON string is sent as it is.
      ok: { status: 200, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' }, body: job.body },
    };
    answers.set(job, made);
  }
  return made;
}

/** GET /job/{id}'s answer for a job in the cache: 304 when If-None-Match holds its ETag, the JSON otherwise. */
export function cachedJobAnswer(job: CachedJob, ifNoneMatch: string | undefined): EarlyAnswer {
  const made = answersOf(job);
  return ifNoneMatch && matchesEtag(ifNoneMatch, job.etag) ? made.notModified : made.ok;
}

/**
 * GET /job/{id} answered from the cache before the app's other hooks (docs/decisions/0215). Only an id the
 * cache holds is answered, and the cache holds only ids the route has validated; anything else (a miss, an
 * invalid id) goes through the route, which validates, reads the database and fills the cache.
 */
export function jobEarlyAnswers(cache: JobCache) {
  return {
    '/job/:id': (request: FastifyRequest): EarlyAnswer | undefined => {
      const { id } = request.params as { id?: unknown };
      const job = typeof id === 'string' ? cache.peek(id) : undefined;
      return job && cachedJobAnswer(job, request.headers['if-none-match']);
    },
  };
}
