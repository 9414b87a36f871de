import type { Job } from '@careers/contracts/candidate';
import { JobDetails } from '../../../components/job-details';
import { jobFacts } from '../../../lib/job-facts';

/**
 * The job as candidates read it on its apply page: the apply page's own facts and description
 * (JobDetails, the same words, salary with its currency and period), so what the employer checks here is
 * what candidates get, before posting (the form's preview) and after.
 */
export function JobAsCandidatesSeeIt({ job, title = 'As candidates see it' }: { job: Job; title?: string }) {
  const headingId = `job-preview-title-${job.id}`;
  return (
    <section className="card employer-preview" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="employer-preview__job">{job.title || 'Job title'}</p>
      <JobDetails job={job} facts={jobFacts(job)} />
    </section>
  );
}
