import type { MenuNode } from '@sl/contracts';
import { pageEntries } from '../../shared/menu/menu-tree';
import { LAMP_LIST_PATH } from '../routes/detail-paths';

// Kept out of detail-paths.ts, which the sign-in page loads: only the signed-in layout needs it.
const POLE_PAGE = /^\/asset\/pole(?:\/([^/]+))?$/;

/**
 * The phone view of a pole is a page like the terminal detail: a tab and a breadcrumb under the lamp register, for
 * whoever may open the register. Answers the pole number of a pole path ('' for the scanner), else null.
 */
export function polePageNo(path: string, menus: readonly MenuNode[]): string | null {
  const match = POLE_PAGE.exec(path);
  if (!match || !pageEntries(menus).some((e) => e.fullPath === LAMP_LIST_PATH)) return null;
  try {
    return match[1] ? decodeURIComponent(match[1]) : '';
  } catch {
    return match[1];
  }
}
