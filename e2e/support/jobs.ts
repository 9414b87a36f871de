/**
 * The employer side the apply tests need, through the real APIs (design.md §5, as scripts/seed-demo.ts does
 * it): a business user registered at identity with a solved bot-check payload, a business with or without
 * a logo, live and closed jobs, and what the employer then sees of applications and CV drops.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import type { CreateJob, EmployerApplication, EmployerApplicationPage } from '@careers/contracts/employer';
import { encodePng } from '@careers/server-kit/png';
import { inject } from 'vitest';
import { proveEmployerAddress } from './employer';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** JSON (or multipart) call with an optional bearer token; answers the status and the parsed body. */
export async function callApi<T>(url: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<ApiAnswer<T>> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(url, { ...init, headers, body });
  const text = await res.text();
  return { status: res.status, body: parseBody(text) as T };
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Fails with what the service said unless it answered 200. */
export function expectOk<T>(what: string, answer: ApiAnswer<T>): T {
  if (answer.status !== 200) throw new Error(`${what} failed: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A solved ALTCHA payload, as the portal's invisible widget would send it (base64 JSON). */
export async function botCheckToken(): Promise<string> {
  const { identityUrl } = inject('stack');
  const c = expectOk(
    'bot-check challenge',
    await callApi<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number }>(`${identityUrl}/api/bot-check/challenge`),
  );
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('could not solve the bot-check challenge');
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A small solid PNG, so the employer's logo really exists and decodes. */
export function logoPng(size = 48): Buffer {
  return encodePng(size, size, (x, y) => ((x + y) % 12 < 6 ? [30, 90, 160, 255] : [240, 240, 255, 255]));
}

export interface EmployerJob {
  id: string;
  title: string;
  businessId: string;
  businessName: string;
  imageRelativeDirectory: string;
  isLive: boolean;
}

export interface Employer {
  email: string;
  token: string;
  business: { id: string; name: string; imageRelativeDirectory: string };
  /** Where the candidate service says the logo is public (POST /business/logo's url), or null without one. */
  logoUrl: string | null;
  jobs: EmployerJob[];
}

export interface EmployerOptions {
  label?: string;
  withLogo?: boolean;
  /** Jobs to create, in order (title is made unique per employer when not given). */
  jobs: Partial<CreateJob>[];
}

/**
 * Registers a business user, creates its business (name unique per call), optionally uploads a logo, and
 * creates the jobs. Call once per test file (beforeAll): a bot check and a few calls, well under a second.
 */
export async function createEmployer(options: EmployerOptions): Promise<Employer> {
  const { identityUrl, candidateUrl } = inject('stack');
  const id = randomUUID().slice(0, 8);
  const label = options.label ?? 'employer';
  const email = `${label}-${id}@example.com`;
  const name = `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} Ltd ${id}`;
  const password = `e2e-employer-${id}-pw`;
  const registered = expectOk(
    `registration of ${email}`,
    await callApi<{ succeeded: boolean; accessToken: string | null; errors: string[] }>(`${identityUrl}/api/register/business-user`, {
      method: 'POST',
      json: { name, email, phone: '0113 496 0000', password, token: await botCheckToken() },
    }),
  );
  if (!registered.succeeded || !registered.accessToken) throw new Error(`registration of ${email} failed: ${JSON.stringify(registered)}`);
  const token = await proveEmployerAddress(email, password);

  const business = expectOk(
    'creating the business',
    await callApi<{ id: string; imageRelativeDirectory: string }>(`${candidateUrl}/business`, {
      method: 'POST',
      token,
      json: { name, city: 'Leeds', phone: '0113 496 0000', domain: `e2e${id}` },
    }),
  );

  let logoUrl: string | null = null;
  if (options.withLogo) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(logoPng())], { type: 'image/png' }), 'logo.png');
    logoUrl = expectOk('the logo upload', await callApi<{ url: string }>(`${candidateUrl}/business/logo`, { method: 'POST', token, body: form })).url;
  }

  const jobs: EmployerJob[] = [];
  for (const [index, job] of options.jobs.entries()) {
    const created = expectOk(
      `job ${index + 1}`,
      await callApi<EmployerJob>(`${candidateUrl}/business/jobs`, {
        method: 'POST',
        token,
        json: { title: `Job ${index + 1} ${id}`, description: 'A job made by the browser tests.', city: 'Leeds', ...job },
      }),
    );
    jobs.push(created);
  }
  return { email, token, business: { id: business.id, name, imageRelativeDirectory: business.imageRelativeDirectory }, logoUrl, jobs };
}

/** GET /business/jobs/{id}/applications, every page: what the employer sees of the applications to one job. */
export async function employerApplications(employer: Employer, jobId: string): Promise<EmployerApplication[]> {
  const { candidateUrl } = inject('stack');
  const all: EmployerApplication[] = [];
  for (let page = 1; ; page++) {
    const url = `${candidateUrl}/business/jobs/${jobId}/applications?page=${page}&pageSize=100`;
    const answer = expectOk('the employer’s applications', await callApi<EmployerApplicationPage>(url, { token: employer.token }));
    all.push(...answer.applications);
    if (answer.applications.length === 0 || all.length >= answer.totalApplications) return all;
  }
}

/** GET /business/cv-drops: CVs dropped with the employer. */
export async function employerCvDrops(employer: Employer): Promise<{ id: string; candidate: { email: string }; cvId: string | null }[]> {
  const { candidateUrl } = inject('stack');
  return expectOk('the employer’s CV drops', await callApi(`${candidateUrl}/business/cv-drops?page=1&pageSize=50`, { token: employer.token }));
}
