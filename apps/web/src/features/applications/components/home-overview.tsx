import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { JobApplication } from '@careers/contracts/candidate';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import { AlertBanner } from '../../../components/alert-banner';
import { Badge } from '../../../components/badge';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { applicationPath, paths } from '../../../lib/paths';
import { getCvs } from '../../../lib/api/candidate/get-cvs';
import { queryKeys } from '../../../lib/query-keys';
import { useJobApplications } from '../api/get-job-applications';
import { applicationBadge, closeLine, upcomingInterview, waitingQuestion } from '../application-story';
import { isWithdrawn } from '../withdrawal';
import './home-overview.css';

/** How many of the newest applications the home page lists (the rest are a link away). */
export const LATEST_SHOWN = 3;

const linkTo = (application: JobApplication) =>
  `${paths.applications}?application=${encodeURIComponent(application.id)}`;

/** What the candidate can do next, from where their applications and CVs stand; the most pressing first. */
export function nextSteps(
  applications: JobApplication[],
  total: number,
  cvCount: number | undefined,
  now = Date.now(),
) {
  const open = applications.filter((application) => !isWithdrawn(application));
  const steps: { key: string; text: string; to?: string; link?: string }[] = [];
  for (const application of open) {
    const where = `${application.job.title} at ${application.business.name}`;
    // The same question, close and interview as the application's page and card (docs/decisions/0547).
    const question = waitingQuestion(application);
    const closed = closeLine(application, now);
    const interview = upcomingInterview(application, now);
    if (closed)
      steps.push({
        key: `closed-${application.id}`,
        text: `${application.job.title}: ${closed}`,
        to: applicationPath(application.id),
        link: 'See this application',
      });
    if (question) steps.push({ key: question.key, text: question.text, to: question.to, link: question.link });
    else if (interview && !closed)
      steps.push({
        key: `booked-${application.id}`,
        text: interview,
        to: `${applicationPath(application.id)}#interview`,
        link: 'See the interview',
      });
    if (question || closed || interview) continue;
    if (application.applicationStatus === ApplicationStatus.MakeOffer)
      steps.push({
        key: `offer-${application.id}`,
        text: `You have an offer for ${where}. Watch your email and phone for the employer's message.`,
        to: linkTo(application),
        link: 'See this application',
      });
    else if (application.applicationStatus === ApplicationStatus.ScheduleInterview)
      steps.push({
        key: `interview-${application.id}`,
        text: `The employer wants to interview you for ${where}. Watch your email and phone to agree a time.`,
        to: linkTo(application),
        link: 'See this application',
      });
  }
  if (cvCount === 0)
    steps.push({
      key: 'cv',
      text: 'Upload your CV, so that applying for the next job takes a moment.',
      to: paths.cvs,
      link: 'Upload a CV',
    });
  if (total === 0)
    steps.push({
      key: 'apply',
      text: "Found a job you like on a job board or an employer's careers site? Choose Apply there: your application shows up here, with every step the employer takes.",
    });
  return steps;
}

/** The home page's overview: the latest applications with where each stands, and what to do next. */
export function HomeOverview() {
  const applications = useJobApplications(1);
  // Startup put the CVs in the cache under this key.
  const cvs = useQuery({ queryKey: queryKeys.cvs, queryFn: getCvs });
  const data = applications.data;
  const latest = data?.applications.slice(0, LATEST_SHOWN) ?? [];
  const steps = data ? nextSteps(data.applications, data.totalApplications, cvs.data?.cvCount) : [];
  return (
    <>
      <section className="home-overview" aria-labelledby="home-latest-title">
        <h2 id="home-latest-title">Your latest applications</h2>
        {applications.isPending ? <Spinner label="Loading your applications" /> : null}
        {applications.isError ? (
          <AlertBanner type="alert-danger" message={firstServerErrorOr(applications.error)} />
        ) : null}
        {data && data.totalApplications === 0 ? <p>You have not applied for a job yet.</p> : null}
        {latest.length > 0 ? (
          <ul className="home-overview__list">
            {latest.map((application) => {
              const status = applicationBadge(application);
              return (
                <li key={application.id} className="home-overview__item">
                  <div className="home-overview__job">
                    <Link to={linkTo(application)} className="home-overview__title">
                      {application.job.title}
                    </Link>
                    <span className="home-overview__place">
                      {application.business.name} · applied {formatDate(application.appliedOn)}
                    </span>
                  </div>
                  <Badge tone={status.tone} srPrefix="Status:">
                    {status.label}
                  </Badge>
                </li>
              );
            })}
          </ul>
        ) : null}
        {data && data.totalApplications > 0 ? (
          <p>
            <Link to={paths.applications}>
              {data.totalApplications === 1
                ? 'See your job application'
                : `See all ${data.totalApplications} job applications`}
            </Link>
          </p>
        ) : null}
      </section>
      {data ? (
        <section className="home-overview" aria-labelledby="home-next-title">
          <h2 id="home-next-title">What to do next</h2>
          {steps.length > 0 ? (
            <ul className="home-overview__steps">
              {steps.map((step) => (
                <li key={step.key}>
                  {step.text}
                  {step.to ? (
                    <>
                      {' '}
                      <Link to={step.to}>{step.link}</Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>
              Nothing for now. When an employer moves one of your applications, its new status shows here and under{' '}
              <Link to={paths.applications}>Job Applications</Link>.
            </p>
          )}
        </section>
      ) : null}
    </>
  );
}
