/**
 * The other side of the product, over HTTP as a real client would call it: an employer registers at the
 * identity service (with a bot-check payload solved in Node), creates a business and jobs, and moves
 * applications through the employer API (design.md §5). And a candidate's own API session (code sign-in,
 * CV upload, applying), for tests whose subject is what the portal shows afterwards, not how the candidate
 * got there. The calls are @careers/test-support's; this file binds them to the run's stack and mailbox.
 */
import { createEmployer, JOB_FIELDS, proveEmployerAddress as prove } from '@careers/test-support/employer';
import type { UploadFile } from '@careers/test-support/fixtures';
import { mailboxResetLink, stackApi } from './api';
import { latestCode, mailboxMark } from './mailbox';

import type { ApplicationStatus } from '@careers/contracts/enums';

export { ApplicationStatus } from '@careers/contracts/enums';

export interface Employer {
  email: string;
  accessToken: string;
  businessId: string;
  businessName: string;
}

/**
 * Jobs need a proved address: the employer proves it through the e-mailed reset link, which then sets the
 * password. Answers a new access token (the registration's session ended with the proof).
 */
export function proveEmployerAddress(email: string, password: string): Promise<string> {
  return prove(stackApi(), email, password, mailboxResetLink);
}

/** A new business user with their business (unique names, so tests never share one). */
export async function newEmployer(label = 'employer'): Promise<Employer> {
  const employer = await createEmployer(stackApi(), { label, resetLink: mailboxResetLink });
  return {
    email: employer.email,
    accessToken: employer.token,
    businessId: employer.business.id,
    businessName: employer.business.name,
  };
}

export interface Job {
  id: string;
  title: string;
  businessName: string;
}

export async function createJob(employer: Employer, title: string): Promise<Job> {
  return stackApi().employer.createJob(employer.accessToken, {
    ...JOB_FIELDS,
    title,
    description: `${title}: a job created by the browser tests.`,
  });
}

export async function setApplicationStatus(
  employer: Employer,
  applicationId: string,
  applicationStatus: ApplicationStatus,
): Promise<void> {
  await stackApi().employer.setApplicationStatus(employer.accessToken, applicationId, { applicationStatus });
}

/**
 * The sign-in answer of an existing account, got the way the portal signs in: a code by e-mail, then
 * verify-code with a bot-check payload.
 */
export async function codeSignInViaApi(email: string) {
  const api = stackApi();
  const since = await mailboxMark();
  await api.identity.sendVerificationCode(email);
  const auth = await api.identity.verifyCode(email, await latestCode(email, { since }));
  if (!auth.accessToken) throw new Error(`verify-code for ${email} gave no access token`);
  return { ...auth, accessToken: auth.accessToken };
}

/** An access token of an existing candidate account (codeSignInViaApi). */
export async function candidateAccessToken(email: string): Promise<string> {
  return (await codeSignInViaApi(email)).accessToken;
}

export async function uploadCvViaApi(candidateToken: string, file: UploadFile): Promise<string> {
  return (await stackApi().candidate.uploadCv(candidateToken, file)).cvId;
}

/** POST /job-applications as the portal sends it (product.md §3 create application payload); the application id. */
export async function applyViaApi(candidateToken: string, jobId: string, cvId: string): Promise<string> {
  return stackApi().candidate.apply(candidateToken, { jobId, cvId, readyToWork: true });
}

/** POST /cv-drops (design.md §3): the candidate leaves a CV with a business without applying for a job. */
export async function dropCvViaApi(candidateToken: string, businessId: string, cvId: string): Promise<void> {
  await stackApi().candidate.dropCv(candidateToken, { businessId, cvId });
}
