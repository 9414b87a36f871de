import type { FastifyBaseLogger } from 'fastify';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { Db } from '../../db';
import { giveEndings } from './job-endings.service';

/** How often the pass looks for closed jobs' open applications: well inside the 24 hours promised. */
export const JOB_ENDINGS_POLL_MS = 5 * 60 * 1000;

/** The scheduled pass of docs/decisions/0410; once across instances (SKIP LOCKED in giveEndings). */
export function createJobEndingsWorker(options: {
  db: Db;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
}): PollingWorker {
  return createPollingWorker(() => giveEndings(options.db, new Date(options.now())), {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'job endings pass failed',
    job: 'job-endings',
  });
}
