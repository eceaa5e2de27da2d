import { commonLocales } from './common-locales';
import { blocksLocales } from './blocks-locales';
import { usersLocales } from '../../features/users/locales';
import { rolesLocales } from '../../features/roles/locales';
import { departmentsLocales } from '../../features/departments/locales';
import { menusLocales } from '../../features/menus/locales';
import { authLocales } from '../../features/auth/locales';
import { profileLocales } from '../../features/profile/locales';
import { enterprisesLocales } from '../../features/enterprises/locales';
import { dictLocales } from '../../features/dict/locales';
import { configLocales } from '../../features/config/locales';
import { logsLocales } from '../../features/logs/locales';
import { layoutLocales } from '../../app/layout/locales';
import { noticesLocales } from '../../features/notices/locales';
import { alarmBellLocales } from '../../features/alarm-bell/locales';
import { dashboardLocales } from '../../features/dashboard/locales';

/** Each feature keeps its labels beside its code as `{ 'zh-CN': {...}, 'en-US': {...} }` and is listed here. */
export interface FeatureLocale {
  'zh-CN': Record<string, string>;
  'en-US': Record<string, string>;
}

export const FEATURE_LOCALES: FeatureLocale[] = [
  commonLocales,
  blocksLocales,
  usersLocales,
  rolesLocales,
  departmentsLocales,
  menusLocales,
  authLocales,
  profileLocales,
  enterprisesLocales,
  dictLocales,
  configLocales,
  logsLocales,
  layoutLocales,
  noticesLocales,
  alarmBellLocales,
  dashboardLocales,
];
