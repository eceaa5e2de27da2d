import { useEffect, useMemo, useState } from 'react';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findMenuEntry, joinMenuPath } from '../../shared/menu/menu-tree';
import { useSettings } from '../../shared/stores/settings-store';
import { useAppStore } from '../../shared/stores/app-store';
import { useSessionStore } from '../../shared/stores/session-store';
import { toMenuItems } from './menu-items';

/** Keys of the folders above the current page, and the deepest visible row to highlight. */
function useRouteKeys(pathname: string) {
  const menus = useSessionStore((s) => s.menus);
  const entry = findMenuEntry(menus, pathname);
  const keys: string[] = [];
  let parent = '/';
  for (const node of entry?.trail ?? []) {
    parent = joinMenuPath(parent, node.path);
    keys.push(parent);
  }
  const visibleDepth = entry?.trail.findIndex((n) => n.visible !== '0') ?? -1;
  const selected = visibleDepth === -1 ? pathname : keys[Math.max(0, visibleDepth - 1)];
  return { openKeys: keys.slice(0, -1), selected };
}

/** The permitted menu tree; `collapsed` shows icons only (desktop). */
export function SidebarMenu({ collapsed }: { collapsed: boolean }) {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menus = useSessionStore((s) => s.menus);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const device = useAppStore((s) => s.device);
  const sideTheme = useSettings((s) => s.sideTheme);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels are translated inside, in the current language
  const items = useMemo(() => toMenuItems(menus), [menus, i18n.language]);
  const { openKeys: routeOpenKeys, selected } = useRouteKeys(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(routeOpenKeys);
  const routeKey = routeOpenKeys.join('|');

  useEffect(() => {
    setOpenKeys((keys) => Array.from(new Set([...keys, ...routeKey.split('|').filter(Boolean)])));
  }, [routeKey]);

  return (
    <Menu
      theme={sideTheme === 'light-theme' ? 'light' : 'dark'}
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        void navigate(key);
        if (device === 'mobile') closeSidebar({ withoutAnimation: true });
      }}
    />
  );
}
