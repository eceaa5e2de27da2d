import { ALL_PERMISSIONS } from '@sl/contracts';

/** True when the user holds one of the required permission strings, or the wildcard. */
export function hasPermission(userPerms: readonly string[], required: readonly string[]): boolean {
  if (userPerms.includes(ALL_PERMISSIONS)) return true;
  return required.some((perm) => userPerms.includes(perm));
}

/** True when the user holds one of the listed roles. */
export function hasRole(userRoles: readonly string[], required: readonly string[]): boolean {
  return required.some((role) => userRoles.includes(role));
}
