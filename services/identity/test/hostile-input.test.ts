import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import {
  attackOperation,
  fuzzOperation,
  operationsOf,
  oversizedHeadersOverSocket,
  ruleBroken,
  type Caller,
} from '@careers/server-kit/hostile-input';
import type { RouteEntry } from '@careers/server-kit/http';
import { bearer, registerCandidate, relaxedLimits, startTestApp, uniqueEmail, type TestApp } from './helpers';

/**
 * Issue 10 item 4: every identity operation, taken from the app's route table, against generated and
 * hostile requests with no token, a candidate's and an employer's (docs/decisions/0130).
 */
/** FUZZ_SEED=<seed from a failure report> replays it. */
const seed = Number(process.env.FUZZ_SEED) || undefined;
/** A few seconds of CPU each, but npm test runs them beside every other file on two cores. */
const HEAVY_TIMEOUT_MS = 180_000;

describe.each(databaseKinds())('hostile input against every identity operation on %s', (kind) => {
  let ctx: TestApp;
  let operations: RouteEntry[];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    ctx = await startTestApp(kind, relaxedLimits);
    operations = operationsOf(ctx.app);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await ctx?.close();
  });

  let current: { callers: Caller[]; knownIds: string[] } | undefined;
  /** The callers, made again when an operation deleted an account or ended its session. */
  async function callers(): Promise<{ callers: Caller[]; knownIds: string[] }> {
    if (current && (await Promise.all(current.callers.slice(1).map(stillSignedIn))).every(Boolean)) return current;
    current = await newCallers();
    return current;
  }
  async function stillSignedIn(caller: Caller): Promise<boolean> {
    const res = await ctx.app.inject({ url: '/api/user', headers: caller.headers });
    return res.statusCode === 200 && res.json().notFound === false;
  }
  async function newCallers(): Promise<{ callers: Caller[]; knownIds: string[] }> {
    const candidate = await registerCandidate(ctx);
    const employerEmail = uniqueEmail('employer');
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/register/business-user',
      payload: {
        name: 'Bea Business',
        email: employerEmail,
        phone: '+44 20 7946 0000',
        password: 'correct horse battery',
        token: await ctx.botToken(),
      },
    });
    if (registered.statusCode !== 200) throw new Error(`employer registration failed: ${registered.body}`);
    const employer = registered.json() as { userId: string; accessToken: string };
    return {
      callers: [
        { name: 'no token', headers: {} },
        { name: 'candidate', headers: bearer(candidate.accessToken) },
        { name: 'employer', headers: bearer(employer.accessToken) },
      ],
      knownIds: [candidate.email, employerEmail, candidate.userId, employer.userId],
    };
  }

  it('takes its operations from the route table, so a new route is attacked too', () => {
    const names = operations.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/register/candidate-user',
        'POST /api/account/verify-code',
        'PUT /api/user',
        'DELETE /api/user',
        'GET /api/user/email-exists/:email',
        'GET /readyz',
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  it(
    'answers requests generated from each route schema below 500, refusals as problem details',
    async () => {
      const broken: string[] = [];
      for (const route of operations) {
        const report = await fuzzOperation(ctx.app, route, { ...(await callers()), numRuns: 12, seed });
        if (report) broken.push(report);
      }
      expect(broken, broken.slice(0, 20).join('\n\n')).toEqual([]);
    },
    HEAVY_TIMEOUT_MS,
  );

  it(
    'answers malformed JSON, wrong content types, oversized bodies and headers and odd path ids below 500, as problem details',
    async () => {
      const broken: string[] = [];
      for (const route of operations)
        broken.push(
          ...(await attackOperation(ctx.app, route, {
            ...(await callers()),
            bodyLimit: ctx.app.initialConfig.bodyLimit ?? 1024 * 1024,
          })),
        );
      expect(broken, broken.slice(0, 20).join('\n\n')).toEqual([]);
    },
    HEAVY_TIMEOUT_MS,
  );

  it('answers headers past the limit on a real socket with 431 problem details, and keeps serving', async () => {
    const answer = await oversizedHeadersOverSocket(ctx.app);
    expect(answer.statusCode).toBe(431);
    expect(ruleBroken(undefined, answer)).toBeNull();
    expect(answer.stillServes).toBe(true);
  });

  it('refuses a NUL or a lone surrogate in a profile field with 400 problem details (was a 500 from the database)', async () => {
    const {
      callers: [, candidate],
    } = await callers();
    const before = (await ctx.app.inject({ url: '/api/user', headers: candidate!.headers })).json();
    for (const payload of [
      { name: 'Ada\u0000', phone: '0123' },
      { name: 'Ada', phone: '\uDC00' },
    ]) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/user', headers: candidate!.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.json().errors[0]).toMatch(/^body\.(name|phone): text must be valid Unicode without NUL characters$/);
    }
    expect((await ctx.app.inject({ url: '/api/user', headers: candidate!.headers })).json()).toEqual(before);
  });

  it('is still alive and well after all of it', async () => {
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(unhandled).toEqual([]);
  });
});
