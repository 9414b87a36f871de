import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { ApplicationStatus } from '@careers/contracts/enums';
import { createLogger } from '@careers/server-kit/logger';
import { createMailTransport } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { quotableEmployerWords, statusMail } from '../src/modules/status-emails/status-emails.service';
import { createStatusMailWorker } from '../src/modules/status-emails/status-emails.worker';
import { tinyPdf } from './fixtures';
import { multipart, startTestApp, type TestApp } from './helpers';

const PORTAL = 'https://careers.example.test';
const PHISHING_TITLE = 'ACTION REQUIRED - confirm your bank details at https://evil.test/login';

interface Received {
  to: string[];
  raw: string;
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
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every web address in a text: what a mail client could make a link of. */
const addressesIn = (text: string) => text.match(/(?:https?:\/\/|www\.)[^\s"'<>)]+/gi) ?? [];

describe('the words of a status e-mail', () => {
  const facts = {
    to: 'cara@example.test',
    candidateName: 'Cara',
    applicationId: randomUUID(),
    applicationStatus: ApplicationStatus.Qualify,
    token: 'v1.token',
    portalUrl: PORTAL,
    apiUrl: 'https://api.example.test',
  };

  it('names the job title and business name plainly, keeps them out of the subject, and links only to the portal', () => {
    const mail = statusMail({ ...facts, jobTitle: 'Barista', businessName: 'Bean & Co' });
    expect(mail.subject).toBe('Under review: your job application has a new status');
    expect(mail.text).toContain('Your application for Barista at Bean & Co has a new status:');
    expect(mail.html).toContain('Your application for Barista at Bean &amp; Co has a new status:');
    expect(mail.text).not.toContain('as written by');
    for (const address of [...addressesIn(mail.text), ...addressesIn(mail.html)])
      expect(address).toMatch(/^https:\/\/careers\.example\.test\//);
  });

  it('leaves out a title or business name holding a web address, says so, and links nowhere else', () => {
    const mail = statusMail({ ...facts, jobTitle: PHISHING_TITLE, businessName: 'Pay at secure-bank.example now' });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/evil|secure-bank|ACTION REQUIRED|confirm your bank/i);
      for (const address of addressesIn(part)) expect(address).toMatch(/^https:\/\/careers\.example\.test\//);
    }
    expect(mail.text).toContain('Your application for a job has a new status:');
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/careers\.example\.test\//);
  });

  it('finds what a mail client could make a link of, also when written to hide it', () => {
    for (const title of [
      'See https://evil.test',
      'evil.test/login',
      'Go to www.evil.test',
      'write to pay@evil.test',
      'Sign in at 192.168.0.1',
      'hxxp://a mailto:x',
      'evil\u200B.test',
      'evil\u3002test',
      'javascript:alert(1)',
      'Node.js developer',
    ]) {
      expect(quotableEmployerWords(title), title).toBeNull();
    }
    for (const title of [
      'Barista',
      'Sr. Manager (£10.50/hr)',
      'Chef – 2 days/week',
      'U.K. sales lead',
      'Q&A: “support”',
    ])
      expect(quotableEmployerWords(title), title).toBe(title);
    expect(quotableEmployerWords('Line\none\u202Eevil')).toBe('Line oneevil');
    expect(quotableEmployerWords('x'.repeat(300))).toHaveLength(200);
  });
});

describe.each(databaseKinds())('the platform’s mailer cannot be turned on others on %s', (kind) => {
  const PER_HOUR = 25;
  // Moved at once, in bursts of 50: more than four hours of the budget.
  const MOVED = 120;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(kind, {
      SMTP_URL: sink.url,
      MAIL_POLL_INTERVAL_MS: '600000',
      STATUS_MAIL_DELAY_SECONDS: '0',
      STATUS_MAILS_PER_BUSINESS_PER_HOUR: String(PER_HOUR),
      PORTAL_URL: PORTAL,
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const flush = () => t.deps.statusMail.worker.flush();
  const isReceipt = (m: Received) => m.raw.includes('Your application was sent');
  /** The status e-mails to an address (each application also sends its receipt, docs/decisions/0283). */
  const mailTo = (address: string) => sink.received.filter((m) => m.to.includes(address) && !isReceipt(m));

  async function employerWithJob(title: string, businessName = 'Mover Ltd') {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const business = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name: businessName, city: 'Leeds', phone: '0113', domain: `d${randomUUID().slice(0, 8)}` },
    });
    expect(business.statusCode).toBe(200);
    const job = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers,
      payload: { title, description: 'Work', city: 'Leeds', jobType: 1, remote: false, salaryRateType: 0 },
    });
    expect(job.statusCode).toBe(200);
    return { headers, businessId: business.json().id as string, jobId: job.json().id as string };
  }

  async function move(headers: Record<string, string>, applicationId: string, applicationStatus: number) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/business/applications/${applicationId}/status`,
      headers,
      payload: { applicationStatus },
    });
    expect(res.statusCode).toBe(200);
  }

  it('stores the token’s address whatever the body says: applying as victim@y with a token for a@x', async () => {
    const { headers: employer, jobId } = await employerWithJob('Barista');
    const userId = randomUUID();
    const attacker = `a-${userId.slice(0, 8)}@x.test`;
    const victim = `victim-${userId.slice(0, 8)}@y.test`;
    const headers = {
      authorization: `Bearer ${await t.identity.token(userId, ['Candidate'], { email: attacker, emailVerified: true })}`,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'Mallory', email: victim, phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().email).toBe(attacker);
    const row = await t.deps.database.db
      .selectFrom('candidates')
      .select(['email', 'email_verified'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: attacker, email_verified: true });

    const body = multipart('cv.pdf', tinyPdf('Mallory'));
    const cv = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: { jobId, cvId: cv.json().cvId, readyToWork: true },
    });
    const applicationId = applied.json().result.applicationId as string;
    // The employer sees the address the account proved, never the one typed in the body.
    const seen = await t.app.inject({ url: `/business/applications/${applicationId}`, headers: employer });
    expect(seen.json().candidate.email).toBe(attacker);
    expect(JSON.stringify(seen.json())).not.toContain(victim);
    // And the platform's e-mail goes to that address only.
    await move(employer, applicationId, ApplicationStatus.Qualify);
    await flush();
    expect(sink.received.filter((m) => m.to.includes(victim))).toEqual([]);
    expect(mailTo(attacker)).toHaveLength(1);
    expect(sink.received.filter((m) => m.to.includes(attacker) && isReceipt(m))).toHaveLength(1);
  });

  it('sends a job titled with a web address without it: no link but the portal’s, the title labelled as the employer’s', async () => {
    const { headers: employer, jobId } = await employerWithJob(PHISHING_TITLE, 'Evil Ltd');
    const userId = randomUUID();
    const email = `c-${userId.slice(0, 8)}@example.test`;
    const headers = await t.auth(userId, ['Candidate'], email);
    await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'Cara', email, phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    const body = multipart('cv.pdf', tinyPdf('Cara'));
    const cv = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: { jobId, cvId: cv.json().cvId, readyToWork: true },
    });
    await move(employer, applied.json().result.applicationId, ApplicationStatus.ScheduleInterview);
    await flush();
    const [mail, ...more] = mailTo(email);
    expect(more).toEqual([]);
    const raw = mail!.raw.replace(/=\r?\n/g, '');
    expect(raw).not.toMatch(/evil\.test|ACTION REQUIRED|confirm your bank/i);
    expect(raw).toContain('Your application for a job at Evil Ltd has a new status:');
    const body3D = raw.slice(raw.indexOf('\r\n\r\n'));
    for (const address of addressesIn(body3D.replace(/=3D/g, '=')))
      expect(address).toMatch(/^https:\/\/careers\.example\.test\//);
  });

  it(`sends at most ${PER_HOUR} status e-mails an hour for an employer who moves ${MOVED} applications at once; the rest wait, other businesses are not held`, async () => {
    const mover = await employerWithJob('Picker');
    const db = t.deps.database.db;
    const candidates = Array.from({ length: MOVED }, (_, i) => ({
      id: randomUUID(),
      user_id: randomUUID(),
      name: `Bulk ${i}`,
      email: `bulk-${i}-${randomUUID().slice(0, 8)}@example.test`,
      phone_number: '0777',
      postcode: 'M1 1AA',
      // Proved addresses: an unproved one is mailed nothing until it is proved (decision 0532).
      email_verified: true,
    }));
    await db.insertInto('candidates').values(candidates).execute();
    const applications = candidates.map((c) => ({
      id: randomUUID(),
      candidate_id: c.id,
      job_id: mover.jobId,
      ready_to_work: true,
      applied_at: new Date(),
    }));
    await db.insertInto('job_applications').values(applications).execute();
    const sentBefore = sink.received.length;
    for (let i = 0; i < applications.length; i += 50) {
      await Promise.all(applications.slice(i, i + 50).map((a) => move(mover.headers, a.id, ApplicationStatus.Reject)));
    }

    // Two workers at once (two instances): together they spend the budget once.
    const logger = createLogger('candidate', 'silent');
    const mail = createMailTransport({ smtpUrl: sink.url, from: 'Careers <no-reply@careers.example.test>', logger });
    const worker = (now: () => number) =>
      createStatusMailWorker({
        db,
        mail,
        now,
        intervalMs: 600_000,
        logger,
        secret: t.deps.statusMail.secret,
        portalUrl: PORTAL,
        apiUrl: 'https://api.example.test',
        perBusinessPerHour: PER_HOUR,
      });
    const second = worker(Date.now);
    const sent = await Promise.all([flush(), second.flush(), flush(), second.flush()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(PER_HOUR);
    expect(sink.received.length - sentBefore).toBe(PER_HOUR);
    expect(await flush()).toBe(0);

    // The moves all happened; the e-mails not sent wait for a later hour.
    const statuses = await db
      .selectFrom('job_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', mover.jobId)
      .where('application_status', '=', ApplicationStatus.Reject)
      .executeTakeFirstOrThrow();
    expect(Number(statuses.n)).toBe(MOVED);
    const waiting = await db
      .selectFrom('status_mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(waiting.n)).toBe(MOVED - PER_HOUR);

    // Another business in the same hour has its own budget.
    const other = await employerWithJob('Other');
    const userId = randomUUID();
    const email = `o-${userId.slice(0, 8)}@example.test`;
    const headers = await t.auth(userId, ['Candidate'], email);
    await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'O', email, phoneNumber: '1', postcode: 'M1' },
    });
    const body = multipart('cv.pdf', tinyPdf('O'));
    const cv = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: { jobId: other.jobId, cvId: cv.json().cvId, readyToWork: true },
    });
    await move(other.headers, applied.json().result.applicationId, ApplicationStatus.Qualify);
    // Its status e-mail and the application's receipt, which spends no budget.
    expect(await flush()).toBe(2);
    expect(mailTo(email)).toHaveLength(1);

    // An hour later, the next PER_HOUR go, oldest first.
    const nextHour = worker(() => Date.now() + 61 * 60_000);
    expect(await nextHour.flush()).toBe(PER_HOUR);
    expect(await nextHour.flush()).toBe(0);
    expect(sink.received.filter((m) => m.to.some((to) => to.startsWith('bulk-')))).toHaveLength(2 * PER_HOUR);
    await mail.close();
  }, 300_000);
});
