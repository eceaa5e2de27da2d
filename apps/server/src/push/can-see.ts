import { DataScope } from '@sl/contracts';
import { holds, type Principal } from '../system/access/principal.js';
import type { BusAudience } from './push-bus.js';

/** A connected user as the push side needs it: the principal plus the departments its custom-scope roles grant. */
export interface Viewer {
  principal: Principal;
  customDeptIds: ReadonlySet<number>;
}

/**
 * Whether rows of department `deptId` (path `deptPath`) are in the viewer's data scope: the in-memory twin of
 * dataScopeFilter for rows without an owner (alarms, notices), so a push reaches exactly who the lists show it to.
 */
export function canSee({ principal: p, customDeptIds }: Viewer, deptId: number | null, deptPath: string | null): boolean {
  if (p.isAdmin || p.roles.some((r) => r.dataScope === DataScope.all)) return true;
  if (deptId === null) return false;
  return p.roles.some((role) => {
    switch (role.dataScope) {
      case DataScope.custom:
        return customDeptIds.has(deptId);
      case DataScope.ownDept:
        return p.deptId === deptId;
      case DataScope.ownDeptAndBelow:
        return p.deptPath !== null && deptPath !== null && (deptPath === p.deptPath || deptPath.startsWith(`${p.deptPath}/`));
      default:
        return false;
    }
  });
}

/** Whether a department audience reaches the viewer (see DeptAudience): notices add the department's members and their list permission. */
export function inDeptAudience(viewer: Viewer, audience: Extract<BusAudience, { deptId: unknown }>): boolean {
  if (audience.permission && !holds(viewer.principal, audience.permission)) return false;
  if (audience.members && audience.deptId !== null && viewer.principal.deptId === audience.deptId) return true;
  return canSee(viewer, audience.deptId, audience.deptPath);
}
