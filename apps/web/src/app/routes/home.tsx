import { useAuth } from '../../lib/use-auth';
import { PageTitle } from '../../components/page-title';
import { HomeOverview } from '../../features/applications/components/home-overview';

/** '/' and '/dashboard': the greeting (product.md §2), then the latest applications and what to do next. */
export default function HomeRoute() {
  const { auth } = useAuth();
  const firstName = auth.name?.trim().split(/\s+/)[0];
  const greeting = firstName ? `Hello, ${firstName}!` : 'Hello!';
  return (
    <section className="page">
      <PageTitle title={greeting} />
      <h1>{greeting}</h1>
      <p className="page__lead">
        Welcome to your Careers Portal. Follow your job applications and keep your CVs up to date.
      </p>
      <HomeOverview />
    </section>
  );
}
