import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveBotCheck } from '@careers/test-support/bot-check';
import { JOB_ALERT_TEXTS } from '@careers/contracts/job-alerts';
import { createLogger } from '@careers/server-kit/logger';
import { createMailTransport, type MailTransport, type SentMail } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { createJobAlertWorker } from '../src/modules/job-alerts/job-alerts.worker';
import { startTestApp, unzip, type TestApp } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const PORTAL = 'https://careers.example.test';
const API = 'https://api.example.test';

describe.each(databaseKinds())('job alerts on %s', (kind) => {
  let t: TestApp;
  /** The injected clock of the routes and of the test's workers. */
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp(kind, {
      BOT_CHECK_MAX_NUMBER: '1000',
      MAIL_POLL_INTERVAL_MS: '600000',
      PORTAL_URL: PORTAL,
      CANDIDATE_URL: API,
      JOB_ALERT_SIGNUPS_PER_ADDRESS_PER_HOUR: '3',
      CANDIDATE_WORKERS: 'false',
    });
    t.deps.jobAlerts.now = () => clock;
  });
  afterAll(async () => t?.close());

  const logger = createLogger('candidate', 'silent');
  /** One instance's worker: its own mail transport (the dev outbox in memory), the shared database and clock. */
  function instance() {
    const mail: MailTransport = createMailTransport({ from: 'jobs@example.test', logger, now: () => clock });
    const worker = createJobAlertWorker({
      db: t.deps.database.db,
      mail,
      now: () => clock,
      intervalMs: 600_000,
      logger,
      secret: t.deps.statusMail.secret,
      portalUrl: PORTAL,
      apiUrl: API,
      settings: t.config.jobAlerts,
    });
    return {
      worker,
      sent: (to: string): SentMail[] =>
        mail.list!()
          .filter((m) => m.to === to)
          .reverse(),
    };
  }
  let a: ReturnType<typeof instance>;
  let b: ReturnType<typeof instance>;
  beforeAll(() => {
    a = instance();
    b = instance();
  });
  const sentTo = (to: string) => [...a.sent(to), ...b.sent(to)];

  async function botToken(): Promise<string> {
    const res = await t.app.inject({ url: '/job-alerts/challenge' });
    expect(res.statusCode).toBe(200);
    return solveBotCheck(res.json());
  }

  async function signUp(payload: Record<string, unknown>, ip = '198.51.100.9') {
    return t.app.inject({
      method: 'POST',
      url: '/job-alerts',
      payload: { token: await botToken(), ...payload },
      remoteAddress: ip,
    });
  }

  async function newBusiness(name: string) {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name, city: 'Leeds', phone: '0113', domain: name.toLowerCase().replace(/\W/g, '') },
    });
    expect(res.statusCode).toBe(200);
    return { headers, businessId: res.json().id as string };
  }

  async function postJob(employer: Record<string, string>, title: string, extra: Record<string, unknown> = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers: employer,
      payload: {
        title,
        description: 'Making coffee for the morning rush.',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        jobType: 1,
        remote: false,
        salaryRateType: 0,
        ...extra,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().id as string;
  }

  /** The link of the e-mail's button (its text part prints it in full). */
  const linkIn = (mail: SentMail, path: string) => {
    const found = new RegExp(`${PORTAL}${path}\\?token=([^\\s]+)`).exec(mail.text);
    expect(found).not.toBeNull();
    return decodeURIComponent(found![1]!);
  };

  async function confirmed(email: string, payload: Record<string, unknown>) {
    expect((await signUp({ email, ...payload })).statusCode).toBe(202);
    await a.worker.flush();
    const [mail] = a.sent(email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/job-alerts/confirm?token=${encodeURIComponent(linkIn(mail!, '/job-alerts/confirm'))}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('confirms by the first e-mail, then sends one e-mail a day with the new jobs, once across two instances', async () => {
    const { headers, businessId } = await newBusiness('Bean Counter');
    const email = `alert-${randomUUID().slice(0, 8)}@example.test`;
    clock = Date.now() - 1000;

    const res = await signUp({ email, businessId });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'confirmation-sent' });
    await Promise.all([a.worker.flush(), b.worker.flush()]);
    const first = sentTo(email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Confirm your job alert');
    expect(first[0]!.text).toContain('New jobs at Bean Counter');
    expect(first[0]!.html).toContain('Confirm the job alert');

    // Unconfirmed, a job and a day bring nothing.
    await postJob(headers, 'Barista before confirming');
    clock += DAY + 1000;
    await Promise.all([a.worker.flush(), b.worker.flush()]);
    expect(sentTo(email)).toHaveLength(1);

    // Confirmed now (the clock back to the real time, which the jobs' posting dates follow).
    clock = Date.now();
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/job-alerts/confirm?token=${encodeURIComponent(linkIn(first[0]!, '/job-alerts/confirm'))}`,
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ status: 'confirmed', label: 'New jobs at Bean Counter' });

    // The job posted before the confirmation is not new to the alert; one posted after it is.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const jobId = await postJob(headers, 'Head Barista');
    // Less than a day after confirming: nothing yet.
    clock += DAY / 2;
    await Promise.all([a.worker.flush(), b.worker.flush()]);
    expect(sentTo(email)).toHaveLength(1);

    clock += DAY;
    await Promise.all([a.worker.flush(), b.worker.flush(), a.worker.flush(), b.worker.flush()]);
    const digests = sentTo(email).filter((m) => m.kind === 'job alert');
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('1 new job for your job alert');
    expect(digest.text).toContain('Head Barista');
    expect(digest.text).not.toContain('Barista before confirming');
    expect(digest.text).toContain(`${PORTAL}/apply/${jobId}?utm_source=job-alert`);
    expect(digest.html).toContain('Stop this job alert');
    expect(digest.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(digest.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${API}/job-alerts/unsubscribe\\?token=`));

    // The next day with nothing new: no e-mail.
    clock += DAY + 1000;
    await Promise.all([a.worker.flush(), b.worker.flush()]);
    expect(sentTo(email).filter((m) => m.kind === 'job alert')).toHaveLength(1);

    // A new job, but closed before its day: not sent.
    const closing = await postJob(headers, 'Night Barista');
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${closing}`,
      headers,
      payload: {
        title: 'Night Barista',
        description: 'Making coffee for the morning rush.',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        jobType: 1,
        remote: false,
        salaryRateType: 0,
        isLive: false,
      },
    });
    expect(closed.statusCode).toBe(200);
    clock += DAY + 1000;
    await Promise.all([a.worker.flush(), b.worker.flush()]);
    expect(sentTo(email).filter((m) => m.kind === 'job alert')).toHaveLength(1);

    // Unsubscribe the way a mail client does (RFC 8058): a form POST to the List-Unsubscribe address.
    const token = /token=([^>]+)>/.exec(digest.headers!['List-Unsubscribe']!)![1]!;
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/job-alerts/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ status: 'unsubscribed', label: 'New jobs at Bean Counter' });
    const again = await t.app.inject({ method: 'POST', url: `/job-alerts/unsubscribe?token=${token}` });
    expect(again.json()).toEqual({ status: 'unsubscribed', label: null });
    await postJob(headers, 'Barista after unsubscribing');
    clock += DAY + 1000;
    await Promise.all([a.worker.flush(), b.worker.flush()]);
    expect(sentTo(email).filter((m) => m.kind === 'job alert')).toHaveLength(1);

    // A GET of the link (a link checker) changes nothing: it opens the portal's one-press page.
    const get = await t.app.inject({ url: `/job-alerts/unsubscribe?token=${token}` });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`${PORTAL}/job-alerts/unsubscribe?token=${token}`);
    const forged = await t.app.inject({ method: 'POST', url: `/job-alerts/unsubscribe?token=u1.${randomUUID()}.xyz` });
    expect(forged.statusCode).toBe(400);
  });

  it('matches a saved search by its keywords and filters', async () => {
    const { headers } = await newBusiness('Search Roastery');
    const email = `search-${randomUUID().slice(0, 8)}@example.test`;
    clock = Date.now() - 1000;
    const done = await confirmed(email, { search: '?q=roaster&remote=1&utm_source=x&page=3' });
    expect(done.label).toBe('Jobs matching: "roaster", remote');
    await postJob(headers, 'Coffee Roaster', { remote: true, workplace: 'Remote' });
    await postJob(headers, 'Coffee Roaster in the shop');
    await postJob(headers, 'Remote Accountant', { remote: true, workplace: 'Remote' });
    clock += DAY + 1000;
    await a.worker.flush();
    const digests = a.sent(email).filter((m) => m.kind === 'job alert');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain('Coffee Roaster');
    expect(digests[0]!.text).not.toContain('Coffee Roaster in the shop');
    expect(digests[0]!.text).not.toContain('Remote Accountant');
    expect(digests[0]!.text).toContain(`${PORTAL}/jobs?`);
  });

  it('forgets an unconfirmed alert after its expiry; the link then says so', async () => {
    const { businessId } = await newBusiness('Forgetful Foods');
    const email = `late-${randomUUID().slice(0, 8)}@example.test`;
    clock = Date.now();
    expect((await signUp({ email, businessId })).statusCode).toBe(202);
    await a.worker.flush();
    const link = linkIn(a.sent(email)[0]!, '/job-alerts/confirm');
    clock += 49 * 60 * 60 * 1000;
    await a.worker.flush();
    const rows = await t.deps.database.db.selectFrom('job_alerts').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(0);
    const res = await t.app.inject({ method: 'POST', url: `/job-alerts/confirm?token=${encodeURIComponent(link)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(JOB_ALERT_TEXTS.invalidLink);
  });

  it('needs a solved bot check and limits sign-ups per address; the answer never says whether one existed', async () => {
    const { businessId } = await newBusiness('Limited Ltd');
    const email = `limit-${randomUUID().slice(0, 8)}@example.test`;
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/job-alerts',
      payload: { email, businessId, token: 'bm90IGEgdG9rZW4=' },
    });
    expect(noToken.statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1)
      expect((await signUp({ email, businessId }, `198.51.100.${20 + i}`)).statusCode).toBe(202);
    const over = await signUp({ email, businessId }, '198.51.100.30');
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe(JOB_ALERT_TEXTS.tooManyForAddress);
    expect(over.headers['retry-after']).toBeDefined();
    // One alert, one confirmation waiting, however often it was asked for.
    await a.worker.flush();
    expect(a.sent(email)).toHaveLength(1);
  });

  it("lists a signed-in candidate's alerts, stops one, exports them and removes them with the account", async () => {
    const { businessId } = await newBusiness('Account Arabica');
    const userId = randomUUID();
    const email = `cand-${userId.slice(0, 8)}@example.test`;
    clock = Date.now();
    await confirmed(email, { businessId });
    await confirmed(email, { search: 'q=barista' });
    const other = await confirmed(`someone-${userId.slice(0, 8)}@example.test`, { businessId });
    expect(other.status).toBe('confirmed');

    const headers = {
      authorization: `Bearer ${await t.identity.token(userId, ['Candidate'], { email, emailVerified: true })}`,
    };
    const list = await t.app.inject({ url: '/candidate/job-alerts', headers });
    expect(list.statusCode).toBe(200);
    const alerts = list.json() as { id: string; label: string; confirmed: boolean }[];
    expect(alerts.map((x) => x.label).sort()).toEqual(['Jobs matching: "barista"', 'New jobs at Account Arabica']);

    // An unproved account address sees none.
    const unproved = {
      authorization: `Bearer ${await t.identity.token(randomUUID(), ['Candidate'], { email, emailVerified: false })}`,
    };
    expect((await t.app.inject({ url: '/candidate/job-alerts', headers: unproved })).json()).toEqual([]);

    const stop = await t.app.inject({ method: 'DELETE', url: `/candidate/job-alerts/${alerts[0]!.id}`, headers });
    expect(stop.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/candidate/job-alerts', headers })).json()).toHaveLength(1);

    const created = await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'Alert Owner', email, phoneNumber: '0123', postcode: 'AB1 2CD' },
    });
    expect(created.statusCode).toBe(200);
    const exported = await t.app.inject({ url: '/candidate/export', headers });
    expect(exported.statusCode).toBe(200);
    const entries = await unzip(exported.rawPayload);
    const inExport = JSON.parse(entries.get('job-alerts.json')!.toString('utf8')) as { label: string }[];
    expect(inExport.map((x) => x.label)).toEqual([alerts[1]!.label]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/candidate`,
      headers,
      payload: { id: created.json().id },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await t.deps.database.db.selectFrom('job_alerts').select('email').execute();
    expect(left.map((r) => r.email)).not.toContain(email);
    expect(left.map((r) => r.email)).toContain(`someone-${userId.slice(0, 8)}@example.test`);
  });
});
