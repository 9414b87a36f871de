import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { tinyPdf } from './fixtures';
import { startTestApp, unzip, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;

const licence = {
  id: 'licence',
  kind: 'yesNo',
  text: 'Do you hold a UK driving licence?',
  required: true,
  expected: true,
};
const shift = {
  id: 'shift',
  kind: 'oneOf',
  text: 'Which shift?',
  required: false,
  options: ['Early', 'Late', 'Night'],
  accepted: ['Early', 'Late'],
};
const years = { id: 'years', kind: 'number', text: 'Years of experience?', required: true, min: 2 };
const note = { id: 'note', kind: 'text', text: 'Anything else?', required: false };

/** Screening questions and the ad as it was (issue 29 items 1 and 4, docs/decisions/0400-0403). */
describe.each(databaseKinds())('screening questions and the ad as it was, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

  async function owner(name: string) {
    const userId = randomUUID();
    const token = await t.identity.token(userId, ['BusinessUser'], {
      email: `owner.${userId.slice(0, 8)}@example.test`,
      emailVerified: true,
    });
    const headers = { authorization: `Bearer ${token}` };
    expect((await call('POST', '/business', headers, { name })).statusCode).toBe(200);
    return headers;
  }

  async function candidate(name: string) {
    const userId = randomUUID();
    const email = `cand.${userId.slice(0, 8)}@example.test`;
    const headers = await t.auth(userId, ['Candidate'], email);
    await call('POST', '/candidate', headers, { name, email, phoneNumber: '0777', postcode: 'M1 1AA' });
    const cvId = await uploadCv(t, headers, 'cv.pdf', tinyPdf(name));
    return { headers, cvId };
  }

  const job = { title: 'Van driver', description: 'Deliveries around Leeds', city: 'Leeds' };

  it('shows the questions on the public job, keeps the answers, flags what is not met and never refuses for it', async () => {
    const employer = await owner('Screening Vans');
    const created = await call('POST', '/business/jobs', employer, {
      ...job,
      screeningQuestions: [licence, shift, years, note],
    });
    expect(created.statusCode, created.body).toBe(200);
    const jobId = created.json().id as string;
    const shown = (await call('GET', `/job/${jobId}`, {})).json();
    expect(shown.screeningQuestions.map((q: { id: string }) => q.id)).toEqual(['licence', 'shift', 'years', 'note']);
    expect((await call('GET', `/business/jobs/${jobId}`, employer)).json().screeningQuestions).toHaveLength(4);

    const { headers, cvId } = await candidate('Nora No-Licence');
    const apply = (screeningAnswers?: object[]) =>
      call('POST', '/job-applications', headers, {
        jobId,
        cvId,
        readyToWork: true,
        ...(screeningAnswers ? { screeningAnswers } : {}),
      });
    // The shape is checked: a required question left out, an option the question has not, a wrong kind of value.
    expect((await apply()).json().errors).toEqual(['Answer the question "Do you hold a UK driving licence?".']);
    expect(
      (
        await apply([
          { questionId: 'licence', value: false },
          { questionId: 'years', value: 1 },
          { questionId: 'shift', value: 'Noon' },
        ])
      ).json().errors,
    ).toEqual(['Choose one of the options of "Which shift?".']);
    expect(
      (
        await apply([
          { questionId: 'licence', value: 'maybe' },
          { questionId: 'years', value: 1 },
        ])
      ).json().errors,
    ).toEqual(['Answer "Do you hold a UK driving licence?" with yes or no.']);
    expect((await apply([{ questionId: 'gone', value: true }])).json().isValidResponse).toBe(false);
    expect((await apply([{ questionId: 'licence', value: { x: 1 } }])).statusCode).toBe(400);

    // Answers that meet no requirement: the application is sent, never refused.
    const sent = await apply([
      { questionId: 'licence', value: false },
      { questionId: 'years', value: 1 },
      { questionId: 'shift', value: 'Night' },
      { questionId: 'note', value: '  ' },
    ]);
    expect(sent.json().isValidResponse, sent.body).toBe(true);
    const applicationId = sent.json().result.applicationId as string;

    const forEmployer = await call('GET', `/business/applications/${applicationId}/record`, employer);
    expect(forEmployer.statusCode, forEmployer.body).toBe(200);
    const record = forEmployer.json().record;
    expect(record.doesNotMeet).toEqual([
      'Do you hold a UK driving licence? (Required for this job: Yes; answered No)',
      'Which shift? (Required for this job: one of Early or Late; answered Night)',
      'Years of experience? (Required for this job: at least 2; answered 1)',
    ]);
    expect(record.answers.find((a: { questionId: string }) => a.questionId === 'note').answer).toBeNull();
    expect(record.cvSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(record.adVersion).toBe(1);
    expect(record.adChangedSince).toBe(false);
    // The job's list says how many requirements each application does not meet.
    const listed = (await call('GET', `/business/jobs/${jobId}/applications?page=1&pageSize=10`, employer)).json();
    expect(listed.applications.map((a: { doesNotMeet?: number }) => a.doesNotMeet)).toEqual([3]);
    // Not rejected: still new, and the candidate's record says the same.
    expect((await call('GET', `/business/applications/${applicationId}`, employer)).json().applicationStatus).toBe(0);
    const own = (await call('GET', `/job-applications/${applicationId}/record`, headers)).json().record;
    expect(own).toEqual(record);

    // Nobody else reads it: another candidate, another business.
    const stranger = await candidate('Sam Stranger');
    expect((await call('GET', `/job-applications/${applicationId}/record`, stranger.headers)).statusCode).toBe(404);
    const otherBusiness = await owner('Other Vans');
    expect((await call('GET', `/business/applications/${applicationId}/record`, otherBusiness)).statusCode).toBe(404);

    // The export carries the record (read from the same rows).
    const exported = await call('GET', '/candidate/export', headers);
    expect(exported.statusCode).toBe(200);
    const records = JSON.parse((await unzip(exported.rawPayload)).get('application-records.json')!.toString());
    expect(records).toEqual([record]);

    // Deleting the account deletes the answers and the receipt with the application.
    const profile = (await call('GET', '/candidate', headers)).json();
    const deleted = await call('DELETE', '/candidate', headers, { id: profile.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.deps.database.db
      .selectFrom('application_records')
      .select('application_id')
      .where('application_id', '=', applicationId)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps the ad the candidate applied to after the job is edited and closed; the employer sees the version and the change', async () => {
    const employer = await owner('Versioned Vans');
    const jobId = (await call('POST', '/business/jobs', employer, { ...job, screeningQuestions: [licence] })).json()
      .id as string;
    const { headers, cvId } = await candidate('Olga Original');
    const sent = await call('POST', '/job-applications', headers, {
      jobId,
      cvId,
      readyToWork: true,
      // Words from a caller outside the portal: "yes" is a yes.
      screeningAnswers: [{ questionId: 'licence', value: 'yes' }],
    });
    const applicationId = sent.json().result.applicationId as string;

    const edited = await call('PUT', `/business/jobs/${jobId}`, employer, {
      ...job,
      title: 'Night van driver',
      description: 'Nights only, from Bradford',
      isLive: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The questions stay when an edit leaves them out.
    expect((await call('GET', `/business/jobs/${jobId}`, employer)).json().screeningQuestions).toHaveLength(1);

    const own = (await call('GET', `/job-applications/${applicationId}/record`, headers)).json().record;
    expect(own.ad).toMatchObject({
      title: 'Van driver',
      description: 'Deliveries around Leeds',
      businessName: 'Versioned Vans',
    });
    expect(own.adChangedSince).toBe(true);
    expect(own.doesNotMeet).toEqual([]);
    expect(own.answers).toEqual([
      {
        questionId: 'licence',
        question: licence.text,
        requirement: 'Required for this job: Yes',
        answer: 'Yes',
        meetsRequirement: true,
      },
    ]);
    const forEmployer = (await call('GET', `/business/applications/${applicationId}/record`, employer)).json().record;
    expect(forEmployer).toMatchObject({ adVersion: 1, adChangedSince: true });

    // A second candidate applying to the edited ad reads version 2 (reopening is no change of the ad).
    await call('PUT', `/business/jobs/${jobId}`, employer, {
      ...job,
      title: 'Night van driver',
      description: 'Nights only, from Bradford',
    });
    const second = await candidate('Pat Second');
    const secondSent = await call('POST', '/job-applications', second.headers, {
      jobId,
      cvId: second.cvId,
      readyToWork: true,
      screeningAnswers: [{ questionId: 'licence', value: true }],
    });
    const secondRecord = (
      await call('GET', `/job-applications/${secondSent.json().result.applicationId}/record`, second.headers)
    ).json().record;
    expect(secondRecord).toMatchObject({ adVersion: 2, adChangedSince: false, ad: { title: 'Night van driver' } });
  });

  it('refuses questions that do not hold together at the boundary', async () => {
    const employer = await owner('Careless Vans');
    // A question written without an id gets one that is not taken.
    const noIds = await call('POST', '/business/jobs', employer, {
      ...job,
      screeningQuestions: [
        { kind: 'text', text: 'Why us?' },
        { ...licence, id: 'q1' },
      ],
    });
    expect(noIds.statusCode, noIds.body).toBe(200);
    expect(noIds.json().screeningQuestions.map((q: { id: string }) => q.id)).toEqual(['q2', 'q1']);
    const bad = async (q: object) =>
      (await call('POST', '/business/jobs', employer, { ...job, screeningQuestions: [q] })).statusCode;
    expect(await bad({ ...shift, accepted: ['Noon'] })).toBe(400);
    expect(await bad({ ...shift, options: ['Early'] })).toBe(400);
    expect(await bad({ ...years, min: 5, max: 1 })).toBe(400);
    expect(await bad({ ...licence, kind: 'essay' })).toBe(400);
    expect(
      (
        await call('POST', '/business/jobs', employer, {
          ...job,
          screeningQuestions: Array.from({ length: 11 }, (_, i) => ({ ...note, id: `n${i}` })),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('an application sent before receipts were kept has no record', async () => {
    const employer = await owner('Old Vans');
    const jobId = (await call('POST', '/business/jobs', employer, job)).json().id as string;
    const { headers, cvId } = await candidate('Old Applicant');
    const applicationId = (await call('POST', '/job-applications', headers, { jobId, cvId, readyToWork: true })).json()
      .result.applicationId as string;
    await t.deps.database.db.deleteFrom('application_records').where('application_id', '=', applicationId).execute();
    expect((await call('GET', `/job-applications/${applicationId}/record`, headers)).json()).toEqual({ record: null });
  });
});
