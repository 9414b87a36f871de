import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCandidate, relaxedLimits, startTestApp, uniqueEmail, type TestApp } from './helpers';

const NORTHWIND = randomUUID();
const PHISHING = randomUUID();

/** The candidate service's public job answer, as far as the code e-mail reads it. */
async function startJobs() {
  const server = http.createServer((req, res) => {
    const id = req.url?.split('/').pop();
    const job =
      id === NORTHWIND
        ? { id, title: 'Warehouse Operative', businessName: 'Northwind Logistics' }
        : id === PHISHING
          ? { id, title: 'Confirm your bank at https://evil.test', businessName: 'Evil' }
          : null;
    res.writeHead(job ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(job ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a new candidate’s code e-mail names the job it finishes', () => {
  let jobs: Awaited<ReturnType<typeof startJobs>>;
  let ctx: TestApp;
  beforeAll(async () => {
    jobs = await startJobs();
    ctx = await startTestApp('pglite', { ...relaxedLimits, CANDIDATE_URL: jobs.url });
  });
  afterAll(async () => {
    await ctx?.close();
    await jobs?.close();
  });

  async function codeMail(jobId?: string) {
    const { email } = await registerCandidate(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/send-verification-code',
      payload: { email, ...(jobId ? { jobId } : {}) },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = (await ctx.mailsTo(email)).filter((m) => m.kind === 'sign-in-code');
    return mail!;
  }

  it('names the job and business in the heading and the line above the code; the subject still ends with it', async () => {
    const mail = await codeMail(NORTHWIND);
    expect(mail.subject).toMatch(/^Your Careers Portal sign-in code: \d{6}$/);
    expect(mail.text).toContain('Finish your application');
    expect(mail.text).toContain(
      'Enter this code on the Careers Portal to finish your application for Warehouse Operative at Northwind Logistics:',
    );
    expect(mail.html).toMatch(/<h1[^>]*>Finish your application<\/h1>/);
  });

  it('names no job it cannot find, or whose words could become a link', async () => {
    for (const jobId of [undefined, PHISHING, randomUUID()]) {
      const mail = await codeMail(jobId);
      expect(mail.text).toContain('Enter this code on the Careers Portal to sign in:');
      expect(mail.text).not.toMatch(/evil|finish your application/i);
    }
  });

  it('after "Wrong address? Change it" the code e-mail to the corrected address names the job too', async () => {
    const { accessToken } = await registerCandidate(ctx);
    const corrected = uniqueEmail('corrected');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/unproven-email',
      headers: bearer(accessToken),
      payload: { email: corrected, jobId: NORTHWIND },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = (await ctx.mailsTo(corrected)).filter((m) => m.kind === 'sign-in-code');
    expect(mail!.subject).toMatch(/^Your Careers Portal sign-in code: \d{6}$/);
    expect(mail!.text).toContain(
      'Enter this code on the Careers Portal to finish your application for Warehouse Operative at Northwind Logistics:',
    );
    expect(mail!.html).toMatch(/<h1[^>]*>Finish your application<\/h1>/);

    // Without a job (the sign-up card), or with one that is not a job id, as before.
    const other = await registerCandidate(ctx);
    const plain = uniqueEmail('plain');
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/unproven-email',
      headers: bearer(other.accessToken),
      payload: { email: plain },
    });
    expect(moved.statusCode).toBe(200);
    const [plainMail] = (await ctx.mailsTo(plain)).filter((m) => m.kind === 'sign-in-code');
    expect(plainMail!.text).toContain('Enter this code on the Careers Portal to sign in:');
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/unproven-email',
      headers: bearer(other.accessToken),
      payload: { email: uniqueEmail('x'), jobId: '../admin' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a job id that is not one', async () => {
    const { email } = await registerCandidate(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/send-verification-code',
      payload: { email, jobId: '../admin' },
    });
    expect(res.statusCode).toBe(400);
  });
});
