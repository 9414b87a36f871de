import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import type { Availability } from '@careers/contracts/interviews';
import type { SentMail } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { unprovedAddressWaitMs } from '../src/modules/candidates/proved-address';
import { tinyPdf } from './fixtures';
import { startTestApp, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;

const AVAILABILITY: Availability = {
  timeZone: 'Europe/London',
  slotMinutes: 30,
  bufferMinutes: 0,
  weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '17:00' })),
  exceptions: [],
  locationKind: 'video',
  location: 'https://meet.example.test/proved',
};

/**
 * A registration that never proved its address applies under a name of its choosing: the platform must
 * not then mail that address the employer's status changes, messages and interview invitations (nor the
 * receipt) until the address is proved.
 */
describe.each(databaseKinds())('e-mails to a candidate whose address is not proved, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false', STATUS_MAIL_DELAY_SECONDS: '0' });
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const flushAll = async () =>
    (await t.deps.statusMail.worker.flush()) +
    (await t.deps.messages.worker.flush()) +
    (await t.deps.interviews.worker.flush());
  const mailsTo = (address: string) => (t.deps.mail.list!() as SentMail[]).filter((m) => m.to === address);

  it('holds the receipt, status, message and interview e-mails until the address is proved, then sends them', async () => {
    const ownerId = randomUUID();
    const ownerEmail = `owner.${ownerId.slice(0, 8)}@example.test`;
    const owner = {
      authorization: `Bearer ${await t.identity.token(ownerId, ['BusinessUser'], { email: ownerEmail, emailVerified: true })}`,
    };
    expect((await call('POST', '/business', owner, { name: 'Held Mail Co' })).statusCode).toBe(200);
    expect((await call('PUT', '/business/interviews/availability', owner, AVAILABILITY)).statusCode).toBe(200);
    const job = await call('POST', '/business/jobs', owner, { title: 'Packer', description: 'Boxes' });
    expect(job.statusCode, job.body).toBe(200);

    // Someone registers with another person's address and never proves it.
    const userId = randomUUID();
    const victim = `victim.${userId.slice(0, 8)}@example.test`;
    const candidate = {
      authorization: `Bearer ${await t.identity.token(userId, ['Candidate'], { email: victim, emailVerified: false })}`,
    };
    const made = await call('POST', '/candidate', candidate, {
      name: 'Click https://evil.test now',
      email: victim,
      phoneNumber: '0777',
      postcode: 'M1 1AA',
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const cvId = await uploadCv(t, candidate, 'cv.pdf', tinyPdf('Someone'));
    const applied = await call('POST', '/job-applications', candidate, {
      jobId: job.json().id,
      cvId,
      readyToWork: true,
    });
    expect(applied.json().isValidResponse, applied.body).toBe(true);
    const applicationId = applied.json().result.applicationId as string;

    // The employer moves it, writes, and invites to an interview.
    const moved = await call('PUT', `/business/applications/${applicationId}/status`, owner, {
      applicationStatus: ApplicationStatus.Qualify,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const wrote = await call('POST', `/business/applications/${applicationId}/messages`, owner, { body: 'Hello' });
    expect(wrote.statusCode, wrote.body).toBe(200);
    const invited = await call('POST', `/business/applications/${applicationId}/interview`, owner, {});
    expect(invited.statusCode, invited.body).toBe(200);

    await flushAll();
    expect(mailsTo(victim)).toEqual([]);
    // Held, not dropped: each row waits to look again.
    const db = t.deps.database.db;
    const waiting = async () => {
      const status = await db
        .selectFrom('status_mail_outbox')
        .select(['next_attempt_at', 'sent_at'])
        .where('application_id', '=', applicationId)
        .execute();
      const notices = await db
        .selectFrom('message_notice_outbox as n')
        .innerJoin('application_messages as m', 'm.id', 'n.message_id')
        .select(['n.next_attempt_at', 'n.sent_at'])
        .where('m.application_id', '=', applicationId)
        .execute();
      const interview = await db
        .selectFrom('interview_mail_outbox as o')
        .innerJoin('interviews as i', 'i.id', 'o.interview_id')
        .select(['o.next_attempt_at', 'o.sent_at'])
        .where('i.application_id', '=', applicationId)
        .where('o.recipient', '=', 'candidate')
        .execute();
      return { status, notices, interview };
    };
    const held = await waiting();
    expect(held.status).toHaveLength(2); // the receipt and the status change
    expect(held.notices).toHaveLength(1);
    expect(held.interview).toHaveLength(1);
    for (const row of [...held.status, ...held.notices, ...held.interview]) {
      expect(row.sent_at).toBeNull();
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    }
    // Looked at again after the wait: still unproved, still nothing.
    await db
      .updateTable('status_mail_outbox')
      .set({ next_attempt_at: new Date() })
      .where('application_id', '=', applicationId)
      .execute();
    await db
      .updateTable('message_notice_outbox')
      .set({ next_attempt_at: new Date() })
      .where('sent_at', 'is', null)
      .execute();
    await db
      .updateTable('interview_mail_outbox')
      .set({ next_attempt_at: new Date() })
      .where('sent_at', 'is', null)
      .execute();
    await flushAll();
    expect(mailsTo(victim)).toEqual([]);

    // The address is proved: what waited goes.
    const notice = await t.identity.addressNotice(userId, 'email_verified', { email: victim, emailVerified: true });
    const told = await call('POST', '/account-events', { authorization: `Bearer ${notice}` });
    expect(told.statusCode).toBeLessThan(300);
    await db
      .updateTable('status_mail_outbox')
      .set({ next_attempt_at: new Date() })
      .where('application_id', '=', applicationId)
      .execute();
    await db
      .updateTable('message_notice_outbox')
      .set({ next_attempt_at: new Date() })
      .where('sent_at', 'is', null)
      .execute();
    await db
      .updateTable('interview_mail_outbox')
      .set({ next_attempt_at: new Date() })
      .where('sent_at', 'is', null)
      .execute();
    await flushAll();
    expect(
      mailsTo(victim)
        .map((m) => m.kind)
        .sort(),
    ).toEqual(['application receipt', 'application status', 'interview invitation', 'message notice']);
  });

  it('looks again after 15 s, then later and later, at most every 10 minutes', () => {
    expect([0, 1, 2, 5, 30].map(unprovedAddressWaitMs)).toEqual([15_000, 30_000, 60_000, 480_000, 600_000]);
  });
});
