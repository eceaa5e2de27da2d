import { z } from 'zod';
import { id, parentIdField } from '../api/fields.js';

export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type MenuType = (typeof MENU_TYPES)[number];


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

const menuText = (field: string, max: number) => z.string({ error: `${field} must be a string` }).trim().max(max, `${field} must be at most ${max} characters`).default('');

export const menuInput = z
  .object({
    parentId: parentIdField,
    menuName: z.string({ error: 'menuName must be a string' }).trim().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, 'menuName must be letters and digits, starting with a letter'),
    title: z.string({ error: 'title must be a string' }).trim().min(1, 'title is required').max(64, 'title must be at most 64 characters'),
    icon: menuText('icon', 64),
    path: menuText('path', 128).refine((v) => !/\s/.test(v), 'path must not contain spaces'),
    component: menuText('component', 128),
    menuType: z.enum(MENU_TYPES, { error: 'menuType must be M (folder), C (page) or F (button)' }),
    permission: menuText('permission', 128).refine((v) => v === '' || /^[\w*-]+(:[\w*-]+)*$/.test(v), 'permission must look like system:sysuser:add'),
    sort: z.coerce.number({ error: 'sort must be a number' }).int().min(0).max(99_999).default(0),
    visible: z.enum(['0', '1'], { error: 'visible must be "0" (shown) or "1" (hidden)' }).default('0'),
  })
  .superRefine((m, ctx) => {
    if (m.menuType !== 'F' && !m.path) ctx.addIssue({ code: 'custom', path: ['path'], message: 'path is required for a folder or page' });
    if (m.menuType === 'C' && !m.component) ctx.addIssue({ code: 'custom', path: ['component'], message: 'component is required for a page' });
    if (m.menuType === 'F' && !m.permission) ctx.addIssue({ code: 'custom', path: ['permission'], message: 'permission is required for a button' });
  });
export type MenuInput = z.input<typeof menuInput>;
export const menuUpdate = z.intersection(menuInput, z.object({ menuId: id('menuId') }));
