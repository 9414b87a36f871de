import { Link } from 'react-router';
import { useAuth } from '../../lib/use-auth';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/page-title';

/** '/' and '/dashboard': a simple greeting (product.md §2). */
export default function HomeRoute() {
  const { auth } = useAuth();
  const firstName = auth.name?.trim().split(/\s+/)[0];
  return (
    <section className="page">
      <PageTitle title="Home" />
      <h1>{firstName ? `Hello, ${firstName}!` : 'Hello!'}</h1>
      <p className="page__lead">
        Welcome to your Careers Portal. Follow your job applications and keep your CVs up to date.
      </p>
      <p>
        <Link to={paths.applications}>See your job applications</Link>
      </p>
    </section>
  );
}
