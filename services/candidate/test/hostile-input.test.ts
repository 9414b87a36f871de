import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import type { Caller } from '@careers/test-support/hostile-input';
import { hostileInputSuite } from '@careers/test-support/hostile-suite';
import { multipart, startTestApp, type TestApp } from './helpers';
import { tinyPdf } from './fixtures';

/**
 * Issue 10 item 4: every candidate-service operation, taken from the app's route table, against
 * generated and hostile requests with no token, a candidate's and an employer's (docs/decisions/0130).
 * The shared tests are @careers/test-support/hostile-suite's (docs/decisions/0205); this file gives the
 * cast, the operations that must be in the table and the candidate service's own cases.
 */
/** FUZZ_SEED=<seed from a failure report> replays it. */
const seed = Number(process.env.FUZZ_SEED) || undefined;

interface Cast {
  callers: Caller[];
  knownIds: string[];
  candidate: Record<string, string>;
  employer: Record<string, string>;
  cvId: string;
}

/** A candidate with a profile, a CV and an application, an employer with a business and a live job. */
async function newCast(t: TestApp): Promise<Cast> {
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
    knownIds: [cv.cvId, job.id, business.id, profile.id, application.id ?? application.applicationId ?? job.id].filter(
      (id): id is string => typeof id === 'string',
    ),
    candidate,
    employer,
    cvId: cv.cvId,
  };
}

/** The cast is made again when an operation deleted the profile, the CV or the business. */
async function castStillUsable(t: TestApp, current: Cast): Promise<boolean> {
  const [profile, cvs, business] = await Promise.all([
    t.app.inject({ url: '/candidate', headers: current.candidate }),
    t.app.inject({ url: '/cvs', headers: current.candidate }),
    t.app.inject({ url: '/business', headers: current.employer }),
  ]);
  const cvKept = cvs.statusCode === 200 && JSON.stringify(cvs.json()).includes(current.cvId);
  return profile.statusCode === 200 && cvKept && business.statusCode === 200;
}

describe.each(databaseKinds())('hostile input against every candidate-service operation on %s', (kind) => {
  hostileInputSuite(
    {
      start: () => startTestApp(kind),
      newCast,
      castStillUsable,
      knownOperations: [
        'POST /candidate',
        'POST /cvs',
        'POST /job-applications',
        'PUT /business/applications/:id/status',
        'GET /blobs/*',
        'POST /account-events',
      ],
      upload: () => tinyPdf('Hostile'),
      seed,
    },
    (suite) => {
      it('answers a broken multipart upload with 400 problem details and stores nothing (was a 500)', async () => {
        const t = suite.service();
        const { candidate, employer } = await suite.cast();
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
          expect(res.json().detail).toBe(
            'The upload is not a complete multipart/form-data body. Choose the file again.',
          );
        }
        expect((await t.app.inject({ url: '/cvs', headers: candidate })).json()).toEqual(before);
      });

      it('keeps an upload with a hostile file name downloadable under a safe name', async () => {
        const t = suite.service();
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
    },
  );
});
