import { useState } from 'react';
import type { Job } from '@careers/contracts/candidate';
import { runtimeConfig } from '../../../config/runtime-config';
import { businessLogoUrl } from '../utils/logo-url';

const LOGO_SIZE = 64;

/** Where the candidate stands with this job, as the header says it. */
export type JobHeaderState = 'applying' | 'applied' | 'alreadyApplied';

/**
 * The header's heading. product.md §2 words the page for a candidate about to apply; once the application
 * (or, for a closed job, the CV) is sent, or when the candidate had already applied, it says that instead.
 */
export function jobHeading(job: Pick<Job, 'title' | 'businessName' | 'isLive'>, state: JobHeaderState): string {
  switch (state) {
    case 'applied':
      return job.isLive ? `You applied to ${job.title}` : `CV sent to ${job.businessName}`;
    case 'alreadyApplied':
      return `You already applied to ${job.title}`;
    default:
      return `Apply now to ${job.title}`;
  }
}

/** product.md §2: 'Apply now to {job title}', 'At {business name}' and the business logo. */
export function JobHeader({
  job,
  logoUrl: serverLogoUrl = null,
  state = 'applying',
}: {
  job: Job;
  logoUrl?: string | null;
  state?: JobHeaderState;
}) {
  // One cache-busting number per visit, so re-renders do not fetch the logo again; a server-rendered
  // page keeps the server's number, or hydration would find another address.
  const [logoUrl] = useState(
    () => serverLogoUrl ?? businessLogoUrl(runtimeConfig.blobBaseUrl, job.imageRelativeDirectory),
  );
  return (
    <header className="apply-header">
      {/*
       * The logo is decorative (the business is named beside it), so its alt is empty. While it is broken (a
       * business without a logo) its ::after shows the business's initial over the broken-image icon (apply.css):
       * CSS, so even the server's first paint, before any script could react to the failed image, shows it.
       */}
      <span className="apply-header__logo" aria-hidden="true">
        <img
          className="apply-header__image"
          src={logoUrl}
          alt=""
          data-initial={job.businessName.trim().charAt(0).toUpperCase()}
          width={LOGO_SIZE}
          height={LOGO_SIZE}
          decoding="async"
          // The title and the form are what the candidate came for: the logo waits for them (and a
          // phone's first paint does not wait for it, docs/decisions/0221).
          fetchPriority="low"
        />
      </span>
      <div className="apply-header__text">
        <h1 className="apply-header__title">{jobHeading(job, state)}</h1>
        <p className="apply-header__business">
          At {job.businessName}
          {job.city ? <span className="apply-header__city"> · {job.city}</span> : null}
        </p>
      </div>
    </header>
  );
}
