import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveBotCheck } from '@careers/test-support/bot-check';
import { JOB_ALERT_TEXTS } from '@careers/contracts/job-alerts';
import { createLogger } from '@careers/server-kit/logger';
import { createMailTransport, type MailTransport, type SentMail } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { createJobAlertWorker } from '../src/modules/job-alerts/job-alerts.worker';
import { startTestApp, type TestApp } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const PORTAL = 'https://careers.example.test';
const API = 'https://api.example.test';
/** The security review's search: a stranger's phishing words, sent by our sender to someone else's address. */
const PHISHING = 'URGENT payroll account locked - sign in at https://evil.test/login';
const PHISHING_WORDS = ['URGENT', 'payroll', 'locked', 'evil.test', 'https://evil'];

const logger = createLogger('candidate', 'silent');

/** A test app whose routes and job-alert worker run on the test's clock; its worker's e-mails kept in memory. */
async function alertApp(kind: Parameters<typeof startTestApp>[0], env: Record<string, string>) {
  const t: TestApp = await startTestApp(kind, {
    BOT_CHECK_MAX_NUMBER: '1000',
    MAIL_POLL_INTERVAL_MS: '600000',
    PORTAL_URL: PORTAL,
    CANDIDATE_URL: API,
    CANDIDATE_WORKERS: 'false',
    ...env,
  });
  const clock = { now: Date.now() };
  t.deps.jobAlerts.now = () => clock.now;
  const mail: MailTransport = createMailTransport({ from: 'jobs@example.test', logger, now: () => clock.now });
  const worker = createJobAlertWorker({
    db: t.deps.database.db,
    mail,
    now: () => clock.now,
    intervalMs: 600_000,
    logger,
    secret: t.deps.statusMail.secret,
    portalUrl: PORTAL,
    apiUrl: API,
    settings: t.config.jobAlerts,
  });
  const signUp = async (payload: Record<string, unknown>, ip: string) => {
    const challenge = await t.app.inject({ url: '/job-alerts/challenge' });
    expect(challenge.statusCode).toBe(200);
    return t.app.inject({
      method: 'POST',
      url: '/job-alerts',
      payload: { token: await solveBotCheck(challenge.json()), ...payload },
      remoteAddress: ip,
    });
  };
  const sent = (to: string): SentMail[] => mail.list!().filter((m) => m.to === to);
  return { t, clock, worker, signUp, sent };
}

/** Everything of an e-mail a reader or a mail client sees. */
const wholeMail = (m: SentMail) => [m.subject, m.text, m.html, JSON.stringify(m.headers ?? {})].join('\n');

