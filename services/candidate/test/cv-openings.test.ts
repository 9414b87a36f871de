import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@careers/contracts/enums';
import { databaseKinds } from '@careers/server-kit/testing';
import { OPENING_WINDOW_MS, recordCvOpening } from '../src/modules/cv-openings/cv-openings.service';
import { resolveMember } from '../src/modules/team/team.service';
import { tinyPdf } from './fixtures';
import { startTestApp, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;

/** Who opened my CV (issue 30 item 5, docs/decisions/0390): the candidate sees the business and the date, the business who. */
describe.each(databaseKinds())('who opened a CV, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

  async function person(label: string, roles: Role[] = ['BusinessUser']) {
    const userId = randomUUID();
    const email = `${label.toLowerCase().replace(/\s+/g, '.')}.${userId.slice(0, 8)}@example.test`;
    const token = await t.identity.token(userId, roles, { email, emailVerified: true });
    return { userId, email, name: `User ${userId}`, headers: { authorization: `Bearer ${token}` } as Headers };
  }

  async function business(name: string) {
    const owner = await person(`${name} owner`);
    expect((await call('POST', '/business', owner.headers, { name })).statusCode).toBe(200);
    const job = await call('POST', '/business/jobs', owner.headers, { title: `${name} job`, description: 'Work' });
    expect(job.statusCode, job.body).toBe(200);
    return { owner, jobId: job.json().id as string };
  }

  async function ownApplications(headers: Headers) {
    const res = await call('GET', '/job-applications?page=1&pageSize=10', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().applications as { id: string; business: { name: string }; cvOpenedOn?: string | null }[];
  }

  it('records previews and downloads per business; the candidate sees the date by business, the business sees who', async () => {
    const first = await business('Opening One');
    const second = await business('Opening Two');
    const userId = randomUUID();
    const email = `opened.${userId.slice(0, 8)}@example.test`;
    const candidate = await t.auth(userId, ['Candidate'], email);
    await call('POST', '/candidate', candidate, { name: 'Ola Opened', email, phoneNumber: '0777', postcode: 'M1 1AA' });
    const cvId = await uploadCv(t, candidate, 'ola.pdf', tinyPdf('Ola Opened'));
    const applicationIds: Record<string, string> = {};
    for (const b of [first, second]) {
      const res = await call('POST', '/job-applications', candidate, { jobId: b.jobId, cvId, readyToWork: true });
      expect(res.json().isValidResponse, res.body).toBe(true);
      applicationIds[b.jobId] = res.json().result.applicationId;
    }
    expect((await ownApplications(candidate)).map((a) => a.cvOpenedOn)).toEqual([null, null]);

    const before = Date.now();
    expect((await call('POST', `/business/cvs/${cvId}/preview-link`, first.owner.headers)).statusCode).toBe(200);
    const download = await call('GET', `/business/cvs/${cvId}/download`, first.owner.headers);
    expect(download.statusCode).toBe(200);
    // A viewer's range requests and a second click within the window are the same opening.
    const ranged = await call('GET', `/business/cvs/${cvId}/download`, { ...first.owner.headers, range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(206);

    const mine = await ownApplications(candidate);
    const atFirst = mine.find((a) => a.business.name === 'Opening One')!;
    const atSecond = mine.find((a) => a.business.name === 'Opening Two')!;
    expect(atSecond.cvOpenedOn).toBeNull();
    expect(Date.parse(atFirst.cvOpenedOn!)).toBeGreaterThanOrEqual(before - 1_000);
    // The candidate is shown the business and the date, never who.
    expect(JSON.stringify(mine)).not.toContain(first.owner.name);

    const detail = await call('GET', `/business/applications/${applicationIds[first.jobId]}`, first.owner.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail
        .json()
        .cvOpenings.map((o: { openedBy: string; action: string }) => [o.openedBy, o.action])
        .sort(),
    ).toEqual([
      [first.owner.name, 'download'],
      [first.owner.name, 'preview'],
    ]);
    // The other business sees none of the first one's openings.
    const other = await call('GET', `/business/applications/${applicationIds[second.jobId]}`, second.owner.headers);
    expect(other.json().cvOpenings).toEqual([]);
    // A business the CV never reached opens nothing, and nothing is recorded.
    const stranger = await business('Opening Stranger');
    expect((await call('GET', `/business/cvs/${cvId}/download`, stranger.owner.headers)).statusCode).toBe(404);
    expect((await call('POST', `/business/cvs/${cvId}/preview-link`, stranger.owner.headers)).statusCode).toBe(404);
    const rows = await t.deps.database.db
      .selectFrom('cv_openings')
      .select(['business_id', 'action'])
      .where('cv_id', '=', cvId)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('counts one member opening a CV the same way once within the window, and again after it', async () => {
    const { owner, jobId } = await business('Opening Window');
    const userId = randomUUID();
    const email = `window.${userId.slice(0, 8)}@example.test`;
    const candidate = await t.auth(userId, ['Candidate'], email);
    await call('POST', '/candidate', candidate, { name: 'Wyn Window', email, phoneNumber: '0777', postcode: 'M1 1AA' });
    const cvId = await uploadCv(t, candidate, 'wyn.pdf', tinyPdf('Wyn Window'));
    const applied = await call('POST', '/job-applications', candidate, { jobId, cvId, readyToWork: true });
    const applicationId = applied.json().result.applicationId as string;

    const db = t.deps.database.db;
    const member = await resolveMember(db, {
      userId: owner.userId,
      email: owner.email,
      name: owner.name,
      roles: ['BusinessUser'],
      emailVerified: true,
    });
    const start = new Date('2026-03-01T09:00:00Z');
    await recordCvOpening(db, member!, cvId, 'preview', start);
    await recordCvOpening(db, member!, cvId, 'preview', new Date(start.getTime() + OPENING_WINDOW_MS - 1_000));
    await recordCvOpening(db, member!, cvId, 'preview', new Date(start.getTime() + OPENING_WINDOW_MS + 1_000));
    const detail = await call('GET', `/business/applications/${applicationId}`, owner.headers);
    expect(detail.json().cvOpenings.map((o: { openedOn: string }) => o.openedOn)).toEqual([
      new Date(start.getTime() + OPENING_WINDOW_MS + 1_000).toISOString(),
      start.toISOString(),
    ]);
    expect((await ownApplications(candidate))[0]!.cvOpenedOn).toBe(
      new Date(start.getTime() + OPENING_WINDOW_MS + 1_000).toISOString(),
    );
  });
});
