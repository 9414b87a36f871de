import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import './auth-layout.css';
import { BrandMark } from '../../components/brand-mark';

/** The bar's link on the right, by page: sign-up offers Login; login and the others show none. */
const HEADER_LINKS: { path: string; link: { to: string; label: string } }[] = [
  { path: paths.signup, link: { to: paths.login, label: 'Login' } },
];

/** product.md §1: the only marketing text on the authentication pages. */
const MARKETING_POINTS = [
  'Post your jobs to many job boards with one click.',
  'See where your hires come from with clear analytics.',
  'Save with group discount packages.',
];

export default function AuthLayout() {
  const { pathname } = useLocation();
  const headerLink = HEADER_LINKS.find((entry) => matchPath(entry.path, pathname))?.link;
  return (
    <div className="auth-layout">
      <header className="auth-layout__bar">
        <Link to={paths.login} className="brand">
          <BrandMark />
          <span>Careers Portal</span>
        </Link>
        <nav className="auth-layout__bar-links" aria-label="Other sign-ins">
          {headerLink ? (
            <Link to={headerLink.to} className="auth-layout__bar-link">
              {headerLink.label}
            </Link>
          ) : null}
          <Link to={paths.employer} className="auth-layout__bar-link">
            For employers
          </Link>
        </nav>
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
            {MARKETING_POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {/* Where employers find the console (docs/decisions/0253): the panel is the only place that speaks to them. */}
          <p className="auth-layout__marketing-link">
            <Link to={paths.employer}>Employer sign in or sign up</Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
