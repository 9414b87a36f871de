import { ApplicationsPage } from '../../features/applications/components/applications-page';

/** Login required (candidate-applications). */
export default function ApplicationsRoute() {
  return (
    <>
      <title>Job Applications · Careers Portal</title>
      <ApplicationsPage />
    </>
  );
}
