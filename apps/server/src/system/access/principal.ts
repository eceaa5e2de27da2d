export interface PrincipalRole {
  roleId: number;
  roleKey: string;
  dataScope: string;
  admin: boolean;
}

/** Who is calling, with what they may do and see; loaded once per request that needs it. */
export interface Principal {
  userId: number;
  username: string;
  deptId: number | null;
  deptPath: string | null;
  roles: PrincipalRole[];
  permissions: Set<string>;
  isAdmin: boolean;
}

/** The administrator holds every permission; anyone else only the exact strings of their menus (wildcards are never among them). */
export function holds(principal: Principal, permission: string): boolean {
  return principal.isAdmin || principal.permissions.has(permission);
}
