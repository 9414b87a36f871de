/**
 * The employer side the apply tests need, through the real APIs (design.md §5): a business user with a
 * business, with or without a logo, live and closed jobs, and what the employer then sees of applications
 * and CV drops. Made by @careers/test-support's employer helpers against this run's stack.
 */
import type { CreateJob, EmployerApplication } from '@careers/contracts/employer';
import { createEmployer as create, type Employer } from '@careers/test-support/employer';
import { png } from '@careers/test-support/fixtures';
import { expectOk } from '@careers/test-support/http';
import { mailboxResetLink, stackApi } from './api';

export type { Employer };
export type { EmployerJob } from '@careers/contracts/employer';

/** A small PNG, so the employer's logo really exists and decodes. */
export function logoPng(size = 48): Buffer {
  return png(size);
}

export interface EmployerOptions {
  label?: string;
  withLogo?: boolean;
  /** Jobs to create, in order (title is made unique per employer when not given). */
  jobs: Partial<CreateJob>[];
}

/**
 * Registers a business user, creates its business (name unique per call), optionally uploads a logo, and
 * creates the jobs: a bot check and a few calls, well under a second.
 */
export function createEmployer(options: EmployerOptions): Promise<Employer> {
  return create(stackApi(), { ...options, resetLink: mailboxResetLink });
}

/** GET /business/jobs/{id}/applications, every page: what the employer sees of the applications to one job. */
export function employerApplications(employer: Employer, jobId: string): Promise<EmployerApplication[]> {
  return stackApi().employer.applications(employer.token, jobId);
}

/** GET /business/cv-drops: CVs dropped with the employer. */
export async function employerCvDrops(
  employer: Employer,
): Promise<{ id: string; candidate: { email: string }; cvId: string | null }[]> {
  const api = stackApi();
  return expectOk(
    'the employer’s CV drops',
    await api.call(`${api.urls.candidateUrl}/business/cv-drops?page=1&pageSize=50`, { token: employer.token }),
  );
}
