/** Citizen fault reports (public pages) and the alarm notice channels (e-mail, WeCom, DingTalk). */
export const CITIZEN_MESSAGES = {
  'citizen.poleNotFound': { 'zh-CN': '未找到该灯杆，请核对二维码或链接', 'en-US': 'This pole was not found: check the QR code or the link' },
  'citizen.reportNotFound': { 'zh-CN': '未找到该报修记录，请核对链接', 'en-US': 'This report was not found: check the link' },
  'citizen.tooManyFromAddress': {
    'zh-CN': '您提交得太频繁了，请 1 分钟后再试',
    'en-US': 'You have sent too many reports: please try again in a minute',
  },
  'citizen.tooManyForPole': {
    'zh-CN': '该灯杆近期已收到很多报修，我们已经在处理，谢谢您',
    'en-US': 'This pole has already been reported many times recently; we are on it, thank you',
  },
  'citizen.captchaWrong': { 'zh-CN': '验证码错误或已过期，请重新输入', 'en-US': 'The verification code is wrong or expired: enter the new one' },
  'citizen.photoType': { 'zh-CN': '照片必须是 JPEG 或 PNG 图片', 'en-US': 'The photo must be a JPEG or PNG image' },
  'citizen.photoBroken': { 'zh-CN': '照片无法读取，请换一张', 'en-US': 'The photo cannot be read: please choose another one' },
  'citizen.photoTooLarge': { 'zh-CN': '照片太大：最大 {limit} MB、{pixels} 百万像素', 'en-US': 'The photo is too large: at most {limit} MB and {pixels} megapixels' },
  'notify.channelNotFound': { 'zh-CN': '通知渠道 {channelId} 不存在或不在您的数据权限范围内', 'en-US': 'Notice channel {channelId} does not exist or is outside your data scope' },
} as const;
