import type { Job, JobDetail } from '@careers/contracts/candidate';
import type { JobType, SalaryRateType } from '@careers/contracts/enums';
import type { JobRow } from './jobs.repository';

export function toJob(row: JobRow, business: { name: string; image_relative_directory: string }): Job {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    businessId: row.business_id,
    businessName: business.name,
    imageRelativeDirectory: business.image_relative_directory,
    isLive: row.is_live,
    city: row.city,
  };
}

/** SPEC §3 "Job detail (inside applications)". */
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
    isLive: row.is_live,
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
