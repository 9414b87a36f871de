import type { FastifyBaseLogger } from 'fastify';
import { countedJob } from './metrics';

/** A background job that works through durable rows on a timer: the mail outboxes, account notices. */
export interface PollingWorker {
  /** Does everything due now; resolves with how many rows it finished (tests call it instead of waiting for the poll). */
  flush(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs `pass` every intervalMs. One pass at a time per process: a flush during a poll waits for it and
 * then runs its own pass. A pass that throws is logged and the next poll tries again.
 */
export function createPollingWorker(
  pass: () => Promise<number>,
  options: {
    intervalMs: number;
    logger: FastifyBaseLogger;
    failureMessage: string;
    /** Its name in the background job metrics. */ job: string;
  },
): PollingWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function flush(): Promise<number> {
    while (running) await running.catch(() => 0);
    running = countedJob(options.job, pass);
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await flush();
      } catch (err) {
        options.logger.error({ err }, options.failureMessage);
      }
      schedule();
    }, options.intervalMs);
    timer.unref();
  }

  return {
    flush,
    start() {
      stopped = false;
      if (!timer) schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
}
