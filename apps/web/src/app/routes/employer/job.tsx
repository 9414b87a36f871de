import { useParams } from 'react-router';
import { JobApplicationsPage } from '../../../features/employer/components/job-applications-page';

export default function EmployerJobRoute() {
  const { jobId = '' } = useParams();
  return (
    <>
      <title>Applications · Employer · Careers Portal</title>
      <JobApplicationsPage key={jobId} jobId={jobId} />
    </>
  );
}
