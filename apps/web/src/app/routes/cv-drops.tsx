import { CvDropsPage } from '../../features/cv-drops/components/cv-drops-page';

/** Login required (candidate-cv-drops). */
export default function CvDropsRoute() {
  return (
    <>
      <title>CV drops · Careers Portal</title>
      <CvDropsPage />
    </>
  );
}
