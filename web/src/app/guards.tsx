import { lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { UserType } from '#contract/roles';
import { useSession } from '../lib/session';

// Its own chunk: only people signed in with a one-time password ever see it.
const TemporaryPasswordPage = lazy(() => import('../features/auth/temporary-password-page'));

/**
 * Every route but the landing page and sign-in: nobody signed in goes to /signin, and while the
 * password is a one-time one every such route shows the form that replaces it (the API refuses
 * everything else meanwhile); the screen asked for follows once it is changed.
 */
export function RequireSession() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (user.must_change_password) return <TemporaryPasswordPage />;
  return <Outlet />;
}

/** SPEC.md section 6: a user whose user_type differs from the required one goes to /dashboard. */
export function RequireRole({ role }: { role: UserType }) {
  const { user } = useSession();
  if (user?.user_type !== role) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/**
 * HR's screens that have no view of an employee's own (Staff Management and its Add Staff form):
 * an employee who types their address goes to /dashboard, as SPEC.md section 6 sends them from
 * Staff Management's menu item, rather than to a page of refusals.
 */
export function RequireHr() {
  const { user } = useSession();
  if (user?.user_type === 'employee') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** The sign-in page is for signed-out people only. */
export function RedirectIfSignedIn() {
  const { user } = useSession();
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
