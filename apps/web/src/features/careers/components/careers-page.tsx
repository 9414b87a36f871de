import { useState, type ReactNode } from 'react';
import type { CareersPage as CareersPageData } from '@careers/contracts/careers';
import { AlertBanner } from '../../../components/alert-banner';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { usePageTitle } from '../../../components/page-title';
import { runtimeConfig } from '../../../config/runtime-config';
import { useServerRenderedCareersPage } from '../../../first-paint/server-rendered-page';
import { paths } from '../../../lib/paths';
import { useCareersPage } from '../api/careers-api';
import { JobList } from './job-list';
import { MeasuredReplyTime } from './measured-reply-time';
import '../../../components/list-card.css';
import '../../../components/button.css';
import './careers.css';

const LOGO_SIZE = 72;

export interface CareersPageProps {
  slug: string;
  /** "Send us your CV": the CV drop, given by the route (app/routes/careers.tsx). */
  cvDrop: (business: CareersPageData['business']) => ReactNode;
  /** "Tell me about new jobs" (issue 27 item 5): the job-alert sign-up, given by the route when there is one. */
  alertSignUp?: (business: CareersPageData['business']) => ReactNode;
}

/**
 * A business's careers page (issue 27 item 1, docs/decisions/0370): logo, name, city, its "about us", its
 * open jobs, and the CV drop, which stays when there is no open job.
 */
export function CareersPage({ slug, cvDrop, alertSignUp }: CareersPageProps) {
  const server = useServerRenderedCareersPage(slug);
  const query = useCareersPage(slug, server?.page);
  const page = query.data;
  usePageTitle(page ? `Careers at ${page.business.name}` : query.isError ? 'Careers page not found' : 'Careers');
  if (!page) {
    return query.isError ? (
      <div className="careers">
        <h1>Careers page not found</h1>
        <AlertBanner type="alert-danger" message="There is no careers page at this address." />
        <p>
          The link may be mistyped, or the business may have changed its address. See{' '}
          <a href={paths.jobs}>every open job</a>.
        </p>
      </div>
    ) : (
      <Spinner label="Loading the careers page" />
    );
  }
  const { business, jobs } = page;
  return (
    <div className="careers">
      <header className="careers__header">
        <BusinessLogo business={business} serverLogoUrl={server?.logoUrl ?? null} />
        <div>
          <h1 className="careers__title">Careers at {business.name}</h1>
          {business.city ? <p className="careers__city">{business.city}</p> : null}
          <MeasuredReplyTime page={page} />
        </div>
      </header>
      {business.about ? (
        <section className="careers__about" aria-labelledby="careers-about">
          <h2 id="careers-about">About us</h2>
          {business.about
            .split(/\n\s*\n/)
            .map((paragraph) => paragraph.trim())
            .filter(Boolean)
            .map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
        </section>
      ) : null}
      <section className="careers__jobs" aria-labelledby="careers-jobs">
        <h2 id="careers-jobs">Open jobs{jobs.length > 0 ? ` (${jobs.length})` : ''}</h2>
        {jobs.length > 0 ? (
          <JobList jobs={jobs} showBusiness={false} />
        ) : (
          <EmptyState title="No open jobs right now">
            <p>{business.name} has no open job at the moment. You can still send them your CV below.</p>
          </EmptyState>
        )}
      </section>
      {/* Job alerts (issue 27 item 5) go here: "Tell me about new jobs". */}
      {alertSignUp ? <section className="careers__alerts">{alertSignUp(business)}</section> : null}
      <section className="careers__cv" aria-labelledby="careers-cv">
        <h2 id="careers-cv">Send us your CV</h2>
        <p>Not the right job yet? Send {business.name} your CV, and they can contact you about other roles.</p>
        {cvDrop(business)}
      </section>
    </div>
  );
}

function BusinessLogo({
  business,
  serverLogoUrl,
}: {
  business: CareersPageData['business'];
  serverLogoUrl: string | null;
}) {
  // The server's address as it is (hydration must find the same one); the browser's own otherwise.
  const [logoUrl] = useState(
    () => serverLogoUrl ?? `${runtimeConfig.blobBaseUrl}/${business.imageRelativeDirectory}/logo.png`,
  );
  return (
    <span className="careers__logo" aria-hidden="true">
      <img
        src={logoUrl}
        alt=""
        width={LOGO_SIZE}
        height={LOGO_SIZE}
        decoding="async"
        // The heading is what the visitor came for: the logo waits for it, as on the apply page (a phone's
        // first paint does not wait for it, docs/decisions/0221).
        fetchPriority="low"
        data-initial={business.name.trim().charAt(0).toUpperCase()}
      />
    </span>
  );
}
