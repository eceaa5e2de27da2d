import { describe, expect, it } from 'vitest';
import type { Principal } from '../src/system/access/principal.js';
import { canSee, inDeptAudience, type Viewer } from '../src/push/can-see.js';
import { pingReply } from '../src/push/keepalive.js';

// Seeded tree: 1 /0/1 → 2 /0/1/2 → 5 /0/1/2/5; 1 → 3 /0/1/3.
const PATHS: Record<number, string> = { 1: '/0/1', 2: '/0/1/2', 3: '/0/1/3', 5: '/0/1/2/5' };
const viewer = (scopes: string[], opts: { deptId?: number | null; isAdmin?: boolean; custom?: number[] } = {}): Viewer => {
  const deptId = opts.deptId === undefined ? 2 : opts.deptId;
  const principal: Principal = {
    userId: 9, username: 'u', deptId, deptPath: deptId === null ? null : PATHS[deptId], isAdmin: opts.isAdmin ?? false, permissions: new Set(),
    roles: scopes.map((dataScope, i) => ({ roleId: i + 1, roleKey: `r${i}`, dataScope, admin: false })),
  };
  return { principal, customDeptIds: new Set(opts.custom ?? []) };
};
const sees = (v: Viewer, deptId: number | null) => canSee(v, deptId, deptId === null ? null : PATHS[deptId]);

describe('canSee (push data scope)', () => {
  it('lets the administrator and scope 1 see every department, and rows without one', () => {
    for (const v of [viewer([], { isAdmin: true }), viewer(['1'])]) expect([1, 3, 5, null].map((d) => sees(v, d))).toEqual([true, true, true, true]);
  });
  it('limits scope 2 to the role departments', () => {
    expect([2, 3, 5, null].map((d) => sees(viewer(['2'], { custom: [3] }), d))).toEqual([false, true, false, false]);
  });
  it('limits scope 3 to the own department', () => {
    expect([1, 2, 5].map((d) => sees(viewer(['3']), d))).toEqual([false, true, false]);
  });
  it('extends scope 4 to the departments below, by path and not by prefix of the id', () => {
    expect([1, 2, 3, 5].map((d) => sees(viewer(['4']), d))).toEqual([false, true, false, true]);
    expect(canSee(viewer(['4']), 21, '/0/1/21')).toBe(false);
  });
  it('shows nothing to scope 5 (alarms have no owner), nothing without roles, nothing to a user without a department', () => {
    expect(sees(viewer(['5']), 2)).toBe(false);
    expect(sees(viewer([]), 2)).toBe(false);
    expect(sees(viewer(['3', '4'], { deptId: null }), 2)).toBe(false);
  });
  it('combines roles with OR', () => {
    expect([3, 5].map((d) => sees(viewer(['3', '2'], { custom: [3] }), d))).toEqual([true, false]);
  });
});

describe('inDeptAudience (department pushes)', () => {
  const audience = (deptId: number, extra: { members?: boolean; permission?: string } = {}) => ({ deptId, deptPath: PATHS[deptId], ...extra });
  const holding = (v: Viewer, ...permissions: string[]) => ({ ...v, principal: { ...v.principal, permissions: new Set(permissions) } });

  it('is the data scope alone by default', () => {
    expect([2, 3].map((d) => inDeptAudience(viewer(['5']), audience(d)))).toEqual([false, false]);
    expect(inDeptAudience(viewer(['4']), audience(5))).toBe(true);
  });
  it('adds the department members with `members`, whatever their scope', () => {
    expect([2, 3].map((d) => inDeptAudience(viewer(['5']), audience(d, { members: true })))).toEqual([true, false]);
    expect(inDeptAudience(viewer(['5'], { deptId: null }), audience(2, { members: true }))).toBe(false);
  });
  it('keeps only holders of `permission` (the administrator holds all)', () => {
    const a = audience(2, { members: true, permission: 'notice:notice:query' });
    expect(inDeptAudience(viewer(['4']), a)).toBe(false);
    expect(inDeptAudience(holding(viewer(['4']), 'notice:notice:query'), a)).toBe(true);
    expect(inDeptAudience(holding(viewer(['5'], { deptId: 3 }), 'notice:notice:query'), a)).toBe(false);
    expect(inDeptAudience(viewer([], { isAdmin: true }), a)).toBe(true);
  });
});

describe('pingReply', () => {
  it('answers both ping forms and nothing else', () => {
    expect(pingReply('ping')).toBe('pong');
    expect(pingReply(' ping\n')).toBe('pong');
    expect(JSON.parse(pingReply('{"type":"ping"}')!)).toEqual({ type: 'pong' });
    for (const other of ['pong', '{"type":"x"}', '{oops', 'null', '']) expect(pingReply(other)).toBeUndefined();
  });
});
