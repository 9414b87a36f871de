import { useEffect, useRef, useState } from 'react';
import type { Job } from '@careers/contracts/candidate';
import { runtimeConfig } from '../../../config/runtime-config';
import { businessLogoUrl } from '../utils/logo-url';

const LOGO_SIZE = 64;

/** product.md §2: 'Apply now to {job title}', 'At {business name}' and the business logo. */
export function JobHeader({
  job,
  logoUrl: serverLogoUrl = null,
  applied = false,
}: {
  job: Job;
  logoUrl?: string | null;
  applied?: boolean;
}) {
  // One cache-busting number per visit, so re-renders do not fetch the logo again; a server-rendered
  // page keeps the server's number, or hydration would find another address.
  const [logoUrl] = useState(
    () => serverLogoUrl ?? businessLogoUrl(runtimeConfig.blobBaseUrl, job.imageRelativeDirectory),
  );
  const [logoMissing, setLogoMissing] = useState(false);
  // In a server-rendered page the logo can fail before React listens for its error event.
  const logoRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const logo = logoRef.current;
    if (logo?.complete && logo.naturalWidth === 0) setLogoMissing(true);
  }, []);
  return (
    <header className="apply-header">
      {logoMissing ? null : (
        <img
          ref={logoRef}
          className="apply-header__logo"
          src={logoUrl}
          alt={job.businessName}
          width={LOGO_SIZE}
          height={LOGO_SIZE}
          decoding="async"
          // The title and the form are what the candidate came for: the logo waits for them (and a
          // phone's first paint does not wait for it, docs/decisions/0221).
          fetchPriority="low"
          onError={() => setLogoMissing(true)}
        />
      )}
      <div className="apply-header__text">
        {/* Once the application is sent the page no longer asks the candidate to apply. */}
        <h1 className="apply-header__title">{applied ? `You applied to ${job.title}` : `Apply now to ${job.title}`}</h1>
        <p className="apply-header__business">
          At {job.businessName}
          {job.city ? <span className="apply-header__city"> · {job.city}</span> : null}
        </p>
      </div>
    </header>
  );
}
