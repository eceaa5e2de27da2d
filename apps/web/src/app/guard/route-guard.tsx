import { Navigate, Outlet, useLocation } from 'react-router';
import { OPEN_PATHS } from '@sl/contracts';
import { getToken } from '../../shared/cookies/token';

const isOpen = (pathname: string) => (OPEN_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');

/** Spec §2: with a token /login goes to the root; without one only the open paths are reachable. */
export function RouteGuard() {
  const { pathname, search } = useLocation();
  const token = getToken();
  if (token && pathname === '/login') return <Navigate to="/" replace />;
  if (!token && !isOpen(pathname)) {
    return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return <Outlet />;
}
