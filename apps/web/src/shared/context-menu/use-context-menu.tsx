import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { usePasswordCheck } from '../password-check';
import { ContextMenuList } from './context-menu-list';
import type { ContextMenu, ContextMenuItem, ContextMenuOptions } from './types';

interface Opened<P> {
  /** Counts openings, so that reopening at the same spot starts a fresh list. */
  id: number;
  x: number;
  y: number;
  payload: P;
  items: ContextMenuItem<P>[];
}

/**
 * A generic right-click menu (spec §2). Usage, e.g. in the tab bar:
 *
 *   const tabMenu = useContextMenu<Tab>({ items: (tab) => [
 *     { key: 'refresh', label: t('tabs.refresh'), icon: <ReloadOutlined />, onSelect: refresh },
 *     { key: 'close', label: t('tabs.close'), disabled: tab.pinned, onSelect: closeTab },
 *   ] });
 *   <Tab onContextMenu={(e) => tabMenu.open(e, tab)} />
 *   {tabMenu.menu}
 *
 * The menu opens at the cursor and closes on a choice, a click outside, Escape, Tab, scrolling,
 * resizing or leaving the window. Items with `requiresPassword` run only after the 身份验证 check.
 * Needs a QueryClientProvider above it (the password check reads the app config).
 */
export function useContextMenu<P>({ items, onSelect }: ContextMenuOptions<P>): ContextMenu<P> {
  const [opened, setOpened] = useState<Opened<P> | null>(null);
  const [checkPassword, passwordDialog] = usePasswordCheck();

  // Where focus goes back to after a keyboard close or a choice (not after a click elsewhere or a scroll).
  const returnFocus = useRef<Element | null>(null);

  const open: ContextMenu<P>['open'] = (event, payload) => {
    event.preventDefault();
    if (!opened) returnFocus.current = document.activeElement;
    const list = typeof items === 'function' ? items(payload) : items;
    setOpened({ id: (opened?.id ?? 0) + 1, x: event.clientX, y: event.clientY, payload, items: list });
  };
  const close = useCallback((restoreFocus = false) => {
    setOpened(null);
    if (restoreFocus && returnFocus.current instanceof HTMLElement) returnFocus.current.focus({ preventScroll: true });
    returnFocus.current = null;
  }, []);
  const dismiss = useCallback(() => close(), [close]);

  const choose = async (item: ContextMenuItem<P>) => {
    const payload = opened!.payload;
    close(true);
    if (item.requiresPassword && !(await checkPassword())) return;
    item.onSelect?.(payload);
    onSelect?.(item.key, payload);
  };

  useEffect(() => {
    if (!opened) return;
    const onPointer = (event: Event) => {
      if (!(event.target instanceof Element && event.target.closest('[data-context-menu]'))) dismiss();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close(true);
    const documentEvents: [string, EventListener][] = [['mousedown', onPointer], ['touchstart', onPointer], ['keydown', onKey as EventListener]];
    const windowEvents: [string, boolean][] = [['scroll', true], ['resize', false], ['blur', false]];
    for (const [name, listener] of documentEvents) document.addEventListener(name, listener, true);
    // From the next frame: a scroll still pending from before the right-click (the browser scrolling
    // the clicked element into view, a tab bar bringing its active tab forward) must not close the menu.
    const frame = requestAnimationFrame(() => {
      for (const [name, capture] of windowEvents) window.addEventListener(name, dismiss, capture);
    });
    return () => {
      cancelAnimationFrame(frame);
      for (const [name, listener] of documentEvents) document.removeEventListener(name, listener, true);
      for (const [name, capture] of windowEvents) window.removeEventListener(name, dismiss, capture);
    };
  }, [opened, close, dismiss]);

  const list = opened && (
    <ContextMenuList key={opened.id} x={opened.x} y={opened.y} items={opened.items} onChoose={(item) => void choose(item)} onClose={() => close(true)} />
  );
  return {
    open,
    close: dismiss,
    isOpen: opened !== null,
    menu: (
      <>
        {list && createPortal(list, document.body)}
        {passwordDialog}
      </>
    ),
  };
}
