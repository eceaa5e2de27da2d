import { Drawer, Layout } from 'antd';
import { Link } from 'react-router';
import { HOME_PATH, SIDEBAR_WIDTH_PX } from '@sl/contracts';
import { useSiteTitle } from '../../shared/page-title/use-page-title';
import { useAppStore } from '../../shared/stores/app-store';
import { useSettings } from '../../shared/stores/settings-store';
import { SidebarMenu } from './sidebar-menu';

const COLLAPSED_WIDTH_PX = 64;

function SidebarBody({ collapsed }: { collapsed: boolean }) {
  const siteTitle = useSiteTitle();
  const showLogo = useSettings((s) => s.sidebarLogo);
  return (
    <>
      {showLogo && (
        <Link to={HOME_PATH} className="app-logo" title={siteTitle} data-testid="sidebar-logo">
          <img src="/logo.svg" alt="" width={32} height={32} />
          {!collapsed && <span className="app-logo-title">{siteTitle}</span>}
        </Link>
      )}
      <div className="app-sider-menu">
        <SidebarMenu collapsed={collapsed} />
      </div>
    </>
  );
}

/** Desktop: a collapsible sider. Mobile (spec §4 device mode): an overlay drawer opened by the collapse button. */
export function Sidebar() {
  const mobile = useAppStore((s) => s.device === 'mobile');
  const mobileOpened = useAppStore((s) => s.mobileOpened);
  const collapsed = useAppStore((s) => !s.sidebarOpened);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const instant = useAppStore((s) => s.closedWithoutAnimation);
  const sideTheme = useSettings((s) => s.sideTheme);
  if (mobile) {
    // Closed without animation: gone at once rather than sliding away over the page just opened.
    if (instant && !mobileOpened) return null;
    return (
      <Drawer
        open={mobileOpened}
        onClose={() => closeSidebar()}
        placement="left"
        size={SIDEBAR_WIDTH_PX}
        closable={false}
        rootClassName={`app-sider-drawer app-sider-drawer-${sideTheme}`}
        styles={{ body: { padding: 0 } }}
      >
        <div className="app-sider app-sider-in-drawer" data-testid="sidebar" data-mode="drawer" data-collapsed="false" data-theme={sideTheme}>
          <SidebarBody collapsed={false} />
        </div>
      </Drawer>
    );
  }
  return (
    <Layout.Sider
      data-testid="sidebar"
      data-mode="sider"
      data-theme={sideTheme}
      data-collapsed={collapsed ? 'true' : 'false'}
      className={instant ? 'app-sider app-sider-instant' : 'app-sider'}
      width={SIDEBAR_WIDTH_PX}
      collapsedWidth={COLLAPSED_WIDTH_PX}
      collapsed={collapsed}
      trigger={null}
      collapsible
    >
      <SidebarBody collapsed={collapsed} />
    </Layout.Sider>
  );
}
