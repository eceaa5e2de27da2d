/** Sign-in, tokens and password checks. */
export const AUTH_MESSAGES = {
  'auth.badCredentials': { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong username or password' },
  'auth.badCaptcha': { 'zh-CN': '验证码错误或已过期', 'en-US': 'Wrong or expired captcha' },
  'auth.accountDisabled': { 'zh-CN': '该账号已停用，请联系管理员', 'en-US': 'This account is disabled; contact your administrator' },
  'auth.wrongPassword': { 'zh-CN': '密码错误', 'en-US': 'Wrong password' },
} as const;
