/** Sign-in, tokens and password checks. */
export const AUTH_MESSAGES = {
  'auth.badCredentials': { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong username or password' },
  'auth.badCaptcha': { 'zh-CN': '验证码错误或已过期', 'en-US': 'Wrong or expired captcha' },
  'auth.accountDisabled': { 'zh-CN': '该账号已停用，请联系管理员', 'en-US': 'This account is disabled; contact your administrator' },
  'auth.wrongPassword': { 'zh-CN': '密码错误', 'en-US': 'Wrong password' },
  'auth.wrongOldPassword': { 'zh-CN': '原密码错误', 'en-US': 'The old password is wrong' },
  // The sign-in log's outcomes (sys_login_log keeps the key; the list shows it in the reader's language).
  'auth.signedIn': { 'zh-CN': '登录成功', 'en-US': 'signed in' },
  'auth.signedOut': { 'zh-CN': '退出登录', 'en-US': 'signed out' },
  'auth.signedInByQr': { 'zh-CN': '扫码登录成功', 'en-US': 'signed in by QR code' },
  'auth.boundAndSignedIn': { 'zh-CN': '绑定消息应用并登录成功', 'en-US': 'bound the messaging app and signed in' },
  'auth.wrongPasswordAtStandin': { 'zh-CN': '扫码登录确认时密码错误', 'en-US': 'Wrong password at the QR stand-in' },
  'auth.tooManySignIns': {
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-in attempts; try again in {minutes} minute(s)',
  },
  'auth.tooManyPasswordChecks': {
    'zh-CN': '密码错误次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many wrong passwords; try again in {minutes} minute(s)',
  },
  'auth.sessionEnded': {
    'zh-CN': '登录已失效（密码或账号已变更），请重新登录',
    'en-US': 'This session has ended (the password or the account changed); sign in again',
  },
  'auth.badCiphertext': { 'zh-CN': '密码不是有效的密文', 'en-US': 'password is not valid ciphertext' },
  'auth.undecryptable': { 'zh-CN': '密码无法解密', 'en-US': 'password could not be decrypted' },
  // The password policy (auth/password-policy.ts): each names the rule a new password breaks.
  'auth.passwordTooShort': { 'zh-CN': '密码策略：新密码至少需要 {min} 个字符', 'en-US': 'Password policy: the new password must be at least {min} characters long' },
  'auth.passwordRepeated': { 'zh-CN': '密码策略：新密码不能全部是同一个字符', 'en-US': 'Password policy: the new password must not be one character repeated' },
  'auth.passwordIsUsername': { 'zh-CN': '密码策略：新密码不能与用户名相同', 'en-US': 'Password policy: the new password must not be the username' },
  'auth.passwordCommon': {
    'zh-CN': '密码策略：新密码是常见密码，容易被猜中，请换一个',
    'en-US': 'Password policy: the new password is a common one that is easily guessed; choose another',
  },
} as const;
