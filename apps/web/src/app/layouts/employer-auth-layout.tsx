import { Link, Navigate, Outlet } from 'react-router';
import { useAuth } from '../../lib/use-auth';
import { isEmployer } from '../../lib/roles';
import '../../features/auth/components/auth-form.css';
import './auth-layout.css';
import { employerPaths } from '../../features/employer/paths';
import { BrandMark } from '../../components/brand-mark';

/**
 * The employer console's sign-in pages: the candidate auth pages' look, with the employer's words. A
 * signed-in employer goes to the console, except on a page that must be done first (keepSignedIn: the
 * welcome link, which sets the password).
 */
export default function EmployerAuthLayout({ keepSignedIn = false }: { keepSignedIn?: boolean }) {
  const { auth, isAuthenticated } = useAuth();
  if (!keepSignedIn && isAuthenticated && isEmployer(auth)) return <Navigate to={employerPaths.jobs} replace />;
  return (
    <div className="auth-layout">
      <header className="auth-layout__bar">
        <Link to={employerPaths.login} className="brand">
          <BrandMark />
          <span>Careers Portal for Employers</span>
        </Link>
      </header>
      <div className="auth-layout__body">
        <main id="main-content" tabIndex={-1} className="auth-layout__main">
          <div className="auth-layout__card">
            <Outlet />
          </div>
        </main>
        <aside className="auth-layout__marketing" aria-labelledby="marketing-title">
          <h2 id="marketing-title">For employers</h2>
          <ul>
            <li>Post a job and share its link in a minute.</li>
            <li>See every application, its CV and where it came from.</li>
            <li>Move candidates along; they see their status at once.</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
