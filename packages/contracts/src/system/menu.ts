import { z } from 'zod';

export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** Component value of a folder row; every other value names a console page. */
export const LAYOUT_COMPONENT = 'Layout';

export interface MenuNode {
  menuId: number;
  parentId: number;
  menuName: string;
  title: string;
  icon: string;
  path: string;
  component: string;
  menuType: MenuType;
  permission: string;
  sort: number;
  visible: '0' | '1';
  children?: MenuNode[];
}

export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    menuId: z.number().int(),
    parentId: z.number().int(),
    menuName: z.string(),
    title: z.string(),
    icon: z.string(),
    path: z.string(),
    component: z.string(),
    menuType: z.enum(MENU_TYPES),
    permission: z.string(),
    sort: z.number().int(),
    visible: z.enum(['0', '1']),
    children: z.array(menuNode).optional(),
  }),
);
