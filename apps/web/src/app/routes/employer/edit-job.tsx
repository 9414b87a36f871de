import { useParams } from 'react-router';
import { EditJobPage } from '../../../features/employer/components/job-form';

export default function EmployerEditJobRoute() {
  const { jobId = '' } = useParams();
  return (
    <>
      <title>Edit job · Employer · Careers Portal</title>
      <EditJobPage key={jobId} jobId={jobId} />
    </>
  );
}
