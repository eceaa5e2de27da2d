import type { ComponentType, ReactNode } from 'react';
import type { MenuNode } from '@sl/contracts';
import { ComingSoonPage } from '../../features/coming-soon/coming-soon-page';
import { menuTitle } from '../../shared/menu/menu-tree';
import { DashboardPage, UsersPage, RolesPage, DepartmentsPage, MenusPage } from './pages';
import { ConfigPage, DictPage, EnterprisesPage, LoginLogPage, NoticeListPage, OperLogPage } from './pages';
import { BoxesPage, InventoryPage, RepairsPage, HeartbeatTestsPage } from './pages';
import { UnlineLogPage, GmtLogPage, HeartLogPage, InitLogPage, LeakageLogPage, LockLogPage, StatusLogPage, TimingLogPage, DeviceOperationLogPage, DeviceReportLogPage } from './pages';
import { TerminalSettingsPage, TerminalsPage } from './pages';
import { AlarmKindsPage, AlarmListPage, AlarmLogPage, LeafletPage, SmsLogPage, WorkOrderPage } from './pages';
import { ApiClientsPage, WebhookLogPage } from './pages';
import { CitizenQrSheetPage } from './pages';
import { EnergyReportPage, OperationsReportPage, ReportMailPage, SavingsReportPage } from './pages';
import { LampTypesPage, LampsPage, LikelyToFailPage } from './pages';
import { AreaSetPage, ElectricitySetPage, EmergencyPlanPage, MaintenanceSetPage, PlanListPage, PolicyListPage, PolicyTemplatePage, StrategySetPage } from './pages';

/** Server component keys with a built page; every other key gets the coming-soon page. */
const pages: Record<string, ComponentType> = {
  'dashboard/index': DashboardPage,
  'system/sysuser/index': UsersPage,
  'system/role/index': RolesPage,
  'system/dept/index': DepartmentsPage,
  'system/menu/index': MenusPage,
  'system/enterprise/index': EnterprisesPage,
  'system/dict/index': DictPage,
  'system/config/index': ConfigPage,
  'system/operlog/index': OperLogPage,
  'system/loginlog/index': LoginLogPage,
  'system/apiclient/index': ApiClientsPage,
  'system/webhooklog/index': WebhookLogPage,
  'notice/list/index': NoticeListPage,
  'terminal/box/index': BoxesPage,
  'terminal/inventory/index': InventoryPage,
  'terminal/repair/index': RepairsPage,
  'terminal/heart/index': HeartbeatTestsPage,
  'log/unline/index': UnlineLogPage,
  'log/gmt/index': GmtLogPage,
  'log/heart/index': HeartLogPage,
  'log/init/index': InitLogPage,
  'log/leakage/index': LeakageLogPage,
  'log/lock/index': LockLogPage,
  'log/status/index': StatusLogPage,
  'log/timing/index': TimingLogPage,
  'log/operation/index': DeviceOperationLogPage,
  'log/report/index': DeviceReportLogPage,
  'terminal/list/index': TerminalsPage,
  'terminal/set/index': TerminalSettingsPage,
  'alarm/list/index': AlarmListPage,
  'alarm/set/index': AlarmKindsPage,
  'alarm/log/index': AlarmLogPage,
  'alarm/citizen/index': CitizenQrSheetPage,
  'report/energy/index': EnergyReportPage,
  'report/savings/index': SavingsReportPage,
  'report/operations/index': OperationsReportPage,
  'report/mail/index': ReportMailPage,
  'dispatch/workorder/index': WorkOrderPage,
  'dispatch/leaflet/index': LeafletPage,
  'dispatch/sms/index': SmsLogPage,
  'policy/list/index': PolicyListPage,
  'policy/template/index': PolicyTemplatePage,
  'policy/strategy/index': StrategySetPage,
  'policy/area/index': AreaSetPage,
  'policy/electricity/index': ElectricitySetPage,
  'policy/maintenance/index': MaintenanceSetPage,
  'plan/list/index': PlanListPage,
  'plan/emergency/index': EmergencyPlanPage,
  'asset/lamptype/index': LampTypesPage,
  'asset/lamp/index': LampsPage,
  'asset/predict/index': LikelyToFailPage,
};

export function pageFor(node: MenuNode): ReactNode {
  const Page = pages[node.component.replace(/^\/+/, '').replace(/\.(vue|tsx?)$/, '')];
  return Page ? <Page /> : <ComingSoonPage title={menuTitle(node)} />;
}
