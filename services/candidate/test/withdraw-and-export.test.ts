import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_APPLIED, type JobApplication } from '@careers/contracts/candidate';
import {
  ALREADY_WITHDRAWN,
  APPLICATION_CLOSED,
  DATA_EXPORTS_PER_HOUR,
  WITHDRAWAL_REASON_MAX,
} from '@careers/contracts/candidate-api';
import { ApplicationStatus } from '@careers/contracts/enums';
import { databaseKinds } from '@careers/server-kit/testing';
import { WITHDRAWN_BY_CANDIDATE } from '../src/modules/applications/applications.service';
import { zipSafeName } from '../src/modules/data-export/data-export.service';
import { createLocalStorage } from '../src/modules/storage/local-storage';
import type { BlobStorage } from '../src/modules/storage/storage';
import { tinyPdf } from './fixtures';
import { eventually, multipart, startTestApp, unzip, type TestApp } from './helpers';

const jsonOf = (entries: Map<string, Buffer>, name: string): unknown =>
  JSON.parse(entries.get(name)?.toString('utf8') ?? 'null');

/** Local storage whose get() can be held open for one key: the test decides when that file's bytes flow. */
function holdingStorage(root: string) {
  const inner = createLocalStorage(root);
  const held: { key: string | null; stream: PassThrough | null } = { key: null, stream: null };
  const storage: BlobStorage = {
    ...inner,
    async get(key, range) {
      if (key !== held.key) return inner.get(key, range);
      const object = await inner.get(key, range);
      if (!object) return null;
      held.stream = new PassThrough();
      return { size: object.size, body: held.stream };
    },
  };
  return { storage, held, inner };
}

