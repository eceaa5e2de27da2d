import { Navigate, createBrowserRouter } from 'react-router';
import { HOME_PATH, WX_STANDIN_PATH } from '@sl/contracts';
import { AuthRedirectPage } from '../features/errors/pending-redirect-page';
import { RouteGuard } from './guard/route-guard';
import { SessionGate } from './guard/session-gate';
import { BasicLayout } from './layout/basic-layout';
import { MenuRoutes } from './routes/menu-routes';
import { LoginPage, NotFoundPage, ProfilePage, RedirectPage, UnauthorizedPage, WxcodeRedirectPage, WxStandinPage } from './routes/pages';
import { Titled } from './routes/titled';

/** Fixed routes of spec §2; the menu's routes are added inside the layout by MenuRoutes. */
export const router = createBrowserRouter([
  {
    element: <RouteGuard />,
    children: [
      { path: '/login', element: <Titled titleKey="login.title"><LoginPage /></Titled> },
      { path: '/auth-redirect', element: <AuthRedirectPage /> },
      { path: '/wxcode-redirect', element: <WxcodeRedirectPage /> },
      { path: WX_STANDIN_PATH, element: <WxStandinPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/401', element: <UnauthorizedPage /> },
      {
        element: <SessionGate />,
        children: [
          {
            element: <BasicLayout />,
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              { path: '/redirect/*', element: <RedirectPage /> },
              { path: '/profile/index', element: <Titled titleKey="route.profile"><ProfilePage /></Titled> },
              { path: '*', element: <MenuRoutes /> },
            ],
          },
        ],
      },
    ],
  },
]);
