import type { CreateJob, EmployerJob } from '@careers/contracts/employer';

/** The job's fields as the create/change request takes them (the answer carries the same names). */
export function jobBody(job: EmployerJob, changes: Partial<CreateJob> = {}): CreateJob {
  return {
    title: job.title,
    description: job.description,
    addressLine1: job.addressLine1 ?? null,
    city: job.city ?? null,
    region: job.region ?? null,
    state: job.state ?? null,
    postcode: job.postcode ?? null,
    isLive: job.isLive,
    fullTime: job.fullTime ?? true,
    partTime: job.partTime ?? false,
    jobType: job.jobType ?? 1,
    remote: job.remote ?? false,
    ...(job.workplace ? { workplace: job.workplace } : {}),
    salaryRateType: job.salaryRateType ?? 0,
    salaryAmount: job.salaryAmount ?? null,
    salaryFrom: job.salaryFrom ?? null,
    salaryTo: job.salaryTo ?? null,
    salaryCurrency: job.salaryCurrency ?? null,
    salaryNegotiable: job.salaryNegotiable ?? false,
    country: job.country ?? null,
    ...changes,
  };
}
