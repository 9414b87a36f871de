import { NewJobPage } from '../../../features/employer/components/job-form';
import { PageTitle } from '../../../components/page-title';

export default function EmployerNewJobRoute() {
  return (
    <>
      <PageTitle title="Post a job · Employer" />
      <NewJobPage />
    </>
  );
}
