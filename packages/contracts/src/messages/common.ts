/** Messages any domain may answer with. */
export const COMMON_MESSAGES = {
  'common.unauthorized': { 'zh-CN': '未登录或令牌无效', 'en-US': 'Not signed in or the token is invalid' },
  'common.tokenExpired': { 'zh-CN': '登录已过期，请重新登录', 'en-US': 'The token has expired, please sign in again' },
  'common.forbidden': { 'zh-CN': '没有执行此操作的权限', 'en-US': 'You do not have permission for this action' },
  'common.missingPermission': { 'zh-CN': '缺少权限 {permission}', 'en-US': 'You do not have the permission {permission}' },
  'common.notFound': { 'zh-CN': '未找到', 'en-US': 'Not found' },
  'common.accountGone': { 'zh-CN': '账号不存在或已停用', 'en-US': 'The account no longer exists or is disabled' },
  'common.idRequired': { 'zh-CN': '缺少 id', 'en-US': 'id is required' },
} as const;
