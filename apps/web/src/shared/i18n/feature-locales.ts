import { commonLocales } from './common-locales';
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

/** Each feature keeps its labels beside its code as `{ 'zh-CN': {...}, 'en-US': {...} }` and is listed here. */
export interface FeatureLocale {
  'zh-CN': Record<string, string>;
  'en-US': Record<string, string>;
}

export const FEATURE_LOCALES: FeatureLocale[] = [
  commonLocales,
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
];
