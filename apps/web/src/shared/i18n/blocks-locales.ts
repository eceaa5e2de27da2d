import type { FeatureLocale } from './feature-locales';

/** Labels of the shell's shared building blocks: push, speech, dialog, context menu, a work order's evidence, password check. */
export const blocksLocales: FeatureLocale = {
  'zh-CN': {
    'push.unsupported': '当前浏览器不支持实时推送（WebSocket），请使用新版 Chrome、Edge 或 Firefox 等现代浏览器',
    'speech.alarmsPending': '当前有 {{count}} 条告警待处理',
    'speech.alarmsPendingWhich': '当前有 {{count}} 条告警待处理：{{which}}',
    'speech.noAlarms': '当前没有告警',
    'dialog.fullscreen': '全屏',
    'dialog.exitFullscreen': '退出全屏',
    'contextMenu.label': '右键菜单',
    'orderEvidence.completedAt': '完成时间',
    'orderEvidence.photoAlt': '工单 #{{id}} 现场照片 {{n}}',
    'passwordCheck.title': '身份验证',
    'passwordCheck.account': '账号',
    'passwordCheck.password': '密码',
    'passwordCheck.required': '请输入密码',
    'passwordCheck.confirm': '确定',
    'passwordCheck.cancel': '取消',
  },
  'en-US': {
    'push.unsupported': 'This browser does not support live pushes (WebSocket). Please use a modern browser such as a recent Chrome, Edge or Firefox.',
    'speech.alarmsPending': 'Alarms awaiting handling: {{count}}',
    'speech.alarmsPendingWhich': 'Alarms awaiting handling: {{count}}. {{which}}',
    'speech.noAlarms': 'There are no alarms at present',
    'dialog.fullscreen': 'Full screen',
    'dialog.exitFullscreen': 'Exit full screen',
    'contextMenu.label': 'Context menu',
    'orderEvidence.completedAt': 'Completed',
    'orderEvidence.photoAlt': 'Order #{{id}}, photo {{n}}',
    'passwordCheck.title': 'Identity verification',
    'passwordCheck.account': 'Account',
    'passwordCheck.password': 'Password',
    'passwordCheck.required': 'Please enter password',
    'passwordCheck.confirm': 'Confirm',
    'passwordCheck.cancel': 'Cancel',
  },
};
