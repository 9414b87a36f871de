import { useParams } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import { SendCvToBusiness } from '../../features/apply/components/apply-for-job';
import { CareersPage } from '../../features/careers/components/careers-page';
import { JobAlertSignup } from '../../features/job-alerts/components/job-alert-signup';
import './routes.css';

/**
 * A business's careers page (issue 27 item 1, public, server-rendered): the careers feature, with the apply
 * feature's CV drop as its "Send us your CV". The job-alert sign-up (item 5) is passed as `alertSignUp`.
 */
export default function CareersRoute() {
  const { slug = '' } = useParams();
  return (
    <SimplePage>
      <CareersPage
        key={slug}
        slug={slug}
        cvDrop={(business) => <SendCvToBusiness business={business} />}
        alertSignUp={(business) => <JobAlertSignup businessId={business.id} />}
      />
    </SimplePage>
  );
}
