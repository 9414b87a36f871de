import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { ApplicationStatus } from '@careers/contracts/enums';
import { createLogger } from '@careers/server-kit/logger';
import { createMailTransport } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { openDependencies } from '../src/app';
import { loadConfig } from '../src/config';
import { INVALID_UNSUBSCRIBE_LINK } from '../src/modules/status-emails/status-emails.routes';
import { createStatusMailWorker } from '../src/modules/status-emails/status-emails.worker';
import { tinyPdf } from './fixtures';
import { multipart, startTestApp, type TestApp } from './helpers';

interface Received {
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  /** The message's text part, quoted-printable decoded. */
  text: string;
}

/** Header fields unfolded, names lower-cased (the first of each name). */
function headersOf(raw: string): Record<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const fields: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    if (colon > 0 && !(name in fields)) fields[name] = line.slice(colon + 1).trim();
  }
  return fields;
}

const decodeQp = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The text/plain part of a multipart/alternative message. */
function textPart(raw: string): string {
  const at = raw.indexOf('Content-Type: text/plain');
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1] ?? '';
  const end = raw.indexOf(`\r\n--${boundary}`, start);
  return decodeQp(raw.slice(start, end)).replace(/\r\n/g, '\n');
}

async function startSmtpSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = headersOf(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          headers,
          subject: headers.subject ?? '',
          text: textPart(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds())('status e-mails on %s', (kind) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // A long poll: the tests send with flush(), so nothing goes out between a move and the check.
    t = await startTestApp(kind, {
      SMTP_URL: sink.url,
      MAIL_POLL_INTERVAL_MS: '600000',
      STATUS_MAIL_DELAY_SECONDS: '0',
      PORTAL_URL: 'https://careers.example.test',
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const flush = () => t.deps.statusMail.worker.flush();
  /** The status e-mails to an address (each application also sends its receipt, docs/decisions/0283). */
  const mailTo = (address: string) =>
    sink.received.filter((m) => m.to.includes(address) && !m.subject.startsWith('Your application'));

  async function newEmployerJob(title: string) {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const business = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name: 'Bean & Co', city: 'Leeds', phone: '0113', domain: 'bean' },
    });
    expect(business.statusCode).toBe(200);
    const job = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers,
      payload: {
        title,
        description: 'Coffee',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        jobType: 1,
        remote: false,
        salaryRateType: 0,
      },
    });
    expect(job.statusCode).toBe(200);
    return { employer: headers, jobId: job.json().id as string };
  }

  /** A candidate (with their own address) who applied for the job: the application id. */
  async function applied(jobId: string) {
    const userId = randomUUID();
    const email = `cand-${userId.slice(0, 8)}@example.test`;
    const headers = await t.auth(userId, ['Candidate'], email);
    const candidate = await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'Cara Candidate', email, phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    expect(candidate.statusCode).toBe(200);
    const body = multipart('cara.pdf', tinyPdf('Cara'));
    const cv = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: { jobId, cvId: cv.json().cvId, readyToWork: true },
    });
    expect(res.json().isValidResponse).toBe(true);
    // The application's receipt goes at once; what follows is about status e-mails.
    await flush();
    return {
      headers,
      email,
      candidateId: candidate.json().id as string,
      applicationId: res.json().result.applicationId as string,
    };
  }

  async function move(employer: Record<string, string>, applicationId: string, applicationStatus: number) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/business/applications/${applicationId}/status`,
      headers: employer,
      payload: { applicationStatus },
    });
    expect(res.statusCode).toBe(200);
  }

  const unsent = async () =>
    Number(
      (
        await t.deps.database.db
          .selectFrom('status_mail_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sent_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('e-mails the candidate once per move, in the timeline’s words, with a link to the application and RFC 8058 headers', async () => {
    const { employer, jobId } = await newEmployerJob('Barista');
    const c = await applied(jobId);
    await move(employer, c.applicationId, ApplicationStatus.Qualify);
    expect(await flush()).toBe(1);
    expect(await flush()).toBe(0);

    const [mail, ...more] = mailTo(c.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Under review: your job application has a new status');
    expect(mail!.text).toContain('Hello Cara Candidate,');
    expect(mail!.text).toContain('Your application for Barista at Bean & Co has a new status:\n\n    Under review');
    expect(mail!.text).toContain(
      `See your application on the portal: https://careers.example.test/applications?application=${c.applicationId}`,
    );
    const pageLink = /Stop them: (https:\/\/careers\.example\.test\/unsubscribe\?token=\S+)/.exec(mail!.text)?.[1];
    expect(pageLink).toBeDefined();
    expect(decodeQp(mail!.raw)).toContain('<strong>Under review</strong>');
    // RFC 8058: an https (here the service's) address to POST to, and the one-click marker.
    const header = /^<(http:\/\/localhost:3002\/status-emails\/unsubscribe\?token=([^>]+))>$/.exec(
      mail!.headers['list-unsubscribe'] ?? '',
    );
    expect(header).not.toBeNull();
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(new URL(pageLink!).searchParams.get('token')).toBe(decodeURIComponent(header![2]!));

    // The same status again is no move: no e-mail. The next move is a new one.
    await move(employer, c.applicationId, ApplicationStatus.Qualify);
    expect(await unsent()).toBe(0);
    await move(employer, c.applicationId, ApplicationStatus.Reject);
    await flush();
    expect(mailTo(c.email).map((m) => m.subject)).toEqual([
      'Under review: your job application has a new status',
      'Not selected: your job application has a new status',
    ]);
  });

  it('sends each e-mail once with two workers polling the same outbox, and again only after a dead worker’s lease runs out', async () => {
    const { employer, jobId } = await newEmployerJob('Roaster');
    const candidates = await Promise.all(Array.from({ length: 6 }, () => applied(jobId)));
    for (const c of candidates) await move(employer, c.applicationId, ApplicationStatus.ScheduleInterview);
    const logger = createLogger('candidate', 'silent');
    const mail = createMailTransport({ smtpUrl: sink.url, from: 'Careers <no-reply@careers.example.test>', logger });
    const options = {
      db: t.deps.database.db,
      mail,
      intervalMs: 600_000,
      logger,
      secret: t.deps.statusMail.secret,
      portalUrl: 'https://p.test',
      apiUrl: 'https://a.test',
      perBusinessPerHour: 100,
    };
    const second = createStatusMailWorker({ ...options, now: Date.now });
    const sent = await Promise.all([flush(), second.flush(), flush(), second.flush()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(6);
    for (const c of candidates) expect(mailTo(c.email)).toHaveLength(1);

    // A worker that claimed a row and died: nobody sends it while its lease holds; after, it goes once.
    const late = await applied(jobId);
    await move(employer, late.applicationId, ApplicationStatus.Interviewed);
    await t.deps.database.db
      .updateTable('status_mail_outbox')
      .set({ locked_until: new Date(Date.now() + 2 * 60_000) })
      .where('application_id', '=', late.applicationId)
      .execute();
    expect(await flush()).toBe(0);
    const afterLease = createStatusMailWorker({ ...options, now: () => Date.now() + 3 * 60_000 });
    expect(await Promise.all([afterLease.flush(), afterLease.flush()])).toEqual([1, 0]);
    expect(mailTo(late.email).map((m) => m.subject)).toEqual(['Interviewed: your job application has a new status']);
    await mail.close();
  });

  it('sends one e-mail for quick successive moves, and none for a move and its undoing', async () => {
    const { employer, jobId } = await newEmployerJob('Baker');
    const c = await applied(jobId);
    await move(employer, c.applicationId, ApplicationStatus.Qualify);
    await move(employer, c.applicationId, ApplicationStatus.ScheduleInterview);
    expect(await unsent()).toBe(1);
    await flush();
    expect(mailTo(c.email).map((m) => m.subject)).toEqual([
      'Interview to be scheduled: your job application has a new status',
    ]);

    await move(employer, c.applicationId, ApplicationStatus.Reject);
    await move(employer, c.applicationId, ApplicationStatus.ScheduleInterview);
    expect(await unsent()).toBe(0);
    await flush();
    expect(mailTo(c.email)).toHaveLength(1);
  });

  it('sends nothing to a candidate who turned status e-mails off, and drops what was waiting', async () => {
    const { employer, jobId } = await newEmployerJob('Waiter');
    const c = await applied(jobId);
    expect((await t.app.inject({ url: '/candidate/status-emails', headers: c.headers })).json()).toEqual({
      statusEmails: true,
    });
    await move(employer, c.applicationId, ApplicationStatus.Qualify);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/candidate/status-emails',
      headers: c.headers,
      payload: { statusEmails: false },
    });
    expect(off.json()).toEqual({ statusEmails: false });
    expect((await t.app.inject({ url: '/candidate/status-emails', headers: c.headers })).json()).toEqual({
      statusEmails: false,
    });
    await move(employer, c.applicationId, ApplicationStatus.Hired);
    await flush();
    expect(mailTo(c.email)).toHaveLength(0);

    await t.app.inject({
      method: 'PUT',
      url: '/candidate/status-emails',
      headers: c.headers,
      payload: { statusEmails: true },
    });
    await move(employer, c.applicationId, ApplicationStatus.MakeOffer);
    await flush();
    expect(mailTo(c.email).map((m) => m.subject)).toEqual(['Offer: your job application has a new status']);

    // The switch is the caller's own: signed out, or as an employer, it is refused; the body is checked.
    expect((await t.app.inject({ url: '/candidate/status-emails' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/candidate/status-emails', headers: employer })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/candidate/status-emails',
          headers: c.headers,
          payload: { statusEmails: 'no' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('unsubscribes in one click without signing in (RFC 8058 POST), refuses a forged token, and sends a GET to the portal page', async () => {
    const { employer, jobId } = await newEmployerJob('Cook');
    const c = await applied(jobId);
    await move(employer, c.applicationId, ApplicationStatus.Qualify);
    await flush();
    const header = mailTo(c.email)[0]!.headers['list-unsubscribe']!;
    const url = new URL(header.slice(1, -1));
    const path = `${url.pathname}${url.search}`;

    // A link checker's GET changes nothing: it is sent on to the portal page.
    const get = await t.app.inject({ url: path });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`https://careers.example.test/unsubscribe${url.search}`);
    expect((await t.app.inject({ url: '/candidate/status-emails', headers: c.headers })).json()).toEqual({
      statusEmails: true,
    });

    const forged = url.search.replace(/.(?=$)/, (ch) => (ch === 'A' ? 'B' : 'A'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${forged}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, detail: INVALID_UNSUBSCRIBE_LINK });

    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusEmails: false });
    expect((await t.app.inject({ url: '/candidate/status-emails', headers: c.headers })).json()).toEqual({
      statusEmails: false,
    });
    await move(employer, c.applicationId, ApplicationStatus.Interviewed);
    await flush();
    expect(mailTo(c.email)).toHaveLength(1);

    // Again, as a multipart form (RFC 8058 allows both) or with no body (the portal page): still 200.
    const form = multipart('x', Buffer.from(''));
    expect(
      (await t.app.inject({ method: 'POST', url: path, headers: form.headers, payload: form.payload })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
  });

  it('refuses to start on PostgreSQL without UNSUBSCRIBE_SECRET (instances must share it)', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      CANDIDATE_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      DATA_DIR: t.dataDir,
    });
    await expect(openDependencies(config, createLogger('candidate', 'silent'))).rejects.toThrow(
      /UNSUBSCRIBE_SECRET: must be set/,
    );
  });
});
