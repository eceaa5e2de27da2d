import { Layout } from 'antd';
import { Link } from 'react-router';
import { HOME_PATH, SIDEBAR_WIDTH_PX } from '@sl/contracts';
import { useSiteTitle } from '../../shared/page-title/use-page-title';
import { selectCollapsed, useAppStore } from '../../shared/stores/app-store';
import { SidebarMenu } from './sidebar-menu';

const COLLAPSED_WIDTH_PX = 64;

export function Sidebar() {
  const collapsed = useAppStore(selectCollapsed);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const siteTitle = useSiteTitle();
  return (
    <Layout.Sider
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      className={mobile ? 'app-sider app-sider-mobile' : 'app-sider'}
      width={SIDEBAR_WIDTH_PX}
      collapsedWidth={mobile ? 0 : COLLAPSED_WIDTH_PX}
      collapsed={collapsed}
      trigger={null}
      collapsible
    >
      <Link to={HOME_PATH} className="app-logo" title={siteTitle}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        {!collapsed && <span className="app-logo-title">{siteTitle}</span>}
      </Link>
      <div className="app-sider-menu">
        <SidebarMenu />
      </div>
    </Layout.Sider>
  );
}
