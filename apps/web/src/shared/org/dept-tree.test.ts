import { describe, expect, it } from 'vitest';
import type { Dept } from '@sl/contracts';
import { toDeptNodes } from './dept-tree';

const dept = (deptId: number, children?: Dept[]): Dept =>
  ({ deptId, parentId: 0, deptPath: '', deptName: `d${deptId}`, sort: 0, leader: '', phone: '', email: '', status: '2', timeZone: null, createdAt: '', children });

describe('toDeptNodes', () => {
  it('maps ids to keys and values and disables a subtree', () => {
    const nodes = toDeptNodes([dept(1, [dept(2, [dept(3)]), dept(4)])], 2);
    expect(nodes[0]).toMatchObject({ key: 1, value: 1, title: 'd1' });
    expect(nodes[0].disabled).toBeUndefined();
    expect(nodes[0].children?.[0]).toMatchObject({ key: 2, disabled: true });
    expect(nodes[0].children?.[0].children?.[0]).toMatchObject({ key: 3, disabled: true });
    expect(nodes[0].children?.[1].disabled).toBeUndefined();
  });
});
