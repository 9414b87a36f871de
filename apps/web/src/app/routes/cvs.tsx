import { CvsPage } from '../../features/cvs/components/cvs-page';

/** Login required (candidate-cvs). */
export default function CvsRoute() {
  return (
    <>
      <title>CVs · Careers Portal</title>
      <CvsPage />
    </>
  );
}
