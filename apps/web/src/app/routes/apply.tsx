import { Link, useParams } from 'react-router';
import { ApplyForJob } from '../../features/apply/components/apply-for-job';
import './routes.css';

/** Public apply-for-job page (SPEC §2): the portal's bar, then the apply feature. */
export default function ApplyRoute() {
  const { jobId = '' } = useParams();
  return (
    <div className="simple-page">
      <header className="simple-page__bar">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Careers Portal</span>
        </Link>
      </header>
      <main id="main-content" tabIndex={-1} className="simple-page__main">
        {/* A new job id starts a fresh apply flow. */}
        <ApplyForJob key={jobId} jobId={jobId} />
      </main>
    </div>
  );
}
