import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { importWithReload } from '../lib/chunk-reload';
import { isTenantSubdomain } from '../lib/product';
import { useSession } from '../lib/session-store';
import { isAdmin } from '../lib/user';
import { FullScreenSpinner } from '../ui/Spinner';

/** Signed-in pages: signed-out visitors go to /login (spec section 2). */
export function RequireAuth() {
  const status = useSession((state) => state.status);
  const location = useLocation();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signedOut') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Sign-in, registration and password pages send signed-in users to /dashboard. */
export function RedirectIfSignedIn() {
  const status = useSession((state) => state.status);
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Admin-only and admin-or-owner routes (spec section 2): everyone else goes to /dashboard. */
export function RequireAdmin() {
  const user = useSession((state) => state.user);
  return isAdmin(user) ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

const HomePage = lazy(() => importWithReload(() => import('../features/marketing/pages/HomePage')));

/** `/`: signed-in users go to /dashboard; an organization's subdomain goes to /login; others see the home page. */
export function HomeRoute() {
  const status = useSession((state) => state.status);
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  if (isTenantSubdomain(window.location.hostname))
    return status === 'loading' ? <FullScreenSpinner /> : <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <HomePage />
    </Suspense>
  );
}
