import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/use-auth';
import { authStore } from '../lib/auth-store';
import { paths } from '../lib/paths';
import { loginPathFor } from '../lib/return-url';
import { isEmployer } from '../lib/roles';

/** Navigation guard (product.md §2): a visitor who is not logged in goes to login, keeping the full target path. */
export function RequireAuth() {
  const { auth, isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    // After a deliberate logout or account deletion there is nothing to come back to.
    const target = authStore.signedOutByUser()
      ? paths.login
      : loginPathFor({ pathname: location.pathname, search: location.search });
    return <Navigate to={target} replace />;
  }
  // A business user has no candidate pages: their side of the portal is the employer console.
  if (isEmployer(auth)) return <Navigate to={paths.employer} replace />;
  return <Outlet />;
}
