import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRole } from '@careers/contracts/employer';
import type { Role } from '@careers/contracts/enums';
import { MESSAGE_MAX } from '@careers/contracts/messages';
import type { MailMessage } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { REPLY_ONLY, WITHDRAWN } from '../src/modules/messages/messages.service';
import { createMessageNoticeWorker } from '../src/modules/messages/messages.worker';
import { tinyPdf } from './fixtures';
import { startTestApp, unzip, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;

/** Messages between employer and candidate (issue 28 item 1, docs/decisions/0420-0424). */
describe.each(databaseKinds())('messages on %s', (kind) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  // The worker's clock: the real one (the routes stamp the messages with it), moved on by the test.
  let ahead = 0;
  const now = () => Date.now() + ahead;
  let worker: ReturnType<typeof createMessageNoticeWorker>;
  beforeAll(async () => {
    t = await startTestApp(kind, { MAIL_POLL_INTERVAL_MS: '600000', PORTAL_URL: 'https://careers.example.test' });
    // The notices, as the mail transport is handed them, by a worker on a clock of the test's own.
    worker = createMessageNoticeWorker({
      db: t.deps.database.db,
      mail: { kind: 'outbox', send: async (message) => void sent.push(message), close: async () => {} },
      now,
      intervalMs: 600_000,
      logger: t.app.log,
      secret: t.deps.statusMail.secret,
      portalUrl: 'https://careers.example.test',
      apiUrl: 'https://api.example.test',
    });
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

  async function person(label: string, roles: Role[] = ['BusinessUser']) {
    const userId = randomUUID();
    const email = `${label.toLowerCase().replace(/\s+/g, '.')}.${userId.slice(0, 8)}@example.test`;
    const token = await t.identity.token(userId, roles, { email, emailVerified: true });
    return { userId, email, headers: { authorization: `Bearer ${token}` } as Headers };
  }

  async function join(ownerHeaders: Headers, role: TeamRole, label: string) {
    const who = await person(label);
    const invited = await call('POST', '/business/team/invitations', ownerHeaders, { email: who.email, role });
    expect(invited.statusCode, invited.body).toBe(200);
    expect((await call('POST', `/business/invitations/${invited.json().id}/accept`, who.headers)).statusCode).toBe(200);
    return who;
  }

  /** A business with a job, a candidate who applied to it: the ids and everyone's headers. */
  async function scene(businessName = 'Bean & Co') {
    const owner = await person('Olive Owner');
    expect((await call('POST', '/business', owner.headers, { name: businessName })).statusCode).toBe(200);
    const job = await call('POST', '/business/jobs', owner.headers, {
      title: 'Barista',
      description: 'Coffee',
      city: 'Leeds',
    });
    const jobId = job.json().id as string;
    const candidate = await person('Cara Candidate', ['Candidate']);
    await call('POST', '/candidate', candidate.headers, {
      name: 'Cara Candidate',
      email: candidate.email,
      phoneNumber: '0777',
      postcode: 'M1 1AA',
    });
    const cvId = await uploadCv(t, candidate.headers, 'cara.pdf', tinyPdf('Cara'));
    const applied = await call('POST', '/job-applications', candidate.headers, { jobId, cvId, readyToWork: true });
    const applicationId = applied.json().result.applicationId as string;
    return { owner, jobId, candidate, applicationId };
  }

  const notices = (to: string) => sent.filter((m) => m.to === to && m.kind === 'message notice');

  it('the employer writes from a template, the candidate reads and replies, the employer sees the unread counts', async () => {
    const { owner, jobId, candidate, applicationId } = await scene();
    const template = await call('POST', '/business/message-templates', owner.headers, {
      name: 'Invite',
      body: 'Hello {candidateName}, thank you for applying for {jobTitle} at {businessName}.\nCan you talk on Monday?',
    });
    expect(template.statusCode, template.body).toBe(200);
    expect((await call('GET', '/business/message-templates', owner.headers)).json()).toEqual([template.json()]);

    // The candidate cannot start the thread.
    const early = await call('POST', `/job-applications/${applicationId}/messages`, candidate.headers, { body: 'Hi' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(REPLY_ONLY);

    const first = await call('POST', `/business/applications/${applicationId}/messages`, owner.headers, {
      body: template.json().body,
      templateId: template.json().id,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().messages).toEqual([
      expect.objectContaining({
        from: 'employer',
        authorName: `User ${owner.userId}`,
        body: 'Hello Cara Candidate, thank you for applying for Barista at Bean & Co.\nCan you talk on Monday?',
        readOn: null,
      }),
    ]);

    const seen = await call('GET', `/job-applications/${applicationId}/messages`, candidate.headers);
    expect(seen.json()).toMatchObject({ unread: 1, canWrite: true });
    // The candidate never sees who in the team wrote: the business writes.
    expect(seen.json().messages[0]).not.toHaveProperty('authorName');
    expect(
      (await call('PUT', `/job-applications/${applicationId}/messages/read`, candidate.headers)).json().unread,
    ).toBe(0);

    const reply = await call('POST', `/job-applications/${applicationId}/messages`, candidate.headers, {
      body: '  Monday works. <b>Thanks</b>  ',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['employer', expect.any(String)],
      ['candidate', 'Monday works. <b>Thanks</b>'],
    ]);

    const list = (await call('GET', `/business/jobs/${jobId}/applications`, owner.headers)).json();
    expect(list.unreadMessages).toBe(1);
    expect(list.applications[0]).toMatchObject({ id: applicationId, unreadMessages: 1 });
    const thread = await call('GET', `/business/applications/${applicationId}/messages`, owner.headers);
    expect(thread.json()).toMatchObject({ unread: 1, canWrite: true });
    await call('PUT', `/business/applications/${applicationId}/messages/read`, owner.headers);
    expect((await call('GET', `/business/jobs/${jobId}/applications`, owner.headers)).json()).toMatchObject({
      unreadMessages: 0,
      applications: [{ unreadMessages: 0 }],
    });
  });

  it('sends the candidate one notice per unread stretch, once, with the business and a link, never the words', async () => {
    const { owner, candidate, applicationId } = await scene('Notice Ltd');
    const write = (body: string) =>
      call('POST', `/business/applications/${applicationId}/messages`, owner.headers, { body });
    await write('First: visit https://evil.example.test now');
    await write('Second, before the first is read');
    expect(await worker.flush()).toBe(1);
    expect(await worker.flush()).toBe(0);
    const [mail] = notices(candidate.email);
    expect(notices(candidate.email)).toHaveLength(1);
    expect(mail!.text).toMatch(/about your application for .+ at Notice Ltd\. Read the message/);
    expect(mail!.text).toContain(`https://careers.example.test/applications/${applicationId}#messages`);
    expect(mail!.text).not.toContain('evil');
    expect(mail!.html).not.toContain('evil');
    expect(mail!.subject).not.toContain('Notice Ltd');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Read, then a new message: a new notice. Read before the worker ran: none.
    await call('PUT', `/job-applications/${applicationId}/messages/read`, candidate.headers);
    await write('Third');
    await call('PUT', `/job-applications/${applicationId}/messages/read`, candidate.headers);
    expect(await worker.flush()).toBe(0);
    await write('Fourth');
    expect(await worker.flush()).toBe(1);
    expect(notices(candidate.email)).toHaveLength(2);

    // The status e-mails' one-click unsubscribe turns the notices off, not the messages.
    const token = /token=([^>\s]+)/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    expect((await t.app.inject({ method: 'POST', url: `/status-emails/unsubscribe?token=${token}` })).statusCode).toBe(
      200,
    );
    await call('PUT', `/job-applications/${applicationId}/messages/read`, candidate.headers);
    await write('Fifth, after the unsubscribe');
    expect(await worker.flush()).toBe(0);
    expect(notices(candidate.email)).toHaveLength(2);
    expect((await call('GET', `/job-applications/${applicationId}/messages`, candidate.headers)).json().unread).toBe(1);
  });

  it('keeps a failed notice and sends it later, once', async () => {
    const { owner, candidate, applicationId } = await scene('Retry Ltd');
    await call('POST', `/business/applications/${applicationId}/messages`, owner.headers, { body: 'Hello' });
    const flaky = createMessageNoticeWorker({
      db: t.deps.database.db,
      mail: {
        kind: 'outbox',
        send: async () => {
          throw new Error('SMTP unreachable');
        },
        close: async () => {},
      },
      now,
      intervalMs: 600_000,
      logger: t.app.log,
      secret: t.deps.statusMail.secret,
      portalUrl: 'https://careers.example.test',
      apiUrl: 'https://api.example.test',
    });
    expect(await flaky.flush()).toBe(0);
    expect(await worker.flush()).toBe(0); // not due yet: it waits its backoff
    ahead += 60_000;
    expect(await worker.flush()).toBe(1);
    ahead += 60_000;
    expect(await worker.flush()).toBe(0);
    expect(notices(candidate.email)).toHaveLength(1);
  });

  it('sends a notice once when two instances pass at the same time', async () => {
    const { owner, candidate, applicationId } = await scene('Twice Ltd');
    await call('POST', `/business/applications/${applicationId}/messages`, owner.headers, { body: 'Hello' });
    const other = createMessageNoticeWorker({
      db: t.deps.database.db,
      mail: { kind: 'outbox', send: async (message) => void sent.push(message), close: async () => {} },
      now,
      intervalMs: 600_000,
      logger: t.app.log,
      secret: t.deps.statusMail.secret,
      portalUrl: 'https://careers.example.test',
      apiUrl: 'https://api.example.test',
    });
    const [a, b] = await Promise.all([worker.flush(), other.flush()]);
    expect(a + b).toBe(1);
    expect(notices(candidate.email)).toHaveLength(1);
  });

  it('checks who may write, the size, the characters, a withdrawal and the hourly limits', async () => {
    const { owner, jobId, candidate, applicationId } = await scene('Rules Ltd');
    const manager = await join(owner.headers, 'HiringManager', 'Hana Manager');
    const stranger = await person('Sam Stranger');
    await call('POST', '/business', stranger.headers, { name: 'Other Co' });
    const other = await person('Oscar Other', ['Candidate']);
    const url = `/business/applications/${applicationId}/messages`;

    // Another business, and a hiring manager not given the job: the application is not there.
    expect((await call('POST', url, stranger.headers, { body: 'Hi' })).statusCode).toBe(404);
    expect((await call('GET', url, manager.headers)).statusCode).toBe(404);
    await call('PUT', `/business/team/members/${manager.userId}/jobs`, owner.headers, { jobIds: [jobId] });
    expect((await call('POST', url, manager.headers, { body: 'From the manager' })).statusCode).toBe(200);
    // Another candidate's application.
    expect((await call('GET', `/job-applications/${applicationId}/messages`, other.headers)).statusCode).toBe(404);

    // Size, emptiness, control characters; the fields filled past the size.
    const tooLong = await call('POST', url, owner.headers, { body: 'x'.repeat(MESSAGE_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect((await call('POST', url, owner.headers, { body: '   ' })).statusCode).toBe(400);
    expect((await call('POST', url, owner.headers, { body: 'bell\u0007' })).statusCode).toBe(400);
    const filled = await call('POST', url, owner.headers, { body: `${'x'.repeat(MESSAGE_MAX - 10)}{candidateName}` });
    expect(filled.statusCode).toBe(400);
    expect((await call('POST', url, owner.headers, { body: 'x'.repeat(MESSAGE_MAX) })).statusCode).toBe(200);

    // 20 an hour from the team in one application (two sent above), 10 from the candidate.
    for (let i = 0; i < 18; i++)
      expect((await call('POST', url, owner.headers, { body: `m${i}` })).statusCode).toBe(200);
    const limited = await call('POST', url, owner.headers, { body: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const reply = `/job-applications/${applicationId}/messages`;
    for (let i = 0; i < 10; i++)
      expect((await call('POST', reply, candidate.headers, { body: `r${i}` })).statusCode).toBe(200);
    expect((await call('POST', reply, candidate.headers, { body: 'r10' })).statusCode).toBe(429);

    // Templates: the owners' and recruiters' to keep; names unique.
    const kept = await call('POST', '/business/message-templates', owner.headers, { name: 'Thanks', body: 'Thanks' });
    expect(
      (await call('POST', '/business/message-templates', owner.headers, { name: 'Thanks', body: 'x' })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/business/message-templates', manager.headers, { name: 'Mine', body: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/business/message-templates', stranger.headers)).json()).toEqual([]);
    expect((await call('DELETE', `/business/message-templates/${kept.json().id}`, stranger.headers)).statusCode).toBe(
      404,
    );
    const changed = await call('PUT', `/business/message-templates/${kept.json().id}`, owner.headers, {
      name: 'Thanks',
      body: 'Thank you',
    });
    expect(changed.json()).toMatchObject({ name: 'Thanks', body: 'Thank you' });

    // After the withdrawal, neither side writes.
    await call('POST', `/job-applications/${applicationId}/withdraw`, candidate.headers, {});
    const late = await call('POST', url, manager.headers, { body: 'Still there?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(WITHDRAWN);
    expect((await call('GET', url, owner.headers)).json().canWrite).toBe(false);
    expect((await call('GET', reply, candidate.headers)).json().canWrite).toBe(false);
  });

  it('puts the thread in the data export and removes it with the account', async () => {
    const { owner, candidate, applicationId } = await scene('Export Ltd');
    await call('POST', `/business/applications/${applicationId}/messages`, owner.headers, {
      body: 'Hello from Export Ltd',
    });
    await call('POST', `/job-applications/${applicationId}/messages`, candidate.headers, { body: 'Hello back' });
    const zip = await call('GET', '/candidate/export', candidate.headers);
    expect(zip.statusCode).toBe(200);
    const messages = JSON.parse((await unzip(zip.rawPayload)).get('messages.json')!.toString('utf8'));
    expect(messages).toEqual([
      expect.objectContaining({
        applicationId,
        businessName: 'Export Ltd',
        from: 'employer',
        body: 'Hello from Export Ltd',
      }),
      expect.objectContaining({ applicationId, from: 'you', body: 'Hello back' }),
    ]);
    const me = (await call('GET', '/candidate', candidate.headers)).json();
    expect((await call('DELETE', '/candidate', candidate.headers, { id: me.id })).statusCode).toBe(200);
    const left = await t.deps.database.db
      .selectFrom('application_messages')
      .select('id')
      .where('application_id', '=', applicationId)
      .execute();
    expect(left).toEqual([]);
  });
});
