import { useParams } from 'react-router';
import { JobApplicationsPage } from '../../../features/employer/components/job-applications-page';
import { PageTitle } from '../../../components/page-title';

export default function EmployerJobRoute() {
  const { jobId = '' } = useParams();
  return (
    <>
      <PageTitle title="Applications · Employer" />
      <JobApplicationsPage key={jobId} jobId={jobId} />
    </>
  );
}
