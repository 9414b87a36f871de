import { JobsPage } from '../../../features/employer/components/jobs-page';
import { PageTitle } from '../../../components/page-title';

export default function EmployerJobsRoute() {
  return (
    <>
      <PageTitle title="Jobs · Employer" />
      <JobsPage />
    </>
  );
}
