import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/use-auth';
import { loginPathFor } from '../lib/return-url';

/** Navigation guard (SPEC §2): a visitor who is not logged in goes to login, keeping the full target path. */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to={loginPathFor({ pathname: location.pathname, search: location.search })} replace />;
  return <Outlet />;
}
