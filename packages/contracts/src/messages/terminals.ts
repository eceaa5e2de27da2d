/** Terminal operations: history plots and batch commands. */
export const TERMINAL_MESSAGES = {
  'terminals.rangeOrder': {
    'zh-CN': '开始时间必须早于结束时间',
    'en-US': 'from must be earlier than to',
  },
  'terminals.rangeTooLong': {
    'zh-CN': '时间范围最长 {days} 天',
    'en-US': 'The range must be at most {days} days',
  },
} as const;
