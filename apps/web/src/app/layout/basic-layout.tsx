import { Suspense } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useAppStore } from '../../shared/stores/app-store';
import { PageSpinner } from '../routes/lazy-page';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useResponsive } from './use-responsive';
import './layout.css';

/** Sidebar, top bar, a slot for the tab bar, and the page. */
export function BasicLayout() {
  useResponsive();
  const overlay = useAppStore((s) => s.device === 'mobile' && s.mobileOpened);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  return (
    <Layout className="app-layout" hasSider>
      <Sidebar />
      {overlay && <div className="app-sider-mask" onClick={closeSidebar} aria-hidden />}
      <Layout className="app-main">
        <TopBar />
        <div className="app-tab-bar-slot" data-slot="tab-bar" />
        <Layout.Content className="app-content">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
