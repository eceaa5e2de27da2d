import { Navigate } from 'react-router';
import { homePage } from '../../shared/menu/home-page';
import { useSessionStore } from '../../shared/stores/session-store';

/** The console's root: the signed-in user's first page (loaded with the shell, so the sign-in page stays small). */
export function HomeRedirect() {
  const permissions = useSessionStore((s) => s.permissions);
  const menus = useSessionStore((s) => s.menus);
  return <Navigate to={homePage({ permissions, menus })} replace />;
}
