import { Suspense, useEffect } from 'react';
import { Layout } from 'antd';
import { useLocation } from 'react-router';
import { useOpenPushChannels } from '../../shared/push';
import { useSessionKeeper } from '../../shared/session/use-session-keeper';
import { useAppStore } from '../../shared/stores/app-store';
import { useSettings } from '../../shared/stores/settings-store';
import { FeedbackApp } from '../feedback-app';
import { PageSpinner } from '../routes/lazy-page';
import { SettingsDrawer } from './settings/settings-drawer';
import { Sidebar } from './sidebar';
import { KeepAliveOutlet } from './tabs/keep-alive-outlet';
import { TabBar } from './tabs/tab-bar';
import { useTabSync } from './tabs/use-tab-sync';
import { TopBar } from './top-bar';
import { useLiveMenus } from './use-live-menus';
import { useResponsive } from './use-responsive';
import './layout.css';
import './shell.css';
import { registerLocales } from '../../shared/i18n/register-locales';
import { ALL_FEATURE_LOCALES } from '../../shared/i18n/all-feature-locales';

// Every page's labels arrive with the signed-in shell; the sign-in page carries only the shell's own.
registerLocales(...ALL_FEATURE_LOCALES);

/** The mobile drawer closes whenever the page changes, however the navigation happened. */
function useCloseDrawerOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (useAppStore.getState().device === 'mobile') useAppStore.getState().closeSidebar({ withoutAnimation: true });
  }, [pathname]);
}

/** Sidebar, top bar, tab bar, the kept-alive pages and the settings panel; the push channels and the session keeper while signed in. */
export function BasicLayout() {
  return (
    <FeedbackApp>
      <Shell />
    </FeedbackApp>
  );
}

function Shell() {
  useOpenPushChannels();
  useSessionKeeper();
  useResponsive();
  useTabSync();
  useCloseDrawerOnNavigate();
  useLiveMenus();
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  return (
    <Layout className="app-layout" hasSider>
      <Sidebar />
      <Layout className="app-main">
        <div className={fixedHeader ? 'app-header app-header-fixed' : 'app-header'} data-testid="app-header">
          <TopBar />
          {tagsView && <TabBar />}
        </div>
        <Layout.Content className="app-content">
          <Suspense fallback={<PageSpinner />}>
            <KeepAliveOutlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <SettingsDrawer />
    </Layout>
  );
}
