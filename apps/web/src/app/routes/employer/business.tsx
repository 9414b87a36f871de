import { BusinessPage } from '../../../features/employer/components/business-page';

export default function EmployerBusinessRoute() {
  return (
    <>
      <title>Business · Employer · Careers Portal</title>
      <BusinessPage />
    </>
  );
}
