import { Button, Layout, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../shared/i18n/lang-switch';
import { selectCollapsed, useAppStore } from '../../shared/stores/app-store';
import { BreadcrumbBar } from './breadcrumb-bar';
import { Clock } from './clock';
import { ErrorLogButton } from './error-log/error-log-button';
import { FullscreenToggle } from './fullscreen-toggle';
import { SettingsButton } from './settings/settings-button';
import { AlarmBell, NoticeButton } from './slots';
import { UserMenu } from './user-menu';

/** Collapse button and breadcrumb on the left; clock, alarms, notices and tools on the right (spec §2). */
export function TopBar() {
  const { t } = useTranslation();
  const collapsed = useAppStore(selectCollapsed);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  // On a phone a tap leaves the tooltip shown over the drawer's first item: the label is enough there.
  const mobile = useAppStore((s) => s.device === 'mobile');
  const toggle = (
    <Button
      type="text"
      data-testid="sidebar-toggle"
      aria-label={t('nav.toggleSidebar')}
      aria-expanded={!collapsed}
      icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      onClick={toggleSidebar}
    />
  );
  return (
    <Layout.Header className="app-top-bar">
      {mobile ? toggle : <Tooltip title={t('nav.toggleSidebar')} placement="bottomLeft">{toggle}</Tooltip>}
      <BreadcrumbBar />
      <div className="app-top-bar-tools" data-slot="top-bar-tools">
        <Clock />
        <ErrorLogButton />
        <AlarmBell />
        <NoticeButton />
        <FullscreenToggle />
        <SettingsButton />
      </div>
      <LangSwitch size="small" />
      <UserMenu />
    </Layout.Header>
  );
}
