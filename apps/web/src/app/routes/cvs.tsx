import { CvsPage } from '../../features/cvs/components/cvs-page';
import { PageTitle } from '../../components/page-title';

/** Login required (candidate-cvs). */
export default function CvsRoute() {
  return (
    <>
      <PageTitle title="CVs" />
      <CvsPage />
    </>
  );
}
