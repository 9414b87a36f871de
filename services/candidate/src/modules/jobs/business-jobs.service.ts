import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Job } from '@careers/contracts/candidate';
import type { EmployerJob, createJobSchema } from '@careers/contracts/employer';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import { memberMaySeeJob, type Member } from '../team/team.service';
import type { JobCache } from './job-cache';
import { findBusinessJob, insertJob, listBusinessJobs, updateBusinessJob, type JobRow } from './jobs.repository';
import { toEmployerJob, toJob, toJobColumns } from './jobs.service';
import { withdrawnCounts } from '../applications/applications.service';
import { noteJobLiveChange } from '../job-endings/job-endings.service';
import { recordJobVersion } from '../screening/screening.service';

/** The employer's jobs (design.md §5): each use case acts for a member of the business (team.hooks). */
export const JOB_NOT_FOUND = 'The job was not found.';
export const JOB_NEEDS_PROVED_ADDRESS =
  'Confirm your e-mail address before posting jobs: open the link we sent you when you registered.';

type JobBody = z.output<typeof createJobSchema>;

/** One of the business's jobs, open or closed; 404 when it is not theirs. */
export async function requireBusinessJob(db: Db, businessId: string, jobId: string): Promise<JobRow> {
  const job = await findBusinessJob(db, businessId, jobId);
  if (!job) throw new HttpProblem(404, JOB_NOT_FOUND);
  return job;
}

/** One of the business's jobs the member may see (a hiring manager: only those given to them); 404 otherwise. */
export async function requireMemberJob(db: Db, member: Member, jobId: string): Promise<JobRow> {
  const job = await requireBusinessJob(db, member.business.id, jobId);
  if (!(await memberMaySeeJob(db, member, job.id))) throw new HttpProblem(404, JOB_NOT_FOUND);
  return job;
}

export async function listJobsOfBusiness(
  db: Db,
  member: Member,
  page: { page: number; pageSize: number },
): Promise<EmployerJob[]> {
  const { business } = member;
  const range = { offset: (page.page - 1) * page.pageSize, limit: page.pageSize };
  const rows = await listBusinessJobs(
    db,
    business.id,
    range,
    member.role === 'HiringManager' ? member.userId : undefined,
  );
  const withdrawn = await withdrawnCounts(
    db,
    rows.map((job) => job.id),
  );
  return rows.map((job) => toEmployerJob(job, business, withdrawn.get(job.id) ?? 0));
}

/** Whether the business has posted a job yet, open or closed since. */
export async function businessHasJob(db: Db, businessId: string): Promise<boolean> {
  return (await listBusinessJobs(db, businessId, { offset: 0, limit: 1 })).length > 0;
}

export async function getJobOfBusiness(db: Db, member: Member, jobId: string): Promise<EmployerJob> {
  const job = await requireMemberJob(db, member, jobId);
  const withdrawn = await withdrawnCounts(db, [job.id]);
  return toEmployerJob(job, member.business, withdrawn.get(job.id) ?? 0);
}

export async function createJobOfBusiness(db: Db, member: Member, body: JobBody): Promise<Job> {
  // Anyone can register a business under any company name; a proved address at least ties the job
  // to a mailbox. A token that does not say (null) comes from an identity service older than the claim.
  if (member.emailVerified === false) throw new HttpProblem(403, JOB_NEEDS_PROVED_ADDRESS);
  const { business } = member;
  const job = await insertJob(db, { id: randomUUID(), business_id: business.id, ...toJobColumns(body) });
  await recordJobVersion(db, job, business.name);
  return toJob(job, business);
}

export async function changeJobOfBusiness(
  db: Db,
  member: Member,
  jobId: string,
  body: JobBody,
  jobCache: JobCache,
): Promise<Job> {
  if (body.isLive && member.emailVerified === false) throw new HttpProblem(403, JOB_NEEDS_PROVED_ADDRESS);
  const { business } = member;
  const job = await updateBusinessJob(db, business.id, jobId, toJobColumns(body));
  if (!job) throw new HttpProblem(404, JOB_NOT_FOUND);
  await noteJobLiveChange(db, job.id, job.is_live, new Date());
  jobCache.invalidate(job.id);
  await recordJobVersion(db, job, business.name);
  return toJob(job, business);
}
