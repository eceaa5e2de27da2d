import type { ComponentType } from 'react';
import {
  AlertOutlined, ApartmentOutlined, ApiOutlined, AuditOutlined, ClockCircleOutlined, CopyOutlined, DisconnectOutlined,
  FieldTimeOutlined, FileDoneOutlined, FileSearchOutlined, FireOutlined, GatewayOutlined, RedoOutlined, SlidersOutlined,
  SwapOutlined, UnorderedListOutlined, AppstoreOutlined, BankOutlined, BellOutlined, BookOutlined, BulbOutlined,
  CalendarOutlined, ClusterOutlined, ControlOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined,
  EnvironmentOutlined, FileTextOutlined, HeartOutlined, HddOutlined, InboxOutlined, LockOutlined, LoginOutlined,
  MenuOutlined, MessageOutlined, NotificationOutlined, ProfileOutlined, SafetyOutlined, ScheduleOutlined,
  SendOutlined, SettingOutlined, TeamOutlined, ThunderboltOutlined, ToolOutlined, UserOutlined, WarningOutlined,
} from '@ant-design/icons';

/** Icons by name; server names may be kebab ('tree-table') or antd ('DashboardOutlined'). */
const icons: Record<string, ComponentType> = {
  dashboard: DashboardOutlined, map: EnvironmentOutlined, environment: EnvironmentOutlined,
  terminal: DesktopOutlined, desktop: DesktopOutlined, device: HddOutlined, hdd: HddOutlined, box: InboxOutlined,
  inbox: InboxOutlined, inventory: DatabaseOutlined, database: DatabaseOutlined, repair: ToolOutlined, tool: ToolOutlined,
  heart: HeartOutlined, remote: ControlOutlined, control: ControlOutlined, alarm: AlertOutlined, alert: AlertOutlined,
  warning: WarningOutlined, bell: BellOutlined, dispatch: SendOutlined, send: SendOutlined, message: MessageOutlined,
  sms: MessageOutlined, policy: ScheduleOutlined, schedule: ScheduleOutlined, strategy: ClusterOutlined,
  plan: CalendarOutlined, calendar: CalendarOutlined, log: FileTextOutlined, filetext: FileTextOutlined, form: ProfileOutlined,
  notice: NotificationOutlined, notification: NotificationOutlined, energy: ThunderboltOutlined, electricity: ThunderboltOutlined,
  thunderbolt: ThunderboltOutlined, lamp: BulbOutlined, bulb: BulbOutlined, system: SettingOutlined, setting: SettingOutlined,
  enterprise: BankOutlined, bank: BankOutlined, dept: ApartmentOutlined, tree: ApartmentOutlined, apartment: ApartmentOutlined,
  user: UserOutlined, peoples: TeamOutlined, team: TeamOutlined, role: SafetyOutlined, safety: SafetyOutlined,
  menu: MenuOutlined, treetable: MenuOutlined, dict: BookOutlined, book: BookOutlined, config: ControlOutlined,
  api: ApiOutlined, audit: AuditOutlined, clockcircle: ClockCircleOutlined, copy: CopyOutlined, disconnect: DisconnectOutlined,
  fieldtime: FieldTimeOutlined, filedone: FileDoneOutlined, filesearch: FileSearchOutlined, fire: FireOutlined,
  gateway: GatewayOutlined, redo: RedoOutlined, sliders: SlidersOutlined, swap: SwapOutlined, unorderedlist: UnorderedListOutlined,
  list: UnorderedListOutlined, profile: ProfileOutlined, edit: ProfileOutlined, logininfor: LoginOutlined, login: LoginOutlined, lock: LockOutlined,
};

/** Names the icon picker offers. */
export const MENU_ICON_NAMES = Object.keys(icons);

const normalise = (name: string) => name.toLowerCase().replace(/(outlined|filled|twotone)$/, '').replace(/[^a-z]/g, '');

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = (name && icons[normalise(name)]) || AppstoreOutlined;
  return <Icon />;
}
