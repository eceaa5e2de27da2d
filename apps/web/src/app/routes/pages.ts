import { lazyPage } from './lazy-page';

export const LoginPage = lazyPage(() => import('../../features/auth/components/login-page'));
export const WxcodeRedirectPage = lazyPage(() => import('../../features/auth/components/wxcode-redirect-page'));
export const DashboardPage = lazyPage(() => import('../../features/dashboard/dashboard-page'));
export const UsersPage = lazyPage(() => import('../../features/users/components/users-page'));
export const RolesPage = lazyPage(() => import('../../features/roles/components/roles-page'));
export const DepartmentsPage = lazyPage(() => import('../../features/departments/components/departments-page'));
export const MenusPage = lazyPage(() => import('../../features/menus/components/menus-page'));
export const ProfilePage = lazyPage(() => import('../../features/profile/profile-page'));
export const EnterprisesPage = lazyPage(() => import('../../features/enterprises/enterprises-page'));
export const DictPage = lazyPage(() => import('../../features/dict/dict-page'));
export const ConfigPage = lazyPage(() => import('../../features/config/config-page'));
export const OperLogPage = lazyPage(() => import('../../features/logs/oper-log-page'));
export const LoginLogPage = lazyPage(() => import('../../features/logs/login-log-page'));
export const NoticeListPage = lazyPage(() => import('../../features/notices/notice-list-page'));
export const NotFoundPage = lazyPage(() => import('../../features/errors/not-found-page'));
export const UnauthorizedPage = lazyPage(() => import('../../features/errors/unauthorized-page'));
export const RedirectPage = lazyPage(() => import('../../features/errors/redirect-page'));
