import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const apiClientsLocales: FeatureLocale = {
  'zh-CN': {
    'apiClient.name': '名称', 'apiClient.clientId': '客户端标识', 'apiClient.dept': '部门', 'apiClient.scopes': '权限范围', 'apiClient.rate': '每分钟调用上限',
    'apiClient.enabled': '启用', 'apiClient.lastUsed': '最近取令牌', 'apiClient.add': '新增 API 客户端', 'apiClient.edit': '修改 API 客户端', 'apiClient.saved': '已保存',
    'apiClient.resetSecret': '重置密钥', 'apiClient.resetConfirm': '重置后旧密钥和已发的令牌立即失效，确定吗？', 'apiClient.webhooks': '推送订阅',
    'apiClient.secretTitle': '请立即保存密钥', 'apiClient.secretHint': '此密钥只显示这一次，服务器只保存其散列值。', 'apiClient.secret': '客户端密钥', 'apiClient.signingSecret': '签名密钥',
    'apiClient.docs': '接口说明：/api/open/v1/openapi.json，令牌：POST /api/open/v1/oauth/token（client_credentials）',
    'apiClient.scope.fleet:read': '读取设备', 'apiClient.scope.readings:read': '读取读数', 'apiClient.scope.alarms:read': '读取告警', 'apiClient.scope.lamps:command': '控制灯具',
    'webhook.url': '接收地址', 'webhook.events': '事件', 'webhook.add': '新增订阅', 'webhook.empty': '此客户端还没有推送订阅',
    'webhook.event.alarm.raised': '告警产生', 'webhook.event.alarm.changed': '告警变化', 'webhook.event.alarm.cleared': '告警消除', 'webhook.event.lamp.stateChanged': '灯具开关变化',
    'webhook.event.workOrder.changed': '工单变化', 'webhook.event.citizenReport.created': '市民报修',
    'webhook.client': '客户端', 'webhook.eventType': '事件', 'webhook.state': '状态', 'webhook.attempts': '尝试次数', 'webhook.lastStatus': '最后应答', 'webhook.lastError': '最后错误',
    'webhook.nextAttempt': '下次尝试', 'webhook.createdAt': '时间', 'webhook.deliveredAt': '送达时间',
    'webhook.state.pending': '待送达', 'webhook.state.delivered': '已送达', 'webhook.state.failed': '失败',
  },
  'en-US': {
    'apiClient.name': 'Name', 'apiClient.clientId': 'Client id', 'apiClient.dept': 'Department', 'apiClient.scopes': 'Scopes', 'apiClient.rate': 'Calls per minute',
    'apiClient.enabled': 'Enabled', 'apiClient.lastUsed': 'Last token', 'apiClient.add': 'Add API client', 'apiClient.edit': 'Edit API client', 'apiClient.saved': 'Saved',
    'apiClient.resetSecret': 'New secret', 'apiClient.resetConfirm': 'The old secret and its tokens stop working at once. Continue?', 'apiClient.webhooks': 'Webhooks',
    'apiClient.secretTitle': 'Keep this secret now', 'apiClient.secretHint': 'It is shown this once; the server keeps only its hash.', 'apiClient.secret': 'Client secret', 'apiClient.signingSecret': 'Signing secret',
    'apiClient.docs': 'Reference: /api/open/v1/openapi.json; tokens: POST /api/open/v1/oauth/token (client_credentials)',
    'apiClient.scope.fleet:read': 'Read devices', 'apiClient.scope.readings:read': 'Read readings', 'apiClient.scope.alarms:read': 'Read alarms', 'apiClient.scope.lamps:command': 'Command lamps',
    'webhook.url': 'Receiver URL', 'webhook.events': 'Events', 'webhook.add': 'Add webhook', 'webhook.empty': 'This client has no webhooks yet',
    'webhook.event.alarm.raised': 'Alarm raised', 'webhook.event.alarm.changed': 'Alarm changed', 'webhook.event.alarm.cleared': 'Alarm cleared', 'webhook.event.lamp.stateChanged': 'Lamp on/off',
    'webhook.event.workOrder.changed': 'Work order changed', 'webhook.event.citizenReport.created': 'Citizen report',
    'webhook.client': 'Client', 'webhook.eventType': 'Event', 'webhook.state': 'State', 'webhook.attempts': 'Attempts', 'webhook.lastStatus': 'Last answer', 'webhook.lastError': 'Last error',
    'webhook.nextAttempt': 'Next attempt', 'webhook.createdAt': 'Time', 'webhook.deliveredAt': 'Delivered',
    'webhook.state.pending': 'Pending', 'webhook.state.delivered': 'Delivered', 'webhook.state.failed': 'Failed',
  },
};
