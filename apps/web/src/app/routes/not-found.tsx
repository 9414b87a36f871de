import { Link, useLocation } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import './routes.css';
import { paths } from '../../lib/paths';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <SimplePage title="Page not found">
      <div className="card">
        <h1>Page not found</h1>
        <p>
          We could not find <code className="not-found__address">{pathname}</code>. The link may be out of date, or the
          address may have a typing mistake.
        </p>
        <p>
          <Link to={paths.home}>Go to the home page</Link>
        </p>
      </div>
    </SimplePage>
  );
}
