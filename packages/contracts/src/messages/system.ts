/** Users, roles, menus, departments and the other administration areas. */
export const SYSTEM_MESSAGES = {
  'system.deptNotFound': {
    'zh-CN': '部门 {id} 不存在或不在您的数据范围内',
    'en-US': 'Department {id} does not exist or is outside your data scope',
  },
  'system.deptParentOutOfScope': {
    'zh-CN': '上级部门 {id} 不存在或不在您的数据范围内',
    'en-US': 'Parent department {id} does not exist or is outside your data scope',
  },
  'system.deptAddOutOfScope': {
    'zh-CN': '新部门将超出您的数据范围：只有数据范围为“全部数据”或包含上级部门的“本部门及以下数据”的用户才能在此添加部门',
    'en-US': 'The new department would fall outside your data scope: only a user with "all data" or "own department and below" over the parent may add a department there',
  },
  'system.deptMoveOutOfScope': {
    'zh-CN': '部门 {id} 不能移动到该位置：部门及其所有下级只能在您的数据范围内移动',
    'en-US': 'Department {id} cannot move there: a department and everything below it may only move within your data scope',
  },
  'system.adminRoleLocked': {
    'zh-CN': '只有系统管理员可以修改管理员角色',
    'en-US': 'Only the administrator may change the administrator role',
  },
  'system.ownRoleLocked': {
    'zh-CN': '不能修改您自己拥有的角色“{role}”',
    'en-US': 'You cannot change the role "{role}", which you hold yourself',
  },
  'system.roleBeyondYou': {
    'zh-CN': '角色“{role}”拥有您自己没有的权限或数据范围，您不能修改它',
    'en-US': 'The role "{role}" holds permissions or a data scope you do not hold yourself, so you cannot change it',
  },
  'system.grantMenusNotHeld': {
    'zh-CN': '只能授予您自己拥有的权限（未拥有的菜单：{ids}）',
    'en-US': 'You can only grant permissions you hold yourself (menus you do not hold: {ids})',
  },
  'system.grantScopeNotHeld': {
    'zh-CN': '只能授予您自己拥有的数据范围',
    'en-US': 'You can only grant a data scope you hold yourself',
  },
  'system.assignAdminRole': {
    'zh-CN': '只有系统管理员可以分配或移除管理员角色“{role}”',
    'en-US': 'Only the administrator may assign or remove the administrator role "{role}"',
  },
  'system.assignRoleNotCovered': {
    'zh-CN': '不能分配或移除角色“{role}”：它拥有您自己没有的权限或数据范围',
    'en-US': 'You cannot assign or remove the role "{role}": it holds permissions or a data scope you do not hold yourself',
  },
  'system.ownRolesLocked': {
    'zh-CN': '不能修改您自己的角色',
    'en-US': 'You cannot change your own roles',
  },
  'system.adminAccountLocked': {
    'zh-CN': '只有系统管理员可以修改拥有管理员角色的账号',
    'en-US': 'Only the administrator may change an account that holds the administrator role',
  },
} as const;
