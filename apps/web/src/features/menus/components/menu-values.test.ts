import { describe, expect, it } from 'vitest';
import { LAYOUT_COMPONENT, menuInput } from '@sl/contracts';
import { normaliseMenu } from './menu-values';

const base = { parentId: 0, menuName: 'Demo', title: 'Demo', sort: 0 };

describe('normaliseMenu', () => {
  it('gives a folder the Layout component and a button no path', () => {
    expect(normaliseMenu({ ...base, menuType: 'M', path: '/demo', icon: 'user' }).component).toBe(LAYOUT_COMPONENT);
    const button = normaliseMenu({ ...base, menuType: 'F', permission: 'demo:x:add', path: 'left-over' });
    expect(button).toMatchObject({ path: '', component: '' });
    expect(menuInput.safeParse(button).success).toBe(true);
  });
});
