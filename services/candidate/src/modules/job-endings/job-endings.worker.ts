import type { FastifyBaseLogger } from 'fastify';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { Db } from '../../db';
import { giveEndings } from './job-endings.service';

/** The scheduled pass of docs/decisions/0410; once across instances (SKIP LOCKED in giveEndings). */
export function createJobEndingsWorker(options: {
  db: Db;
  now: () => number;
  intervalMs: number;
  /** How long after the close the outcomes are given (ENDING_GRACE_MS unless configured). */
  graceMs?: number;
  logger: FastifyBaseLogger;
}): PollingWorker {
  return createPollingWorker(() => giveEndings(options.db, new Date(options.now()), options.graceMs), {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'job endings pass failed',
    job: 'job-endings',
  });
}
