import { useState } from 'react';
import { useParams } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import { CareersPage } from '../../features/careers/components/careers-page';
import { hydrateOnUse } from '../../first-paint/hydrate-on-use';
import { authStore, isAuthenticated } from '../../lib/auth-store';
import './routes.css';

/*
 * The CV drop and the job-alert sign-up are most of the page's script and of its hydration, and most visitors
 * only read the page: each is server-rendered with it and hydrated on its first use (docs/decisions/0464).
 */
const SendCvToBusiness = hydrateOnUse(() => import('./careers-cv-drop'));
const JobAlertSignup = hydrateOnUse(() => import('../../features/job-alerts/components/job-alert-signup'));

/**
 * A business's careers page (issue 27 item 1, public, server-rendered): the careers feature, with the apply
 * feature's CV drop as its "Send us your CV". The job-alert sign-up (item 5) is passed as `alertSignUp`.
 */
export default function CareersRoute() {
  const { slug = '' } = useParams();
  // A signed-in visitor's CV drop starts by itself (it restores the session and lists the CVs): hydrated at once.
  const [signedIn] = useState(() => typeof window !== 'undefined' && isAuthenticated(authStore.get()));
  return (
    <SimplePage>
      <CareersPage
        key={slug}
        slug={slug}
        cvDrop={(business) => <SendCvToBusiness business={business} hydrateNow={signedIn} />}
        alertSignUp={(business) => <JobAlertSignup businessId={business.id} />}
      />
    </SimplePage>
  );
}
