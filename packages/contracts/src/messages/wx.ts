/** QR sign-in through a messaging app, and its demo stand-in. */
export const WX_MESSAGES = {
  'wx.standinPasswordRequired': {
    'zh-CN': '该消息应用身份已绑定用户，请输入该用户的密码以确认登录',
    'en-US': 'This messaging-app identity is bound to a user: enter that user\'s password to confirm the sign-in',
  },
  'wx.notAuthorised': { 'zh-CN': '消息应用授权无效或已过期', 'en-US': 'The messaging-app authorisation is invalid or expired' },
  'wx.wrongApp': { 'zh-CN': 'appid“{appid}”不是已配置的消息应用', 'en-US': 'appid "{appid}" is not the configured messaging app' },
  'wx.notConfigured': { 'zh-CN': '未配置扫码登录：请设置 WX_APP_ID 和 WX_APP_SECRET', 'en-US': 'QR sign-in is not configured: set WX_APP_ID and WX_APP_SECRET' },
  'wx.codeRefused': { 'zh-CN': '消息应用拒绝了该授权码：{reason}', 'en-US': 'The messaging app refused the code: {reason}' },
  'wx.unreachable': { 'zh-CN': '无法连接消息应用：{reason}', 'en-US': 'The messaging app could not be reached: {reason}' },
  'wx.stateExpired': { 'zh-CN': '二维码已过期，请在登录页刷新二维码后重新扫码', 'en-US': 'The QR code has expired: refresh it on the sign-in page and scan again' },
  'wx.codeInvalid': { 'zh-CN': '授权码无效、已过期或已被使用', 'en-US': 'The code is invalid, expired or already used' },
} as const;
