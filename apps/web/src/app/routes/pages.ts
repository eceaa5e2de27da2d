import { lazyPage } from './lazy-page';

export const LoginPage = lazyPage(() => import('../../features/auth/components/login-page'));
export const DashboardPage = lazyPage(() => import('../../features/dashboard/dashboard-page'));
export const ProfilePage = lazyPage(() => import('../../features/profile/profile-page'));
export const NotFoundPage = lazyPage(() => import('../../features/errors/not-found-page'));
export const UnauthorizedPage = lazyPage(() => import('../../features/errors/unauthorized-page'));
export const RedirectPage = lazyPage(() => import('../../features/errors/redirect-page'));
