import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const authLocales: FeatureLocale = {
  'zh-CN': {
    'wx.qrLogin': '扫码登录',
    'wx.passwordLogin': '账号密码登录',
    'wx.scanHint': '请使用手机扫描二维码登录',
    'wx.openHere': '在本设备上打开',
    'wx.qrUnavailable': '二维码获取失败，点击刷新',
    'wx.signingIn': '正在登录，请稍候…',
    'wx.failed': '扫码登录失败',
    'wx.missingCode': '未收到授权码，授权可能已取消，请重新扫码',
    'wx.bindHint': '该扫码账号尚未绑定系统用户，请输入账号、密码和手机号完成绑定',
    'wx.phone': '手机号码',
    'wx.phoneRequired': '请输入手机号码',
    'wx.bindSubmit': '绑定并登录',
    'wx.bindFailed': '绑定失败，请重试',
  },
  'en-US': {
    'wx.qrLogin': 'QR sign-in',
    'wx.passwordLogin': 'Sign in with password',
    'wx.scanHint': 'Scan the QR code with your phone to sign in',
    'wx.openHere': 'Open on this device',
    'wx.qrUnavailable': 'The QR code could not be loaded; click to refresh',
    'wx.signingIn': 'Signing in, please wait…',
    'wx.failed': 'QR sign-in failed',
    'wx.missingCode': 'No authorisation code came back; the sign-in may have been cancelled. Please scan again',
    'wx.bindHint': 'This QR account is not linked to a user yet. Enter your username, password and phone to link it',
    'wx.phone': 'Phone',
    'wx.phoneRequired': 'Please enter your phone number',
    'wx.bindSubmit': 'Link and sign in',
    'wx.bindFailed': 'Linking failed, please try again',
  },
};
