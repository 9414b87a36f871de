import { useParams } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import { ApplyForJob } from '../../features/apply/components/apply-for-job';
import './routes.css';

/** Public apply-for-job page (product.md §2): the portal's bar, then the apply feature. */
export default function ApplyRoute() {
  const { jobId = '' } = useParams();
  return (
    <SimplePage>
      {/* A new job id starts a fresh apply flow. */}
      <ApplyForJob key={jobId} jobId={jobId} />
    </SimplePage>
  );
}
