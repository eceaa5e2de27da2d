import { useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { nextIndex } from './menu-keys';
import type { ContextMenuItem } from './types';

interface ContextMenuListProps<P> {
  x: number;
  y: number;
  items: ContextMenuItem<P>[];
  onChoose: (item: ContextMenuItem<P>) => void;
  onClose: () => void;
}

const EDGE = 4;

/** The menu itself: fixed at the cursor (kept inside the viewport); arrow keys, Home/End, Enter/Space, Tab closes. */
export function ContextMenuList<P>({ x, y, items, onChoose, onClose }: ContextMenuListProps<P>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list = useRef<HTMLUListElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });
  const [active, setActive] = useState(() => items.findIndex((item) => !item.disabled));

  useLayoutEffect(() => {
    const rect = list.current!.getBoundingClientRect();
    setPosition({
      left: Math.max(EDGE, Math.min(x, window.innerWidth - rect.width - EDGE)),
      top: Math.max(EDGE, Math.min(y, window.innerHeight - rect.height - EDGE)),
    });
  }, [x, y]);
  useLayoutEffect(() => {
    const target = (list.current?.children[active] as HTMLElement | undefined) ?? list.current;
    target?.focus({ preventScroll: true });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Escape is handled at the document level by the hook, wherever the focus is.
    if (event.key === 'Tab') {
      event.preventDefault();
      return onClose();
    }
    if ((event.key === 'Enter' || event.key === ' ') && items[active]) {
      event.preventDefault();
      return onChoose(items[active]);
    }
    const next = nextIndex(event.key, active, items.map((item) => !!item.disabled));
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  const box: CSSProperties = {
    position: 'fixed', ...position, zIndex: token.zIndexPopupBase + 100, margin: 0, padding: token.paddingXXS, listStyle: 'none',
    minWidth: 140, background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary, outline: 'none',
  };
  const row = (item: ContextMenuItem<P>, focused: boolean): CSSProperties => ({
    display: 'flex', alignItems: 'center', gap: token.marginXS, padding: `${token.paddingXXS + 1}px ${token.paddingSM}px`, borderRadius: token.borderRadiusSM,
    cursor: item.disabled ? 'not-allowed' : 'pointer', outline: 'none', whiteSpace: 'nowrap', fontSize: token.fontSize, lineHeight: token.lineHeight,
    color: item.disabled ? token.colorTextDisabled : item.danger ? token.colorError : token.colorText,
    background: focused && !item.disabled ? (item.danger ? token.colorErrorBg : token.controlItemBgHover) : undefined,
  });

  return (
    <ul ref={list} role="menu" aria-label={t('contextMenu.label')} tabIndex={-1} style={box} onKeyDown={onKeyDown} onContextMenu={(e) => e.preventDefault()} data-testid="context-menu" data-context-menu>
      {items.map((item, i) => (
        <li
          key={item.key}
          role="menuitem"
          tabIndex={-1}
          aria-disabled={item.disabled || undefined}
          data-key={item.key}
          style={row(item, i === active)}
          onMouseEnter={() => !item.disabled && setActive(i)}
          onClick={() => !item.disabled && onChoose(item)}
        >
          {item.icon}
          <span>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
