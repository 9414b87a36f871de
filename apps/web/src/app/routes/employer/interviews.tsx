import { InterviewAvailabilityPage } from '../../../features/employer/components/interview-availability-page';
import { PageTitle } from '../../../components/page-title';

export default function EmployerInterviewsRoute() {
  return (
    <>
      <PageTitle title="Interviews · Employer" />
      <InterviewAvailabilityPage />
    </>
  );
}
