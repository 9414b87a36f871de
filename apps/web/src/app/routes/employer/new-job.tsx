import { NewJobPage } from '../../../features/employer/components/job-form';

export default function EmployerNewJobRoute() {
  return (
    <>
      <title>Post a job · Employer · Careers Portal</title>
      <NewJobPage />
    </>
  );
}
