import { JobsPage } from '../../../features/employer/components/jobs-page';

export default function EmployerJobsRoute() {
  return (
    <>
      <title>Jobs · Employer · Careers Portal</title>
      <JobsPage />
    </>
  );
}