describe.each(databaseKinds())('withdrawing applications and exporting data on %s', (kind) => {
  let t: TestApp;
  let store: ReturnType<typeof holdingStorage>;
  let base: string;
  beforeAll(async () => {
    store = holdingStorage(path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'export-')), 'files'));
    t = await startTestApp(kind, {}, { storage: store.storage });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  async function newEmployer() {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name: 'Withdraw Co', city: 'York' },
    });
    expect(res.statusCode).toBe(200);
    const job = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers,
      payload: { title: 'Baker', city: 'York' },
    });
    expect(job.statusCode).toBe(200);
    return { headers, businessId: res.json().id as string, jobId: job.json().id as string };
  }

  async function newCandidate(name = 'Wanda Withdraw') {
    const userId = randomUUID();
    const headers = await t.auth(userId, ['Candidate'], `${userId}@example.test`);
    const created = await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name, email: `${userId}@example.test`, phoneNumber: '0700', postcode: 'YO1 7HH' },
    });
    expect(created.statusCode).toBe(200);
    return { userId, headers, candidateId: created.json().id as string };
  }

  async function uploadCv(headers: Record<string, string>, fileName: string, bytes: Buffer) {
    const body = multipart(fileName, bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().cvId as string;
  }

  async function applyTo(headers: Record<string, string>, jobId: string, cvId: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: { jobId, cvId, readyToWork: true },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { result: { applicationId: string } | null; isValidResponse: boolean; errors: string[] };
  }

  const withdraw = (headers: Record<string, string>, id: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: `/job-applications/${id}/withdraw`, headers, payload });

  async function ownApplications(headers: Record<string, string>): Promise<JobApplication[]> {
    const res = await t.app.inject({ url: '/job-applications?page=1&pageSize=100', headers });
    expect(res.statusCode).toBe(200);
    return res.json().applications;
  }

  async function employerApplications(headers: Record<string, string>, jobId: string) {
    const res = await t.app.inject({ url: `/business/jobs/${jobId}/applications?page=1&pageSize=100`, headers });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      totalApplications: number;
      applications: {
        id: string;
        applicationStatus: number;
        withdrawnOn: string | null;
        withdrawalReason: string | null;
      }[];
    };
  }

  it('withdraws with a reason: the employer sees it withdrawn, the timeline records it, and the candidate may apply again', async () => {
    const employer = await newEmployer();
    const cara = await newCandidate();
    const cvId = await uploadCv(cara.headers, 'cara.pdf', tinyPdf('Cara'));
    const first = (await applyTo(cara.headers, employer.jobId, cvId)).result!.applicationId;
    // A thread with the business and a consent to other roles before the withdrawal (docs/product.md, what each
    // ending does): the withdrawal keeps both, and starts the deletion clock (decision 0440).
    const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const rule = await inject('PUT', '/business/retention', employer.headers, { country: 'UK', poolDays: 365 });
    expect(rule.statusCode, rule.body).toBe(200);
    const written = await inject('POST', `/business/applications/${first}/messages`, employer.headers, {
      body: 'Thank you for applying.',
    });
    expect(written.statusCode, written.body).toBe(200);
    const pooled = await inject('PUT', `/job-applications/${first}/talent-pool`, cara.headers);
    expect(pooled.statusCode, pooled.body).toBe(200);
    const keptForOtherRolesUntil = pooled.json().keptForOtherRolesUntil as string;
    expect((await ownApplications(cara.headers))[0]!.deletesOn).toBeNull();

    const res = await withdraw(cara.headers, first, { reason: '  I took another job.  ' });
    expect(res.statusCode).toBe(200);
    const afterwards = (await ownApplications(cara.headers))[0]!;
    expect(afterwards.keptForOtherRolesUntil).toBe(keptForOtherRolesUntil);
    expect(afterwards.deletesOn).toBe(keptForOtherRolesUntil);
    for (const [url, headers] of [
      [`/business/applications/${first}/messages`, employer.headers],
      [`/job-applications/${first}/messages`, cara.headers],
    ] as const) {
      const thread = await inject('GET', url, headers);
      expect(thread.statusCode, thread.body).toBe(200);
      expect(thread.json()).toMatchObject({ canWrite: false, messages: [{ body: 'Thank you for applying.' }] });
    }
    expect(res.json()).toEqual({
      id: first,
      withdrawnOn: expect.stringMatching(/^\d{4}-/),
      withdrawalReason: 'I took another job.',
    });

    const [mine] = await ownApplications(cara.headers);
    expect(mine).toMatchObject({
      id: first,
      applicationStatus: ApplicationStatus.ApplicationPending,
      withdrawnOn: res.json().withdrawnOn,
      withdrawalReason: 'I took another job.',
    });
    expect(mine!.statusHistory).toEqual([
      { applicationStatus: ApplicationStatus.ApplicationPending, changedOn: res.json().withdrawnOn, withdrawn: true },
      { applicationStatus: ApplicationStatus.ApplicationPending, changedOn: mine!.appliedOn },
    ]);

    // The employer keeps the record, marked withdrawn with the reason; SPEC's status is untouched and cannot move.
    const seen = await employerApplications(employer.headers, employer.jobId);
    expect(seen.applications).toEqual([
      expect.objectContaining({
        id: first,
        applicationStatus: ApplicationStatus.ApplicationPending,
        withdrawnOn: res.json().withdrawnOn,
        withdrawalReason: 'I took another job.',
      }),
    ]);
    const move = await t.app.inject({
      method: 'PUT',
      url: `/business/applications/${first}/status`,
      headers: employer.headers,
      payload: { applicationStatus: ApplicationStatus.Qualify },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().detail).toBe(WITHDRAWN_BY_CANDIDATE);

    const again = await withdraw(cara.headers, first);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(ALREADY_WITHDRAWN);

    // Applying again makes a new application; a second open one is still refused.
    const second = await applyTo(cara.headers, employer.jobId, cvId);
    expect(second.isValidResponse).toBe(true);
    expect(second.result!.applicationId).not.toBe(first);
    expect(await applyTo(cara.headers, employer.jobId, cvId)).toEqual({
      result: null,
      isValidResponse: false,
      errors: [ALREADY_APPLIED],
    });
    const now = await employerApplications(employer.headers, employer.jobId);
    expect(now.totalApplications).toBe(2);

    // The employer's view of the withdrawal: the detail's history marks the entry as the withdrawal (not a
    // second 'New'), the list filters withdrawn and standing ones apart, and the job counts both.
    const detail = await t.app.inject({ url: `/business/applications/${first}`, headers: employer.headers });
    expect(detail.json()).toMatchObject({
      withdrawnOn: res.json().withdrawnOn,
      withdrawalReason: 'I took another job.',
    });
    expect(detail.json().statusHistory).toEqual([
      { applicationStatus: ApplicationStatus.ApplicationPending, changedOn: res.json().withdrawnOn, withdrawn: true },
      { applicationStatus: ApplicationStatus.ApplicationPending, changedOn: expect.any(String) },
    ]);
    const filtered = async (withdrawn: string) =>
      (
        await t.app.inject({
          url: `/business/jobs/${employer.jobId}/applications?withdrawn=${withdrawn}`,
          headers: employer.headers,
        })
      ).json() as { totalApplications: number; applications: { id: string }[] };
    expect(await filtered('true')).toMatchObject({ totalApplications: 1, applications: [{ id: first }] });
    expect(await filtered('false')).toMatchObject({
      totalApplications: 1,
      applications: [{ id: second.result!.applicationId }],
    });
    expect(
      (
        await t.app.inject({
          url: `/business/jobs/${employer.jobId}/applications?withdrawn=yes`,
          headers: employer.headers,
        })
      ).statusCode,
    ).toBe(400);
    const job = await t.app.inject({ url: `/business/jobs/${employer.jobId}`, headers: employer.headers });
    expect(job.json()).toMatchObject({ applicationCount: 2, withdrawnCount: 1 });
    const jobs = await t.app.inject({ url: '/business/jobs', headers: employer.headers });
    expect(jobs.json()).toEqual([
      expect.objectContaining({ id: employer.jobId, applicationCount: 2, withdrawnCount: 1 }),
    ]);
    expect(now.applications.find((a) => a.id === second.result!.applicationId)).toMatchObject({
      withdrawnOn: null,
      withdrawalReason: null,
    });
    expect((await ownApplications(cara.headers)).map((a) => [a.id, a.withdrawnOn])).toEqual(
      expect.arrayContaining([
        [first, res.json().withdrawnOn],
        [second.result!.applicationId, null],
      ]),
    );
  });

  it('withdraws without a reason (empty or absent) and only one of two racing re-applications wins', async () => {
    const employer = await newEmployer();
    const cara = await newCandidate();
    const cvId = await uploadCv(cara.headers, 'cara.pdf', tinyPdf('Cara race'));
    const first = (await applyTo(cara.headers, employer.jobId, cvId)).result!.applicationId;
    const res = await withdraw(cara.headers, first, { reason: '   ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawalReason).toBeNull();
    const results = await Promise.all([
      applyTo(cara.headers, employer.jobId, cvId),
      applyTo(cara.headers, employer.jobId, cvId),
    ]);
    expect(results.filter((r) => r.isValidResponse)).toHaveLength(1);
    expect(results.filter((r) => !r.isValidResponse).map((r) => r.errors)).toEqual([[ALREADY_APPLIED]]);
    const second = results.find((r) => r.isValidResponse)!.result!.applicationId;
    expect((await withdraw(cara.headers, second, { reason: null })).statusCode).toBe(200);
  });

  it('refuses another candidate, employers, strangers and bad input; a decided application cannot be withdrawn', async () => {
    const employer = await newEmployer();
    const cara = await newCandidate();
    const cvId = await uploadCv(cara.headers, 'cara.pdf', tinyPdf('Cara auth'));
    const id = (await applyTo(cara.headers, employer.jobId, cvId)).result!.applicationId;

    const mallory = await newCandidate('Mallory');
    const stolen = await withdraw(mallory.headers, id, { reason: 'not mine' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({
      status: 404,
      title: expect.any(String),
      detail: 'The application was not found.',
    });
    expect((await withdraw(employer.headers, id)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/job-applications/${id}/withdraw`, payload: {} })).statusCode,
    ).toBe(401);
    expect((await withdraw(cara.headers, 'not-a-uuid')).statusCode).toBe(400);
    expect((await withdraw(cara.headers, randomUUID())).statusCode).toBe(404);
    expect((await withdraw(cara.headers, id, { reason: 'x'.repeat(WITHDRAWAL_REASON_MAX + 1) })).statusCode).toBe(400);
    expect((await withdraw(cara.headers, id, { reason: 42 })).statusCode).toBe(400);
    expect((await ownApplications(cara.headers))[0]).toMatchObject({ id, withdrawnOn: null });

    const hire = await t.app.inject({
      method: 'PUT',
      url: `/business/applications/${id}/status`,
      headers: employer.headers,
      payload: { applicationStatus: ApplicationStatus.Hired },
    });
    expect(hire.statusCode).toBe(200);
    const closed = await withdraw(cara.headers, id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(APPLICATION_CLOSED);
  });

  async function exportZip(headers: Record<string, string>) {
    const res = await t.app.inject({ url: '/candidate/export', headers });
    return { res, entries: res.statusCode === 200 ? await unzip(res.rawPayload) : new Map<string, Buffer>() };
  }

  it('exports the account, profile, applications with their history, CV drops and the CV files, as the candidate sees them', async () => {
    const employer = await newEmployer();
    const cara = await newCandidate('Cara Export');
    const pdf = tinyPdf('Cara export CV');
    const text = Buffer.from('Cara\nWelder\n');
    const pdfId = await uploadCv(cara.headers, 'Cara CV.pdf', pdf);
    const textId = await uploadCv(cara.headers, 'notes/../odd:name.txt', text);
    const first = (await applyTo(cara.headers, employer.jobId, pdfId)).result!.applicationId;
    expect((await withdraw(cara.headers, first, { reason: 'Moved away' })).statusCode).toBe(200);
    await applyTo(cara.headers, employer.jobId, textId);
    const drop = await t.app.inject({
      method: 'POST',
      url: '/cv-drops',
      headers: cara.headers,
      payload: { businessId: employer.businessId, cvId: pdfId },
    });
    expect(drop.statusCode).toBe(200);
    // Another candidate's data must not appear in Cara's export.
    const other = await newCandidate('Other Person');
    const otherCv = await uploadCv(other.headers, 'other.pdf', tinyPdf('Other'));
    await applyTo(other.headers, employer.jobId, otherCv);

    const { res, entries } = await exportZip(cara.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="careers-data-\d{4}-\d\d-\d\d\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');

    expect(jsonOf(entries, 'account.json')).toEqual({
      userId: cara.userId,
      email: `${cara.userId}@example.test`,
      emailVerified: null,
      name: `User ${cara.userId}`,
      roles: ['Candidate'],
      exportedOn: expect.stringMatching(/^\d{4}-/),
    });
    expect(jsonOf(entries, 'profile.json')).toEqual(
      (await t.app.inject({ url: '/candidate', headers: cara.headers })).json(),
    );
    const applications = jsonOf(entries, 'applications.json') as JobApplication[];
    expect(applications).toEqual(await ownApplications(cara.headers));
    expect(applications).toHaveLength(2);
    expect(applications.find((a) => a.id === first)).toMatchObject({
      withdrawalReason: 'Moved away',
      statusHistory: [expect.objectContaining({ withdrawn: true }), expect.anything()],
    });
    const drops = (await t.app.inject({ url: '/cv-drops?page=1&pageSize=100', headers: cara.headers })).json().cvDrops;
    expect(drops).toHaveLength(1);
    expect(jsonOf(entries, 'cv-drops.json')).toEqual(drops);

    const cvs = jsonOf(entries, 'cvs.json') as { id: string; fileName: string; file: string | null }[];
    expect(cvs.map((c) => [c.id, c.fileName, c.file])).toEqual([
      [pdfId, 'Cara CV.pdf', '/cvs/1-Cara CV.pdf'.slice(1)],
      [textId, expect.any(String), expect.stringMatching(/^cvs\/2-[^/\\:]+\.txt$/)],
    ]);
    expect(entries.get(cvs[0]!.file!)?.equals(pdf)).toBe(true);
    expect(entries.get(cvs[1]!.file!)?.equals(text)).toBe(true);
    expect(entries.get('README.txt')?.toString()).toMatch(/applications\.json/);
    expect([...entries.keys()].sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'application-records.json',
        'applications.json',
        'cv-drops.json',
        'cvs.json',
        'job-alerts.json',
        'interviews.json',
        'messages.json',
        'profile.json',
        cvs[0]!.file,
        cvs[1]!.file,
      ].sort(),
    );
    expect(
      [...entries.values()].some(
        (b) => b.toString('latin1').includes('Other Person') || b.toString('latin1').includes(other.userId),
      ),
    ).toBe(false);

    // The other candidate's export holds their own data only.
    const theirs = await exportZip(other.headers);
    expect(jsonOf(theirs.entries, 'profile.json')).toMatchObject({ id: other.candidateId, name: 'Other Person' });
    expect((jsonOf(theirs.entries, 'applications.json') as JobApplication[]).map((a) => a.id)).not.toContain(first);
    expect(jsonOf(theirs.entries, 'cv-drops.json')).toEqual([]);
  });

  it('answers 401, 403 and 404 to strangers, employers and users without a profile; a few exports an hour at most', async () => {
    expect((await t.app.inject({ url: '/candidate/export' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/candidate/export', headers: await t.auth(randomUUID(), ['BusinessUser']) }))
        .statusCode,
    ).toBe(403);
    const noProfile = await t.app.inject({ url: '/candidate/export', headers: await t.auth(randomUUID()) });
    expect(noProfile.statusCode).toBe(404);
    expect(noProfile.json()).toMatchObject({ status: 404, title: expect.any(String) });

    const dora = await newCandidate('Dora Often');
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) {
      const { res, entries } = await exportZip(dora.headers);
      expect(res.statusCode).toBe(200);
      expect(jsonOf(entries, 'applications.json')).toEqual([]);
    }
    const refused = await t.app.inject({ url: '/candidate/export', headers: dora.headers });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json()).toMatchObject({ status: 429, detail: expect.stringMatching(/times an hour/) });
    // Per candidate: someone else still may.
    expect((await exportZip((await newCandidate()).headers)).res.statusCode).toBe(200);
  });

  it('streams: the zip is on its way before a CV file has been read to its end, and a file missing from the store is named as missing', async () => {
    const erin = await newCandidate('Erin Stream');
    const heldBytes = Buffer.concat([tinyPdf('Erin held'), Buffer.alloc(256 * 1024, 7)]);
    const heldId = await uploadCv(erin.headers, 'held.pdf', heldBytes);
    const goneId = await uploadCv(erin.headers, 'gone.pdf', tinyPdf('Erin gone'));
    const rows = await t.deps.database.db
      .selectFrom('cvs')
      .select(['id', 'storage_key'])
      .where('candidate_id', '=', erin.candidateId)
      .execute();
    store.held.key = rows.find((r) => r.id === heldId)!.storage_key;
    await store.inner.delete(rows.find((r) => r.id === goneId)!.storage_key);

    const chunks: Buffer[] = [];
    const done = new Promise<{ status: number }>((resolve, reject) => {
      const req = http.get(`${base}/candidate/export`, { headers: erin.headers }, (res) => {
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    // The JSON files arrive while the held file has sent half of itself and is still open.
    const held = await eventually(async () => store.held.stream);
    held.write(heldBytes.subarray(0, 1000));
    await eventually(async () => Buffer.concat(chunks).includes(Buffer.from('cvs.json')));
    expect(held.writableEnded).toBe(false);
    held.end(heldBytes.subarray(1000));
    expect((await done).status).toBe(200);
    store.held.key = null;
    store.held.stream = null;

    const entries = await unzip(Buffer.concat(chunks));
    const cvs = jsonOf(entries, 'cvs.json') as { id: string; file: string | null }[];
    expect(cvs.find((c) => c.id === goneId)?.file).toBeNull();
    expect(entries.get(cvs.find((c) => c.id === heldId)!.file!)?.equals(heldBytes)).toBe(true);
  });

  it('stops reading the store when the downloader goes away', async () => {
    const finn = await newCandidate('Finn Leaves');
    const cvId = await uploadCv(finn.headers, 'finn.pdf', tinyPdf('Finn'));
    store.held.key = (
      await t.deps.database.db.selectFrom('cvs').select('storage_key').where('id', '=', cvId).executeTakeFirstOrThrow()
    ).storage_key;
    const req = http.get(`${base}/candidate/export`, { headers: finn.headers }, (res) => res.resume());
    req.on('error', () => undefined);
    const held = await eventually(async () => store.held.stream);
    held.write(Buffer.alloc(1000, 1));
    req.destroy();
    await eventually(async () => held.destroyed);
    store.held.key = null;
    store.held.stream = null;
  });

  it('names zip entries safely', () => {
    expect(zipSafeName('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(zipSafeName('a\\b:c*?.pdf')).toBe('a_b_c__.pdf');
    expect(zipSafeName('')).toBe('cv');
    expect(zipSafeName(`${'x'.repeat(300)}.docx`)).toMatch(/^x{115}\.docx$/);
  });
});
