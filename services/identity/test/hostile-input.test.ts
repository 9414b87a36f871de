import { describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import type { Caller } from '@careers/test-support/hostile-input';
import { hostileInputSuite } from '@careers/test-support/hostile-suite';
import { bearer, registerCandidate, relaxedLimits, startTestApp, uniqueEmail, type TestApp } from './helpers';

/**
 * Issue 10 item 4: every identity operation, taken from the app's route table, against generated and
 * hostile requests with no token, a candidate's and an employer's (docs/decisions/0130). The shared tests
 * are @careers/test-support/hostile-suite's (docs/decisions/0205); this file gives the callers, the
 * operations that must be in the table and the identity service's own cases.
 */
/** FUZZ_SEED=<seed from a failure report> replays it. */
const seed = Number(process.env.FUZZ_SEED) || undefined;

interface Callers {
  callers: Caller[];
  knownIds: string[];
}

async function newCallers(ctx: TestApp): Promise<Callers> {
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

/** The callers are made again when an operation deleted an account or ended its session. */
async function stillSignedIn(ctx: TestApp, { callers }: Callers): Promise<boolean> {
  const signedIn = async (caller: Caller) => {
    const res = await ctx.app.inject({ url: '/api/user', headers: caller.headers });
    return res.statusCode === 200 && res.json().notFound === false;
  };
  return (await Promise.all(callers.slice(1).map(signedIn))).every(Boolean);
}

describe.each(databaseKinds())('hostile input against every identity operation on %s', (kind) => {
  hostileInputSuite(
    {
      start: () => startTestApp(kind, relaxedLimits),
      newCast: newCallers,
      castStillUsable: stillSignedIn,
      knownOperations: [
        'POST /api/register/candidate-user',
        'POST /api/account/verify-code',
        'PUT /api/user',
        'DELETE /api/user',
        'GET /api/user/email-exists/:email',
        'GET /readyz',
      ],
      seed,
    },
    (suite) => {
      it('refuses a NUL or a lone surrogate in a profile field with 400 problem details (was a 500 from the database)', async () => {
        const ctx = suite.service();
        const {
          callers: [, candidate],
        } = await suite.cast();
        const before = (await ctx.app.inject({ url: '/api/user', headers: candidate!.headers })).json();
        for (const payload of [
          { name: 'Ada\u0000', phone: '0123' },
          { name: 'Ada', phone: '\uDC00' },
        ]) {
          const res = await ctx.app.inject({ method: 'PUT', url: '/api/user', headers: candidate!.headers, payload });
          expect(res.statusCode).toBe(400);
          expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
          expect(res.json().errors[0]).toMatch(
            /^body\.(name|phone): text must be valid Unicode without NUL characters$/,
          );
        }
        expect((await ctx.app.inject({ url: '/api/user', headers: candidate!.headers })).json()).toEqual(before);
      });
    },
  );
});
