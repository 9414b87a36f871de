/**
 * An employer made through the real APIs (design.md §5), as the e2e tests, the cluster test and the seed
 * script need one: a business user registered with a solved bot check, the address proved through the
 * e-mailed reset link (the first proof drops a password set before it, so a real employer proves it that
 * way and keeps a password), a business, optionally a logo, and jobs.
 */
import { randomUUID } from 'node:crypto';
import type { CreateBusiness, CreateJob, EmployerJob } from '@careers/contracts/employer';
import { png } from './fixtures';
import type { ServicesClient } from './api-client';

/**
 * Where the reset link comes from: the caller's mailbox. It runs `send` (which asks for the link) and
 * answers the link that then arrives for `email` (a mailbox that keeps old mail marks where it is first).
 */
export type ResetLinkReader = (email: string, send: () => Promise<void>) => Promise<string>;

/** The reset token of a /account/reset/{email}/{token} link. */
export function resetTokenOf(link: string): string {
  const token = new URL(link).pathname.split('/').at(-1);
  if (!token) throw new Error(`no reset token in ${link}`);
  return decodeURIComponent(token);
}

/**
 * Proves a business user's address through the reset link, setting `password`, and signs in with it:
 * answers the new access token (the registration's session ended with the proof).
 */
export async function proveEmployerAddress(
  client: ServicesClient,
  email: string,
  password: string,
  resetLink: ResetLinkReader,
): Promise<string> {
  const link = await resetLink(email, async () => {
    await client.identity.forgotPassword({ email, portalType: 'Business' });
  });
  await client.identity.resetPassword({ email, token: resetTokenOf(link), password, confirmPassword: password });
  const login = await client.identity.login({ email, password });
  if (login.status !== 200 || !login.body.accessToken)
    throw new Error(`log-in of ${email} after proving the address answered ${login.status}`);
  return login.body.accessToken;
}

export interface EmployerOptions {
  resetLink: ResetLinkReader;
  /** Goes into the e-mail address and the business name (default 'employer'). */
  label?: string;
  business?: Partial<CreateBusiness>;
  withLogo?: boolean;
  /** Jobs to create, in order (a unique title and a description when not given). */
  jobs?: Partial<CreateJob>[];
}

export interface Employer {
  email: string;
  password: string;
  token: string;
  business: { id: string; name: string; imageRelativeDirectory: string };
  /** Where the candidate service says the logo is public, or null without one. */
  logoUrl: string | null;
  jobs: EmployerJob[];
}

/** A full-time job in Leeds at £30,000–35,000 a year: fields a test job takes unless it says otherwise. */
export const JOB_FIELDS = {
  description: 'A job made by the tests.',
  city: 'Leeds',
  jobType: 1,
  salaryRateType: 3,
  salaryFrom: 30000,
  salaryTo: 35000,
  salaryCurrency: 'GBP',
} as const;

/** A new business user with their own business (unique names, so tests never share one). */
export async function createEmployer(client: ServicesClient, options: EmployerOptions): Promise<Employer> {
  const id = randomUUID().slice(0, 8);
  const label = options.label ?? 'employer';
  const email = `${label}-${id}@example.com`;
  const name = options.business?.name ?? `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} Ltd ${id}`;
  const password = `employer-${id}-password`;
  const registered = await client.identity.registerBusinessUser({
    name: `Hiring Manager ${id}`,
    email,
    phone: '0113 496 0000',
    password,
  });
  if (!registered.succeeded || !registered.accessToken)
    throw new Error(`registration of ${email} failed: ${registered.errors.join('; ')}`);
  const token = await proveEmployerAddress(client, email, password, options.resetLink);
  const business = await client.employer.createBusiness(token, {
    city: 'Leeds',
    phone: '0113 496 0000',
    domain: `e2e${id}`,
    ...options.business,
    name,
  });
  const logoUrl = options.withLogo ? (await client.employer.uploadLogo(token, png(48))).url : null;
  const jobs: EmployerJob[] = [];
  for (const [index, job] of (options.jobs ?? []).entries()) {
    jobs.push(
      await client.employer.createJob(token, {
        title: `Job ${index + 1} ${id}`,
        description: JOB_FIELDS.description,
        city: JOB_FIELDS.city,
        ...job,
      }),
    );
  }
  return {
    email,
    password,
    token,
    business: { id: business.id, name, imageRelativeDirectory: business.imageRelativeDirectory },
    logoUrl,
    jobs,
  };
}
