import { pageEntries } from '../../shared/menu/menu-tree';
import type { MenuNode } from '@sl/contracts';

export const TERMINAL_LIST_PATH = '/terminal/list';
export const TERMINAL_DETAIL_PATH = '/terminal/detail/:id';
export const LAMP_LIST_PATH = '/asset/lamp';
/** The phone view: a pole's QR code opens `/asset/pole/{poleNo}`; `/asset/pole` is the scanner. */
export const POLE_PATHS = ['/asset/pole', '/asset/pole/:poleNo'];
const TERMINAL_DETAIL = /^\/terminal\/detail\/(\d+)$/;

/**
 * The terminal detail is no menu page but is a page like any other: it gets a tab and a breadcrumb under the
 * terminal list, for whoever may open the list. Answers the terminal id of a detail path, else null.
 */
export function terminalDetailId(path: string, menus: readonly MenuNode[]): number | null {
  const match = TERMINAL_DETAIL.exec(path);
  if (!match || !pageEntries(menus).some((e) => e.fullPath === TERMINAL_LIST_PATH)) return null;
  return Number(match[1]);
}

