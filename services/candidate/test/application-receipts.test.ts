import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus } from '@careers/contracts/enums';
import { createLogger } from '@careers/server-kit/logger';
import { createMailTransport } from '@careers/server-kit/mail';
import { encodePng } from '@careers/server-kit/png';
import { databaseKinds } from '@careers/server-kit/testing';
import { receiptMail } from '../src/modules/status-emails/status-emails.service';
import { tinyPdf } from './fixtures';
import { multipart, startTestApp, uploadCv, type TestApp } from './helpers';

const PORTAL = 'https://careers.example.test';

describe('the receipt of an application', () => {
  const facts = {
    to: 'cara@example.test',
    candidateName: 'Cara',
    jobTitle: 'Warehouse Operative',
    businessName: 'Northwind Logistics',
    applicationId: randomUUID(),
    appliedAt: new Date('2026-11-25T15:40:00Z'),
    cvFileName: 'cara-cv.pdf',
    token: 'v1.token',
    portalUrl: PORTAL,
    apiUrl: 'https://api.example.test',
  };

  it('names the job and business plainly, the time in UTC said so, the CV, what happens next and links to the application', () => {
    const mail = receiptMail(facts);
    expect(mail.subject).toBe('Your application for Warehouse Operative at Northwind Logistics was sent');
    expect(mail.text).toContain(
      'Your application for Warehouse Operative at Northwind Logistics has reached the employer.',
    );
    expect(mail.text).not.toMatch(/as written by|"Warehouse Operative"/);
    expect(mail.text).toContain('Sent on: Wednesday 25 November 2026, 15:40 (UTC)');
    expect(mail.text).toContain('CV: cara-cv.pdf');
    expect(mail.text).toContain('What happens next:');
    expect(mail.text).toContain(
      `See your application on the portal: ${PORTAL}/applications?application=${facts.applicationId}`,
    );
    // A receipt is not a status e-mail: no way out of those in it, and it does not say it came because of them.
    expect(mail.text).not.toContain('Stop them:');
    expect(mail.text).not.toContain('status emails are on');
    expect(mail.headers).toBeUndefined();
    // Without a logo the product's name heads it; one button; the footer's Contact us leads to the portal.
    expect(mail.html).not.toContain('<img');
    expect(mail.text.split('\n')[0]).toBe('Careers Portal');
    expect(
      mail.html.match(
        /<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px">/g,
      ),
    ).toHaveLength(1);
    expect(mail.html).toContain(`href="${PORTAL}/contact-us"`);
  });

  it("says the time in the candidate's zone when the portal knows it", () => {
    expect(receiptMail({ ...facts, timeZone: 'Europe/Paris' }).text).toContain(
      'Sent on: Wednesday 25 November 2026, 16:40 (Europe/Paris)',
    );
  });

  it('shows the logo when there is one, and a configured contact address', () => {
    const mail = receiptMail({
      ...facts,
      logoUrl: 'https://cdn.example.test/businesses/x/logo.png',
      contactEmail: 'help@example.test',
    });
    expect(mail.html).toContain(
      '<img src="https://cdn.example.test/businesses/x/logo.png" width="48" height="48" alt="Northwind Logistics"',
    );
    expect(mail.html).toContain('href="mailto:help@example.test"');
    expect(mail.text).toContain('Contact us: help@example.test');
  });

  it('names neither in the subject, nor heads the e-mail with a name, when a mail client could make a link of it', () => {
    const mail = receiptMail({ ...facts, jobTitle: 'Apply at https://evil.test', businessName: 'evil.test Ltd' });
    expect(mail.subject).toBe('Your application was sent');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/evil/);
    expect(mail.text).toContain('Your application for a job has reached the employer.');
    expect(mail.html).toContain('>CP</td>');
  });
});

