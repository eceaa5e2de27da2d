import { useEffect, useRef, type MouseEvent } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isPinned, type Tab } from './tab-list';
import type { useTabActions } from './use-tab-actions';

interface Props {
  tab: Tab;
  title: string;
  active: boolean;
  actions: ReturnType<typeof useTabActions>;
  onContextMenu: (event: MouseEvent, tab: Tab) => void;
}

/** One visited page: click to show it, × or middle click to close it, right click for the menu. */
export function TabItem({ tab, title, active, actions, onContextMenu }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const pinned = isPinned(tab.path);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <div
      ref={ref}
      role="tab"
      tabIndex={0}
      aria-selected={active}
      data-testid="tab"
      data-path={tab.path}
      data-active={active ? 'true' : 'false'}
      className={['app-tab', active && 'app-tab-active', pinned && 'app-tab-pinned'].filter(Boolean).join(' ')}
      onClick={() => actions.select(tab)}
      onKeyDown={(e) => e.key === 'Enter' && actions.select(tab)}
      onAuxClick={(e) => e.button === 1 && !pinned && actions.close(tab)}
      onContextMenu={(e) => onContextMenu(e, tab)}
    >
      <span className="app-tab-title">{title}</span>
      {!pinned && (
        <CloseOutlined
          className="app-tab-close"
          data-testid="tab-close"
          aria-label={t('shell.tabs.close')}
          onClick={(e) => {
            e.stopPropagation();
            actions.close(tab);
          }}
        />
      )}
    </div>
  );
}
