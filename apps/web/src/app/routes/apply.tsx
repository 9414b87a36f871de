import { Link } from 'react-router';
import './routes.css';

/** Public apply-for-job page (SPEC §2); the apply feature fills the body. */
export default function ApplyRoute() {
  return (
    <div className="simple-page">
      <title>Apply now · Careers Portal</title>
      <header className="simple-page__bar">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Careers Portal</span>
        </Link>
      </header>
      <main id="main-content" tabIndex={-1} className="simple-page__main">
        <h1>Apply now</h1>
      </main>
    </div>
  );
}
