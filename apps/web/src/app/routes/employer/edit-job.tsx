import { useParams } from 'react-router';
import { EditJobPage } from '../../../features/employer/components/job-form';
import { PageTitle } from '../../../components/page-title';

export default function EmployerEditJobRoute() {
  const { jobId = '' } = useParams();
  return (
    <>
      <PageTitle title="Edit job · Employer" />
      <EditJobPage key={jobId} jobId={jobId} />
    </>
  );
}
