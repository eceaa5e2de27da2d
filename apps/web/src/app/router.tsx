import { createBrowserRouter } from 'react-router';
import { WX_STANDIN_PATH } from '@sl/contracts';
import { AuthRedirectPage } from '../features/errors/pending-redirect-page';
import { RouteGuard } from './guard/route-guard';
import { HomeRedirect } from './routes/home-redirect';
import { LoginPage, NotFoundPage, ProfilePage, RedirectPage, UnauthorizedPage, WxcodeRedirectPage, WxStandinPage } from './routes/pages';
import { CitizenReportPage, CitizenStatusPage } from './routes/pages';
import { Titled } from './routes/titled';

/**
 * Fixed routes of spec §2; the menu's routes are added inside the layout by MenuRoutes.
 * The signed-in shell loads lazily so the sign-in page stays within its JavaScript budget.
 */
export const router = createBrowserRouter([
  // A pole's QR code opens these on a citizen's phone: public, outside the sign-in guard and the console's layout.
  { path: '/r/status/:token', element: <CitizenStatusPage /> },
  { path: '/r/:code', element: <CitizenReportPage /> },
  {
    element: <RouteGuard />,
    children: [
      { path: '/login', element: <Titled titleKey="login.title" heading={false}><LoginPage /></Titled> },
      { path: '/auth-redirect', element: <AuthRedirectPage /> },
      { path: '/wxcode-redirect', element: <WxcodeRedirectPage /> },
      { path: WX_STANDIN_PATH, element: <WxStandinPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/401', element: <UnauthorizedPage /> },
      {
        lazy: async () => ({ Component: (await import('./guard/session-gate')).SessionGate }),
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/basic-layout')).BasicLayout }),
            children: [
              { index: true, element: <HomeRedirect /> },
              { path: '/redirect/*', element: <RedirectPage /> },
              { path: '/profile/index', element: <Titled titleKey="route.profile"><ProfilePage /></Titled> },
              { path: '*', lazy: async () => ({ Component: (await import('./routes/menu-routes')).MenuRoutes }) },
            ],
          },
        ],
      },
    ],
  },
]);
