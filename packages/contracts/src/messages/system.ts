/** Users, roles, menus, departments and the other administration areas. */
export const SYSTEM_MESSAGES = {} as const;
