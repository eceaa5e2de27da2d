import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const smsLogLocales: FeatureLocale = {
  'zh-CN': {
    'sms.createdAt': '时间', 'sms.phone': '手机号', 'sms.user': '接收人', 'sms.template': '类型', 'sms.template.dispatch': '派单', 'sms.template.alarm': '告警',
    'sms.content': '内容', 'sms.state': '状态', 'sms.state.pending': '待发送', 'sms.state.sent': '已发送', 'sms.state.failed': '失败',
    'sms.attempts': '尝试次数', 'sms.provider': '通道', 'sms.orderId': '工单', 'sms.sentAt': '发送时间',
  },
  'en-US': {
    'sms.createdAt': 'Time', 'sms.phone': 'Phone', 'sms.user': 'Recipient', 'sms.template': 'Type', 'sms.template.dispatch': 'Dispatch', 'sms.template.alarm': 'Alarm',
    'sms.content': 'Content', 'sms.state': 'State', 'sms.state.pending': 'Pending', 'sms.state.sent': 'Sent', 'sms.state.failed': 'Failed',
    'sms.attempts': 'Attempts', 'sms.provider': 'Provider', 'sms.orderId': 'Order', 'sms.sentAt': 'Sent',
  },
};
