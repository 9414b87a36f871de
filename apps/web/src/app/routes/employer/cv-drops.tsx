import { EmployerCvDropsPage } from '../../../features/employer/components/cv-drops-page';

export default function EmployerCvDropsRoute() {
  return (
    <>
      <title>CV drops · Employer · Careers Portal</title>
      <EmployerCvDropsPage />
    </>
  );
}
