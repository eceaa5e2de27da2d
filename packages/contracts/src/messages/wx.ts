/** QR sign-in through a messaging app, and its demo stand-in. */
export const WX_MESSAGES = {
  'wx.standinPasswordRequired': {
    'zh-CN': '该消息应用身份已绑定用户，请输入该用户的密码以确认登录',
    'en-US': 'This messaging-app identity is bound to a user: enter that user\'s password to confirm the sign-in',
  },
} as const;
