import { useParams } from 'react-router';
import { JobPublishingPage } from '../../../features/employer/components/job-publishing-page';
import { PageTitle } from '../../../components/page-title';

export default function EmployerJobPublishingRoute() {
  const { jobId = '' } = useParams();
  return (
    <>
      <PageTitle title="Publishing · Employer" />
      <JobPublishingPage key={jobId} jobId={jobId} />
    </>
  );
}
