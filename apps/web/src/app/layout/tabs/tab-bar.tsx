import type { CSSProperties } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useContextMenu } from '../../../shared/context-menu';
import { useSessionStore } from '../../../shared/stores/session-store';
import type { Tab } from './tab-list';
import { tabMenuItems } from './tab-menu';
import { normalizePath, tabTitle } from './tab-paths';
import { TabItem } from './tab-item';
import { useTabActions } from './use-tab-actions';
import { useTabs } from './tabs-store';

/** The bar of visited pages under the top bar; the pinned digital map comes first. */
export function TabBar() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const current = normalizePath(useLocation().pathname);
  const menus = useSessionStore((s) => s.menus);
  const tabs = useTabs((s) => s.tabs);
  const actions = useTabActions();
  const menu = useContextMenu<Tab>({ items: (tab) => tabMenuItems(tab, actions, t) });
  const style = { '--tab-active': token.colorPrimary } as CSSProperties;
  return (
    <>
      <nav aria-label={t('shell.tabs.label')}>
        <div className="app-tab-bar" data-testid="tab-bar" role="tablist" aria-label={t('shell.tabs.label')} style={style}>
          {tabs.map((tab) => (
            <TabItem key={tab.path} tab={tab} title={tabTitle(tab.path, menus, t)} active={tab.path === current} actions={actions} onContextMenu={menu.open} />
          ))}
        </div>
      </nav>
      {menu.menu}
    </>
  );
}
