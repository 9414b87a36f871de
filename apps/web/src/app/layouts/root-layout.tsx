import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import './root-layout.css';
import { paths } from '../../lib/paths';

/** Moves focus to the new page's main content after client-side navigation, as a page load would. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  useEffect(() => {
    const main = document.getElementById('main-content');
    if (main && document.activeElement === document.body) main.focus({ preventScroll: true });
    window.scrollTo?.(0, 0);
  }, [pathname]);
}

export function RootLayout() {
  useFocusOnNavigation();
  return <Outlet />;
}

export function RootFallback() {
  return (
    <div className="root-fallback">
      <Spinner label="Preparing application..." />
    </div>
  );
}

/** Last resort when a page fails to load or render (e.g. a new deployment replaced its chunk). */
export function RootError() {
  return (
    <main className="root-error" id="main-content" tabIndex={-1}>
      <h1>Sorry, this page could not be shown</h1>
      <p>Something went wrong while showing this page.</p>
      <p>
        <a href={window.location.href}>Reload the page</a> or <Link to={paths.home}>go to the home page</Link>.
      </p>
    </main>
  );
}
