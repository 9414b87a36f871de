import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { runtimeConfig } from '../../config/runtime-config';
import { authStore } from '../../lib/auth-store';
import { signOut } from '../../lib/session/sign-out';
import { paths, signupCompletionPath } from '../../lib/paths';
import { isEmployer } from '../../lib/roles';
import { isAddressUnproved } from '../../lib/address-proof';
import { useAuth } from '../../lib/use-auth';
import type { StartupProgress } from '../../lib/startup';
import { useStartup } from './use-startup';
import { prefetchDashboardPage } from '../../features/applications/api/prefetch-dashboard-page';
import './dashboard-layout.css';
import { BrandMark } from '../../components/brand-mark';

// Only a candidate who has not proved the address yet needs it: loaded then.
const ConfirmEmailBanner = lazy(() => import('../../components/confirm-email-banner'));

/** product.md §2/§9: below this width every navigation toggles (closes) the side navigation. */
const SIDE_NAV_AUTO_TOGGLE_BELOW_PX = 1024;
const LOGOUT_QUESTION = 'Are you sure you want to logout? Logging out will end your current session.';

const isNarrowScreen = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(max-width: ${SIDE_NAV_AUTO_TOGGLE_BELOW_PX - 0.02}px)`).matches;

/** product.md §2's three entries, plus Profile and CV drops (issue 12 item 13: pages no menu reached). */
const MENU = [
  { to: paths.applications, label: 'Job Applications' },
  { to: paths.cvs, label: 'CVs' },
  { to: paths.cvDrops, label: 'CV drops' },
  { to: paths.profile, label: 'Profile' },
  { to: paths.userAccount, label: 'Candidate Account' },
];

function StatusItem({ label, done }: { label: string; done: boolean }) {
  return (
    <li className={`status-item ${done ? 'status-item--done' : ''}`}>
      <span className="status-item__icon" aria-hidden="true">
        {done ? '✓' : ''}
      </span>
      <span className="status-item__label">{label}</span>
      <span className="status-item__state">{done ? 'Done' : 'Pending'}</span>
    </li>
  );
}

function ApplicationStatusPanel({ progress }: { progress: StartupProgress }) {
  return (
    <section className="status-panel card" aria-labelledby="status-title" aria-busy="true">
      <h1 id="status-title">Application Status</h1>
      <p className="status-panel__message" role="status">
        {progress.message}
      </p>
      <ul className="status-panel__list">
        <StatusItem label="Authenticated" done={progress.authenticated} />
        <StatusItem label="Loading Candidate data" done={progress.candidateLoaded} />
        <StatusItem label="Loading Job Application Data" done={progress.applicationDataLoaded} />
      </ul>
      <p className="status-panel__environment">
        Environment: <span className="env-badge">{runtimeConfig.environment}</span>
      </p>
    </section>
  );
}

function CandidateDashboard() {
  const { auth } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // The opened page's data is fetched beside startup's own calls: one round trip, no spinner after the panel.
  const { progress, outcome } = useStartup(String(auth.id), () => prefetchDashboardPage(queryClient, location));
  // Issue 12: on a phone the menu would cover the page after every sign-in and reload, so it starts closed there.
  const [nav, setNav] = useState(() => ({ open: !isNarrowScreen(), locationKey: location.key }));
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  // Once shown, the banner stays mounted after the proof, to say so (its polite message) as it goes.
  const unproved = isAddressUnproved(auth.accessToken);
  const [askedForProof, setAskedForProof] = useState(unproved);
  if (unproved && !askedForProof) setAskedForProof(true);

  // product.md §2: on narrow screens each navigation toggles the side navigation (it closes after choosing).
  if (nav.locationKey !== location.key) {
    setNav({ open: nav.open && !isNarrowScreen(), locationKey: location.key });
  }
  const navOpen = nav.open;
  const setNavOpen = (update: (open: boolean) => boolean) =>
    setNav((current) => ({ ...current, open: update(current.open) }));

  // On a phone the open navigation is a drawer over the page: Esc closes it, and the focus goes back to
  // the menu button that opened it (not to the body, where the drawer's focused link would leave it).
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!navOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !isNarrowScreen()) return;
      // A dialog open above the drawer closes first (it listens for Esc itself).
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      setNav((current) => ({ ...current, open: false }));
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navOpen]);

  // product.md §4: startup sends the user to login when the login check fails or the candidate has no name;
  // a signed-in user without a candidate record is led to complete the sign-up (issue 12 item 7).
  useEffect(() => {
    if (outcome === 'incomplete') {
      navigate(signupCompletionPath(), { replace: true });
      return;
    }
    if (outcome !== 'unauthenticated') return;
    authStore.clear();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  }, [outcome, navigate, queryClient]);

  const logout = () => {
    setConfirmingLogout(false);
    void signOut(queryClient);
    navigate(paths.login, { replace: true });
  };

  const ready = outcome === 'ready';
  return (
    <div className={`dashboard ${ready && navOpen ? 'dashboard--nav-open' : ''}`}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="dashboard__bar">
        {ready ? (
          <button
            ref={menuButtonRef}
            type="button"
            className="dashboard__menu-button"
            aria-expanded={navOpen}
            aria-controls="side-nav"
            aria-label={navOpen ? 'Hide navigation' : 'Show navigation'}
            onClick={() => setNavOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
        <Link to={paths.home} className="brand">
          <BrandMark />
          <span>Careers Portal</span>
        </Link>
        {auth.name ? <span className="dashboard__user">{auth.name}</span> : null}
      </header>

      {ready ? (
        <>
          <nav id="side-nav" className="side-nav" aria-label="Main" hidden={!navOpen}>
            <ul className="side-nav__menu">
              {MENU.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className="side-nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="side-nav__help">
              <h2>Need Help?</h2>
              <p>Questions about an application or your account? We are happy to help.</p>
              <Link to={paths.contactUs} className="side-nav__help-link">
                Get in touch
              </Link>
            </div>
            <Button
              variant="secondary"
              fullWidth
              className="side-nav__logout"
              onClick={() => setConfirmingLogout(true)}
            >
              Logout
            </Button>
          </nav>
          {navOpen ? (
            <div className="dashboard__scrim" aria-hidden="true" onClick={() => setNavOpen(() => false)} />
          ) : null}
          <main id="main-content" tabIndex={-1} className="dashboard__main">
            {askedForProof ? (
              <Suspense fallback={null}>
                <ConfirmEmailBanner />
              </Suspense>
            ) : null}
            <Outlet />
          </main>
        </>
      ) : (
        <main id="main-content" tabIndex={-1} className="dashboard__main dashboard__main--starting">
          <ApplicationStatusPanel progress={progress} />
        </main>
      )}

      <ConfirmDialog
        open={confirmingLogout}
        title="Logout"
        message={LOGOUT_QUESTION}
        confirmLabel="Yes, log out"
        cancelLabel="Cancel"
        onConfirm={logout}
        onCancel={() => setConfirmingLogout(false)}
      />
    </div>
  );
}

/**
 * Every signed-in candidate page sits in this layout. A business user has none: their side of the portal
 * is the employer console (docs/decisions/0150). Checked here rather than in the navigation guard so that
 * the check stays out of the landing pages' first JavaScript.
 */
export default function DashboardLayout() {
  const { auth } = useAuth();
  if (isEmployer(auth)) return <Navigate to={paths.employer} replace />;
  return <CandidateDashboard />;
}
