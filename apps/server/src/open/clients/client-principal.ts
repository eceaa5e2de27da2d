import { DataScope } from '@sl/contracts';
import type { Principal } from '../../system/access/principal.js';

/** The administrator's account, which can never be deleted: commands of a client whose creator is gone are recorded as theirs. */
const FALLBACK_USER_ID = 1;

export interface ClientIdentity {
  id: number;
  clientId: string;
  name: string;
  deptId: number;
  deptPath: string;
  scopes: string[];
  rateLimitPerMinute: number;
  createdBy: number | null;
}

/**
 * An API client as a principal of the data-scope mechanism: its department and everything below it, no console
 * permissions. Commands it sends are recorded as sent by the administrator who created it.
 */
export function clientPrincipal(c: ClientIdentity): Principal {
  return {
    userId: c.createdBy ?? FALLBACK_USER_ID,
    username: `api:${c.clientId}`,
    deptId: c.deptId,
    deptPath: c.deptPath,
    roles: [{ roleId: 0, roleKey: 'api-client', dataScope: DataScope.ownDeptAndBelow, admin: false }],
    permissions: new Set(),
    isAdmin: false,
  };
}
