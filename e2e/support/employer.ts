/**
 * The other side of the product, over HTTP as a real client would call it: an employer registers at the
 * identity service (with a bot-check payload solved in Node, as scripts/seed-demo.ts does), creates a
 * business and jobs, and moves applications through the employer API (design.md §5). And a candidate's
 * own API session (code sign-in, CV upload, applying), for tests whose subject is what the portal shows
 * afterwards, not how the candidate got there.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import { inject } from 'vitest';
import type { UploadFile } from './files';
import { latestCode, latestLink, mailboxMark } from './mailbox';

export { ApplicationStatus } from '@careers/contracts/enums';

interface CallOptions extends RequestInit {
  token?: string;
  json?: unknown;
}

/** A JSON call that fails with the answer's status and body unless it is 200. */
export async function callJson<T>(url: string, options: CallOptions = {}): Promise<T> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const res = await fetch(url, { ...options, headers, body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${options.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A solved ALTCHA payload, as the portal's invisible widget sends it as `token`. */
export async function botCheckToken(): Promise<string> {
  const c = await callJson<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number }>(
    `${inject('stack').identityUrl}/api/bot-check/challenge`,
  );
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('could not solve the bot-check challenge');
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export interface Employer {
  email: string;
  accessToken: string;
  businessId: string;
  businessName: string;
}

/** A new business user with their business (unique names, so tests never share one). */
/**
 * Jobs need a proved address. The first proof drops a password set before it (an attacker may have
 * registered the address), so an employer proves it as a real one keeps a password: through the e-mailed
 * reset link, which proves the mailbox and then sets the password. Answers a new access token (the
 * registration's session ended with the proof).
 */
export async function proveEmployerAddress(email: string, password: string): Promise<string> {
  const { identityUrl } = inject('stack');
  const since = await mailboxMark();
  await callJson(`${identityUrl}/api/account/forgot-password`, { method: 'POST', json: { email, portalType: 'Business' } });
  const resetToken = new URL(await latestLink(email, '/account/reset/', { since })).pathname.split('/').at(-1) ?? '';
  await callJson(`${identityUrl}/api/account/reset-password`, {
    method: 'POST',
    json: { email, token: decodeURIComponent(resetToken), password, confirmPassword: password },
  });
  const login = await callJson<{ accessToken: string | null }>(`${identityUrl}/api/account/login`, { method: 'POST', json: { email, password } });
  if (!login.accessToken) throw new Error(`employer log-in after proving the address gave no access token`);
  return login.accessToken;
}

export async function newEmployer(label = 'employer'): Promise<Employer> {
  const id = randomUUID().slice(0, 8);
  const email = `${label}-${id}@example.com`;
  const businessName = `Test Business ${id}`;
  const password = `employer-${id}-password`;
  const { identityUrl, candidateUrl } = inject('stack');
  const registration = await callJson<{ succeeded: boolean; accessToken: string | null; errors: string[] }>(`${identityUrl}/api/register/business-user`, {
    method: 'POST',
    json: { name: `Hiring Manager ${id}`, email, phone: '0113 496 0000', password, token: await botCheckToken() },
  });
  if (!registration.succeeded || !registration.accessToken) throw new Error(`employer registration failed: ${registration.errors.join('; ')}`);
  const accessToken = await proveEmployerAddress(email, password);
  const business = await callJson<{ id: string }>(`${candidateUrl}/business`, {
    method: 'POST',
    token: accessToken,
    json: { name: businessName, city: 'Leeds', phone: '0113 496 0000', domain: `test-${id}` },
  });
  return { email, accessToken, businessId: business.id, businessName };
}

export interface Job {
  id: string;
  title: string;
  businessName: string;
}

export async function createJob(employer: Employer, title: string): Promise<Job> {
  return callJson<Job>(`${inject('stack').candidateUrl}/business/jobs`, {
    method: 'POST',
    token: employer.accessToken,
    json: { title, description: `${title}: a job created by the browser tests.`, city: 'Leeds', jobType: 1, salaryRateType: 3, salaryFrom: 30000, salaryTo: 35000, salaryCurrency: 'GBP' },
  });
}

export async function setApplicationStatus(employer: Employer, applicationId: string, applicationStatus: number): Promise<void> {
  await callJson(`${inject('stack').candidateUrl}/business/applications/${applicationId}/status`, {
    method: 'PUT',
    token: employer.accessToken,
    json: { applicationStatus },
  });
}

/**
 * An access token of an existing candidate account, got the way the portal signs in: a code by e-mail,
 * then verify-code with a bot-check payload.
 */
export async function candidateAccessToken(email: string): Promise<string> {
  const { identityUrl } = inject('stack');
  const since = await mailboxMark();
  await callJson(`${identityUrl}/api/account/send-verification-code`, { method: 'POST', json: { email } });
  const code = await latestCode(email, { since });
  const auth = await callJson<{ accessToken: string | null }>(`${identityUrl}/api/account/verify-code`, {
    method: 'POST',
    json: { email, code, token: await botCheckToken() },
  });
  if (!auth.accessToken) throw new Error(`verify-code for ${email} gave no access token`);
  return auth.accessToken;
}

export async function uploadCvViaApi(candidateToken: string, file: UploadFile): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const result = await callJson<{ cvId: string }>(`${inject('stack').candidateUrl}/cvs`, { method: 'POST', token: candidateToken, body: form });
  return result.cvId;
}

/** POST /job-applications as the portal sends it (product.md §3 create application payload); the application id. */
export async function applyViaApi(candidateToken: string, jobId: string, cvId: string): Promise<string> {
  const answer = await callJson<{ result: { applicationId: string } | null; isValidResponse: boolean; errors: string[] }>(`${inject('stack').candidateUrl}/job-applications`, {
    method: 'POST',
    token: candidateToken,
    json: { jobId, cvId, readyToWork: true },
  });
  if (!answer.isValidResponse || !answer.result) throw new Error(`applying failed: ${answer.errors.join('; ')}`);
  return answer.result.applicationId;
}

/** POST /cv-drops (design.md §3): the candidate leaves a CV with a business without applying for a job. */
export async function dropCvViaApi(candidateToken: string, businessId: string, cvId: string): Promise<void> {
  await callJson(`${inject('stack').candidateUrl}/cv-drops`, { method: 'POST', token: candidateToken, json: { businessId, cvId } });
}
