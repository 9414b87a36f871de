import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/button';
import { BusinessSetup } from '../../features/employer/components/business-page';
import { useBusiness } from '../../features/employer/api/business';
import { useMembership, useMyInvitations, useTeamRemoval } from '../../features/employer/api/team';
import { RemovedFromBusiness } from '../../features/employer/components/removed-from-business';
import { PendingInvitations } from '../../features/employer/components/pending-invitations';
import type { TeamRole } from '@careers/contracts/employer';
import { Spinner } from '../../components/spinner';
import { AlertBanner } from '../../components/alert-banner';
import { firstServerErrorOr } from '../../lib/api-error';
import { signOut as endSession } from '../../lib/session/sign-out';
import { isEmployer } from '../../lib/roles';
import { useAuth } from '../../lib/use-auth';
import '../../features/employer/components/employer.css';
import './dashboard-layout.css';
import '../../features/auth/components/auth-form.css';
import './auth-layout.css';
import { employerMessages } from '../../features/employer/employer-messages';
import { paths } from '../../lib/paths';
import { employerPaths } from '../../features/employer/paths';
import { useToastsBelowHeader } from '../../features/employer/toasts-below-header';
import { BrandMark } from '../../components/brand-mark';
import { PageTitle, usePageTitle } from '../../components/page-title';

/** Each role sees the pages it may use (the service checks the role on every call as well). */
const MENU: { to: string; label: string; end: boolean; roles: TeamRole[] }[] = [
  { to: employerPaths.jobs, label: 'Jobs', end: true, roles: ['Owner', 'Recruiter', 'HiringManager'] },
  { to: employerPaths.cvDrops, label: 'CV drops', end: false, roles: ['Owner', 'Recruiter'] },
  { to: employerPaths.talentPool, label: 'Talent pool', end: false, roles: ['Owner', 'Recruiter'] },
  { to: employerPaths.interviews, label: 'Interviews', end: false, roles: ['Owner', 'Recruiter', 'HiringManager'] },
  { to: employerPaths.notifications, label: 'Emails', end: false, roles: ['Owner', 'Recruiter', 'HiringManager'] },
  { to: employerPaths.team, label: 'Team', end: false, roles: ['Owner'] },
  { to: employerPaths.business, label: 'Business', end: false, roles: ['Owner'] },
];

/** The console's frame: signed-in business users only (the services check the token's role too). */
function EmployerConsole() {
  const { auth } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const business = useBusiness();
  const membership = useMembership();
  const role = membership.data?.role;
  const headerRef = useRef<HTMLElement>(null);
  useToastsBelowHeader(headerRef);

  const signOut = () => {
    void endSession(queryClient);
    navigate(employerPaths.login, { replace: true });
  };

  let body;
  if (business.isPending) body = <Spinner label="Loading your business" />;
  else if (business.isError) body = <AlertBanner type="alert-danger" message={firstServerErrorOr(business.error)} />;
  else if (business.data === null) body = <NoBusiness />;
  else body = <Outlet />;

  return (
    <div className="employer">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="employer__bar" ref={headerRef}>
        <Link to={employerPaths.jobs} className="brand">
          <BrandMark />
          <span>{business.data?.name ?? 'Employer console'}</span>
        </Link>
        <nav className="employer__nav" aria-label="Employer menu">
          {MENU.filter((item) => role !== undefined && item.roles.includes(role)).map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className="employer__nav-link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <span className="employer__user">{auth.email}</span>
        <Button variant="secondary" onClick={signOut}>
          Logout
        </Button>
      </header>
      <main id="main-content" tabIndex={-1} className="employer__main">
        {body}
      </main>
    </div>
  );
}

/**
 * The console of an employer in no business: the invitations open to them and nothing else (docs/decisions/
 * 0496); with none, either what a removed member needs to know (decision 0351) or the form that sets up a
 * business.
 */
function NoBusiness() {
  const removal = useTeamRemoval();
  const invitations = useMyInvitations(true);
  const [startingOwn, setStartingOwn] = useState(false);
  // Asked for by the removed member's button: the form's heading takes the focus, as a new page's would.
  useEffect(() => {
    if (startingOwn) document.getElementById('setup-title')?.focus();
  }, [startingOwn]);
  if (removal.isPending || invitations.isPending) return <Spinner label="Loading your business" />;
  if (invitations.data && invitations.data.length > 0) return <PendingInvitations invitations={invitations.data} />;
  if (removal.data && !startingOwn)
    return <RemovedFromBusiness removal={removal.data} onStartOwn={() => setStartingOwn(true)} />;
  return (
    <>
      <PageTitle title="Set up your business · Employer" />
      <BusinessSetup />
    </>
  );
}

export default function EmployerLayout() {
  const { auth, isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    const returnUrl = `${location.pathname}${location.search}`;
    // The console's home is where signing in leads anyway: /employer (the sign-in pages' link) needs no returnUrl.
    if (returnUrl === employerPaths.jobs || returnUrl === `${employerPaths.jobs}/`)
      return <Navigate to={employerPaths.login} replace />;
    return <Navigate to={`${employerPaths.login}?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  // A candidate never sees the console: they are told so, with the way back to their own pages.
  if (!isEmployer(auth)) return <CandidateInConsole />;
  return <EmployerConsole />;
}

/** /employer for a signed-in candidate: a plain page saying whose area this is, instead of a silent redirect. */
function CandidateInConsole() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle('For employers');
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  return (
    <div className="auth-layout">
      <header className="auth-layout__bar">
        <Link to={paths.home} className="brand">
          <BrandMark />
          <span>Careers Portal</span>
        </Link>
      </header>
      <div className="auth-layout__body">
        <main id="main-content" tabIndex={-1} className="auth-layout__main">
          <div className="auth-layout__card">
            <section className="auth-form" aria-labelledby="employer-candidate-title">
              <header className="auth-form__header">
                <h1 id="employer-candidate-title" ref={headingRef} tabIndex={-1}>
                  For employers
                </h1>
              </header>
              <p className="auth-form__notice" role="status">
                {employerMessages.candidateHere}
              </p>
              <Link className="btn btn--primary btn--full" to={paths.home}>
                Back to your candidate pages
              </Link>
            </section>
          </div>
        </main>
      </div>
    </div>
  );
}
