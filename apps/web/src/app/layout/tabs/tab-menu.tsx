import type { ReactNode } from 'react';
import { CloseCircleOutlined, CloseOutlined, ColumnWidthOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ContextMenuItem } from '../../../shared/context-menu';
import { isPinned, type Tab } from './tab-list';
import type { useTabActions } from './use-tab-actions';

type Actions = ReturnType<typeof useTabActions>;

/** The right-click menu of a tab (spec §2): refresh, close (not for pinned tabs), close others, close all. */
export function tabMenuItems(tab: Tab, actions: Actions, t: TFunction): ContextMenuItem<Tab>[] {
  const item = (key: string, icon: ReactNode, onSelect: (tab: Tab) => void, disabled = false): ContextMenuItem<Tab> => ({
    key,
    icon,
    disabled,
    onSelect,
    label: <span data-testid={`tab-menu-${key}`}>{t(`shell.tabs.${key}`)}</span>,
  });
  return [
    item('refresh', <ReloadOutlined />, actions.refresh),
    item('close', <CloseOutlined />, actions.close, isPinned(tab.path)),
    item('closeOthers', <ColumnWidthOutlined />, actions.closeOthers),
    item('closeAll', <CloseCircleOutlined />, actions.closeAll),
  ];
}
