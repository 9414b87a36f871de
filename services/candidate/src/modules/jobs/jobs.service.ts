import type { Job, JobDetail } from '@careers/contracts/candidate';
import type { createJobSchema, EmployerJob } from '@careers/contracts/employer';
import { Workplace, type JobType, type SalaryRateType } from '@careers/contracts/enums';
import type { z } from 'zod';
import type { Db } from '../../db';
import type { CachedJob, JobCache } from './job-cache';
import { questionsColumn, screeningQuestionsField } from '../screening/screening.service';
import { ruleOf } from '../retention/retention.service';
import { closeJobsOfOwner, findJob, JOB_COLUMNS, type JobRow, type JobWithBusinessRow } from './jobs.repository';

export type { JobRow, JobWithBusinessRow };
/** Every column of a job but the search's vector, for the modules that read jobs with their own rows. */
export { JOB_COLUMNS };
/** A deleted employer's jobs stop taking applications (answers how many closed). */
export { closeJobsOfOwner };

/** A job with its business's name and logo folder (the apply page's job; applications check it is open). */
export { findJob };

/**
 * The public job, serialized once and kept in the cache (GET /job/{id}); undefined when there is none. It
 * says how long its business keeps an application for other roles when the candidate agrees on the form
 * (docs/decisions/0442); a change of that rule clears the cache.
 */
export function publicJob(db: Db, cache: JobCache, jobId: string): Promise<CachedJob | undefined> {
  return cache.get(jobId, async () => {
    const row = await findJob(db, jobId);
    if (!row) return undefined;
    const { poolDays } = await ruleOf(db, row.business_id);
    return {
      ...toJob(row, {
        name: row.business_name,
        image_relative_directory: row.image_relative_directory,
        slug: row.business_slug,
      }),
      ...(poolDays ? { talentPoolDays: poolDays } : {}),
    };
  });
}

/** Open: live and not past its expiry (docs/decisions/0371). */
export function isOpen(row: Pick<JobRow, 'is_live' | 'valid_through'>, now = new Date()): boolean {
  return row.is_live && row.valid_through.getTime() > now.getTime();
}

export function toJob(row: JobRow, business: { name: string; image_relative_directory: string; slug?: string }): Job {
  return {
    ...(business.slug ? { businessSlug: business.slug } : {}),
    id: row.id,
    title: row.title,
    description: row.description,
    businessId: row.business_id,
    businessName: business.name,
    imageRelativeDirectory: business.image_relative_directory,
    replyWithinDays: row.reply_within_days,
    // A job past its expiry takes no application, as a closed one (docs/decisions/0371).
    isLive: isOpen(row),
    city: row.city,
    postedOn: row.created_at.toISOString(),
    validThrough: row.valid_through.toISOString(),
    country: row.country,
    addressLine1: row.address_line1,
    region: row.region,
    state: row.state,
    postcode: row.postcode,
    fullTime: row.full_time,
    partTime: row.part_time,
    jobType: row.job_type as JobType,
    remote: row.remote,
    workplace: row.workplace as Workplace,
    salaryRateType: row.salary_rate_type as SalaryRateType,
    salaryAmount: row.salary_amount,
    salaryFrom: row.salary_from,
    salaryTo: row.salary_to,
    salaryCurrency: row.salary_currency,
    salaryNegotiable: row.salary_negotiable,
    ...screeningQuestionsField(row.screening_questions),
  };
}

/** The job as its employer sees it: the public job, its number of applications and how many were withdrawn. */
export function toEmployerJob(
  row: JobRow,
  business: { name: string; image_relative_directory: string },
  withdrawnCount: number,
): EmployerJob {
  // The employer's switch as it is: an expired job reads as closed to candidates, not in the job form.
  return {
    ...toJob(row, business),
    isLive: row.is_live,
    applicationCount: row.application_count,
    withdrawnCount,
  };
}

/** product.md §3 "Job detail (inside applications)". */
export function toJobDetail(row: JobRow): JobDetail {
  return {
    jobId: row.id,
    title: row.title,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    region: row.region,
    postcode: row.postcode,
    isLive: isOpen(row),
    partTime: row.part_time,
    fullTime: row.full_time,
    jobType: row.job_type as JobType,
    remote: row.remote,
    salaryRateType: row.salary_rate_type as SalaryRateType,
    salaryAmount: row.salary_amount,
    salaryNegotiable: row.salary_negotiable,
    salaryCurrency: row.salary_currency,
    salaryFrom: row.salary_from,
    salaryTo: row.salary_to,
  };
}

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The job's columns from an employer's create or change request. */
export function toJobColumns(b: z.output<typeof createJobSchema>) {
  // createJobSchema refuses a workplace and a remote that disagree.
  const workplace: Workplace = b.workplace ?? (b.remote ? Workplace.Remote : Workplace.OnSite);
  return {
    title: b.title,
    description: b.description,
    latitude: b.latitude ?? null,
    longitude: b.longitude ?? null,
    address_line1: b.addressLine1 ?? null,
    address_line2: b.addressLine2 ?? null,
    city: b.city ?? null,
    state: b.state ?? null,
    region: b.region ?? null,
    postcode: b.postcode ?? null,
    is_live: b.isLive,
    part_time: b.partTime,
    full_time: b.fullTime,
    job_type: b.jobType,
    remote: workplace === Workplace.Remote,
    workplace,
    salary_rate_type: b.salaryRateType,
    salary_amount: b.salaryAmount ?? null,
    salary_negotiable: b.salaryNegotiable,
    salary_currency: b.salaryCurrency || null,
    salary_from: b.salaryFrom ?? null,
    salary_to: b.salaryTo ?? null,
    country: b.country ?? null,
    // Left out: 60 days after posting on a new job (the column's default), unchanged on a changed one.
    ...(b.validThrough ? { valid_through: b.validThrough } : {}),
    // Left out: 14 on a new job (the column's default), unchanged on a changed one (docs/decisions/0412).
    ...(b.replyWithinDays !== undefined ? { reply_within_days: b.replyWithinDays } : {}),
    ...questionsColumn(b.screeningQuestions),
  };
}
