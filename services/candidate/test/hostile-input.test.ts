import { randomUUID } from 'node:crypto';
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
import { multipart, startTestApp, type TestApp } from './helpers';
import { tinyPdf } from './fixtures';

/**
 * Issue 10 item 4: every candidate-service operation, taken from the app's route table, against
 * generated and hostile requests with no token, a candidate's and an employer's (docs/decisions/0130).
 */
/** FUZZ_SEED=<seed from a failure report> replays it. */
const seed = Number(process.env.FUZZ_SEED) || undefined;
/** A few seconds of CPU each, but npm test runs them beside every other file on two cores. */
const HEAVY_TIMEOUT_MS = 180_000;

describe.each(databaseKinds())('hostile input against every candidate-service operation on %s', (kind) => {
  let t: TestApp;
  let operations: RouteEntry[];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    t = await startTestApp(kind);
    operations = operationsOf(t.app);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await t?.close();
  });

  interface Cast {
    callers: Caller[];
    knownIds: string[];
    candidate: Record<string, string>;
    employer: Record<string, string>;
    cvId: string;
  }
  let current: Cast | undefined;

  /** A candidate with a profile, a CV and an application, an employer with a business and a live job. */
  async function newCast(): Promise<Cast> {
    const candidate = await t.auth(randomUUID(), ['Candidate']);
    const employer = await t.auth(randomUUID(), ['BusinessUser']);
    const post = async (
      url: string,
      headers: Record<string, string>,
      payload: object | Buffer,
      extra: Record<string, string> = {},
    ) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });
      if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const profile = await post('/candidate', candidate, {
      name: 'Cara Candidate',
      email: 'cara@example.test',
      phoneNumber: '0777',
      postcode: 'M1 1AA',
    });
    const file = multipart('cara.pdf', tinyPdf('Cara'));
    const cv = await post('/cvs', candidate, file.payload, file.headers);
    const business = await post('/business', employer, {
      name: 'Acme Ltd',
      city: 'Leeds',
      phone: '0113',
      domain: 'acme',
    });
    const job = await post('/business/jobs', employer, {
      title: 'Welder',
      description: 'MIG and TIG',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      jobType: 2,
      remote: false,
      salaryRateType: 1,
      salaryFrom: 15,
      salaryTo: 20,
      salaryCurrency: 'GBP',
    });
    const application = await post('/job-applications', candidate, { jobId: job.id, cvId: cv.cvId, readyToWork: true });
    return {
      callers: [
        { name: 'no token', headers: {} },
        { name: 'candidate', headers: candidate },
        { name: 'employer', headers: employer },
      ],
      knownIds: [
        cv.cvId,
        job.id,
        business.id,
        profile.id,
        application.id ?? application.applicationId ?? job.id,
      ].filter((id): id is string => typeof id === 'string'),
      candidate,
      employer,
      cvId: cv.cvId,
    };
  }

  /** The cast, made again when an operation deleted the profile, the CV or the business. */
  async function cast(): Promise<Cast> {
    if (current) {
      const [profile, cvs, business] = await Promise.all([
        t.app.inject({ url: '/candidate', headers: current.candidate }),
        t.app.inject({ url: '/cvs', headers: current.candidate }),
        t.app.inject({ url: '/business', headers: current.employer }),
      ]);
      const cvKept = cvs.statusCode === 200 && JSON.stringify(cvs.json()).includes(current.cvId);
      if (profile.statusCode === 200 && cvKept && business.statusCode === 200) return current;
    }
    current = await newCast();
    return current;
  }

  it('takes its operations from the route table, so a new route is attacked too', () => {
    const names = operations.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /candidate',
        'POST /cvs',
        'POST /job-applications',
        'PUT /business/applications/:id/status',
        'GET /blobs/*',
        'POST /account-events',
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  it(
    'answers requests generated from each route schema below 500, refusals as problem details',
    async () => {
      const broken: string[] = [];
      for (const route of operations) {
        const report = await fuzzOperation(t.app, route, { ...(await cast()), numRuns: 12, seed });
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
          ...(await attackOperation(t.app, route, {
            ...(await cast()),
            upload: tinyPdf('Hostile'),
            bodyLimit: t.app.initialConfig.bodyLimit ?? 1024 * 1024,
          })),
        );
      expect(broken, broken.slice(0, 20).join('\n\n')).toEqual([]);
    },
    HEAVY_TIMEOUT_MS,
  );

  it('answers headers past the limit on a real socket with 431 problem details, and keeps serving', async () => {
    const answer = await oversizedHeadersOverSocket(t.app);
    expect(answer.statusCode).toBe(431);
    expect(ruleBroken(undefined, answer)).toBeNull();
    expect(answer.stillServes).toBe(true);
  });

  it('answers a broken multipart upload with 400 problem details and stores nothing (was a 500)', async () => {
    const { candidate, employer } = await cast();
    const before = (await t.app.inject({ url: '/cvs', headers: candidate })).json();
    const whole = multipart('cara.pdf', tinyPdf('Broken'));
    const cases = [
      { url: '/cvs', headers: { ...candidate, 'content-type': 'multipart/form-data' }, payload: '--x\r\n\r\n' },
      {
        url: '/cvs',
        headers: { ...candidate, ...whole.headers },
        payload: whole.payload.subarray(0, whole.payload.length - 40),
      },
      {
        url: '/business/logo',
        headers: { ...employer, 'content-type': 'multipart/form-data' },
        payload: '--x\r\n\r\n',
      },
      {
        url: '/business/logo',
        headers: { ...employer, ...whole.headers },
        payload: whole.payload.subarray(0, whole.payload.length - 40),
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', ...c });
      expect(res.statusCode, `${c.url}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.json().detail).toBe('The upload is not a complete multipart/form-data body. Choose the file again.');
    }
    expect((await t.app.inject({ url: '/cvs', headers: candidate })).json()).toEqual(before);
  });

  it('keeps an upload with a hostile file name downloadable under a safe name', async () => {
    const headers = await t.auth(randomUUID(), ['Candidate']);
    await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'Odd Name', email: 'odd@example.test', phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    const file = multipart('../cv\u0000\u202Efdp.exe', tinyPdf('Odd'), 'application/pdf');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...file.headers },
      payload: file.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().fileName).toBe('cvfdp.exe');
    const download = await t.app.inject({ url: `/cvs/download/${uploaded.json().cvId}`, headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('filename="cvfdp.exe"');
  });

  it('is still alive and well after all of it', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(unhandled).toEqual([]);
  });
});
