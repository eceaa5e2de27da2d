import type { ReactNode } from 'react';

/** One entry of a context menu; `P` is what was right-clicked (a tab, a row...). */
export interface ContextMenuItem<P> {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
  danger?: boolean;
  /** Ask for the password (the 身份验证 dialog) first; the action runs only once it is confirmed. */
  requiresPassword?: boolean;
  onSelect?: (payload: P) => void;
}

export interface ContextMenuOptions<P> {
  /** The items, or a function building them for the payload (e.g. "close" disabled for a pinned tab). */
  items: ContextMenuItem<P>[] | ((payload: P) => ContextMenuItem<P>[]);
  /** Called with the chosen key after the item's own `onSelect`, for one switch over all keys. */
  onSelect?: (key: string, payload: P) => void;
}

export interface ContextMenu<P> {
  /** Opens the menu at the cursor of a `contextmenu` (or any mouse) event; prevents the browser's menu. */
  open: (event: Pick<MouseEvent, 'clientX' | 'clientY' | 'preventDefault'>, payload: P) => void;
  close: () => void;
  isOpen: boolean;
  /** Render it once, anywhere: the menu goes to document.body, with the password dialog it may need. */
  menu: ReactNode;
}
