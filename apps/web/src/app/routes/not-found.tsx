import { Link, useLocation } from 'react-router';
import './routes.css';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <div className="simple-page">
      <title>Page not found · Careers Portal</title>
      <header className="simple-page__bar">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Careers Portal</span>
        </Link>
      </header>
      <main id="main-content" tabIndex={-1} className="simple-page__main">
        <div className="card">
          <h1>Page not found</h1>
          <p>
            We could not find <code>{pathname}</code>. The link may be out of date, or the address may have a typing mistake.
          </p>
          <p>
            <Link to="/">Go to the home page</Link>
          </p>
        </div>
      </main>
    </div>
  );
}
