/** Reports and the monthly report e-mail. */
export const REPORT_MESSAGES = {
  'report.operationsTooLong': {
    'zh-CN': '运行报表一次最多统计 {days} 天，请缩短日期范围',
    'en-US': 'An operations report covers at most {days} days: choose a shorter range',
  },
  'report.mailNotConfigured': {
    'zh-CN': '未配置邮件服务器（SMTP_URL），无法发送邮件',
    'en-US': 'No mail server is configured (SMTP_URL): no e-mail can be sent',
  },
  'report.deptNotFound': {
    'zh-CN': '部门 {id} 不存在或不在您的数据权限范围内',
    'en-US': 'Department {id} does not exist or is outside your data scope',
  },
  'report.subscriptionNotFound': {
    'zh-CN': '月报订阅 {id} 不存在',
    'en-US': 'Monthly report subscription {id} does not exist',
  },
} as const;
