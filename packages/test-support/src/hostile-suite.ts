import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App, RouteEntry } from '@careers/server-kit/http';
import {
  attackOperation,
  fuzzOperation,
  operationsOf,
  oversizedHeadersOverSocket,
  ruleBroken,
  type Caller,
} from './hostile-input';

/**
 * The hostile-input tests every service runs (docs/decisions/0130, 0205): its operations from the route
 * table, generated requests from each route's schemas, the fixed hostile requests, oversized headers on
 * a real socket, and at the end a service that still answers and left no unhandled rejection. A service's
 * test file gives only what is its own: how to start it, who calls (and the ids of its real rows), a few
 * operations that must be in the table, and its own tests.
 */

/** Who calls, and the ids of the rows set up for them (mixed with odd ids so handlers go past "not found"). */
export interface HostileCast {
  callers: Caller[];
  knownIds?: string[];
}

export interface HostileSuiteOptions<T extends { app: App; close(): Promise<void> }, C extends HostileCast> {
  /** Starts the service (once for the enclosing describe block; closed after it). */
  start: () => Promise<T>;
  /** Makes the callers and their data. */
  newCast: (service: T) => Promise<C>;
  /** Whether the cast still works (an operation may have deleted an account or ended a session). */
  castStillUsable: (service: T, cast: C) => Promise<boolean>;
  /** `METHOD /path` of operations that must be in the route table, so that an empty table cannot pass. */
  knownOperations: readonly string[];
  /** The least number of operations the table holds. */
  minOperations?: number;
  /** File content the upload routes accept, wrapped in the hostile multipart bodies. */
  upload?: () => Buffer;
  /** fast-check seed to replay a reported failure (the test files read FUZZ_SEED). */
  seed?: number | undefined;
  /** Generated requests per operation. */
  numRuns?: number;
  /** Per heavy test: a few seconds of CPU each, but npm test runs them beside every other file on two cores. */
  heavyTimeoutMs?: number;
}

export interface HostileSuite<T, C> {
  /** The running service (in tests and hooks). */
  service(): T;
  /** The cast, made again when an operation spoiled it. */
  cast(): Promise<C>;
}

/**
 * Registers the shared hostile-input tests in the enclosing describe block; own(suite) registers the
 * service's own tests, which run after the shared ones and before the last check that all is well.
 */
export function hostileInputSuite<T extends { app: App; close(): Promise<void> }, C extends HostileCast>(
  options: HostileSuiteOptions<T, C>,
  own: (suite: HostileSuite<T, C>) => void = () => {},
): HostileSuite<T, C> {
  const heavyTimeoutMs = options.heavyTimeoutMs ?? 180_000;
  const numRuns = options.numRuns ?? 12;
  let running: T | undefined;
  let operations: RouteEntry[] = [];
  let current: C | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  const service = (): T => {
    if (!running) throw new Error('the service under test is not running (use it inside a test)');
    return running;
  };
  const suite: HostileSuite<T, C> = {
    service,
    async cast() {
      if (current && (await options.castStillUsable(service(), current))) return current;
      current = await options.newCast(service());
      return current;
    },
  };

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    running = await options.start();
    operations = operationsOf(running.app);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await running?.close();
  });

  it('takes its operations from the route table, so a new route is attacked too', () => {
    const names = operations.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining([...options.knownOperations]));
    expect(names.length).toBeGreaterThanOrEqual(options.minOperations ?? 30);
  });

  it(
    'answers requests generated from each route schema below 500, refusals as problem details',
    async () => {
      const broken: string[] = [];
      for (const route of operations) {
        const report = await fuzzOperation(service().app, route, {
          ...(await suite.cast()),
          numRuns,
          seed: options.seed,
        });
        if (report) broken.push(report);
      }
      expect(broken, broken.slice(0, 20).join('\n\n')).toEqual([]);
    },
    heavyTimeoutMs,
  );

  it(
    'answers malformed JSON, wrong content types, oversized bodies and headers and odd path ids below 500, as problem details',
    async () => {
      const broken: string[] = [];
      const app = service().app;
      // One upload for every operation: its broken multipart bodies are then built once (hostile-input.ts).
      const upload = options.upload?.();
      for (const route of operations)
        broken.push(
          ...(await attackOperation(app, route, {
            ...(await suite.cast()),
            ...(upload ? { upload } : {}),
            bodyLimit: app.initialConfig.bodyLimit ?? 1024 * 1024,
          })),
        );
      expect(broken, broken.slice(0, 20).join('\n\n')).toEqual([]);
    },
    heavyTimeoutMs,
  );

  it('answers headers past the limit on a real socket with 431 problem details, and keeps serving', async () => {
    const answer = await oversizedHeadersOverSocket(service().app);
    expect(answer.statusCode).toBe(431);
    expect(ruleBroken(undefined, answer)).toBeNull();
    expect(answer.stillServes).toBe(true);
  });

  own(suite);

  it('is still alive and well after all of it', async () => {
    expect((await service().app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(unhandled).toEqual([]);
  });

  return suite;
}

/** Runs work while sampling resident memory; answers the largest growth seen (for the decompression bombs). */
export async function rssGrowth(work: () => Promise<void>, sampleMs = 20): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, sampleMs);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}
