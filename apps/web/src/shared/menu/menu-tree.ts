import { LAYOUT_COMPONENT, type MenuNode } from '@sl/contracts';
import { i18n, translateOr } from '../i18n';

/** A menu row with its absolute path and the chain of rows above it. */
export interface MenuEntry {
  node: MenuNode;
  fullPath: string;
  trail: MenuNode[];
}

const isExternal = (path: string) => /^https?:\/\//i.test(path);

/** Join a child path onto its parent's; absolute child paths stand alone. */
export function joinMenuPath(parent: string, path: string): string {
  if (isExternal(path)) return path;
  if (path.startsWith('/')) return path.replace(/\/+$/, '') || '/';
  const base = parent.replace(/\/+$/, '');
  return `${base}/${path}`.replace(/\/{2,}/g, '/');
}

const bySort = (a: MenuNode, b: MenuNode) => a.sort - b.sort;

/** Every row of the tree except buttons, depth first, in sort order. */
export function flattenMenu(tree: readonly MenuNode[], parent = '', trail: MenuNode[] = []): MenuEntry[] {
  return [...tree].filter((n) => n.menuType !== 'F').sort(bySort).flatMap((node) => {
    const fullPath = joinMenuPath(parent || '/', node.path);
    const here = [...trail, node];
    return [{ node, fullPath, trail: here }, ...flattenMenu(node.children ?? [], fullPath, here)];
  });
}

/** Page rows (menuType 'C', not a folder component) that become routes. */
export const pageEntries = (tree: readonly MenuNode[]): MenuEntry[] =>
  flattenMenu(tree).filter((e) => e.node.menuType === 'C' && e.node.component !== LAYOUT_COMPONENT && !isExternal(e.fullPath));

export function findMenuEntry(tree: readonly MenuNode[], pathname: string): MenuEntry | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return flattenMenu(tree).find((e) => e.fullPath === clean);
}

/** Localised title: menu.<menuName> when the locale maps have it, else the server's title. */
/** Seeded buttons are named `<Page>Query|Add|Edit|Remove` with the generic Chinese title; they share four labels. */
const BUTTON_SUFFIX = /(Query|Add|Edit|Remove)$/;

/** A title an administrator edited (differs from the seeded Chinese one) is shown as typed, in every language. */
export const menuTitle = (node: Pick<MenuNode, 'menuName' | 'title'>): string => {
  const fallback = node.title || node.menuName;
  const suffix = BUTTON_SUFFIX.exec(node.menuName)?.[1];
  if (suffix && i18n.t(`menu.button.${suffix}`, { lng: 'zh-CN' }) === node.title) return i18n.t(`menu.button.${suffix}`);
  const key = `menu.${node.menuName}`;
  const edited = node.title && i18n.exists(key) && i18n.t(key, { lng: 'zh-CN' }) !== node.title;
  return edited ? node.title : translateOr(key, fallback);
};
