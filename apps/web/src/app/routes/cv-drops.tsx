import { CvDropsPage } from '../../features/cv-drops/components/cv-drops-page';
import { PageTitle } from '../../components/page-title';

/** Login required (candidate-cv-drops). */
export default function CvDropsRoute() {
  return (
    <>
      <PageTitle title="CV drops" />
      <CvDropsPage />
    </>
  );
}