describe.each(databaseKinds())('job alerts against strangers on %s', (kind) => {
  let s: Awaited<ReturnType<typeof alertApp>>;
  beforeAll(async () => {
    s = await alertApp(kind, {});
  });
  afterAll(async () => s?.t.close());

  it("quotes none of a stranger's search in the confirmation e-mail; the proved address sees it on the portal", async () => {
    const victim = `ceo-${randomUUID().slice(0, 8)}@victim-corp.test`;
    const search = new URLSearchParams({ q: PHISHING, location: 'Call +44 20 7946 0000 now' }).toString();
    s.clock.now = Date.now() - 1000;
    for (let i = 0; i < 5; i += 1) {
      expect((await s.signUp({ email: victim, search }, `203.0.113.${10 + i}`)).statusCode).toBe(202);
      await s.worker.flush();
    }
    const mails = s.sent(victim);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.subject).toBe('Confirm your job alert');
      for (const word of [...PHISHING_WORDS, '7946']) expect(wholeMail(mail)).not.toContain(word);
      expect(mail.text).toContain('New jobs for a saved job search');
      for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g))
        expect(href).toMatch(/^(https:\/\/careers\.example\.test\/|mailto:)/);
    }

    // The link proves the address; only then does the portal show the words (as text: the page renders it).
    const token = /\/job-alerts\/confirm\?token=(\S+)/.exec(mails[0]!.text)![1]!;
    const confirmed = await s.t.app.inject({ method: 'POST', url: `/job-alerts/confirm?token=${token}` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      status: 'confirmed',
      label: `Jobs matching: "${PHISHING}", in Call +44 20 7946 0000 now`,
    });
  });

  it("the proved address's digest quotes its search only when no part of it can become a link", async () => {
    const employer = await s.t.auth(randomUUID(), ['BusinessUser']);
    const business = await s.t.app.inject({
      method: 'POST',
      url: '/business',
      headers: employer,
      payload: { name: 'Plain Bakery', city: 'Leeds', phone: '0113', domain: 'plainbakery' },
    });
    expect(business.statusCode).toBe(200);
    const plain = `plain-${randomUUID().slice(0, 8)}@example.test`;
    const linked = `linked-${randomUUID().slice(0, 8)}@example.test`;
    s.clock.now = Date.now() - 1000;
    for (const [email, q] of [
      [plain, 'sourdough'],
      [linked, 'sourdough www.evil.test'],
    ] as const) {
      expect((await s.signUp({ email, search: `q=${encodeURIComponent(q)}` }, '203.0.113.40')).statusCode).toBe(202);
      await s.worker.flush();
      const token = /\/job-alerts\/confirm\?token=(\S+)/.exec(s.sent(email)[0]!.text)![1]!;
      expect((await s.t.app.inject({ method: 'POST', url: `/job-alerts/confirm?token=${token}` })).statusCode).toBe(
        200,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    const job = await s.t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers: employer,
      payload: {
        title: 'Sourdough Baker',
        description: 'Sourdough from four in the morning; the rota is on www.evil.test.',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        jobType: 1,
        remote: false,
        salaryRateType: 0,
      },
    });
    expect(job.statusCode).toBe(200);
    s.clock.now = Date.now() + DAY + 1000;
    await s.worker.flush();

    const [plainDigest] = s.sent(plain).filter((m) => m.kind === 'job alert');
    expect(plainDigest!.text).toContain('Jobs matching: "sourdough", since our last e-mail');
    const [linkedDigest] = s.sent(linked).filter((m) => m.kind === 'job alert');
    expect(linkedDigest!.text).toContain('New jobs for your saved job search, since our last e-mail');
    expect(linkedDigest!.text).toContain('Sourdough Baker');
    // The "see all" button's address carries the search, encoded, to the portal's own /jobs.
    expect(wholeMail(linkedDigest!).replace(/https:\/\/careers\.example\.test\/jobs\?\S+/g, '')).not.toContain(
      'evil.test',
    );
  });
});

describe.each(databaseKinds())('the install-wide cap on confirmation e-mails on %s', (kind) => {
  let s: Awaited<ReturnType<typeof alertApp>>;
  beforeAll(async () => {
    s = await alertApp(kind, { JOB_ALERT_CONFIRMATIONS_PER_HOUR: '3' });
  });
  afterAll(async () => s?.t.close());

  it('answers 429 with Retry-After past the cap, keeps no alert then, and counts across concurrent requests', async () => {
    const start = Date.now();
    s.clock.now = start;
    const first = `first-${randomUUID().slice(0, 8)}@example.test`;
    expect((await s.signUp({ email: first, search: 'q=baker' }, '192.0.2.1')).statusCode).toBe(202);
    // The same unconfirmed alert again, its e-mail still waiting: no second e-mail, nothing counted.
    expect((await s.signUp({ email: first, search: 'q=baker' }, '192.0.2.1')).statusCode).toBe(202);

    // Every request from its own client, as a botnet's: only the cap stops them.
    s.clock.now = start + 10 * 60 * 1000;
    const addresses = Array.from({ length: 6 }, (_, i) => `many-${i}-${randomUUID().slice(0, 8)}@example.test`);
    const answers = await Promise.all(
      addresses.map((email, i) => s.signUp({ email, search: 'q=baker' }, `192.0.2.${10 + i}`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 202, 429, 429, 429, 429]);
    for (const over of answers.filter((r) => r.statusCode === 429)) {
      expect(over.json().detail).toBe(JOB_ALERT_TEXTS.tooManyOverall);
      // The oldest counted e-mail leaves the hour 50 minutes from now.
      expect(over.headers['retry-after']).toBe(String(50 * 60));
    }
    const refused = addresses.filter((_, i) => answers[i]!.statusCode === 429);
    const kept = await s.t.deps.database.db
      .selectFrom('job_alerts')
      .select('email')
      .where('email', 'in', refused)
      .execute();
    expect(kept).toEqual([]);
    await s.worker.flush();
    expect(addresses.filter((email) => s.sent(email).length > 0)).toHaveLength(2);

    // An hour after the first e-mail, one place is free again; the refused address can ask once more.
    s.clock.now = start + HOUR + 1000;
    expect((await s.signUp({ email: refused[0]!, search: 'q=baker' }, '192.0.2.50')).statusCode).toBe(202);
    const full = await s.signUp({ email: refused[1]!, search: 'q=baker' }, '192.0.2.51');
    expect(full.statusCode).toBe(429);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
  });
});
