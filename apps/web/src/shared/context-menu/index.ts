export { useContextMenu } from './use-context-menu';
export type { ContextMenu, ContextMenuItem, ContextMenuOptions } from './types';
