import { ApplicationsPage } from '../../features/applications/components/applications-page';
import { PageTitle } from '../../components/page-title';

/** Login required (candidate-applications). */
export default function ApplicationsRoute() {
  return (
    <>
      <PageTitle title="Job Applications" />
      <ApplicationsPage />
    </>
  );
}
