import type { FeatureLocale } from './feature-locales';
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
import { logPageLocales } from '../log-page/locales';
import { boxesLocales } from '../../features/boxes/locales';
import { inventoryLocales } from '../../features/inventory/locales';
import { repairsLocales } from '../../features/repairs/locales';
import { heartbeatTestsLocales } from '../../features/heartbeat-tests/locales';
import { deviceLogsLocales } from '../../features/device-logs/locales';
import { taskLocales } from '../task/locales';
import { terminalsLocales } from '../../features/terminals/locales';
import { terminalSettingsLocales } from '../../features/terminal-settings/locales';
import { alarmsLocales } from '../../features/alarms/locales';
import { workOrdersLocales } from '../../features/work-orders/locales';
import { smsLogLocales } from '../../features/sms-log/locales';
import { apiClientsLocales } from '../../features/api-clients/locales';
import { leafletsLocales } from '../../features/leaflets/locales';
import { controlLocales } from '../../features/control/locales';
import { plansLocales } from '../../features/plans/locales';
import { pickerLocales } from '../terminal-picker/locales';
import { lightStateLocales } from '../light-state/locales';
import { assetsLocales } from '../../features/assets/locales';
import { citizenLocales } from '../../features/citizen/locales';
import { reportsLocales } from '../../features/reports/locales';

/** Every feature's labels, for the tests that check them all; the console registers them as pages load. */
export const ALL_FEATURE_LOCALES: FeatureLocale[] = [
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
  logPageLocales,
  boxesLocales,
  inventoryLocales,
  repairsLocales,
  heartbeatTestsLocales,
  deviceLogsLocales,
  taskLocales,
  terminalsLocales,
  terminalSettingsLocales,
  alarmsLocales,
  workOrdersLocales,
  smsLogLocales,
  apiClientsLocales,
  leafletsLocales,
  controlLocales,
  plansLocales,
  pickerLocales,
  lightStateLocales,
  assetsLocales,
  citizenLocales,
  reportsLocales,
];