describe.each(databaseKinds())('receipts are sent through the status e-mails outbox on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      MAIL_POLL_INTERVAL_MS: '600000',
      STATUS_MAIL_DELAY_SECONDS: '0',
      STATUS_MAILS_PER_BUSINESS_PER_HOUR: '1',
      PORTAL_URL: PORTAL,
    });
  });
  afterAll(async () => t?.close());

  const flush = () => t.deps.statusMail.worker.flush();
  const mailsTo = (address: string) => (t.deps.mail.list?.() ?? []).filter((m) => m.to === address);

  async function employerWithJob(title: string, withLogo = false) {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const business = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name: 'Northwind Logistics', city: 'Leeds', phone: '0113', domain: `nw${randomUUID().slice(0, 6)}` },
    });
    expect(business.statusCode).toBe(200);
    if (withLogo) {
      const body = multipart(
        'logo.png',
        encodePng(8, 8, () => [20, 80, 160, 255]),
        'image/png',
      );
      const logo = await t.app.inject({
        method: 'POST',
        url: '/business/logo',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(logo.statusCode).toBe(200);
    }
    const job = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers,
      payload: {
        title,
        description: 'Boxes',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        jobType: 1,
        remote: false,
        salaryRateType: 0,
      },
    });
    expect(job.statusCode).toBe(200);
    return { employer: headers, jobId: job.json().id as string, business: business.json() };
  }

  async function apply(jobId: string, options: { verified?: boolean; statusEmails?: boolean } = {}) {
    const userId = randomUUID();
    const email = `cand-${userId.slice(0, 8)}@example.test`;
    const headers = {
      authorization: `Bearer ${await t.identity.token(userId, ['Candidate'], { email, emailVerified: options.verified ?? true })}`,
    };
    await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'Cara Candidate', email, phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    if (options.statusEmails === false)
      await t.app.inject({ method: 'PUT', url: '/candidate/status-emails', headers, payload: { statusEmails: false } });
    const cvId = await uploadCv(t, headers, 'cara-cv.pdf', tinyPdf('Cara'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: { jobId, cvId, readyToWork: true },
    });
    expect(res.json().isValidResponse).toBe(true);
    return { userId, email, applicationId: res.json().result.applicationId as string };
  }

  it('sends one receipt per application, with the business logo, spending none of the status e-mails budget', async () => {
    const { employer, jobId, business } = await employerWithJob('Warehouse Operative', true);
    const a = await apply(jobId);
    const b = await apply(jobId);
    expect(await flush()).toBe(2);
    const [receipt, ...more] = mailsTo(a.email);
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Your application for Warehouse Operative at Northwind Logistics was sent');
    expect(receipt!.text).toContain('CV: cara-cv.pdf');
    expect(receipt!.text).toContain(`${PORTAL}/applications?application=${a.applicationId}`);
    expect(receipt!.html).toContain(
      `<img src="${t.config.publicBlobBaseUrl}/${business.imageRelativeDirectory}/logo.png" width="48" height="48" alt="Northwind Logistics"`,
    );
    expect(mailsTo(b.email)).toHaveLength(1);
    // The budget of one status e-mail an hour is still whole.
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/business/applications/${a.applicationId}/status`,
      headers: employer,
      payload: { applicationStatus: ApplicationStatus.Qualify },
    });
    expect(moved.statusCode).toBe(200);
    expect(await flush()).toBe(1);
    expect(mailsTo(a.email).map((m) => m.subject)).toEqual([
      'Under review: your job application has a new status',
      'Your application for Warehouse Operative at Northwind Logistics was sent',
    ]);
  });

  it('waits for a new candidate to prove the address, then sends the receipt', async () => {
    const { jobId } = await employerWithJob('Picker');
    const c = await apply(jobId, { verified: false });
    expect(await flush()).toBe(0);
    expect(mailsTo(c.email)).toEqual([]);
    const notice = await t.identity.addressNotice(c.userId, 'email_verified', { email: c.email, emailVerified: true });
    const told = await t.app.inject({
      method: 'POST',
      url: '/account-events',
      headers: { authorization: `Bearer ${notice}` },
    });
    expect(told.statusCode).toBeLessThan(300);
    // Due again after its wait.
    await t.deps.database.db
      .updateTable('status_mail_outbox')
      .set({ next_attempt_at: new Date() })
      .where('application_id', '=', c.applicationId)
      .execute();
    expect(await flush()).toBe(1);
    expect(mailsTo(c.email).map((m) => m.subject)).toEqual([
      'Your application for Picker at Northwind Logistics was sent',
    ]);
  });

  // The dev outbox exists only in the embedded default (PGlite, no SMTP): with PostgreSQL there is none.
  it(
    kind === 'pglite'
      ? 'keeps its e-mails in the dev outbox folder the identity service shows (embedded default)'
      : 'keeps no dev outbox folder with PostgreSQL (not the embedded default)',
    async () => {
      const { jobId } = await employerWithJob('Loader');
      const c = await apply(jobId);
      expect(await flush()).toBe(1);
      if (kind !== 'pglite') {
        expect(t.config.devOutboxDir).toBeUndefined();
        return;
      }
      expect(t.config.devOutboxDir).toBe(path.join(t.dataDir, 'dev-outbox'));
      // What the identity service of the same DATA_DIR lists at /dev/outbox.
      const reader = createMailTransport({
        from: 'x',
        logger: createLogger('identity', 'silent'),
        outboxDir: t.config.devOutboxDir,
      });
      expect(reader.list!().find((m) => m.to === c.email)?.subject).toBe(
        'Your application for Loader at Northwind Logistics was sent',
      );
    },
  );

  it('sends the receipt to a candidate who turned status e-mails off: it is not one of them', async () => {
    const { employer, jobId } = await employerWithJob('Driver');
    const c = await apply(jobId, { statusEmails: false });
    expect(await flush()).toBe(1);
    expect(mailsTo(c.email).map((m) => m.subject)).toEqual([
      'Your application for Driver at Northwind Logistics was sent',
    ]);
    // The switch still stops the status e-mails.
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/business/applications/${c.applicationId}/status`,
      headers: employer,
      payload: { applicationStatus: ApplicationStatus.Qualify },
    });
    expect(moved.statusCode).toBe(200);
    expect(await flush()).toBe(0);
    expect(mailsTo(c.email)).toHaveLength(1);
  });

  it('keeps a receipt still waiting for its proved address when the candidate turns status e-mails off', async () => {
    const { jobId } = await employerWithJob('Courier');
    const c = await apply(jobId, { verified: false });
    const headers = {
      authorization: `Bearer ${await t.identity.token(c.userId, ['Candidate'], { email: c.email, emailVerified: false })}`,
    };
    const off = await t.app.inject({
      method: 'PUT',
      url: '/candidate/status-emails',
      headers,
      payload: { statusEmails: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await flush()).toBe(0);
    const notice = await t.identity.addressNotice(c.userId, 'email_verified', { email: c.email, emailVerified: true });
    const told = await t.app.inject({
      method: 'POST',
      url: '/account-events',
      headers: { authorization: `Bearer ${notice}` },
    });
    expect(told.statusCode).toBeLessThan(300);
    await t.deps.database.db
      .updateTable('status_mail_outbox')
      .set({ next_attempt_at: new Date() })
      .where('application_id', '=', c.applicationId)
      .execute();
    expect(await flush()).toBe(1);
    expect(mailsTo(c.email).map((m) => m.subject)).toEqual([
      'Your application for Courier at Northwind Logistics was sent',
    ]);
  });
});
