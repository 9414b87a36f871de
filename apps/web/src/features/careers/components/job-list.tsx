import type { JobSummary } from '@careers/contracts/careers';
import { applyPath, careersPath } from '../../../lib/paths';
import { jobHours, jobReplyWithin, jobSalary, jobWorkplace } from '../../../lib/job-facts';

// UTC: the server's first paint and the browser's hydration write the same date.
const POSTED = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Where: the city (and region), or 'Remote'; a hybrid job names its place and says so. */
function jobWhere(job: JobSummary): string | null {
  const place = [job.city, job.region]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  if (job.remote) return place ? `Remote (${place})` : 'Remote';
  const workplace = jobWorkplace(job);
  return place ? (job.workplace === 'Hybrid' && workplace ? `${place} · ${workplace}` : place) : workplace;
}

/**
 * Open jobs as cards (careers pages and /jobs): the title links to the job's apply page, the business (on /jobs)
 * to its careers page, then where, the hours, the salary when the job gives one, and when it was posted.
 * Employer text is shown as text.
 */
export function JobList({ jobs, showBusiness }: { jobs: JobSummary[]; showBusiness: boolean }) {
  return (
    <ul className="list-cards job-list">
      {jobs.map((job) => {
        const where = jobWhere(job);
        const hours = jobHours(job);
        const salary = jobSalary(job);
        return (
          <li key={job.id} className="list-card job-card">
            <h3 className="list-card__title job-card__title">
              <a href={applyPath(job.id)}>{job.title}</a>
            </h3>
            {showBusiness ? (
              <p className="list-card__subtitle">
                {job.businessSlug ? <a href={careersPath(job.businessSlug)}>{job.businessName}</a> : job.businessName}
              </p>
            ) : null}
            <dl className="list-card__facts job-card__facts">
              {where ? (
                <div>
                  <dt>Where</dt>
                  <dd>{where}</dd>
                </div>
              ) : null}
              {hours ? (
                <div>
                  <dt>Hours</dt>
                  <dd>{hours}</dd>
                </div>
              ) : null}
              {salary ? (
                <div>
                  <dt>Salary</dt>
                  <dd>{salary}</dd>
                </div>
              ) : null}
              {job.replyWithinDays ? (
                <div>
                  <dt>We reply</dt>
                  <dd>{jobReplyWithin(job.replyWithinDays)}</dd>
                </div>
              ) : null}
              <div>
                <dt>Posted</dt>
                <dd>
                  <time dateTime={job.postedOn}>{POSTED.format(new Date(job.postedOn))}</time>
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
