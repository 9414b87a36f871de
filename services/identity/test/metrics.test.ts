import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricSample } from '@careers/server-kit/metrics';
import { freePort } from '@careers/server-kit/testing';
import { registerCandidate, relaxedLimits, startTestApp, type TestApp } from './helpers';

// The counters live in one registry per process (a service's process): each test reads how much a
// series moved across its own calls.
describe('identity metrics an operator reads', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    // The default 60 s between code e-mails; two sends an hour per client and address.
    ctx = await startTestApp('pglite', {
      ...relaxedLimits,
      SEND_INTERVAL_SECONDS: '60',
      CODE_SENDS_PER_CLIENT_PER_HOUR: '2',
      MAIL_POLL_INTERVAL_MS: '600000',
    });
  });
  afterAll(async () => ctx?.close());

  const scrape = async () => {
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const send = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/send-verification-code', payload: { email } });

  it('counts codes sent and refused, e-mails queued and sent, and outbox passes', async () => {
    const { email } = await registerCandidate(ctx);
    await ctx.deps.outbox.flush();
    const before = await scrape();
    const moved = (after: string, name: string, labels: Record<string, string>) =>
      metricSample(after, name, labels) - metricSample(before, name, labels);

    expect((await send(email)).statusCode).toBe(200);
    let after = await scrape();
    expect(moved(after, 'careers_codes_sent_total', { purpose: 'sign-in' })).toBe(1);
    expect(moved(after, 'careers_emails_queued_total', { kind: 'sign-in-code' })).toBe(1);
    expect(moved(after, 'careers_emails_sent_total', { kind: 'sign-in-code' })).toBe(0);

    // Within 60 s: refused by the per-address interval; then by the per-client limit (2 an hour).
    expect((await send(email)).statusCode).toBe(429);
    expect((await send(email)).statusCode).toBe(429);
    await ctx.deps.outbox.flush();
    after = await scrape();
    expect(moved(after, 'careers_codes_refused_total', { purpose: 'sign-in', reason: 'address' })).toBe(1);
    expect(moved(after, 'careers_codes_refused_total', { purpose: 'sign-in', reason: 'client' })).toBe(1);
    expect(moved(after, 'careers_codes_sent_total', { purpose: 'sign-in' })).toBe(1);
    expect(moved(after, 'careers_emails_sent_total', { kind: 'sign-in-code' })).toBe(1);
    expect(moved(after, 'careers_background_jobs_total', { job: 'mail-outbox' })).toBe(1);
    expect(moved(after, 'careers_background_job_failures_total', { job: 'mail-outbox' })).toBe(0);
    // The HTTP side: the route pattern, with the 429s counted as such and no 5xx.
    expect(moved(after, 'http_requests_total', { route: '/api/account/send-verification-code', status: '429' })).toBe(
      2,
    );
    expect(moved(after, 'http_request_errors_total', { route: '/api/account/send-verification-code' })).toBe(0);
    expect(after).not.toContain(email);
  });
});

describe('identity metrics when the mail server is down', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port: every delivery attempt fails and is retried later.
    ctx = await startTestApp('pglite', {
      ...relaxedLimits,
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_POLL_INTERVAL_MS: '600000',
    });
  });
  afterAll(async () => ctx?.close());

  it('counts the failed e-mail attempt', async () => {
    const before = (await ctx.app.inject({ url: '/metrics' })).body;
    await registerCandidate(ctx);
    await ctx.deps.outbox.flush();
    const after = (await ctx.app.inject({ url: '/metrics' })).body;
    const moved = (name: string, labels: Record<string, string>) =>
      metricSample(after, name, labels) - metricSample(before, name, labels);
    expect(moved('careers_emails_queued_total', { kind: 'confirmation-link' })).toBe(1);
    expect(moved('careers_emails_failed_total', { kind: 'confirmation-link' })).toBe(1);
    expect(moved('careers_emails_sent_total', { kind: 'confirmation-link' })).toBe(0);
  });
});
